package dev.docask.answer;

import dev.langchain4j.model.chat.StreamingChatModel;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * Names a chat model: a provider and the model's name, {@code openai:gpt-4o-mini},
 * {@code anthropic:claude-3-5-haiku-latest}, {@code ollama:llama3.2}, or {@link #EXTRACTIVE} for no
 * model at all (answers quote the sources). {@link #create} builds it through the
 * {@link ChatModelProvider}s on the class path; with {@code dev.docask:docask-models} there, the usual
 * environment variables apply:
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
 * ModelSpec spec = ModelSpec.parse("openai:gpt-4o-mini");
 * spec.provider();   // "openai"
 * spec.name();       // "gpt-4o-mini"
 * Optional<StreamingChatModel> m = spec.create(System.getenv(), Duration.ofSeconds(60));
 * }</pre>
 *
 * @param provider who serves the model, lower case ({@code extractive} for none)
 * @param name     the provider's name for the model; empty for {@code extractive}
 */
public record ModelSpec(String provider, String name) {
    /** No model: the answer is the best passages, quoted with their citations. */
    public static final ModelSpec EXTRACTIVE = new ModelSpec("extractive", "");
    /** The spec used when none is given, in its string form: {@link #EXTRACTIVE}. */
    public static final String DEFAULT_SPEC = ExtractiveAnswer.MODEL_ID;
    static final String SPECS = "openai:<name>, anthropic:<name>, ollama:<name> or extractive";

    public ModelSpec {
        Objects.requireNonNull(provider, "provider");
        Objects.requireNonNull(name, "name");
        name = name.strip();
        if (!provider.matches("[a-z0-9][a-z0-9._-]*")) {
            throw new IllegalArgumentException("bad model provider '" + provider + "': use lower-case letters, digits, '.', '_' or '-'");
        }
        if (provider.equals("extractive") != name.isEmpty()) {
            throw new IllegalArgumentException(provider.equals("extractive") ? "extractive takes no model name"
                    : "model '" + provider + ":' names no model; e.g. " + provider + ":" + example(provider));
        }
    }

    /**
     * Reads the string form; blank means {@link #EXTRACTIVE}.
     *
     * @throws IllegalArgumentException quoting the spec when it is malformed or names no model
     */
    public static ModelSpec parse(String spec) {
        String s = spec == null ? "" : spec.strip();
        if (s.isEmpty() || s.equals("extractive")) {
            return EXTRACTIVE;
        }
        int colon = s.indexOf(':');
        String provider = colon < 0 ? s : s.substring(0, colon).strip();
        if (colon < 0 || !provider.matches("[a-z0-9][a-z0-9._-]*")) {
            throw new IllegalArgumentException("unknown model '" + spec + "'; expected " + SPECS);
        }
        String name = colon < 0 ? "" : s.substring(colon + 1).strip();
        if (name.isEmpty()) {
            throw new IllegalArgumentException("model '" + spec + "' names no model; e.g. " + provider + ":" + example(provider));
        }
        return new ModelSpec(provider, name);
    }

    /** Whether this is {@link #EXTRACTIVE}: no model is called. */
    public boolean isExtractive() {
        return provider.equals("extractive");
    }

    /** The string form {@link #parse} reads. */
    @Override
    public String toString() {
        return isExtractive() ? provider : provider + ":" + name;
    }

    /**
     * Builds the model this spec names, with keys and servers from {@code env}; {@code timeout}
     * bounds each HTTP call. Empty for {@link #EXTRACTIVE}.
     *
     * @throws IllegalArgumentException quoting the spec when no provider of that name is known
     * @throws IllegalStateException    when {@code env} lacks a setting the provider needs, or the
     *                                  provider's module is not on the class path
     */
    public Optional<StreamingChatModel> create(Map<String, String> env, Duration timeout) {
        Objects.requireNonNull(env, "env");
        Objects.requireNonNull(timeout, "timeout");
        return isExtractive() ? Optional.empty() : Optional.of(requireProvider().create(this, env, timeout));
    }

    /**
     * The server this spec's model is reached at, as {@code env} sets it ("" for the provider's own
     * default or {@code extractive}): the same model name on another server is another model.
     */
    String endpoint(Map<String, String> env) {
        return isExtractive() ? "" : requireProvider().endpoint(this, env);
    }

    private ChatModelProvider requireProvider() {
        return Providers.ALL.stream().filter(p -> p.provider().equals(provider)).findFirst()
                .orElseThrow(() -> switch (provider) {
                    case "openai", "anthropic", "ollama" -> new IllegalStateException("model '" + this
                            + "' needs the module dev.docask:docask-models on the class path");
                    default -> new IllegalArgumentException("unknown model '" + this + "'; expected " + SPECS);
                });
    }

    /** The providers on the class path, read once. */
    private static final class Providers {
        private static final List<ChatModelProvider> ALL = ServiceLoader.load(ChatModelProvider.class,
                ModelSpec.class.getClassLoader()).stream().map(ServiceLoader.Provider::get).toList();
    }

    private static String example(String provider) {
        return switch (provider) {
            case "openai" -> "gpt-4o-mini";
            case "anthropic" -> "claude-3-5-haiku-latest";
            case "ollama" -> "llama3.2";
            default -> "<name>";
        };
    }
}
