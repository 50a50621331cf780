package dev.docask.testsupport;

import java.io.IOException;
import java.util.List;

/**
 * Streams some tokens, then ends the HTTP body cleanly without a finish chunk or {@code [DONE]}: a
 * proxy or server that gave up mid-answer. Unlike {@link DropsMidStream}, the client sees no broken connection.
 *
 * @param tokens what is sent before the end
 */
public record ClosesEarly(List<String> tokens) implements Route {
    public ClosesEarly {
        tokens = List.copyOf(tokens);
    }

    public ClosesEarly(String... tokens) {
        this(List.of(tokens));
    }

    @Override
    public void respond(Exchange exchange) throws IOException {
        exchange.startStream();
        for (String t : tokens) {
            exchange.sendData(OpenAiChunks.content(t));
        }
        exchange.endStream();
    }
}
