package dev.docask.answer;

import dev.docask.testsupport.AskFixture;
import dev.docask.testsupport.FakeModelServer;
import dev.docask.testsupport.StreamTokens;
import dev.docask.testsupport.TestIndexes;
import dev.docask.testsupport.TestSites;
import dev.docask.testsupport.Wire;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Every provider's request carries the output cap, in that API's own field. */
class MaxOutputTokensTest {
    private static final Duration WAIT = Duration.ofSeconds(10);

    @RegisterExtension
    static final TestIndexes.Shared INDEX = TestIndexes.shared("mock", TestSites.VITEST);
    @RegisterExtension
    final AskFixture fixture = AskFixture.over(INDEX);

    private String requestBody(Wire wire, String spec, Map<String, String> env, int cap) throws InterruptedException {
        FakeModelServer server = fixture.serve(wire, new StreamTokens("Use ", "vi.mock [1]."));
        Map<String, String> withUrl = new java.util.HashMap<>(env);
        withUrl.put(spec.substring(0, spec.indexOf(':')).toUpperCase(java.util.Locale.ROOT) + "_BASE_URL", server.baseUrl());
        AskHandler.Builder b = fixture.handler().model(spec, withUrl);
        AskHandler handler = fixture.build(cap > 0 ? b.maxOutputTokens(cap) : b);
        RecordingListener events = new RecordingListener();
        handler.ask("mock a module with vi.mock", List.of(), events);
        assertThat(events.awaitEnd(WAIT)).isTrue();
        return server.lastRequest().body();
    }

    @Test
    void openAi_everyRequest_carriesMaxTokens800ByDefault() throws InterruptedException {
        assertThat(requestBody(Wire.OPENAI, "openai:fake", Map.of(), 0)).containsPattern("\"max_tokens\"\\s*:\\s*800\\b");
    }

    @Test
    void anthropic_everyRequest_carriesMaxTokensAsSet() throws InterruptedException {
        assertThat(requestBody(Wire.ANTHROPIC, "anthropic:claude-test", Map.of("ANTHROPIC_API_KEY", "test-key"), 321))
                .containsPattern("\"max_tokens\"\\s*:\\s*321\\b");
    }

    @Test
    void ollama_everyRequest_carriesNumPredict() throws InterruptedException {
        assertThat(requestBody(Wire.OLLAMA, "ollama:llama-test", Map.of(), 0)).containsPattern("\"num_predict\"\\s*:\\s*800\\b");
    }
}
