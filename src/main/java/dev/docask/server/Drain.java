package dev.docask.server;

import io.javalin.http.Handler;

import java.util.concurrent.atomic.AtomicInteger;

/*
 * Graceful shutdown's bookkeeping: the API requests in flight (answer streams hold theirs until
 * the last event), and whether the server is draining, in which case new API requests get a 503
 * while the running ones finish.
 */
final class Drain {
    private final AtomicInteger inFlight = new AtomicInteger();
    private volatile boolean draining;

    /** {@code handler}, counted as in flight while it runs. */
    Handler tracked(Handler handler) {
        return ctx -> {
            inFlight.incrementAndGet();
            try {
                handler.handle(ctx);
            } finally {
                inFlight.decrementAndGet();
            }
        };
    }

    /** Refuses new work once draining. */
    void admit() {
        if (draining) {
            throw new ApiException.Unavailable("The server is restarting; please try again in a moment.");
        }
    }

    void start() {
        draining = true;
    }

    boolean draining() {
        return draining;
    }

    int inFlight() {
        return inFlight.get();
    }

    /**
     * Waits until nothing is in flight or {@code deadlineNanos} (a {@link System#nanoTime()} value)
     * passes; false when interrupted.
     */
    boolean awaitIdle(long deadlineNanos) {
        while (inFlight.get() > 0 && System.nanoTime() < deadlineNanos) {
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                return false;
            }
        }
        return true;
    }
}
