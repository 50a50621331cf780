package dev.docask.testsupport;

import java.io.IOException;

/** OpenAI's wire only: a stream with no chunks at all, only {@code data: [DONE]}, then a clean end. */
public record EmptyStream() implements Route {
    @Override
    public void respond(Exchange exchange) throws IOException {
        if (exchange.wire() != Wire.OPENAI) {
            throw new IllegalStateException("EmptyStream is OpenAI's [DONE] alone; the server speaks " + exchange.wire());
        }
        exchange.startStream();
        exchange.sendData("[DONE]");
        exchange.endStream();
    }
}
