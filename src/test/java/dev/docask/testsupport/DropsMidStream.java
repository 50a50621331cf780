package dev.docask.testsupport;

import java.io.IOException;
import java.util.List;

/**
 * Streams some tokens, then resets the connection without finishing the stream.
 *
 * @param tokens what is sent before the drop
 */
public record DropsMidStream(List<String> tokens) implements Route {
    public DropsMidStream {
        tokens = List.copyOf(tokens);
    }

    public DropsMidStream(String... tokens) {
        this(List.of(tokens));
    }

    @Override
    public void respond(Exchange exchange) throws IOException {
        exchange.startStream();
        for (String t : tokens) {
            exchange.sendData(OpenAiChunks.content(t));
        }
        exchange.drop();
    }
}
