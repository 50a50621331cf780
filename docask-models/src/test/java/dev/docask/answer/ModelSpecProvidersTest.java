package dev.docask.answer;

import dev.langchain4j.model.anthropic.AnthropicStreamingChatModel;
import dev.langchain4j.model.ollama.OllamaStreamingChatModel;
import dev.langchain4j.model.openai.OpenAiStreamingChatModel;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ModelSpecProvidersTest {
    private static final Duration T = Duration.ofSeconds(5);

    @Test
    void fromSpec_extractiveOrBlank_noModel() {
        assertThat(ModelSpec.parse("extractive").create(Map.of(), T)).isEmpty();
        assertThat(ModelSpec.parse(" ").create(Map.of(), T)).isEmpty();
    }

    @Test
    void fromSpec_eachProvider_itsModel() {
        assertThat(ModelSpec.parse("openai:gpt-4o-mini").create(Map.of("OPENAI_API_KEY", "k"), T))
                .get().isInstanceOf(OpenAiStreamingChatModel.class);
        assertThat(ModelSpec.parse("anthropic:claude-3-5-haiku-latest").create(Map.of("ANTHROPIC_API_KEY", "k"), T))
                .get().isInstanceOf(AnthropicStreamingChatModel.class);
        assertThat(ModelSpec.parse("ollama:llama3.2").create(Map.of(), T)).get().isInstanceOf(OllamaStreamingChatModel.class);
    }

    @Test
    void fromSpec_openAiCompatibleServerWithoutKey_accepted() {
        assertThat(ModelSpec.parse("openai:qwen").create(Map.of("OPENAI_BASE_URL", "http://127.0.0.1:8000/v1"), T)).isPresent();
    }

    @Test
    void fromSpec_missingKey_namesTheVariable() {
        assertThatThrownBy(() -> ModelSpec.parse("openai:gpt-4o-mini").create(Map.of(), T))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("OPENAI_API_KEY");
        assertThatThrownBy(() -> ModelSpec.parse("anthropic:claude").create(Map.of(), T))
                .hasMessageContaining("ANTHROPIC_API_KEY");
    }

    @Test
    void fromSpec_unknownProviderOrNoName_quotesTheSpec() {
        assertThatThrownBy(() -> ModelSpec.parse("gemini:pro").create(Map.of(), T)).hasMessageContaining("'gemini:pro'");
        assertThatThrownBy(() -> ModelSpec.parse("openai:").create(Map.of("OPENAI_API_KEY", "k"), T))
                .hasMessageContaining("names no model");
    }
}
