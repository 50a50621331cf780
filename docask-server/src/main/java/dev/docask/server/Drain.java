package dev.docask.server;

import dev.docask.answer.internal.ApiException;
import io.javalin.http.Handler;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/*
 * Graceful shutdown's bookkeeping: the API requests in flight (answer streams hold theirs until
 * the last event), and whether the server is draining, in which case new API requests get a 503
 * while the running ones finish. When the grace period ends with answers still streaming, they
 * are told to stop (stopNow): each ends its stream with an error event, so the reader learns
 * why the answer broke off instead of seeing it cut mid-sentence.
 */
final class Drain {
    private final AtomicInteger inFlight = new AtomicInteger();
    private final Set<Runnable> stopListeners = ConcurrentHashMap.newKeySet();
    private volatile boolean draining;
    private volatile boolean stopping;

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

    /**
     * Runs {@code listener} when running work must stop now (at once when it already must);
     * closing the result removes it.
     */
    Listening onStopNow(Runnable listener) {
        stopListeners.add(listener);
        if (stopping) {
            listener.run();
        }
        return () -> stopListeners.remove(listener);
    }

    /** A registered listener; closing it unregisters. */
    interface Listening extends AutoCloseable {
        @Override
        void close();
    }

    /** The grace period is over: tells running work to stop. */
    void stopNow() {
        stopping = true;
        stopListeners.forEach(Runnable::run);
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
