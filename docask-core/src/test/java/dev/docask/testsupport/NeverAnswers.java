package dev.docask.testsupport;

import java.time.Duration;

/** Accepts the request and sends nothing, not even headers, until the client gives up (at most a minute). */
public record NeverAnswers() implements Route {
    @Override
    public void respond(Exchange exchange) {
        try {
            exchange.awaitClientClose(Duration.ofMinutes(1));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
