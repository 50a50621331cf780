package dev.docask.answer;

import dev.langchain4j.model.chat.StreamingChatModel;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * Creates chat models from a {@link ModelSpec}, through the {@link ChatModelProvider}s on the class
 * path. With {@code dev.docask:docask-models} there, the usual environment variables apply:
 * <ul>
 *   <li>{@code openai:<name>} — any OpenAI-compatible server (OpenAI, Groq, vLLM, llama.cpp,
 *       Ollama's {@code /v1}): {@code OPENAI_API_KEY}, {@code OPENAI_BASE_URL}. The key is required
 *       for api.openai.com only; local servers usually need none.</li>
 *   <li>{@code anthropic:<name>} — {@code ANTHROPIC_API_KEY} (required), {@code ANTHROPIC_BASE_URL}.</li>
 *   <li>{@code ollama:<name>} — {@code OLLAMA_BASE_URL}, default {@code http://localhost:11434}.</li>
 *   <li>{@code extractive} — no model: quoted passages (an empty optional).</li>
 * </ul>
 *
 * <pre>{@code
 * Optional<StreamingChatModel> m = ModelSpecs.create(ModelSpec.parse("openai:gpt-4o-mini"), System.getenv(), Duration.ofSeconds(60));
 * }</pre>
 */
public final class ModelSpecs {
    /** The spec used when none is given: no model, quoted passages. */
    public static final String EXTRACTIVE = ExtractiveAnswer.MODEL_ID;
    static final String SPECS = "openai:<name>, anthropic:<name>, ollama:<name> or extractive";

    private ModelSpecs() {
    }

    /** Parses {@code spec} with keys from {@code env}; {@code timeout} bounds each HTTP call. */
    public static Optional<StreamingChatModel> fromSpec(String spec, Map<String, String> env, Duration timeout) {
        return create(ModelSpec.parse(spec), env, timeout);
    }

    /**
     * Builds the model {@code spec} names; empty for {@link ModelSpec#EXTRACTIVE}.
     *
     * @throws IllegalArgumentException quoting the spec when no provider of that name is known
     * @throws IllegalStateException    when {@code env} lacks a setting the provider needs, or the
     *                                  provider's module is not on the class path
     */
    public static Optional<StreamingChatModel> create(ModelSpec spec, Map<String, String> env, Duration timeout) {
        Objects.requireNonNull(env, "env");
        Objects.requireNonNull(timeout, "timeout");
        return spec.isExtractive() ? Optional.empty() : Optional.of(requireProvider(spec).create(spec, env, timeout));
    }

    /**
     * The server a spec's model is reached at, as {@code env} sets it ("" for the provider's own
     * default or {@code extractive}): the same model name on another server is another model.
     */
    static String endpoint(ModelSpec spec, Map<String, String> env) {
        return spec.isExtractive() ? "" : requireProvider(spec).endpoint(spec, env);
    }

    private static ChatModelProvider requireProvider(ModelSpec spec) {
        return Providers.ALL.stream().filter(p -> p.provider().equals(spec.provider())).findFirst()
                .orElseThrow(() -> switch (spec.provider()) {
                    case "openai", "anthropic", "ollama" -> new IllegalStateException("model '" + spec
                            + "' needs the module dev.docask:docask-models on the class path");
                    default -> new IllegalArgumentException("unknown model '" + spec + "'; expected " + SPECS);
                });
    }

    /** The providers on the class path, read once. */
    private static final class Providers {
        private static final List<ChatModelProvider> ALL = ServiceLoader.load(ChatModelProvider.class,
                ModelSpecs.class.getClassLoader()).stream().map(ServiceLoader.Provider::get).toList();
    }
}
