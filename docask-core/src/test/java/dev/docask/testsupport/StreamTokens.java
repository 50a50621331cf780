package dev.docask.testsupport;

import java.io.IOException;
import java.util.List;

/**
 * The normal case: streams the tokens in the server's wire format, then ends as {@code end} says,
 * by default with the protocol's stop reason and usage (prompt {@link FakeModelServer#PROMPT_TOKENS},
 * completion = number of tokens).
 *
 * <pre>{@code
 * FakeModelServer.start(Wire.OPENAI, new StreamTokens("Use ", "vi.mock [1]."));
 * FakeModelServer.start(Wire.OLLAMA, new StreamTokens("Use ", "vi.").ending(StreamEnd.DROP));
 * }</pre>
 *
 * @param tokens the answer, in the pieces it is streamed in
 * @param end    how the stream ends after the last token
 */
public record StreamTokens(List<String> tokens, StreamEnd end) implements Route {
    public StreamTokens {
        tokens = List.copyOf(tokens);
    }

    public StreamTokens(String... tokens) {
        this(List.of(tokens), StreamEnd.COMPLETE);
    }

    /** The same tokens, ending as if the model hit its token limit. */
    public StreamTokens truncated() {
        return ending(StreamEnd.TOKEN_LIMIT);
    }

    /** The same tokens, ending as {@code newEnd} says, e.g. {@link StreamEnd#DROP}. */
    public StreamTokens ending(StreamEnd newEnd) {
        return new StreamTokens(tokens, newEnd);
    }

    @Override
    public void respond(Exchange exchange) throws IOException {
        exchange.startAnswer();
        for (String t : tokens) {
            exchange.sendToken(t);
        }
        exchange.endAnswer(end);
    }
}
