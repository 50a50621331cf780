package dev.docask.embed;

import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * Creates embedders from the {@code --embedder} spec:
 * <ul>
 *   <li>{@code bge-small} (default): local bge-small-en-v1.5, questions with BGE's query instruction;
 *       {@code bge-small:plain} embeds questions as they are (same passage vectors, same index);</li>
 *   <li>{@code openai:<model>}: an OpenAI-compatible server at {@code OPENAI_BASE_URL}
 *       (default {@value #OPENAI_DEFAULT_BASE_URL}) with the key in {@code OPENAI_API_KEY};</li>
 *   <li>{@code mock[:dims]}: deterministic hashed words, for tests and offline demos;</li>
 *   <li>{@code none}: no embedder, a keyword-only index.</li>
 * </ul>
 *
 * <pre>{@code
 * Optional<Embedder> e = Embedders.fromSpec("mock:64");
 * Embedder ollama = Embedders.openAi("nomic-embed-text", "http://localhost:11434/v1", "");
 * }</pre>
 */
public final class Embedders {
    /** The spec used when none is given. */
    public static final String DEFAULT_SPEC = "bge-small";
    /** Where {@code openai:<model>} goes when {@code OPENAI_BASE_URL} is not set. */
    public static final String OPENAI_DEFAULT_BASE_URL = "https://api.openai.com/v1";

    private static final String SPECS = "bge-small, bge-small:plain, openai:<model>, mock[:dims] or none";
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
     * {@code OPENAI_API_KEY}), so a caller can put command-line flags over the environment.
     * Bad specs throw {@link IllegalArgumentException} with the spec quoted.
     */
    public static Optional<Embedder> fromSpec(String spec, Map<String, String> env) {
        Objects.requireNonNull(env, "env");
        return parse(spec).orElseThrow(() -> new IllegalArgumentException("unknown embedder '" + spec
                + "'; expected " + SPECS)).build().apply(env);
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
        return parse(spec).map(Parsed::id);
    }

    /** What a spec names: the id of its embedder, and how to build that embedder from the environment. */
    private record Parsed(String id, Function<Map<String, String>, Optional<Embedder>> build) {
    }

    private static Optional<Parsed> parse(String spec) {
        String s = spec == null ? "" : spec.trim();
        if (s.equals("none")) {
            return Optional.of(new Parsed("none", env -> Optional.empty()));
        }
        if (s.equals("mock") || s.startsWith("mock:")) {
            int dims = s.equals("mock") ? MockEmbedder.DEFAULT_DIMENSIONS : parseDimensions(s);
            return Optional.of(new Parsed(MockEmbedder.idFor(dims), env -> Optional.of(new MockEmbedder(dims))));
        }
        if (s.equals("bge-small") || s.equals("bge-small:instruct")) {
            return Optional.of(new Parsed(BgeSmallEmbedder.ID,
                    env -> Optional.of(new BgeSmallEmbedder(BgeSmallEmbedder.QueryMode.INSTRUCT))));
        }
        if (s.equals("bge-small:plain")) {
            return Optional.of(new Parsed(BgeSmallEmbedder.ID,
                    env -> Optional.of(new BgeSmallEmbedder(BgeSmallEmbedder.QueryMode.PLAIN))));
        }
        if (s.startsWith("openai:") && !s.substring("openai:".length()).isBlank()) {
            String model = s.substring("openai:".length()).trim();
            return Optional.of(new Parsed(OpenAiEmbedder.idFor(model), env -> {
                String baseUrl = env.getOrDefault("OPENAI_BASE_URL", "");
                return Optional.of(openAi(model, baseUrl.isBlank() ? OPENAI_DEFAULT_BASE_URL : baseUrl,
                        env.getOrDefault("OPENAI_API_KEY", "")));
            }));
        }
        return Optional.empty();
    }

    /**
     * An embedder for any OpenAI-compatible {@code /embeddings} endpoint; {@code apiKey} may be
     * empty for servers that need none. Batches 96 texts per request and retries 429/5xx twice.
     */
    public static Embedder openAi(String model, String baseUrl, String apiKey) {
        return new OpenAiEmbedder(model, baseUrl, apiKey, OPENAI_RETRIES, OPENAI_BACKOFF);
    }

    /** Whether vectors from this embedder carry no meaning beyond shared words (the mock). */
    public static boolean isMock(String embedderId) {
        return embedderId != null && embedderId.startsWith("mock:");
    }

    private static int parseDimensions(String spec) {
        try {
            return Integer.parseInt(spec.substring("mock:".length()));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("bad embedder '" + spec + "': dimensions must be a number, e.g. mock:64");
        }
    }
}
