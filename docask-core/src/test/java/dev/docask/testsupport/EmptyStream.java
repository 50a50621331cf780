package dev.docask.testsupport;

import java.io.IOException;

/** A stream with no chunks at all: only {@code data: [DONE]}, then a clean end. */
public record EmptyStream() implements Route {
    @Override
    public void respond(Exchange exchange) throws IOException {
        exchange.startStream();
        exchange.finishStream();
    }
}
