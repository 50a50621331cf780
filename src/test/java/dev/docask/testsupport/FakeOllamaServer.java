package dev.docask.testsupport;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.time.Duration;
import java.util.List;

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
public final class FakeOllamaServer implements AutoCloseable {
    /** The only path this server answers. */
    public static final String CHAT_PATH = "/api/chat";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final FakeHttpServer http;
    private volatile Route route;

    private FakeOllamaServer(Route route) {
        this.route = route;
        this.http = FakeHttpServer.start("fake-ollama", this::dispatch);
    }

    /** Starts a server on a free port of 127.0.0.1 that answers every streaming {@code POST /api/chat} with {@code route}. */
    public static FakeOllamaServer start(Route route) {
        return new FakeOllamaServer(route);
    }

    /** {@code http://127.0.0.1:<port>}: the origin, as in {@code OLLAMA_BASE_URL}. */
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
            throw new IllegalStateException("the fake Ollama server received no request");
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
        if (!r.method().equals("POST") || !r.path().equals(CHAT_PATH)) {
            exchange.respond(404, "text/plain; charset=utf-8", "404 page not found");
            return;
        }
        JsonNode body;
        try {
            body = JSON.readTree(r.body());
        } catch (IOException e) {
            exchange.respond(400, OllamaStream.errorBody("invalid character in request body"));
            return;
        }
        if (!body.path("stream").asBoolean(true)) {
            exchange.respond(400, OllamaStream.errorBody("this fake answers streaming requests only"));
            return;
        }
        route.respond(exchange);
    }
}
