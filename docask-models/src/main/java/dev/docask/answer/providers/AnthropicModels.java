package dev.docask.answer.providers;

import dev.docask.answer.ChatModelProvider;
import dev.docask.answer.ModelSpec;
import dev.langchain4j.model.anthropic.AnthropicStreamingChatModel;
import dev.langchain4j.model.chat.StreamingChatModel;

import java.time.Duration;
import java.util.Map;

/**
 * {@code anthropic:<name>}: {@code ANTHROPIC_API_KEY} (required) and {@code ANTHROPIC_BASE_URL}, the
 * API's origin as Anthropic's SDKs take it (e.g. {@code https://api.anthropic.com}; a trailing
 * {@code /v1} is accepted too).
 */
public final class AnthropicModels implements ChatModelProvider {

    @Override
    public String provider() {
        return "anthropic";
    }

    @Override
    public StreamingChatModel create(ModelSpec spec, Map<String, String> env, Duration timeout) {
        String key = Env.key(env, "ANTHROPIC_API_KEY")
                .orElseThrow(() -> new IllegalStateException("model '" + spec + "' needs ANTHROPIC_API_KEY"));
        AnthropicStreamingChatModel.AnthropicStreamingChatModelBuilder b = AnthropicStreamingChatModel.builder()
                .apiKey(key).modelName(spec.name()).maxTokens(1024).timeout(timeout)
                .httpClientBuilder(new CheckedStream(CheckedStream.Protocol.ANTHROPIC)); // unreadable or cut replies fail at once
        return Env.url(env, "ANTHROPIC_BASE_URL").map(url -> b.baseUrl(apiUrl(url))).orElse(b).build();
    }

    @Override
    public String endpoint(ModelSpec spec, Map<String, String> env) {
        return Env.find(env, "ANTHROPIC_BASE_URL").orElse("");
    }

    /*
     * ANTHROPIC_BASE_URL is the API's origin for Anthropic's own SDKs and tools, which add /v1/messages;
     * LangChain4j's client adds only "messages", so it needs the URL with /v1. Both forms are accepted.
     */
    static String apiUrl(String baseUrl) {
        String u = baseUrl.replaceAll("/+$", "");
        return u.endsWith("/v1") ? u + "/" : u + "/v1/";
    }
}
