package dev.docask.crawl;

import java.time.Duration;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/*
 * Politeness towards one site: at most `concurrency` requests at once, and request starts at least
 * `delay` apart (the larger of --delay-ms and robots.txt's Crawl-delay). A 429 or 503 with
 * Retry-After holds every request back until that time, not only the one retried: the server said
 * the site is busy.
 */

/** Holds requests to one site to a number at once and a gap between starts. */
final class Pacer {
    private final Semaphore permits;
    private long delayNanos;
    private long nextStart = System.nanoTime();

    Pacer(int concurrency, Duration delay) {
        this.permits = new Semaphore(concurrency, true);
        this.delayNanos = delay.toNanos();
    }

    /** Requests start at least {@code delay} apart from now on, if that is longer than the gap in force. */
    synchronized void atLeast(Duration delay) {
        delayNanos = Math.max(delayNanos, delay.toNanos());
    }

    synchronized Duration delay() {
        return Duration.ofNanos(delayNanos);
    }

    /** No request starts before {@code wait} from now. */
    synchronized void holdFor(Duration wait) {
        nextStart = Math.max(nextStart, System.nanoTime() + wait.toNanos());
    }

    /** Runs one request when its turn comes. */
    <T, E extends Exception> T run(Request<T, E> request) throws E, InterruptedException {
        permits.acquire();
        try {
            long wait;
            synchronized (this) {
                long now = System.nanoTime();
                long at = Math.max(now, nextStart);
                nextStart = at + delayNanos;
                wait = at - now;
            }
            if (wait > 0) {
                TimeUnit.NANOSECONDS.sleep(wait);
            }
            return request.send();
        } finally {
            permits.release();
        }
    }

    /** One HTTP exchange. */
    @FunctionalInterface
    interface Request<T, E extends Exception> {
        T send() throws E, InterruptedException;
    }
}
