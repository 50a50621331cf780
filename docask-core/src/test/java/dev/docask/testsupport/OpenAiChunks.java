package dev.docask.testsupport;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.util.List;
import java.util.Map;

/** The JSON payloads of an OpenAI chat-completions stream, as the real API sends them. */
public final class OpenAiChunks {
    private static final ObjectMapper JSON = new ObjectMapper();

    private OpenAiChunks() {
    }

    /** A chunk carrying the next piece of the answer. */
    public static String content(String text) {
        return chunk(List.of(Map.of("index", 0, "delta", Map.of("role", "assistant", "content", text))), null);
    }

    /** The chunk that ends the answer, with {@code reason} {@code stop} or {@code length}. */
    public static String finish(String reason) {
        return chunk(List.of(Map.of("index", 0, "delta", Map.of(), "finish_reason", reason)), null);
    }

    /** The last chunk when usage is requested: no choices, token counts. */
    public static String usage(int promptTokens, int completionTokens) {
        return chunk(List.of(), Map.of("prompt_tokens", promptTokens, "completion_tokens", completionTokens,
                "total_tokens", promptTokens + completionTokens));
    }

    /** An OpenAI-style error body. */
    public static String error(String message) {
        return write(Map.of("error", Map.of("message", message, "type", "server_error")));
    }

    private static String chunk(List<?> choices, Map<String, Integer> usage) {
        Map<String, Object> base = new java.util.LinkedHashMap<>();
        base.put("id", "chatcmpl-fake");
        base.put("object", "chat.completion.chunk");
        base.put("created", 1_700_000_000);
        base.put("model", "fake-model");
        base.put("choices", choices);
        if (usage != null) {
            base.put("usage", usage);
        }
        return write(base);
    }

    private static String write(Object value) {
        try {
            return JSON.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
