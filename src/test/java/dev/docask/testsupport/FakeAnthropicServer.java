package dev.docask.testsupport;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.time.Duration;
import java.util.List;

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
public final class FakeAnthropicServer implements AutoCloseable {
    /** The only path this server answers. */
    public static final String MESSAGES_PATH = "/v1/messages";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final FakeHttpServer http;
    private volatile Route route;

    private FakeAnthropicServer(Route route) {
        this.route = route;
        this.http = FakeHttpServer.start("fake-anthropic", this::dispatch);
    }

    /** Starts a server on a free port of 127.0.0.1 that answers every streaming {@code POST /v1/messages} with {@code route}. */
    public static FakeAnthropicServer start(Route route) {
        return new FakeAnthropicServer(route);
    }

    /** {@code http://127.0.0.1:<port>}: the origin, without {@code /v1}. */
    public String baseUrl() {
        return http.origin();
    }

    /** Changes the behaviour for the requests that follow. */
    public void route(Route newRoute) {
        this.route = newRoute;
    }

    /** Requests received so far, on any path. */
    public int requests() {
        return http.requests();
    }

    /** The requests received so far, in order, on any path. */
    public List<RecordedRequest> receivedRequests() {
        return http.received();
    }

    /** The last request received; fails when there was none. */
    public RecordedRequest lastRequest() {
        List<RecordedRequest> all = http.received();
        if (all.isEmpty()) {
            throw new IllegalStateException("the fake Anthropic server received no request");
        }
        return all.getLast();
    }

    /** Connections the client closed before their response was complete. */
    public int clientAborts() {
        return http.clientAborts();
    }

    /** Waits until a client closes a connection before its response was complete; false when none did in time. */
    public boolean awaitClientAbort(Duration max) throws InterruptedException {
        return http.awaitClientAbort(max);
    }

    @Override
    public void close() {
        http.close();
    }

    private void dispatch(Exchange exchange) throws IOException {
        RecordedRequest r = exchange.request();
        if (!r.method().equals("POST") || !r.path().equals(MESSAGES_PATH)) {
            exchange.respond(404, AnthropicStream.errorBody("not_found_error",
                    "Not found: " + r.method() + " " + r.path()));
            return;
        }
        JsonNode body;
        try {
            body = JSON.readTree(r.body());
        } catch (IOException e) {
            exchange.respond(400, AnthropicStream.errorBody("invalid_request_error", "body is not JSON"));
            return;
        }
        if (!body.path("stream").asBoolean(false)) {
            exchange.respond(400, AnthropicStream.errorBody("invalid_request_error",
                    "this fake answers streaming requests only (\"stream\": true)"));
            return;
        }
        route.respond(exchange);
    }
}
