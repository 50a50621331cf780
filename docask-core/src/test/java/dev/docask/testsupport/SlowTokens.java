package dev.docask.testsupport;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.time.Duration;
import java.util.List;

/**
 * Streams the tokens with a pause before each one; a client that gives up shows as a failed write
 * and in {@link FakeModelServer#clientAborts()}.
 *
 * @param gap    the pause before each token
 * @param tokens the answer, in pieces
 */
public record SlowTokens(Duration gap, List<String> tokens) implements Route {
    public SlowTokens {
        tokens = List.copyOf(tokens);
    }

    public SlowTokens(Duration gap, String... tokens) {
        this(gap, List.of(tokens));
    }

    @Override
    public void respond(Exchange exchange) throws IOException {
        exchange.startAnswer();
        for (String t : tokens) {
            pause();
            exchange.sendToken(t);
        }
        exchange.endAnswer(StreamEnd.COMPLETE);
    }

    private void pause() throws InterruptedIOException {
        try {
            Thread.sleep(gap);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("stopped");
        }
    }
}
