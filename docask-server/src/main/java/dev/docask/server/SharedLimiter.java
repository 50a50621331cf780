package dev.docask.server;

import dev.docask.server.internal.SharedState;
import dev.docask.server.internal.SharedStateUnavailable;

/*
 * A rate limit every replica shares: one token bucket per client in the store, taken by one atomic
 * script, so N replicas still give a client N permits, not N times N. A lost store fails closed
 * (503) unless --redis-fail-open says a lost limiter may mean no limit.
 */
final class SharedLimiter implements Limiter {
    private final SharedState state;
    private final String name;
    private final RateLimit limit;
    private final boolean failOpen;

    SharedLimiter(SharedState state, String name, RateLimit limit, boolean failOpen) {
        this.state = state;
        this.name = name;
        this.limit = limit;
        this.failOpen = failOpen;
    }

    @Override
    public void acquire(String key) {
        if (!limit.enabled()) {
            return;
        }
        long wait;
        try {
            wait = state.take(name, limit, key);
        } catch (SharedStateUnavailable e) {
            if (failOpen) {
                return;
            }
            throw SharedBudget.unavailable();
        }
        if (wait > 0) {
            throw Limiter.tooMany(wait);
        }
    }

    @Override
    public void release(String key) {
        if (!limit.enabled()) {
            return;
        }
        try {
            state.giveBack(name, limit, key);
        } catch (SharedStateUnavailable e) {
            // the permit stays taken: the client waits a little longer, nothing worse
        }
    }
}
