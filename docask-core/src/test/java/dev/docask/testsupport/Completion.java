package dev.docask.testsupport;

import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * A whole, non-streamed OpenAI chat completion with {@code text} as the reply: what a blocking client
 * (LangChain4j's {@code OpenAiChatModel}, Spring AI's {@code OpenAiChatModel.call}) reads.
 *
 * <pre>{@code
 * FakeModelServer.start(Wire.OPENAI, new Completion("Use vi.mock [1]."));
 * }</pre>
 *
 * @param text the assistant's reply
 */
public record Completion(String text) implements Route {
    @Override
    public void respond(Exchange exchange) throws IOException {
        if (exchange.wire() != Wire.OPENAI) {
            throw new IllegalStateException("Completion speaks OpenAI's wire only, not " + exchange.wire());
        }
        exchange.respond(200, WireFormat.json(Map.of(
                "id", "chatcmpl-fake", "object", "chat.completion", "created", 1_700_000_000, "model", "fake-model",
                "choices", List.of(Map.of("index", 0, "finish_reason", "stop",
                        "message", Map.of("role", "assistant", "content", text))),
                "usage", Map.of("prompt_tokens", FakeModelServer.PROMPT_TOKENS, "completion_tokens", 1,
                        "total_tokens", FakeModelServer.PROMPT_TOKENS + 1))));
    }
}
