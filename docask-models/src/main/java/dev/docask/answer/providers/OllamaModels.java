package dev.docask.answer.providers;

import dev.docask.answer.ChatModelProvider;
import dev.docask.answer.ModelSpec;
import dev.langchain4j.model.chat.StreamingChatModel;
import dev.langchain4j.model.ollama.OllamaStreamingChatModel;

import java.time.Duration;
import java.util.Map;

/** {@code ollama:<name>}: Ollama's own API at {@code OLLAMA_BASE_URL}, default {@value #DEFAULT_URL}. */
public final class OllamaModels implements ChatModelProvider {
    static final String DEFAULT_URL = "http://localhost:11434";

    @Override
    public String provider() {
        return "ollama";
    }

    @Override
    public StreamingChatModel create(ModelSpec spec, Map<String, String> env, Duration timeout) {
        return OllamaStreamingChatModel.builder()
                .baseUrl(Env.find(env, "OLLAMA_BASE_URL").orElse(DEFAULT_URL))
                .modelName(spec.name()).timeout(timeout).build();
    }

    @Override
    public String endpoint(ModelSpec spec, Map<String, String> env) {
        return Env.find(env, "OLLAMA_BASE_URL").orElse("");
    }
}
