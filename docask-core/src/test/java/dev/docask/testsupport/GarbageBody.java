package dev.docask.testsupport;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/** Answers HTTP 200 with a body that is neither JSON nor an event stream, and not even valid UTF-8. */
public record GarbageBody() implements Route {
    @Override
    public void respond(Exchange exchange) throws IOException {
        byte[] text = "<<<not json at all>>> ".getBytes(StandardCharsets.US_ASCII);
        byte[] body = Arrays.copyOf(text, text.length + 2);
        body[text.length] = 0x00;
        body[text.length + 1] = (byte) 0xff;
        exchange.respond(200, "application/json", body);
    }
}
