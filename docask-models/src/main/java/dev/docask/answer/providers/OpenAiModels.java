package dev.docask.answer.providers;

import dev.docask.answer.ChatModelProvider;
import dev.docask.answer.ModelSpec;
import dev.langchain4j.model.chat.StreamingChatModel;
import dev.langchain4j.model.openai.OpenAiStreamingChatModel;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/**
 * {@code openai:<name>}: any OpenAI-compatible server (OpenAI, Groq, vLLM, llama.cpp, Ollama's
 * {@code /v1}) at {@code OPENAI_BASE_URL}, with {@code OPENAI_API_KEY}. The key is required for
 * api.openai.com only; local servers usually need none.
 */
public final class OpenAiModels implements ChatModelProvider {
    static final String DEFAULT_URL = "https://api.openai.com/v1";

    @Override
    public String provider() {
        return "openai";
    }

    @Override
    public StreamingChatModel create(ModelSpec spec, Map<String, String> env, Duration timeout) {
        Optional<String> baseUrl = Env.url(env, "OPENAI_BASE_URL");
        Optional<String> key = Env.key(env, "OPENAI_API_KEY");
        if (key.isEmpty() && baseUrl.isEmpty()) {
            // IllegalStateException: the spec is fine, the environment lacks a setting
            throw new IllegalStateException("model '" + spec + "' needs OPENAI_API_KEY (or OPENAI_BASE_URL "
                    + "for a local OpenAI-compatible server)");
        }
        return OpenAiStreamingChatModel.builder()
                .baseUrl(baseUrl.orElse(DEFAULT_URL))
                .apiKey(key.orElse("none"))
                .modelName(spec.name()).timeout(timeout)
                .httpClientBuilder(new CheckedStream(CheckedStream.Protocol.OPENAI)) // unreadable, error and [DONE]-only replies said at once
                .build();
    }

    @Override
    public String endpoint(ModelSpec spec, Map<String, String> env) {
        return Env.find(env, "OPENAI_BASE_URL").orElse("");
    }
}
