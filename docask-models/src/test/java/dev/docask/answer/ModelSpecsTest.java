package dev.docask.answer;

import dev.langchain4j.model.anthropic.AnthropicStreamingChatModel;
import dev.langchain4j.model.ollama.OllamaStreamingChatModel;
import dev.langchain4j.model.openai.OpenAiStreamingChatModel;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ModelSpecsTest {
    private static final Duration T = Duration.ofSeconds(5);

    @Test
    void fromSpec_extractiveOrBlank_noModel() {
        assertThat(ModelSpecs.fromSpec("extractive", Map.of(), T)).isEmpty();
        assertThat(ModelSpecs.fromSpec(" ", Map.of(), T)).isEmpty();
    }

    @Test
    void fromSpec_eachProvider_itsModel() {
        assertThat(ModelSpecs.fromSpec("openai:gpt-4o-mini", Map.of("OPENAI_API_KEY", "k"), T))
                .get().isInstanceOf(OpenAiStreamingChatModel.class);
        assertThat(ModelSpecs.fromSpec("anthropic:claude-3-5-haiku-latest", Map.of("ANTHROPIC_API_KEY", "k"), T))
                .get().isInstanceOf(AnthropicStreamingChatModel.class);
        assertThat(ModelSpecs.fromSpec("ollama:llama3.2", Map.of(), T)).get().isInstanceOf(OllamaStreamingChatModel.class);
    }

    @Test
    void fromSpec_openAiCompatibleServerWithoutKey_accepted() {
        assertThat(ModelSpecs.fromSpec("openai:qwen", Map.of("OPENAI_BASE_URL", "http://127.0.0.1:8000/v1"), T)).isPresent();
    }

    @Test
    void fromSpec_missingKey_namesTheVariable() {
        assertThatThrownBy(() -> ModelSpecs.fromSpec("openai:gpt-4o-mini", Map.of(), T))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("OPENAI_API_KEY");
        assertThatThrownBy(() -> ModelSpecs.fromSpec("anthropic:claude", Map.of(), T))
                .hasMessageContaining("ANTHROPIC_API_KEY");
    }

    @Test
    void fromSpec_unknownProviderOrNoName_quotesTheSpec() {
        assertThatThrownBy(() -> ModelSpecs.fromSpec("gemini:pro", Map.of(), T)).hasMessageContaining("'gemini:pro'");
        assertThatThrownBy(() -> ModelSpecs.fromSpec("openai:", Map.of("OPENAI_API_KEY", "k"), T))
                .hasMessageContaining("names no model");
    }
}
