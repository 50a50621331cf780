package dev.docask.testsupport;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** {@link Wire#OPENAI}: the payloads of a chat-completions stream, as the real API sends them. */
final class OpenAiFormat implements WireFormat {
    @Override
    public String baseUrl(String origin) {
        return origin + "/v1";
    }

    @Override
    public void start(Exchange exchange) throws IOException {
        exchange.startStream();
    }

    @Override
    public void token(Exchange exchange, String text) throws IOException {
        exchange.sendData(chunk(List.of(Map.of("index", 0, "delta", Map.of("role", "assistant", "content", text))), null));
    }

    /* A finish chunk ({@code stop} or {@code length}), the usage chunk a client asks for, {@code [DONE]}. */
    @Override
    public void finish(Exchange exchange, boolean tokenLimit, int completionTokens) throws IOException {
        String reason = tokenLimit ? "length" : "stop";
        exchange.sendData(chunk(List.of(Map.of("index", 0, "delta", Map.of(), "finish_reason", reason)), null));
        int prompt = FakeModelServer.PROMPT_TOKENS;
        exchange.sendData(chunk(List.of(), Map.of("prompt_tokens", prompt, "completion_tokens", completionTokens,
                "total_tokens", prompt + completionTokens)));
        exchange.sendData("[DONE]");
        exchange.endStream();
    }

    @Override
    public void fail(Exchange exchange) throws IOException {
        exchange.sendData(errorBody(500, "The server had an error while processing your request."));
        exchange.endStream();
    }

    @Override
    public String errorBody(int status, String message) {
        return WireFormat.json(Map.of("error", Map.of("message", message, "type", "server_error")));
    }

    private static String chunk(List<?> choices, Map<String, Integer> usage) {
        Map<String, Object> base = new LinkedHashMap<>();
        base.put("id", "chatcmpl-fake");
        base.put("object", "chat.completion.chunk");
        base.put("created", 1_700_000_000);
        base.put("model", "fake-model");
        base.put("choices", choices);
        if (usage != null) {
            base.put("usage", usage);
        }
        return WireFormat.json(base);
    }
}
