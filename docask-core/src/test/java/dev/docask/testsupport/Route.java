package dev.docask.testsupport;

import java.io.IOException;

/**
 * One behaviour of a {@link FakeModelServer}: how it responds to a request.
 * Implementations are small classes in this package ({@link StreamTokens}, {@link SlowTokens},
 * {@link TokensThenSilence}, {@link NeverAnswers}, {@link MalformedChunks}, {@link ServerError},
 * {@link GarbageBody}, {@link InTurn}, and OpenAI's {@link EmptyStream}); they write in the server's
 * {@link Wire}. A test may write its own as a lambda.
 */
@FunctionalInterface
public interface Route {
    /** Responds on {@code exchange}; an {@link IOException} means the client went away. */
    void respond(Exchange exchange) throws IOException;
}
