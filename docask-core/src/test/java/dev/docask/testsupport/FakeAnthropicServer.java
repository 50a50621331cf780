package dev.docask.testsupport;

/**
 * A real HTTP server on 127.0.0.1 that speaks the Anthropic Messages API's streaming protocol
 * ({@code POST /v1/messages} with {@code "stream": true}, answered with named Server-Sent Events),
 * for tests of code that talks to Claude. Its behaviour is a {@link Route}, usually an
 * {@link AnthropicStream}.
 *
 * <p>Like the real API it answers 404 {@code not_found_error} for any other method or path, so a
 * client that builds the wrong URL fails visibly, and 400 for a request that does not ask to stream
 * (this fake streams only). {@link #baseUrl()} is the API's origin without {@code /v1}, the form
 * Anthropic's own SDKs expect in {@code ANTHROPIC_BASE_URL}.
 *
 * <pre>{@code
 * try (FakeAnthropicServer server = FakeAnthropicServer.start(new AnthropicStream("Use ", "vi.mock [1]."))) {
 *     Map<String, String> env = Map.of("ANTHROPIC_API_KEY", "test-key", "ANTHROPIC_BASE_URL", server.baseUrl());
 *     StreamingChatModel model = ModelSpecs.fromSpec("anthropic:claude-test", env, Duration.ofSeconds(5)).orElseThrow();
 *     ...
 *     assertThat(server.lastRequest().header("x-api-key")).isEqualTo("test-key");
 * }
 * }</pre>
 */
public final class FakeAnthropicServer extends FakeHttpServer {
    /** The only path this server answers. */
    public static final String MESSAGES_PATH = "/v1/messages";
    private static final StreamingEndpoint MESSAGES = new StreamingEndpoint(MESSAGES_PATH, false,
            (exchange, why) -> exchange.respond(404, AnthropicStream.errorBody("not_found_error", why)),
            (exchange, why) -> exchange.respond(400, AnthropicStream.errorBody("invalid_request_error", why)));

    private FakeAnthropicServer(Route route) {
        super("fake-anthropic", MESSAGES, route);
    }

    /** Starts a server on a free port of 127.0.0.1 that answers every streaming {@code POST /v1/messages} with {@code route}. */
    public static FakeAnthropicServer start(Route route) {
        return new FakeAnthropicServer(route);
    }

    /** {@code http://127.0.0.1:<port>}: the origin, without {@code /v1}. */
    @Override
    public String baseUrl() {
        return origin();
    }
}
