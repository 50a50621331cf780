package dev.docask.answer;

import java.util.Objects;

/**
 * Names a chat model: a provider and the model's name, {@code openai:gpt-4o-mini},
 * {@code anthropic:claude-3-5-haiku-latest}, {@code ollama:llama3.2}, or {@link #EXTRACTIVE} for no
 * model at all (answers quote the sources). {@link ModelSpecs#create} builds it; the providers live
 * in the module {@code dev.docask:docask-models}.
 *
 * <pre>{@code
 * ModelSpec spec = ModelSpec.parse("openai:gpt-4o-mini");
 * spec.provider();   // "openai"
 * spec.name();       // "gpt-4o-mini"
 * }</pre>
 *
 * @param provider who serves the model, lower case ({@code extractive} for none)
 * @param name     the provider's name for the model; empty for {@code extractive}
 */
public record ModelSpec(String provider, String name) {
    /** No model: the answer is the best passages, quoted with their citations. */
    public static final ModelSpec EXTRACTIVE = new ModelSpec("extractive", "");

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
            throw new IllegalArgumentException("unknown model '" + spec + "'; expected " + ModelSpecs.SPECS);
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

    private static String example(String provider) {
        return switch (provider) {
            case "openai" -> "gpt-4o-mini";
            case "anthropic" -> "claude-3-5-haiku-latest";
            case "ollama" -> "llama3.2";
            default -> "<name>";
        };
    }
}
