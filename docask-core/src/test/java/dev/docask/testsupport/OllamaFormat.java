package dev.docask.testsupport;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@link Wire#OLLAMA}: {@code /api/chat}'s stream, one JSON object per line ({@code application/x-ndjson}):
 * {@code {"model", "created_at", "message": {"role": "assistant", "content": token}, "done": false}} per
 * token, then a last object with {@code "done": true}, {@code done_reason}, {@code prompt_eval_count} and
 * {@code eval_count}.
 */
final class OllamaFormat implements WireFormat {
    private static final String CREATED_AT = "2025-01-01T00:00:00.000000Z";
    private static final StreamingEndpoint CHAT = new StreamingEndpoint("/api/chat", true,
            (exchange, why) -> exchange.respond(404, "text/plain; charset=utf-8", "404 page not found"),
            (exchange, why) -> exchange.respond(400, errorBody(why)));

    @Override
    public boolean admits(Exchange exchange) throws IOException {
        return CHAT.admits(exchange);
    }

    @Override
    public void start(Exchange exchange) throws IOException {
        exchange.startStream("application/x-ndjson");
    }

    @Override
    public void token(Exchange exchange, String text) throws IOException {
        exchange.sendRaw(WireFormat.json(line(exchange, text, false)) + "\n");
    }

    @Override
    public void finish(Exchange exchange, boolean tokenLimit, int completionTokens) throws IOException {
        Map<String, Object> last = line(exchange, "", true);
        last.put("done_reason", tokenLimit ? "length" : "stop");
        last.put("total_duration", 5_000_000L);
        last.put("load_duration", 1_000_000L);
        last.put("prompt_eval_count", FakeModelServer.PROMPT_TOKENS);
        last.put("prompt_eval_duration", 2_000_000L);
        last.put("eval_count", completionTokens);
        last.put("eval_duration", 2_000_000L);
        exchange.sendRaw(WireFormat.json(last) + "\n");
        exchange.endStream();
    }

    @Override
    public void fail(Exchange exchange) throws IOException {
        exchange.sendRaw(errorBody("model runner has unexpectedly stopped") + "\n");
        exchange.endStream();
    }

    @Override
    public String errorBody(int status, String message) {
        return errorBody(message);
    }

    /** {@code {"error": message}}. */
    private static String errorBody(String message) {
        return WireFormat.json(Map.of("error", message));
    }

    private static Map<String, Object> line(Exchange exchange, String content, boolean done) throws IOException {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("model", WireFormat.requestedModel(exchange, "llama-fake"));
        m.put("created_at", CREATED_AT);
        m.put("message", Map.of("role", "assistant", "content", content));
        m.put("done", done);
        return m;
    }
}
