package dev.docask.testsupport;

/**
 * A real HTTP server on 127.0.0.1 that speaks Ollama's streaming chat protocol ({@code POST /api/chat},
 * answered with newline-delimited JSON objects, the last one {@code "done": true}), for tests of code
 * that talks to a local model. Its behaviour is a {@link Route}, usually an {@link OllamaStream}.
 *
 * <p>Like Ollama it answers 404 {@code 404 page not found} for any other method or path, and it
 * refuses {@code "stream": false} (this fake streams only; Ollama streams when the field is absent).
 * {@link #baseUrl()} is the origin, the form {@code OLLAMA_BASE_URL} takes.
 *
 * <pre>{@code
 * try (FakeOllamaServer server = FakeOllamaServer.start(new OllamaStream("Use ", "vi.mock [1]."))) {
 *     StreamingChatModel model = ModelSpecs.fromSpec("ollama:llama-test",
 *             Map.of("OLLAMA_BASE_URL", server.baseUrl()), Duration.ofSeconds(5)).orElseThrow();
 *     ...
 *     assertThat(server.lastRequest().path()).isEqualTo("/api/chat");
 * }
 * }</pre>
 */
public final class FakeOllamaServer extends FakeHttpServer {
    /** The only path this server answers. */
    public static final String CHAT_PATH = "/api/chat";
    private static final StreamingEndpoint CHAT = new StreamingEndpoint(CHAT_PATH, true,
            (exchange, why) -> exchange.respond(404, "text/plain; charset=utf-8", "404 page not found"),
            (exchange, why) -> exchange.respond(400, OllamaStream.errorBody(why)));

    private FakeOllamaServer(Route route) {
        super("fake-ollama", CHAT, route);
    }

    /** Starts a server on a free port of 127.0.0.1 that answers every streaming {@code POST /api/chat} with {@code route}. */
    public static FakeOllamaServer start(Route route) {
        return new FakeOllamaServer(route);
    }

    /** {@code http://127.0.0.1:<port>}: the origin, as {@code OLLAMA_BASE_URL} takes it. */
    @Override
    public String baseUrl() {
        return origin();
    }
}
