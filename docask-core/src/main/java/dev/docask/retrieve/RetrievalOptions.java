package dev.docask.retrieve;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * Every knob of retrieval, named as in docs/retrieval.md. Start from {@link #defaults()} and change what you need:
 *
 * <pre>{@code
 * RetrievalOptions opts = RetrievalOptions.defaults().withTopK(8).withMaxPerSource(2)
 *         .withFilter(Map.of("version", "3.8.1"));
 * }</pre>
 *
 * @param topK                   numbered sources at most (6)
 * @param candidates             candidates taken from each retriever (40; at most {@value #MAX_CANDIDATES},
 *                               and never more than the index holds)
 * @param rrfK                   the k of reciprocal rank fusion (60)
 * @param minSimilarity          cosine floor of the gate; {@code null} = the embedder's measured default
 * @param minKeywordCoverage     keyword coverage floor of the gate; {@code null} = 0.5, or 0.4 without embeddings
 * @param maxContextChars        sources are added in rank order until their text reaches this (8000)
 * @param collapseCopies         count word-for-word copies once, at the canonical URL (true)
 * @param maxPerSource           chunks per page at most; 0 = no limit (0)
 * @param filter                 metadata that a chunk must match, e.g. {@code docType=guide};
 *                               the keys {@code url} and {@code source} match a prefix; a key or value
 *                               that no chunk has is reported to {@code onError}
 * @param similarityNeedsKeyword cosine only counts for chunks sharing a word with the question;
 *                               {@code null} = on for the mock embedder only
 * @param gateMode               whether the gate filters the sources or only decides answerability
 * @param retrievers             which retrievers find candidates (both; one alone is for measuring)
 * @param searchOpening          a question of several sentences is also searched by its opening one,
 *                               which usually names the subject (true)
 * @param retrieveHook           replaces candidate finding; {@code null} = none
 * @param rerankHook             reorders candidates after fusion; {@code null} = none
 * @param onError                receives every failure that retrieval survived (hooks, embedder), and a
 *                               filter that can match nothing, saying which keys or values exist; if it
 *                               throws, the exception is logged at debug level and retrieval goes on
 */
public record RetrievalOptions(int topK, int candidates, int rrfK, Double minSimilarity,
                               Double minKeywordCoverage, int maxContextChars, boolean collapseCopies,
                               int maxPerSource, Map<String, String> filter, Boolean similarityNeedsKeyword,
                               GateMode gateMode, Retrievers retrievers, boolean searchOpening, RetrieveHook retrieveHook, RerankHook rerankHook,
                               Consumer<Throwable> onError) {

    /**
     * What the relevance gate does with the candidates that fail it. The default is
     * {@code ANSWERABILITY}: on the dev sets it never lost recall against {@code FILTER} and gained
     * on Astro (recall@6 0.80 vs 0.60), as a larger question set found (docs/retrieval.md §12, docs/quality.md).
     */
    public enum GateMode {
        /** Only candidates that pass the gate are fused into sources (docs/retrieval.md §12). */
        FILTER,
        /** The gate only decides whether to answer; sources come from the ungated fusion. */
        ANSWERABILITY
    }

    /** Which retrievers find candidates. {@code BM25} and {@code VECTOR} alone exist to measure each half. */
    public enum Retrievers { BOTH, BM25, VECTOR }

    /**
     * Most candidates one retriever may take. Far above any useful value (fusion and the gate look
     * at each one), low enough that a typo cannot ask for a heap of millions.
     */
    public static final int MAX_CANDIDATES = 100_000;

    public RetrievalOptions {
        requireAtLeast("topK", topK, 1);
        requireAtLeast("candidates", candidates, 1);
        if (candidates > MAX_CANDIDATES) {
            throw new IllegalArgumentException("candidates must be at most " + MAX_CANDIDATES + ", got " + candidates);
        }
        requireAtLeast("rrfK", rrfK, 0);
        requireAtLeast("maxContextChars", maxContextChars, 1);
        requireAtLeast("maxPerSource", maxPerSource, 0);
        requireFraction("minSimilarity", minSimilarity, -1);
        requireFraction("minKeywordCoverage", minKeywordCoverage, 0);
        filter = filter == null ? Map.of() : copyFilter(filter);
        gateMode = gateMode == null ? GateMode.ANSWERABILITY : gateMode;
        retrievers = retrievers == null ? Retrievers.BOTH : retrievers;
        onError = onError == null ? e -> { } : onError;
    }

    private static final System.Logger LOG = System.getLogger(RetrievalOptions.class.getName());

    /** The defaults of docs/retrieval.md#defaults-and-where-they-come-from. */
    public static RetrievalOptions defaults() {
        return new RetrievalOptions(6, 40, 60, null, null, 8000, true, 0, Map.of(), null,
                GateMode.ANSWERABILITY, Retrievers.BOTH, true, null, null, null);
    }

    public RetrievalOptions withTopK(int v) {
        return with(c -> c.topK = v);
    }

    public RetrievalOptions withCandidates(int v) {
        return with(c -> c.candidates = v);
    }

    public RetrievalOptions withRrfK(int v) {
        return with(c -> c.rrfK = v);
    }

    public RetrievalOptions withMinSimilarity(Double v) {
        return with(c -> c.minSimilarity = v);
    }

    public RetrievalOptions withMinKeywordCoverage(Double v) {
        return with(c -> c.minKeywordCoverage = v);
    }

    /** Top-N mode: both thresholds 0, so nothing is gated out. */
    public RetrievalOptions withoutGate() {
        return withMinSimilarity(0.0).withMinKeywordCoverage(0.0);
    }

    public RetrievalOptions withMaxContextChars(int v) {
        return with(c -> c.maxContextChars = v);
    }

    public RetrievalOptions withCollapseCopies(boolean v) {
        return with(c -> c.collapseCopies = v);
    }

    public RetrievalOptions withMaxPerSource(int v) {
        return with(c -> c.maxPerSource = v);
    }

    public RetrievalOptions withFilter(Map<String, String> v) {
        return with(c -> c.filter = v);
    }

    public RetrievalOptions withSimilarityNeedsKeyword(Boolean v) {
        return with(c -> c.similarityNeedsKeyword = v);
    }

    public RetrievalOptions withGateMode(GateMode v) {
        return with(c -> c.gateMode = v);
    }

    public RetrievalOptions withRetrievers(Retrievers v) {
        return with(c -> c.retrievers = v);
    }

    public RetrievalOptions withSearchOpening(boolean v) {
        return with(c -> c.searchOpening = v);
    }

    public RetrievalOptions withRetrieveHook(RetrieveHook v) {
        return with(c -> c.retrieveHook = v);
    }

    public RetrievalOptions withRerankHook(RerankHook v) {
        return with(c -> c.rerankHook = v);
    }

    public RetrievalOptions withOnError(Consumer<Throwable> v) {
        return with(c -> c.onError = v);
    }

    /**
     * Hands {@code failure} to {@link #onError}, the one place retrieval calls it: a callback that
     * throws is logged at debug level and otherwise ignored, so a user's handler never breaks a retrieval.
     */
    void report(RetrievalException failure) {
        try {
            onError.accept(failure);
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.DEBUG, "onError threw on '" + failure.getMessage() + "'; ignored", e);
        }
    }

    /** A mutable copy, so that each {@code withX} names only what it changes. */
    private static final class Copy {
        private int topK;
        private int candidates;
        private int rrfK;
        private Double minSimilarity;
        private Double minKeywordCoverage;
        private int maxContextChars;
        private boolean collapseCopies;
        private int maxPerSource;
        private Map<String, String> filter;
        private Boolean similarityNeedsKeyword;
        private GateMode gateMode;
        private Retrievers retrievers;
        private boolean searchOpening;
        private RetrieveHook retrieveHook;
        private RerankHook rerankHook;
        private Consumer<Throwable> onError;

        Copy(RetrievalOptions o) {
            topK = o.topK;
            candidates = o.candidates;
            rrfK = o.rrfK;
            minSimilarity = o.minSimilarity;
            minKeywordCoverage = o.minKeywordCoverage;
            maxContextChars = o.maxContextChars;
            collapseCopies = o.collapseCopies;
            maxPerSource = o.maxPerSource;
            filter = o.filter;
            similarityNeedsKeyword = o.similarityNeedsKeyword;
            gateMode = o.gateMode;
            retrievers = o.retrievers;
            searchOpening = o.searchOpening;
            retrieveHook = o.retrieveHook;
            rerankHook = o.rerankHook;
            onError = o.onError;
        }

        RetrievalOptions build() {
            return new RetrievalOptions(topK, candidates, rrfK, minSimilarity, minKeywordCoverage, maxContextChars, collapseCopies, maxPerSource, filter, similarityNeedsKeyword, gateMode, retrievers, searchOpening, retrieveHook, rerankHook, onError);
        }
    }

    private RetrievalOptions with(Consumer<Copy> change) {
        Copy c = new Copy(this);
        change.accept(c);
        return c.build();
    }

    /** One option {@link #withSetting} can change: its name in docs/retrieval.md, the words it takes (if any), how it is set. */
    private record Setting(String name, String choices, BiFunction<RetrievalOptions, String, RetrievalOptions> apply) {
    }

    // The one list of settable names: withSetting, SETTING_NAMES and SETTING_HELP all read it, so help and errors cannot drift.
    private static final List<Setting> SETTINGS = List.of(
            wholeSetting("topK", RetrievalOptions::withTopK),
            wholeSetting("candidates", RetrievalOptions::withCandidates),
            wholeSetting("rrfK", RetrievalOptions::withRrfK),
            numberSetting("minSimilarity", RetrievalOptions::withMinSimilarity),
            numberSetting("minKeywordCoverage", RetrievalOptions::withMinKeywordCoverage),
            wholeSetting("maxContextChars", RetrievalOptions::withMaxContextChars),
            boolSetting("collapseCopies", RetrievalOptions::withCollapseCopies),
            wholeSetting("maxPerSource", RetrievalOptions::withMaxPerSource),
            boolSetting("similarityNeedsKeyword", RetrievalOptions::withSimilarityNeedsKeyword),
            wordSetting("gateMode", GateMode.class, RetrievalOptions::withGateMode),
            wordSetting("retrievers", Retrievers.class, RetrievalOptions::withRetrievers),
            boolSetting("searchOpening", RetrievalOptions::withSearchOpening));

    /** The option names {@link #withSetting} understands: the names of docs/retrieval.md. */
    public static final List<String> SETTING_NAMES = SETTINGS.stream().map(Setting::name).toList();

    /**
     * {@link #SETTING_NAMES} as help and errors list them: an option that takes a word shows its
     * words, e.g. {@code gateMode (filter|answerability)}.
     */
    public static final List<String> SETTING_HELP = SETTINGS.stream()
            .map(s -> s.choices().isEmpty() ? s.name() : s.name() + " (" + s.choices() + ")").toList();

    /**
     * Changes one option by its docs/retrieval.md name from text, as {@code --set name=value} does. The names are
     * matched one by one (no reflection, so a renamed option breaks the build, not a run); an
     * unknown name or a bad value fails with both quoted.
     *
     * <pre>{@code
     * RetrievalOptions o = RetrievalOptions.defaults().withSetting("maxPerSource", "1");
     * }</pre>
     */
    public RetrievalOptions withSetting(String name, String value) {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(value, "value");
        String n = name.strip();
        for (Setting s : SETTINGS) {
            if (s.name().equals(n)) {
                return s.apply().apply(this, value.strip());
            }
        }
        throw new IllegalArgumentException("unknown option '" + name + "'; known: " + String.join(", ", SETTING_HELP));
    }

    private static Setting wholeSetting(String name, BiFunction<RetrievalOptions, Integer, RetrievalOptions> set) {
        return new Setting(name, "", (o, v) -> set.apply(o, wholeNumber(name, v)));
    }

    private static Setting numberSetting(String name, BiFunction<RetrievalOptions, Double, RetrievalOptions> set) {
        return new Setting(name, "", (o, v) -> set.apply(o, number(name, v)));
    }

    private static Setting boolSetting(String name, BiFunction<RetrievalOptions, Boolean, RetrievalOptions> set) {
        return new Setting(name, "", (o, v) -> set.apply(o, bool(name, v)));
    }

    private static <E extends Enum<E>> Setting wordSetting(String name, Class<E> type,
                                                           BiFunction<RetrievalOptions, E, RetrievalOptions> set) {
        String words = Arrays.stream(type.getEnumConstants()).map(e -> e.name().toLowerCase(Locale.ROOT))
                .collect(Collectors.joining("|"));
        return new Setting(name, words, (o, v) -> set.apply(o, constant(type, name, v)));
    }

    private static int wholeNumber(String name, String v) {
        try {
            return Integer.parseInt(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " must be a whole number, got '" + v + "'");
        }
    }

    private static double number(String name, String v) {
        try {
            return Double.parseDouble(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " must be a number, got '" + v + "'");
        }
    }

    private static boolean bool(String name, String v) {
        return switch (v.toLowerCase(Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new IllegalArgumentException(name + " must be true or false, got '" + v + "'");
        };
    }

    private static <E extends Enum<E>> E constant(Class<E> type, String name, String v) {
        for (E e : type.getEnumConstants()) {
            if (e.name().equalsIgnoreCase(v)) {
                return e;
            }
        }
        throw new IllegalArgumentException(name + " must be one of " + Arrays.toString(type.getEnumConstants())
                .toLowerCase(Locale.ROOT) + ", got '" + v + "'");
    }

    /** {@code filter} copied; a null key or value is an NPE that names the filter entry. */
    private static Map<String, String> copyFilter(Map<String, String> filter) {
        filter.forEach((k, v) -> {
            Objects.requireNonNull(k, "filter key");
            Objects.requireNonNull(v, () -> "filter value of '" + k + "'");
        });
        return Map.copyOf(filter);
    }

    private static void requireAtLeast(String name, int value, int min) {
        if (value < min) {
            throw new IllegalArgumentException(name + " must be at least " + min + ", got " + value);
        }
    }

    private static void requireFraction(String name, Double value, double min) {
        if (value != null && (value.isNaN() || value < min || value > 1)) {
            throw new IllegalArgumentException(name + " must be between " + min + " and 1, got " + value);
        }
    }
}
