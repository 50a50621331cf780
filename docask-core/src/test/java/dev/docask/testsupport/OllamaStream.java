package dev.docask.testsupport;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A {@link FakeOllamaServer} route: streams the tokens as Ollama's {@code /api/chat} does, one JSON
 * object per line ({@code application/x-ndjson}): {@code {"model", "created_at", "message":
 * {"role": "assistant", "content": token}, "done": false}} per token, then a last object with
 * {@code "done": true}, {@code done_reason}, {@code prompt_eval_count} and {@code eval_count}
 * (= number of tokens).
 *
 * @param tokens       the answer, in the pieces it is streamed in
 * @param doneReason   {@code stop}, or {@code length} for an answer cut at the token limit
 * @param promptTokens the {@code prompt_eval_count} of the last line
 * @param end          how the stream ends after the last token
 */
public record OllamaStream(List<String> tokens, String doneReason, int promptTokens, StreamEnd end) implements ModelStream {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** How long a dropping stream waits for the client to read the tokens before the reset. */
    private static final Duration READ_TIME = Duration.ofMillis(100);
    private static final String CREATED_AT = "2025-01-01T00:00:00.000000Z";

    public OllamaStream {
        tokens = List.copyOf(tokens);
    }

    /** The normal case: the tokens, {@code stop}, 30 prompt tokens, a complete stream. */
    public OllamaStream(String... tokens) {
        this(List.of(tokens), "stop", 30, StreamEnd.COMPLETE);
    }

    /** The same tokens, ending as if the model hit its token limit ({@code length}). */
    @Override
    public OllamaStream truncated() {
        return new OllamaStream(tokens, "length", promptTokens, end);
    }

    /** The same tokens, ending as {@code newEnd} says, e.g. {@link StreamEnd#DROP}. */
    @Override
    public OllamaStream ending(StreamEnd newEnd) {
        return new OllamaStream(tokens, doneReason, promptTokens, newEnd);
    }

    /** A route that answers with HTTP {@code status} and Ollama's error body {@code {"error": ...}}. */
    public static Route failing(int status) {
        return exchange -> exchange.respond(status, errorBody("the fake Ollama server failed with " + status));
    }

    /** Ollama's error body. */
    public static String errorBody(String message) {
        return write(Map.of("error", message));
    }

    @Override
    public void respond(Exchange exchange) throws IOException {
        String model = JSON.readTree(exchange.body()).path("model").asText("llama-fake");
        exchange.startStream("application/x-ndjson");
        for (String t : tokens) {
            exchange.sendRaw(line(model, t, false));
        }
        switch (end) {
            case DROP -> exchange.drop(READ_TIME);
            case CLOSE_EARLY -> exchange.endStream();
            case ERROR -> {
                exchange.sendRaw(errorBody("model runner has unexpectedly stopped") + "\n");
                exchange.endStream();
            }
            case COMPLETE -> {
                exchange.sendRaw(line(model, "", true));
                exchange.endStream();
            }
        }
    }

    private String line(String model, String content, boolean done) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("model", model);
        m.put("created_at", CREATED_AT);
        m.put("message", Map.of("role", "assistant", "content", content));
        m.put("done", done);
        if (done) {
            m.put("done_reason", doneReason);
            m.put("total_duration", 5_000_000L);
            m.put("load_duration", 1_000_000L);
            m.put("prompt_eval_count", promptTokens);
            m.put("prompt_eval_duration", 2_000_000L);
            m.put("eval_count", tokens.size());
            m.put("eval_duration", 2_000_000L);
        }
        return write(m) + "\n";
    }

    private static String write(Object value) {
        try {
            return JSON.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
