package dev.docask.answer.providers;

import dev.docask.answer.ModelSpec;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class EnvTest {
    private static final Duration T = Duration.ofSeconds(1);

    @Test
    void aBaseUrlThatIsNoHttpUrl_failsWhenTheModelIsMade_namingTheVariable() {
        assertThatThrownBy(() -> ModelSpec.parse("openai:x").create(Map.of("OPENAI_BASE_URL", "not a url"), T))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("OPENAI_BASE_URL='not a url' is not a URL");
        assertThatThrownBy(() -> ModelSpec.parse("openai:x").create(Map.of("OPENAI_BASE_URL", "ftp://127.0.0.1/v1"), T))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("OPENAI_BASE_URL='ftp://127.0.0.1/v1' is not an http(s) URL with a host, e.g. http://127.0.0.1:8080");
        assertThatThrownBy(() -> ModelSpec.parse("anthropic:x")
                .create(Map.of("ANTHROPIC_API_KEY", "k", "ANTHROPIC_BASE_URL", "http://[::1"), T))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("ANTHROPIC_BASE_URL='http://[::1' is not a URL");
        assertThatThrownBy(() -> ModelSpec.parse("ollama:x").create(Map.of("OLLAMA_HOST", "::: bad"), T))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("OLLAMA_HOST='::: bad'");
        assertThat(ModelSpec.parse("ollama:x").create(Map.of("OLLAMA_HOST", "0.0.0.0:11434"), T)).isNotNull();
    }

    @Test
    void anApiKeyWithALineBreak_failsWhenTheModelIsMade_withoutShowingTheKey() {
        assertThatThrownBy(() -> ModelSpec.parse("openai:x").create(Map.of("OPENAI_API_KEY", "sk-abc\r\nX-Evil: 1"), T))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("OPENAI_API_KEY holds a space, a line break or a control character; an API key is one word");
    }
}
