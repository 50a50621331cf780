package dev.docask.testsupport;

import dev.docask.answer.AskHandler;
import dev.langchain4j.model.chat.StreamingChatModel;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * What the ask handler's tests set up, as a JUnit extension: fake model servers, handlers over a
 * shared index whose failures go to one error sink, and, after each test, everything it started closed
 * (handlers first, then servers). Register it on an instance field, beside the class's index:
 *
 * <pre>{@code
 * @RegisterExtension
 * static final TestIndexes.Shared INDEX = TestIndexes.shared("mock", TestSites.VITEST);
 * @RegisterExtension
 * final AskFixture fixture = AskFixture.over(INDEX);
 *
 * @Test
 * void ask_modelFails_errorIsReported() {
 *     fixture.serve(new ServerError(500));
 *     AskHandler handler = fixture.build(fixture.handler().model(fixture.model(), "openai:fake"));
 *     ...
 *     assertThat(fixture.errors()).hasSize(1);
 * }
 * }</pre>
 */
public final class AskFixture implements AfterEachCallback {
    /** The API key {@link #model()} sends; no answer or error may show it. */
    public static final String KEY = "sk-test-secret-key-123";

    private final TestIndexes.Shared index;
    private final List<AskHandler> handlers = new CopyOnWriteArrayList<>();
    private final List<FakeModelServer> servers = new CopyOnWriteArrayList<>();
    private final List<Throwable> errors = new CopyOnWriteArrayList<>();

    private AskFixture(TestIndexes.Shared index) {
        this.index = index;
    }

    /** A fixture whose handlers search {@code index}. */
    public static AskFixture over(TestIndexes.Shared index) {
        return new AskFixture(index);
    }

    /** Starts a fake model server on OpenAI's wire answering with {@code route}; closed after the test. */
    public FakeModelServer serve(Route route) {
        return serve(Wire.OPENAI, route);
    }

    /** Starts a fake model server on {@code wire} answering with {@code route}; closed after the test. */
    public FakeModelServer serve(Wire wire, Route route) {
        FakeModelServer started = FakeModelServer.start(wire, route);
        servers.add(started);
        return started;
    }

    /** An OpenAI model that asks the server the test started last, with {@link #KEY}. */
    public StreamingChatModel model() {
        if (servers.isEmpty()) {
            throw new IllegalStateException("no fake model server to ask: call serve(route) first");
        }
        return servers.getLast().openAiModel(KEY);
    }

    /** A handler builder on the shared index's retriever whose {@code onError} adds to {@link #errors()}. */
    public AskHandler.Builder handler() {
        return AskHandler.builder().retriever(index.retriever()).onError(errors::add);
    }

    /** Builds {@code builder}'s handler, to be closed after the test. */
    public AskHandler build(AskHandler.Builder builder) {
        AskHandler handler = builder.build();
        handlers.add(handler);
        return handler;
    }

    /** What the handlers of {@link #handler()} reported to {@code onError} so far, in order. */
    public List<Throwable> errors() {
        return errors;
    }

    @Override
    public void afterEach(ExtensionContext context) {
        handlers.forEach(AskHandler::close);
        servers.forEach(FakeModelServer::close);
    }
}
