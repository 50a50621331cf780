package dev.docask.server;

/** A per-client allowance: this process's own ({@link RateLimiter}) or one replicas share ({@link SharedLimiter}). */
interface Limiter {
    /**
     * Takes one request from {@code key}'s allowance.
     *
     * @throws dev.docask.answer.internal.ApiException.TooManyRequests with the seconds until the next one
     * @throws dev.docask.answer.internal.ApiException.Unavailable     when a shared allowance cannot be reached
     */
    void acquire(String key);

    /** Gives back a permit {@link #acquire} took, for a request that turned out to cost nothing. */
    void release(String key);

    static dev.docask.answer.internal.ApiException.TooManyRequests tooMany(long waitNanos) {
        long seconds = (waitNanos + 999_999_999L) / 1_000_000_000L;
        return new dev.docask.answer.internal.ApiException.TooManyRequests("Too many questions from your address; please wait "
                + seconds + " s and try again.", seconds);
    }
}
