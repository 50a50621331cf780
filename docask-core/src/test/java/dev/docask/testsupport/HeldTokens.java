package dev.docask.testsupport;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Streams {@code first}, then holds the answer until the test calls {@link #release()} (a minute at
 * most, never a hang), then streams {@code rest} with {@code gap} before each token. A test that must
 * look at an answer while it streams holds it this way instead of racing a pace a busy machine may
 * not keep; a client that gives up shows in {@link FakeModelServer#clientAborts()} once the rest is sent.
 */
public final class HeldTokens implements Route {
    private final List<String> first;
    private final Duration gap;
    private final List<String> rest;
    private final CountDownLatch released = new CountDownLatch(1);

    /**
     * @param first the tokens sent at once
     * @param gap   the pause before each of the rest
     * @param rest  the tokens sent after the release
     */
    public HeldTokens(List<String> first, Duration gap, List<String> rest) {
        this.first = List.copyOf(first);
        this.gap = gap;
        this.rest = List.copyOf(rest);
    }

    /** Lets the rest of the answer go. */
    public void release() {
        released.countDown();
    }

    @Override
    public void respond(Exchange exchange) throws IOException {
        exchange.startAnswer();
        for (String t : first) {
            exchange.sendToken(t);
        }
        try {
            released.await(1, TimeUnit.MINUTES);
            for (String t : rest) {
                Thread.sleep(gap);
                exchange.sendToken(t);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("stopped");
        }
        exchange.endAnswer(StreamEnd.COMPLETE);
    }
}
