package dev.docask.answer;

import dev.langchain4j.model.anthropic.AnthropicStreamingChatModel;
import dev.langchain4j.model.chat.StreamingChatModel;
import dev.langchain4j.model.ollama.OllamaStreamingChatModel;
import dev.langchain4j.model.openai.OpenAiStreamingChatModel;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/**
 * Creates chat models from the {@code --model} spec, with keys and addresses from the usual
 * environment variables:
 * <ul>
 *   <li>{@code openai:<name>} — any OpenAI-compatible server (OpenAI, Groq, vLLM, llama.cpp,
 *       Ollama's {@code /v1}): {@code OPENAI_API_KEY}, {@code OPENAI_BASE_URL}. The key is required
 *       for api.openai.com only; local servers usually need none.</li>
 *   <li>{@code anthropic:<name>} — {@code ANTHROPIC_API_KEY} (required), {@code ANTHROPIC_BASE_URL} (the
 *       origin, as for Anthropic's SDKs, e.g. {@code https://api.anthropic.com}; a trailing {@code /v1} is
 *       accepted too).</li>
 *   <li>{@code ollama:<name>} — {@code OLLAMA_BASE_URL}, default {@code http://localhost:11434}.</li>
 *   <li>{@code extractive} — no model: quoted passages (an empty optional).</li>
 * </ul>
 *
 * <pre>{@code
 * Optional<StreamingChatModel> m = ModelSpecs.fromSpec("openai:gpt-4o-mini", System.getenv(), Duration.ofSeconds(60));
 * }</pre>
 */
public final class ModelSpecs {
    /** The spec used when none is given: no model, quoted passages. */
    public static final String EXTRACTIVE = ExtractiveAnswer.MODEL_ID;
    static final String OPENAI_DEFAULT_URL = "https://api.openai.com/v1";
    static final String OLLAMA_DEFAULT_URL = "http://localhost:11434";

    private ModelSpecs() {
    }

    /** Parses {@code spec} with keys from {@code env}; {@code timeout} bounds each HTTP call. */
    public static Optional<StreamingChatModel> fromSpec(String spec, Map<String, String> env, Duration timeout) {
        String s = spec == null ? "" : spec.strip();
        if (s.isEmpty() || s.equals(EXTRACTIVE)) {
            return Optional.empty();
        }
        int colon = s.indexOf(':');
        String provider = colon < 0 ? s : s.substring(0, colon);
        String name = colon < 0 ? "" : s.substring(colon + 1).strip();
        if (!provider.equals("openai") && !provider.equals("anthropic") && !provider.equals("ollama")) {
            throw new IllegalArgumentException("unknown model '" + spec
                    + "'; expected openai:<name>, anthropic:<name>, ollama:<name> or extractive");
        }
        if (name.isEmpty()) {
            throw new IllegalArgumentException("model '" + spec + "' names no model; e.g. " + provider + ":"
                    + switch (provider) {
                        case "openai" -> "gpt-4o-mini";
                        case "anthropic" -> "claude-3-5-haiku-latest";
                        default -> "llama3.2";
                    });
        }
        return Optional.of(switch (provider) {
            case "openai" -> openAi(spec, name, env, timeout);
            case "anthropic" -> anthropic(spec, name, env, timeout);
            default -> OllamaStreamingChatModel.builder()
                    .baseUrl(Optional.ofNullable(blankToNull(env.get("OLLAMA_BASE_URL"))).orElse(OLLAMA_DEFAULT_URL))
                    .modelName(name).timeout(timeout).build();
        });
    }

    /**
     * The server a spec's model is reached at, as {@code env} sets it ("" for the provider's own
     * default or {@code extractive}): the same model name on another server is another model.
     */
    static String endpoint(String spec, Map<String, String> env) {
        String s = spec == null ? "" : spec.strip();
        String variable = s.startsWith("openai:") ? "OPENAI_BASE_URL"
                : s.startsWith("anthropic:") ? "ANTHROPIC_BASE_URL"
                : s.startsWith("ollama:") ? "OLLAMA_BASE_URL" : null;
        String url = variable == null ? null : blankToNull(env.get(variable));
        return url == null ? "" : url;
    }

    private static StreamingChatModel openAi(String spec, String name, Map<String, String> env, Duration timeout) {
        String baseUrl = blankToNull(env.get("OPENAI_BASE_URL"));
        String key = blankToNull(env.get("OPENAI_API_KEY"));
        if (key == null && baseUrl == null) {
            // IllegalStateException: the spec is fine, the environment lacks a setting (exit 1, not a usage error)
            throw new IllegalStateException("model '" + spec + "' needs OPENAI_API_KEY (or OPENAI_BASE_URL "
                    + "for a local OpenAI-compatible server)");
        }
        return OpenAiStreamingChatModel.builder()
                .baseUrl(baseUrl == null ? OPENAI_DEFAULT_URL : baseUrl)
                .apiKey(key == null ? "none" : key)
                .modelName(name).timeout(timeout).build();
    }

    private static StreamingChatModel anthropic(String spec, String name, Map<String, String> env, Duration timeout) {
        String key = blankToNull(env.get("ANTHROPIC_API_KEY"));
        if (key == null) {
            throw new IllegalStateException("model '" + spec + "' needs ANTHROPIC_API_KEY");
        }
        AnthropicStreamingChatModel.AnthropicStreamingChatModelBuilder b = AnthropicStreamingChatModel.builder()
                .apiKey(key).modelName(name).maxTokens(1024).timeout(timeout);
        String baseUrl = blankToNull(env.get("ANTHROPIC_BASE_URL"));
        return (baseUrl == null ? b : b.baseUrl(anthropicApiUrl(baseUrl))).build();
    }

    /*
     * ANTHROPIC_BASE_URL is the API's origin for Anthropic's own SDKs and tools, which add /v1/messages;
     * LangChain4j's client adds only "messages", so it needs the URL with /v1. Both forms are accepted.
     */
    private static String anthropicApiUrl(String baseUrl) {
        String u = baseUrl.replaceAll("/+$", "");
        return u.endsWith("/v1") ? u + "/" : u + "/v1/";
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s.strip();
    }
}
