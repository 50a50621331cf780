package dev.docask.testsupport;

import java.time.Duration;
import java.util.List;

/**
 * A real HTTP server on 127.0.0.1 that speaks the OpenAI chat-completions streaming protocol
 * (Server-Sent Events, {@code data: {...}} chunks, {@code data: [DONE]}), for tests of code that
 * talks to a language model. Its behaviour is a {@link Route}: normal, slow, silent, broken.
 *
 * <p>Written on plain sockets ({@link FakeHttpServer}), not an HTTP framework, because the tests
 * need what frameworks hide: dropping a connection mid-stream without the closing chunk, and seeing
 * the moment a client closes its side ({@link #awaitClientAbort(Duration)}).
 *
 * <pre>{@code
 * try (FakeOpenAiServer server = FakeOpenAiServer.start(new StreamTokens("Use ", "vi.mock [1].")) {
 *     StreamingChatModel model = OpenAiStreamingChatModel.builder()
 *             .baseUrl(server.baseUrl()).apiKey("test-key").modelName("fake").build();
 *     ...
 *     assertThat(server.requests()).isEqualTo(1);
 * }
 * }</pre>
 */
public final class FakeOpenAiServer extends FakeHttpServer {
    private FakeOpenAiServer(Route route) {
        super("fake-openai", Gate.OPEN, route);
    }

    /** Starts a server on a free port of 127.0.0.1 that answers every request with {@code route}. */
    public static FakeOpenAiServer start(Route route) {
        return new FakeOpenAiServer(route);
    }

    /** The base URL to give an OpenAI client, ending in {@code /v1}. */
    @Override
    public String baseUrl() {
        return origin() + "/v1";
    }

    /** The JSON bodies of the requests received so far, in order. */
    public List<String> requestBodies() {
        return receivedRequests().stream().map(RecordedRequest::body).toList();
    }
}
