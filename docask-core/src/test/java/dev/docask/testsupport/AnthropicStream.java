package dev.docask.testsupport;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A {@link FakeAnthropicServer} route: streams the tokens as the Messages API does —
 * {@code message_start} (input tokens), {@code content_block_start}, a {@code ping}, one
 * {@code content_block_delta} ({@code text_delta}) per token, {@code content_block_stop},
 * {@code message_delta} (stop reason, output tokens = number of tokens), {@code message_stop} —
 * each as {@code event: <type>} plus {@code data: <json>}.
 *
 * @param tokens      the answer, in the pieces it is streamed in
 * @param stopReason  {@code end_turn}, or {@code max_tokens} for an answer cut at the token limit
 * @param inputTokens the prompt tokens reported in {@code message_start}
 * @param end         how the stream ends after the last token
 */
public record AnthropicStream(List<String> tokens, String stopReason, int inputTokens, StreamEnd end)
        implements ModelStream {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** How long a dropping stream waits for the client to read the tokens before the reset. */
    private static final Duration READ_TIME = Duration.ofMillis(100);

    public AnthropicStream {
        tokens = List.copyOf(tokens);
    }

    /** The normal case: the tokens, {@code end_turn}, 25 input tokens, a complete stream. */
    public AnthropicStream(String... tokens) {
        this(List.of(tokens), "end_turn", 25, StreamEnd.COMPLETE);
    }

    /** The same tokens, ending as if the model hit its token limit ({@code max_tokens}). */
    @Override
    public AnthropicStream truncated() {
        return new AnthropicStream(tokens, "max_tokens", inputTokens, end);
    }

    /** The same tokens, ending as {@code newEnd} says, e.g. {@link StreamEnd#DROP}. */
    @Override
    public AnthropicStream ending(StreamEnd newEnd) {
        return new AnthropicStream(tokens, stopReason, inputTokens, newEnd);
    }

    /** A route that answers with HTTP {@code status} and the API's error body, e.g. 500 {@code api_error}. */
    public static Route failing(int status) {
        String type = switch (status) {
            case 401 -> "authentication_error";
            case 429 -> "rate_limit_error";
            case 529 -> "overloaded_error";
            default -> status >= 500 ? "api_error" : "invalid_request_error";
        };
        return exchange -> exchange.respond(status, errorBody(type, "the fake Anthropic API failed with " + status));
    }

    /** The API's error body: {@code {"type":"error","error":{"type":...,"message":...}}}. */
    public static String errorBody(String type, String message) {
        return write(Map.of("type", "error", "error", Map.of("type", type, "message", message)));
    }

    @Override
    public void respond(Exchange exchange) throws IOException {
        String model = JSON.readTree(exchange.body()).path("model").asText("claude-fake");
        exchange.startStream();
        Map<String, Object> message = new LinkedHashMap<>();
        message.put("id", "msg_fake");
        message.put("type", "message");
        message.put("role", "assistant");
        message.put("content", List.of());
        message.put("model", model);
        message.put("stop_reason", null);
        message.put("stop_sequence", null);
        message.put("usage", Map.of("input_tokens", inputTokens, "output_tokens", 1));
        send(exchange, "message_start", Map.of("type", "message_start", "message", message));
        send(exchange, "content_block_start", Map.of("type", "content_block_start", "index", 0,
                "content_block", Map.of("type", "text", "text", "")));
        send(exchange, "ping", Map.of("type", "ping"));
        for (String t : tokens) {
            send(exchange, "content_block_delta", Map.of("type", "content_block_delta", "index", 0,
                    "delta", Map.of("type", "text_delta", "text", t)));
        }
        switch (end) {
            case DROP -> exchange.drop(READ_TIME);
            case CLOSE_EARLY -> exchange.endStream();
            case ERROR -> {
                exchange.sendRaw("event: error\ndata: " + errorBody("overloaded_error", "Overloaded") + "\n\n");
                exchange.endStream();
            }
            case COMPLETE -> {
                send(exchange, "content_block_stop", Map.of("type", "content_block_stop", "index", 0));
                Map<String, Object> delta = new LinkedHashMap<>();
                delta.put("stop_reason", stopReason);
                delta.put("stop_sequence", null);
                send(exchange, "message_delta", Map.of("type", "message_delta", "delta", delta,
                        "usage", Map.of("output_tokens", tokens.size())));
                send(exchange, "message_stop", Map.of("type", "message_stop"));
                exchange.endStream();
            }
        }
    }

    private static void send(Exchange exchange, String event, Map<String, ?> data) throws IOException {
        exchange.sendRaw("event: " + event + "\ndata: " + write(data) + "\n\n");
    }

    private static String write(Object value) {
        try {
            return JSON.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
