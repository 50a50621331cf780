package dev.docask.testsupport;

import java.io.IOException;

/**
 * One behaviour of {@link FakeOpenAiServer}: how it responds to a chat-completions request.
 * Implementations are small classes in this package ({@link StreamTokens}, {@link SlowTokens},
 * {@link NeverAnswers}, {@link MalformedChunks}, {@link ServerError}, {@link DropsMidStream},
 * {@link InTurn}); a test may write its own as a lambda.
 */
@FunctionalInterface
public interface Route {
    /** Responds on {@code exchange}; an {@link IOException} means the client went away. */
    void respond(Exchange exchange) throws IOException;
}
