package dev.docask.example;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * A stand-in for an OpenAI-compatible model, on 127.0.0.1, so the example runs with no API key: it
 * answers a chat completion with the first sentence of the context it was given, cited as [1], or "I
 * don't know." when it was given none. Set OPENAI_API_KEY to ask a real model instead.
 */
final class LoopbackModel implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final HttpServer server;

    LoopbackModel(String contextMarker) throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/v1/chat/completions", exchange -> {
            JsonNode request = JSON.readTree(exchange.getRequestBody());
            JsonNode messages = request.get("messages");
            String prompt = messages.get(messages.size() - 1).get("content").asText();
            String reply = answer(prompt, contextMarker);
            byte[] body = JSON.writeValueAsBytes(Map.of("id", "chatcmpl-loopback", "object", "chat.completion",
                    "created", 0, "model", "loopback", "choices", List.of(Map.of("index", 0, "finish_reason", "stop",
                            "message", Map.of("role", "assistant", "content", reply))),
                    "usage", Map.of("prompt_tokens", 1, "completion_tokens", 1, "total_tokens", 2)));
            exchange.getResponseHeaders().set("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.start();
    }

    /** The first sentence after {@code marker} in the prompt, cited; "I don't know." when the prompt has no context. */
    private static String answer(String prompt, String marker) {
        int at = prompt.indexOf(marker);
        if (at < 0) {
            return "I don't know.";
        }
        String context = prompt.substring(at + marker.length()).strip();
        int end = context.indexOf(". ");
        return (end > 0 ? context.substring(0, end + 1) : context.lines().findFirst().orElse("")) + " [1]";
    }

    String baseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
