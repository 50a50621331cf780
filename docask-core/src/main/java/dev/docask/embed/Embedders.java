package dev.docask.embed;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.function.Function;

/**
 * Creates embedders from an {@link EmbedderSpec}:
 * <ul>
 *   <li>{@code bge-small} (default): local bge-small-en-v1.5, questions with BGE's query instruction;
 *       {@code bge-small:plain} embeds questions as they are (same passage vectors, same index).
 *       It lives in the module {@code dev.docask:docask-bge}, found on the class path;</li>
 *   <li>{@code e5-small}: local e5-small-v2, with its {@code query: } / {@code passage: } prefixes;
 *       in the module {@code dev.docask:docask-e5}, found on the class path (docs/quality.md,
 *       "e5-small against bge-small on the larger sets");</li>
 *   <li>{@code openai:<model>}: an OpenAI-compatible server at {@code OPENAI_BASE_URL}
 *       (default {@value #OPENAI_DEFAULT_BASE_URL}) with the key in {@code OPENAI_API_KEY};</li>
 *   <li>{@code mock[:dims]}: deterministic hashed words, for tests and offline demos;</li>
 *   <li>{@code none}: no embedder, a keyword-only index;</li>
 *   <li>any family an {@link EmbedderProvider} on the class path serves.</li>
 * </ul>
 *
 * <pre>{@code
 * Optional<Embedder> e = Embedders.create(EmbedderSpec.parse("mock:64"), System.getenv());
 * Embedder ollama = Embedders.openAi("nomic-embed-text", "http://localhost:11434/v1", "");
 * }</pre>
 */
public final class Embedders {
    /** The spec used when none is given: {@link EmbedderSpec#DEFAULT}'s string form. */
    public static final String DEFAULT_SPEC = "bge-small";
    /** Where {@code openai:<model>} goes when {@code OPENAI_BASE_URL} is not set. */
    public static final String OPENAI_DEFAULT_BASE_URL = "https://api.openai.com/v1";

    /** The specs docask knows, as error messages list them. */
    public static final String SPECS = "bge-small, bge-small:plain, e5-small, openai:<model>, mock[:dims] or none";
    /* The families SPECS names that docask ships in modules of their own: missing, they are a class path to fix, not a typo. */
    private static final Map<String, String> MODULES = Map.of("bge-small", "docask-bge", "e5-small", "docask-e5");
    private static final int OPENAI_RETRIES = 2;
    private static final Duration OPENAI_BACKOFF = Duration.ofMillis(500);

    private Embedders() {
    }

    /** Parses a spec, reading OpenAI settings from the environment; {@code none} gives an empty optional. */
    public static Optional<Embedder> fromSpec(String spec) {
        return fromSpec(spec, System.getenv());
    }

    /**
     * Parses a spec with OpenAI settings taken from {@code env} ({@code OPENAI_BASE_URL},
     * {@code OPENAI_API_KEY}), so a caller can put its own settings over the environment.
     * Bad specs throw {@link IllegalArgumentException} with the spec quoted.
     */
    public static Optional<Embedder> fromSpec(String spec, Map<String, String> env) {
        Objects.requireNonNull(env, "env");
        return create(EmbedderSpec.parse(spec), env);
    }

    /** Builds the embedder {@code spec} names, with settings from the process environment; empty for {@link EmbedderSpec#NONE}. */
    public static Optional<Embedder> create(EmbedderSpec spec) {
        return create(spec, System.getenv());
    }

    /**
     * Builds the embedder {@code spec} names, with settings from {@code env}; empty for {@link EmbedderSpec#NONE}.
     *
     * @throws IllegalArgumentException naming the spec when no embedder of that name is known
     * @throws IllegalStateException when the spec's module is not on the class path
     */
    public static Optional<Embedder> create(EmbedderSpec spec, Map<String, String> env) {
        Objects.requireNonNull(spec, "spec");
        Objects.requireNonNull(env, "env");
        return resolve(spec).build().apply(env);
    }

    /**
     * The {@link Embedder#id()} of the embedder {@code spec} builds, {@code none} for {@code none},
     * without building it (no model is loaded, no key needed); empty when {@code spec} is no spec.
     *
     * <pre>{@code
     * Embedders.findId("bge-small:plain") // Optional[bge-small-en-v1.5-q]
     * }</pre>
     */
    public static Optional<String> findId(String spec) {
        try {
            return Optional.of(resolve(EmbedderSpec.parse(spec)).id());
        } catch (IllegalArgumentException | IllegalStateException e) {
            return Optional.empty();
        }
    }

    /** What a spec names: the id of its embedder, and how to build that embedder from the environment. */
    private record Parsed(String id, Function<Map<String, String>, Optional<Embedder>> build) {
    }

    private static Parsed resolve(EmbedderSpec spec) {
        String arg = spec.argument();
        switch (spec.family()) {
            case "none" -> {
                requireNoArgument(spec);
                return new Parsed("none", env -> Optional.empty());
            }
            case "mock" -> {
                int dims = arg.isEmpty() ? MockEmbedder.DEFAULT_DIMENSIONS : parseDimensions(spec);
                return new Parsed(MockEmbedder.idFor(dims), env -> Optional.of(new MockEmbedder(dims)));
            }
            case "openai" -> {
                if (arg.isEmpty()) {
                    throw new IllegalArgumentException("embedder '" + spec + "' names no model; e.g. openai:text-embedding-3-small");
                }
                return new Parsed(OpenAiEmbedder.idFor(arg), env -> {
                    String baseUrl = env.getOrDefault("OPENAI_BASE_URL", "");
                    return Optional.of(openAi(arg, baseUrl.isBlank() ? OPENAI_DEFAULT_BASE_URL : baseUrl,
                            env.getOrDefault("OPENAI_API_KEY", "")));
                });
            }
            default -> {
                EmbedderProvider provider = Providers.find(spec.family()).orElseThrow(() -> {
                    String module = MODULES.get(spec.family());
                    return module != null
                            ? new IllegalStateException("embedder '" + spec + "' lives in the module dev.docask:" + module
                            + ", which is not on the class path; add it, or choose another embedder")
                            : new IllegalArgumentException("unknown embedder '" + spec + "'; expected " + SPECS);
                });
                return new Parsed(provider.id(spec), env -> Optional.of(provider.create(spec, env)));
            }
        }
    }

    /** The providers on the class path, read once. */
    private static final class Providers {
        private static final List<EmbedderProvider> ALL = ServiceLoader.load(EmbedderProvider.class,
                Embedders.class.getClassLoader()).stream().map(ServiceLoader.Provider::get).toList();

        static Optional<EmbedderProvider> find(String family) {
            return ALL.stream().filter(p -> p.family().equals(family)).findFirst();
        }
    }

    /**
     * An embedder for any OpenAI-compatible {@code /embeddings} endpoint; {@code apiKey} may be
     * empty for servers that need none. Batches 96 texts per request and retries 429/5xx twice.
     */
    public static Embedder openAi(String model, String baseUrl, String apiKey) {
        return new OpenAiEmbedder(model, baseUrl, apiKey, OPENAI_RETRIES, OPENAI_BACKOFF);
    }

    private static void requireNoArgument(EmbedderSpec spec) {
        if (!spec.argument().isEmpty()) {
            throw new IllegalArgumentException("unknown embedder '" + spec + "'; expected " + SPECS);
        }
    }

    private static int parseDimensions(EmbedderSpec spec) {
        try {
            return Integer.parseInt(spec.argument());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("bad embedder '" + spec + "': dimensions must be a number, e.g. mock:64");
        }
    }
}
