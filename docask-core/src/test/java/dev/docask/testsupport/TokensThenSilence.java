package dev.docask.testsupport;

import java.io.IOException;
import java.time.Duration;
import java.util.List;

/**
 * Streams the tokens at once, then sends nothing more until the client gives up (at most a
 * minute): an answer that is under way for as long as a test needs, without timing.
 *
 * @param tokens the start of the answer, in pieces
 */
public record TokensThenSilence(List<String> tokens) implements Route {
    public TokensThenSilence {
        tokens = List.copyOf(tokens);
    }

    public TokensThenSilence(String... tokens) {
        this(List.of(tokens));
    }

    @Override
    public void respond(Exchange exchange) throws IOException {
        exchange.startAnswer();
        for (String t : tokens) {
            exchange.sendToken(t);
        }
        try {
            exchange.awaitClientClose(Duration.ofMinutes(1));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
