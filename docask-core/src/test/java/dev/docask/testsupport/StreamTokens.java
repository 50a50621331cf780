package dev.docask.testsupport;

import java.io.IOException;
import java.util.List;

/**
 * The normal case: streams the tokens, a finish chunk, a usage chunk (prompt 100, completion =
 * number of tokens) and {@code [DONE]}.
 *
 * @param tokens       the answer, in the pieces it is streamed in
 * @param finishReason {@code stop}, or {@code length} for an answer cut at the token limit
 */
public record StreamTokens(List<String> tokens, String finishReason) implements Route {
    public StreamTokens {
        tokens = List.copyOf(tokens);
    }

    public StreamTokens(String... tokens) {
        this(List.of(tokens), "stop");
    }

    /** The same tokens, ending as if the model hit its token limit. */
    public StreamTokens truncated() {
        return new StreamTokens(tokens, "length");
    }

    @Override
    public void respond(Exchange exchange) throws IOException {
        exchange.startStream();
        for (String t : tokens) {
            exchange.sendData(OpenAiChunks.content(t));
        }
        exchange.sendData(OpenAiChunks.finish(finishReason));
        exchange.sendData(OpenAiChunks.usage(100, tokens.size()));
        exchange.finishStream();
    }
}
