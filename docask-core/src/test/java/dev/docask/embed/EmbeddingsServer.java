package dev.docask.embed;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A real HTTP server on 127.0.0.1 that speaks OpenAI's {@code POST /embeddings}. Each request is
 * served by the next queued {@link Route}, then by {@link #EMBED} once the queue is empty.
 */
final class EmbeddingsServer implements AutoCloseable {
    static final int DIMENSIONS = 8;
    private static final ObjectMapper JSON = new ObjectMapper();

    /** One behaviour of the server. */
    interface Route {
        void handle(HttpExchange exchange, JsonNode request) throws IOException;
    }

    /** Answers with one vector per input, derived from the text so that results can be checked. */
    static final Route EMBED = (exchange, request) -> {
        ObjectNode body = JSON.createObjectNode().put("object", "list");
        ArrayNode data = body.putArray("data");
        JsonNode input = request.path("input");
        for (int i = input.size() - 1; i >= 0; i--) {   // reversed on purpose: clients must use "index"
            ArrayNode v = data.addObject().put("object", "embedding").put("index", i).putArray("embedding");
            for (float x : vectorFor(input.get(i).asText())) {
                v.add(x);
            }
        }
        body.put("model", request.path("model").asText());
        send(exchange, 200, body.toString());
    };

    /** Answers once with a status and body. */
    static Route status(int status, String body) {
        return (exchange, request) -> send(exchange, status, body);
    }

    private final HttpServer server;
    private final Deque<Route> routes = new ArrayDeque<>();
    final List<JsonNode> requests = new CopyOnWriteArrayList<>();
    final List<String> authorizations = new CopyOnWriteArrayList<>();

    EmbeddingsServer(Route... queued) throws IOException {
        routes.addAll(List.of(queued));
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/v1/embeddings", exchange -> {
            JsonNode request = JSON.readTree(exchange.getRequestBody().readAllBytes());
            requests.add(request);
            authorizations.add(String.valueOf(exchange.getRequestHeaders().getFirst("Authorization")));
            Route route;
            synchronized (routes) {
                route = routes.isEmpty() ? EMBED : routes.poll();
            }
            route.handle(exchange, request);
        });
        server.start();
    }

    String baseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
    }

    /** The unnormalised vector the server returns for a text. */
    static float[] vectorFor(String text) {
        float[] v = new float[DIMENSIONS];
        v[0] = 1;
        v[1] = text.length();
        v[2] = text.isEmpty() ? 0 : text.charAt(0);
        return v;
    }

    private static void send(HttpExchange exchange, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
        if (bytes.length > 0) {
            exchange.getResponseBody().write(bytes);
        }
        exchange.close();
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
