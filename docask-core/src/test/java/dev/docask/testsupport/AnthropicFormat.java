package dev.docask.testsupport;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@link Wire#ANTHROPIC}: the Messages API's stream — {@code message_start} (input tokens),
 * {@code content_block_start}, a {@code ping}, one {@code content_block_delta} ({@code text_delta}) per
 * token, then {@code content_block_stop}, {@code message_delta} (stop reason, output tokens) and
 * {@code message_stop} — each as {@code event: <type>} plus {@code data: <json>}.
 */
final class AnthropicFormat implements WireFormat {
    private static final StreamingEndpoint MESSAGES = new StreamingEndpoint("/v1/messages", false,
            (exchange, why) -> exchange.respond(404, errorBody("not_found_error", why)),
            (exchange, why) -> exchange.respond(400, errorBody("invalid_request_error", why)));

    @Override
    public boolean admits(Exchange exchange) throws IOException {
        return MESSAGES.admits(exchange);
    }

    @Override
    public void start(Exchange exchange) throws IOException {
        Map<String, Object> message = new LinkedHashMap<>();
        message.put("id", "msg_fake");
        message.put("type", "message");
        message.put("role", "assistant");
        message.put("content", List.of());
        message.put("model", WireFormat.requestedModel(exchange, "claude-fake"));
        message.put("stop_reason", null);
        message.put("stop_sequence", null);
        message.put("usage", Map.of("input_tokens", FakeModelServer.PROMPT_TOKENS, "output_tokens", 1));
        exchange.startStream();
        send(exchange, "message_start", Map.of("type", "message_start", "message", message));
        send(exchange, "content_block_start", Map.of("type", "content_block_start", "index", 0,
                "content_block", Map.of("type", "text", "text", "")));
        send(exchange, "ping", Map.of("type", "ping"));
    }

    @Override
    public void token(Exchange exchange, String text) throws IOException {
        send(exchange, "content_block_delta", Map.of("type", "content_block_delta", "index", 0,
                "delta", Map.of("type", "text_delta", "text", text)));
    }

    @Override
    public void finish(Exchange exchange, boolean tokenLimit, int completionTokens) throws IOException {
        send(exchange, "content_block_stop", Map.of("type", "content_block_stop", "index", 0));
        Map<String, Object> delta = new LinkedHashMap<>();
        delta.put("stop_reason", tokenLimit ? "max_tokens" : "end_turn");
        delta.put("stop_sequence", null);
        send(exchange, "message_delta", Map.of("type", "message_delta", "delta", delta,
                "usage", Map.of("output_tokens", completionTokens)));
        send(exchange, "message_stop", Map.of("type", "message_stop"));
        exchange.endStream();
    }

    @Override
    public void fail(Exchange exchange) throws IOException {
        exchange.sendRaw("event: error\ndata: " + errorBody("overloaded_error", "Overloaded") + "\n\n");
        exchange.endStream();
    }

    /** The API's error body, its type named after the status, e.g. 500 {@code api_error}. */
    @Override
    public String errorBody(int status, String message) {
        String type = switch (status) {
            case 401 -> "authentication_error";
            case 404 -> "not_found_error";
            case 429 -> "rate_limit_error";
            case 529 -> "overloaded_error";
            default -> status >= 500 ? "api_error" : "invalid_request_error";
        };
        return errorBody(type, message);
    }

    /** {@code {"type":"error","error":{"type":...,"message":...}}}. */
    private static String errorBody(String type, String message) {
        return WireFormat.json(Map.of("type", "error", "error", Map.of("type", type, "message", message)));
    }

    private static void send(Exchange exchange, String event, Map<String, ?> data) throws IOException {
        exchange.sendRaw("event: " + event + "\ndata: " + WireFormat.json(data) + "\n\n");
    }
}
