package dev.docask.answer.providers;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class OllamaModelsTest {
    @Test
    void hostUrl_asOllamasClientsReadOllamaHost() {
        assertThat(OllamaModels.hostUrl("gpu-box")).isEqualTo("http://gpu-box:11434");
        assertThat(OllamaModels.hostUrl("0.0.0.0:8000")).isEqualTo("http://0.0.0.0:8000");
        assertThat(OllamaModels.hostUrl("https://ollama.example")).isEqualTo("https://ollama.example:443");
        assertThat(OllamaModels.hostUrl("http://ollama:11434/")).isEqualTo("http://ollama:11434/");
        assertThat(OllamaModels.hostUrl("[::1]:9000")).isEqualTo("http://[::1]:9000");
        assertThat(OllamaModels.hostUrl(":9000")).isEqualTo("http://127.0.0.1:9000");
    }

    @Test
    void baseUrl_ollamaBaseUrlSet_winsOverOllamaHost() {
        assertThat(OllamaModels.baseUrl(Map.of("OLLAMA_BASE_URL", "http://a:1", "OLLAMA_HOST", "b"))).hasValue("http://a:1");
        assertThat(OllamaModels.baseUrl(Map.of("OLLAMA_HOST", "b"))).hasValue("http://b:11434");
        assertThat(OllamaModels.baseUrl(Map.of())).isEmpty();
    }
}
