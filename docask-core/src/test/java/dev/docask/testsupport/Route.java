package dev.docask.testsupport;

import java.io.IOException;

/**
 * One behaviour of a fake server ({@link FakeOpenAiServer}, {@link FakeAnthropicServer},
 * {@link FakeOllamaServer}): how it responds to a request.
 * Implementations are small classes in this package ({@link StreamTokens}, {@link SlowTokens},
 * {@link NeverAnswers}, {@link MalformedChunks}, {@link ServerError}, {@link CutShort},
 * {@link EmptyStream}, {@link GarbageBody}, {@link InTurn}) for OpenAI, {@link AnthropicStream} and {@link OllamaStream} for the others;
 * a test may write its own as a lambda.
 */
@FunctionalInterface
public interface Route {
    /** Responds on {@code exchange}; an {@link IOException} means the client went away. */
    void respond(Exchange exchange) throws IOException;
}
