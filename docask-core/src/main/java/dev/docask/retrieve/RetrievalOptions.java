package dev.docask.retrieve;

import com.google.errorprone.annotations.CanIgnoreReturnValue;
import com.google.errorprone.annotations.CheckReturnValue;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.StringJoiner;
import java.util.TreeMap;
import java.util.function.BiConsumer;
import java.util.stream.Collectors;

/**
 * Every knob of retrieval, named as in docs/retrieval.md. An immutable value: start from
 * {@link #defaults()} or {@link #builder()}, or read the string form with {@link #parse}.
 *
 * <pre>{@code
 * RetrievalOptions opts = RetrievalOptions.builder().topK(8).maxPerSource(2)
 *         .filter(Map.of("version", "3.8.1")).build();
 * RetrievalOptions same = RetrievalOptions.parse("topK=8,maxPerSource=2").toBuilder()
 *         .filter(Map.of("version", "3.8.1")).build();
 * }</pre>
 *
 * <p>The options fall in three groups, as the builder's methods do:
 * <ul>
 *   <li><b>gate</b>: {@link #minSimilarity()}, {@link #minKeywordCoverage()},
 *       {@link #similarityNeedsKeyword()}, {@link #coverageNeedsPair()}, {@link #gateMode()};</li>
 *   <li><b>limits</b> on the sources: {@link #topK()}, {@link #maxContextChars()},
 *       {@link #maxPerSource()}, {@link #collapseCopies()}, {@link #listFirsts()}, {@link #namedPage()}, {@link #filter()};</li>
 *   <li><b>candidates</b>: {@link #candidates()}, {@link #rrfK()}, {@link #fusion()}, {@link #retrievers()},
 *       {@link #searchOpening()}, {@link #closeWords()}.</li>
 * </ul>
 * Hooks and the error sink are not options: they belong to the {@link HybridRetriever.Builder}.
 */
@CheckReturnValue
public final class RetrievalOptions {

    /**
     * What the relevance gate does with the candidates that fail it. The default is
     * {@code ANSWERABILITY}: on the dev sets it never lost recall against {@code FILTER} and gained
     * on Astro (recall@6 0.80 vs 0.60; docs/quality.md).
     */
    public enum GateMode {
        /** Only candidates that pass the gate are fused into sources (docs/retrieval.md §4). */
        FILTER,
        /** The gate only decides whether to answer; sources come from the ungated fusion. */
        ANSWERABILITY
    }

    /** Which retrievers find candidates. {@code BM25} and {@code VECTOR} alone exist to measure each half. */
    public enum Retrievers { BOTH, BM25, VECTOR }

    /**
     * How the two lists become one order (docs/retrieval.md §5). {@code RANKS} is reciprocal rank fusion
     * alone (the product spec's rule); {@code SCORES} a convex combination of the two lists' min-max
     * normalised scores; {@code BOTH}, the default, adds the two, so that a candidate far ahead in one list
     * keeps its lead: on 832 answerable docs question forms it found 13 pages more and lost 2, and raised
     * nDCG@10 on both BEIR collections (docs/quality.md, "Ranks and scores together").
     *
     * <pre>{@code
     * RetrievalOptions plainRrf = RetrievalOptions.builder().fusion(FusionMethod.RANKS).build();
     * }</pre>
     */
    public enum FusionMethod { RANKS, SCORES, BOTH }

    /**
     * Most candidates one retriever may take. Far above any useful value (fusion and the gate look
     * at each one), low enough that a typo cannot ask for a heap of millions.
     */
    public static final int MAX_CANDIDATES = 100_000;

    private static final RetrievalOptions DEFAULTS = new Builder().build();

    private final int topK;
    private final int candidates;
    private final int rrfK;
    private final OptionalDouble minSimilarity;
    private final OptionalDouble minKeywordCoverage;
    private final int maxContextChars;
    private final boolean collapseCopies;
    private final OptionalInt maxPerSource;
    private final Map<String, String> filter;
    private final Optional<Boolean> similarityNeedsKeyword;
    private final GateMode gateMode;
    private final Retrievers retrievers;
    private final boolean searchOpening;
    private final boolean listFirsts;
    private final boolean namedPage;
    private final boolean closeWords;
    private final boolean coverageNeedsPair;
    private final Optional<String> docsVersion;
    private final boolean versionAware;
    private final FusionMethod fusion;
    private final double denseWeight;
    private final double pageWeight;

    private RetrievalOptions(Builder b) {
        topK = b.topK;
        candidates = b.candidates;
        rrfK = b.rrfK;
        minSimilarity = b.minSimilarity;
        minKeywordCoverage = b.minKeywordCoverage;
        maxContextChars = b.maxContextChars;
        collapseCopies = b.collapseCopies;
        maxPerSource = b.maxPerSource;
        filter = b.filter;
        similarityNeedsKeyword = b.similarityNeedsKeyword;
        gateMode = b.gateMode;
        retrievers = b.retrievers;
        searchOpening = b.searchOpening;
        listFirsts = b.listFirsts;
        namedPage = b.namedPage;
        closeWords = b.closeWords;
        coverageNeedsPair = b.coverageNeedsPair;
        docsVersion = b.docsVersion;
        versionAware = b.versionAware;
        fusion = b.fusion;
        denseWeight = b.denseWeight;
        pageWeight = b.pageWeight;
    }

    /** The defaults of docs/retrieval.md. */
    public static RetrievalOptions defaults() {
        return DEFAULTS;
    }

    /** A builder holding the defaults. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding these options, to change some of them. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /**
     * Reads the string form: {@code name=value} pairs separated by commas, the names as in
     * {@link #SETTING_NAMES}, over the defaults; blank is the defaults. The form {@code --set},
     * config files and the server take.
     *
     * <pre>{@code
     * RetrievalOptions o = RetrievalOptions.parse("topK=8, gateMode=filter, minSimilarity=0.75");
     * }</pre>
     *
     * @throws IllegalArgumentException quoting the name or value that is wrong
     */
    public static RetrievalOptions parse(String spec) {
        return builder().parse(spec).build();
    }

    // --- gate ---

    /** Cosine floor of the gate; empty = the embedder's measured default (docs/retrieval.md §4). */
    public OptionalDouble minSimilarity() {
        return minSimilarity;
    }

    /** Keyword coverage floor of the gate; empty = 0.5, or 0.4 on a keyword-only index. */
    public OptionalDouble minKeywordCoverage() {
        return minKeywordCoverage;
    }

    /** Whether cosine counts only for chunks sharing a word with the question; empty = on for embedders that only match words. */
    public Optional<Boolean> similarityNeedsKeyword() {
        return similarityNeedsKeyword;
    }

    /** Whether the gate filters the sources or only decides answerability (answerability). */
    public GateMode gateMode() {
        return gateMode;
    }

    // --- limits ---

    /** Numbered sources at most (6). */
    public int topK() {
        return topK;
    }

    /** Sources are added in rank order until their text reaches this (8000). */
    public int maxContextChars() {
        return maxContextChars;
    }

    /**
     * Ranked chunks of one page at most among the sources' candidates (1: page-diverse sources, docs/retrieval.md §7);
     * empty = no limit. A source may still carry more of its page's text from the context budget left over (§8).
     */
    public OptionalInt maxPerSource() {
        return maxPerSource;
    }

    /** Whether word-for-word copies count once, at the canonical URL, and a passage repeated on other pages counts once among the sources (true). */
    public boolean collapseCopies() {
        return collapseCopies;
    }

    /**
     * Metadata a chunk must match, e.g. {@code docType=guide}; {@code url} and {@code source} match a
     * prefix, a front-matter list matches each of its items. Empty = every chunk.
     */
    public Map<String, String> filter() {
        return filter;
    }

    /**
     * The docs version the reader is on (e.g. {@code 3.8.1}, {@code next}, or a major such as {@code v3}):
     * copies are cited at that version's URL and pages of other versions rank after the rest
     * (docs/retrieval.md, "Versions"). Empty = no preference; a version the index does not have is ignored.
     */
    public Optional<String> docsVersion() {
        return docsVersion;
    }

    /**
     * Whether a version the question names ("upgrading to 3.x") counts as the reader's when the request
     * names none, and moves pages whose URL names another major (/migration/v2) after the rest (true).
     */
    public boolean versionAware() {
        return versionAware;
    }

    // --- candidates ---

    /** Candidates taken from each retriever (40; at most {@value #MAX_CANDIDATES}, never more than the index holds). */
    public int candidates() {
        return candidates;
    }

    /** The k of reciprocal rank fusion (60). */
    public int rrfK() {
        return rrfK;
    }

    /** Which retrievers find candidates (both; one alone is for measuring). */
    public Retrievers retrievers() {
        return retrievers;
    }

    /**
     * Whether each retriever's first candidate (BM25's, the cosine's) is among the {@link #topK()} sources, moved up to
     * the last places when fusion ranked it lower (docs/retrieval.md §7, "Each list's first") (true).
     */
    public boolean listFirsts() {
        return listFirsts;
    }

    /**
     * Whether the page whose title the question names (every word of the title written in the question, each rare on
     * the site) is among the {@link #topK()} sources, moved up to the last place when fusion ranked it lower
     * (docs/retrieval.md §7, "The page the question names") (true).
     */
    public boolean namedPage() {
        return namedPage;
    }

    /** Whether a question of several sentences is also searched by its opening one, which usually names the subject (true). */
    public boolean searchOpening() {
        return searchOpening;
    }

    /**
     * Whether a question word that is on no page is matched to the closest word the site has, with
     * less weight, for BM25 and keyword coverage ("how to configre the sidbar"; docs/retrieval.md, "Typos") (true).
     */
    public boolean closeWords() {
        return closeWords;
    }

    /**
     * Whether keyword coverage vouches for a question only when one of its candidate chunks writes two of its
     * neighbouring words together (docs/retrieval.md §4, "Words the site writes together"); on by default. It applies where the index has vectors
     * and its search backend can tell: a question none of whose word pairs the site writes must pass on its meaning.
     */
    public boolean coverageNeedsPair() {
        return coverageNeedsPair;
    }

    /** How the two lists are fused: by ranks, by normalised scores, or both added (the default; docs/retrieval.md §5). */
    public FusionMethod fusion() {
        return fusion;
    }

    /** The cosine list's share of the fused score, 0 to 1; the BM25 list gets the rest (0.5: equal). */
    public double denseWeight() {
        return denseWeight;
    }

    /**
     * How much the other chunks of a page among the candidates add to a chunk's fused score, as a
     * share of their own fused scores (docs/retrieval.md §5, "The page counts too").
     */
    public double pageWeight() {
        return pageWeight;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof RetrievalOptions r && topK == r.topK && candidates == r.candidates && rrfK == r.rrfK
                && minSimilarity.equals(r.minSimilarity) && minKeywordCoverage.equals(r.minKeywordCoverage)
                && maxContextChars == r.maxContextChars && collapseCopies == r.collapseCopies
                && maxPerSource.equals(r.maxPerSource) && filter.equals(r.filter)
                && similarityNeedsKeyword.equals(r.similarityNeedsKeyword) && gateMode == r.gateMode
                && retrievers == r.retrievers && searchOpening == r.searchOpening && closeWords == r.closeWords
                && listFirsts == r.listFirsts && namedPage == r.namedPage
                && coverageNeedsPair == r.coverageNeedsPair
                && docsVersion.equals(r.docsVersion) && versionAware == r.versionAware
                && fusion == r.fusion && denseWeight == r.denseWeight && pageWeight == r.pageWeight;
    }

    @Override
    public int hashCode() {
        return Objects.hash(topK, candidates, rrfK, minSimilarity, minKeywordCoverage, maxContextChars, collapseCopies,
                maxPerSource, filter, similarityNeedsKeyword, gateMode, retrievers, searchOpening, closeWords, docsVersion, versionAware,
                coverageNeedsPair, fusion, denseWeight, pageWeight, listFirsts, namedPage);
    }

    /** The string form {@link #parse} reads (options left to their per-embedder default are left out), then the filter. */
    @Override
    public String toString() {
        StringJoiner j = new StringJoiner(",");
        j.add("topK=" + topK).add("candidates=" + candidates).add("rrfK=" + rrfK);
        minSimilarity.ifPresent(v -> j.add("minSimilarity=" + v));
        minKeywordCoverage.ifPresent(v -> j.add("minKeywordCoverage=" + v));
        j.add("maxContextChars=" + maxContextChars).add("collapseCopies=" + collapseCopies)
                .add("maxPerSource=" + maxPerSource.orElse(0)).add("listFirsts=" + listFirsts)
                .add("namedPage=" + namedPage);
        similarityNeedsKeyword.ifPresent(v -> j.add("similarityNeedsKeyword=" + v));
        j.add("gateMode=" + word(gateMode)).add("retrievers=" + word(retrievers)).add("searchOpening=" + searchOpening)
                .add("closeWords=" + closeWords).add("coverageNeedsPair=" + coverageNeedsPair).add("versionAware=" + versionAware)
                .add("fusion=" + word(fusion)).add("denseWeight=" + denseWeight).add("pageWeight=" + pageWeight);
        docsVersion.ifPresent(v -> j.add("docsVersion=" + v));
        return filter.isEmpty() ? j.toString() : j + " filter " + new TreeMap<>(filter);
    }

    /**
     * Builds {@link RetrievalOptions}. Each setter checks its value at once and names the option
     * when it is out of range, so a bad {@code --set} fails with the option it came from.
     */
    public static final class Builder {
        private int topK = 6;
        private int candidates = 40;
        private int rrfK = 60;
        private OptionalDouble minSimilarity = OptionalDouble.empty();
        private OptionalDouble minKeywordCoverage = OptionalDouble.empty();
        private int maxContextChars = 8000;
        private boolean collapseCopies = true;
        private OptionalInt maxPerSource = OptionalInt.of(1);
        private Map<String, String> filter = Map.of();
        private Optional<Boolean> similarityNeedsKeyword = Optional.empty();
        private GateMode gateMode = GateMode.ANSWERABILITY;
        private Retrievers retrievers = Retrievers.BOTH;
        private boolean searchOpening = true;
        private boolean listFirsts = true;
        private boolean namedPage = true;
        private boolean closeWords = true;
        private boolean coverageNeedsPair = true;
        private Optional<String> docsVersion = Optional.empty();
        private boolean versionAware = true;
        private FusionMethod fusion = FusionMethod.BOTH;
        private double denseWeight = 0.5;
        private double pageWeight = 0;

        private Builder() {
        }

        private Builder(RetrievalOptions o) {
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
            listFirsts = o.listFirsts;
            namedPage = o.namedPage;
            closeWords = o.closeWords;
            coverageNeedsPair = o.coverageNeedsPair;
            docsVersion = o.docsVersion;
            versionAware = o.versionAware;
            fusion = o.fusion;
            denseWeight = o.denseWeight;
            pageWeight = o.pageWeight;
        }

        // --- gate ---

        /** The gate's cosine floor, between -1 and 1. */
        @CanIgnoreReturnValue
        public Builder minSimilarity(double v) {
            minSimilarity = OptionalDouble.of(requireFraction("minSimilarity", v, -1));
            return this;
        }

        /** Back to the embedder's measured cosine floor. */
        @CanIgnoreReturnValue
        public Builder defaultMinSimilarity() {
            minSimilarity = OptionalDouble.empty();
            return this;
        }

        /** The gate's keyword coverage floor, between 0 and 1. */
        @CanIgnoreReturnValue
        public Builder minKeywordCoverage(double v) {
            minKeywordCoverage = OptionalDouble.of(requireFraction("minKeywordCoverage", v, 0));
            return this;
        }

        /** Top-N mode: both floors 0, so nothing is gated out. */
        @CanIgnoreReturnValue
        public Builder withoutGate() {
            return minSimilarity(0).minKeywordCoverage(0);
        }

        @CanIgnoreReturnValue
        public Builder similarityNeedsKeyword(boolean v) {
            similarityNeedsKeyword = Optional.of(v);
            return this;
        }

        @CanIgnoreReturnValue
        public Builder gateMode(GateMode v) {
            gateMode = Objects.requireNonNull(v, "gateMode");
            return this;
        }

        // --- limits ---

        /** Numbered sources at most, at least 1. */
        @CanIgnoreReturnValue
        public Builder topK(int v) {
            topK = requireAtLeast("topK", v, 1);
            return this;
        }

        @CanIgnoreReturnValue
        public Builder maxContextChars(int v) {
            maxContextChars = requireAtLeast("maxContextChars", v, 1);
            return this;
        }

        /** Ranked chunks of one page at most, at least 1 (see {@link RetrievalOptions#maxPerSource()}); {@link #noMaxPerSource()} lifts the limit. */
        @CanIgnoreReturnValue
        public Builder maxPerSource(int v) {
            maxPerSource = OptionalInt.of(requireAtLeast("maxPerSource", v, 1));
            return this;
        }

        @CanIgnoreReturnValue
        public Builder noMaxPerSource() {
            maxPerSource = OptionalInt.empty();
            return this;
        }

        @CanIgnoreReturnValue
        public Builder collapseCopies(boolean v) {
            collapseCopies = v;
            return this;
        }

        /** Metadata a chunk must match (copied); a null key or value names the entry. */
        @CanIgnoreReturnValue
        public Builder filter(Map<String, String> v) {
            Objects.requireNonNull(v, "filter");
            v.forEach((k, value) -> {
                Objects.requireNonNull(k, "filter key");
                Objects.requireNonNull(value, () -> "filter value of '" + k + "'");
            });
            filter = Map.copyOf(v);
            return this;
        }

        /** The docs version the reader is on; blank means none. At most 100 characters of letters, digits, {@code . _ -}. */
        @CanIgnoreReturnValue
        public Builder docsVersion(String v) {
            Objects.requireNonNull(v, "docsVersion");
            String s = v.strip();
            if (!s.isEmpty() && !s.matches("[\\p{L}\\p{N}._-]{1,100}")) {
                throw new IllegalArgumentException("docsVersion must be a version name such as 3.8.1, next or v3 "
                        + "(letters, digits, '.', '_', '-'; at most 100), got '" + (s.length() > 40 ? s.substring(0, 40) + "…" : s) + "'");
            }
            docsVersion = s.isEmpty() ? Optional.empty() : Optional.of(s);
            return this;
        }

        /** No docs version preference (the default). */
        @CanIgnoreReturnValue
        public Builder anyDocsVersion() {
            docsVersion = Optional.empty();
            return this;
        }

        @CanIgnoreReturnValue
        public Builder versionAware(boolean v) {
            versionAware = v;
            return this;
        }

        // --- candidates ---

        @CanIgnoreReturnValue
        public Builder candidates(int v) {
            requireAtLeast("candidates", v, 1);
            if (v > MAX_CANDIDATES) {
                throw new IllegalArgumentException("candidates must be at most " + MAX_CANDIDATES + ", got " + v);
            }
            candidates = v;
            return this;
        }

        @CanIgnoreReturnValue
        public Builder rrfK(int v) {
            rrfK = requireAtLeast("rrfK", v, 0);
            return this;
        }

        @CanIgnoreReturnValue
        public Builder retrievers(Retrievers v) {
            retrievers = Objects.requireNonNull(v, "retrievers");
            return this;
        }

        /** {@link RetrievalOptions#listFirsts()}. */
        @CanIgnoreReturnValue
        public Builder listFirsts(boolean v) {
            listFirsts = v;
            return this;
        }

        /** {@link RetrievalOptions#namedPage()}. */
        @CanIgnoreReturnValue
        public Builder namedPage(boolean v) {
            namedPage = v;
            return this;
        }

        @CanIgnoreReturnValue
        public Builder searchOpening(boolean v) {
            searchOpening = v;
            return this;
        }

        @CanIgnoreReturnValue
        public Builder closeWords(boolean v) {
            closeWords = v;
            return this;
        }

        /** {@link RetrievalOptions#coverageNeedsPair()}. */
        @CanIgnoreReturnValue
        public Builder coverageNeedsPair(boolean v) {
            coverageNeedsPair = v;
            return this;
        }

        /** {@link RetrievalOptions#fusion()}. */
        @CanIgnoreReturnValue
        public Builder fusion(FusionMethod v) {
            fusion = Objects.requireNonNull(v, "fusion");
            return this;
        }

        @CanIgnoreReturnValue
        public Builder denseWeight(double v) {
            denseWeight = requireFraction("denseWeight", v, 0);
            return this;
        }

        @CanIgnoreReturnValue
        public Builder pageWeight(double v) {
            if (Double.isNaN(v) || v < 0 || v > 10) {
                throw new IllegalArgumentException("pageWeight must be between 0 and 10, got " + v);
            }
            pageWeight = v;
            return this;
        }

        // --- the string form ---

        /**
         * Changes one option by its name from text, as {@code --set name=value} does; {@code maxPerSource=0}
         * lifts the limit. An unknown name or a bad value fails with both quoted.
         */
        @CanIgnoreReturnValue
        public Builder set(String name, String value) {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(value, "value");
            String n = name.strip();
            for (Setting s : SETTINGS) {
                if (s.name().equals(n)) {
                    s.apply().accept(this, value.strip());
                    return this;
                }
            }
            throw new IllegalArgumentException("unknown option '" + name + "'; known: " + String.join(", ", SETTING_HELP));
        }

        /** Applies the string form of {@link RetrievalOptions#parse} over what this builder holds. */
        @CanIgnoreReturnValue
        public Builder parse(String spec) {
            Objects.requireNonNull(spec, "spec");
            for (String part : spec.split(",")) {
                if (part.isBlank()) {
                    continue;
                }
                int eq = part.indexOf('=');
                if (eq < 0) {
                    throw new IllegalArgumentException("'" + part.strip() + "' is not name=value; known names: "
                            + String.join(", ", SETTING_HELP));
                }
                set(part.substring(0, eq), part.substring(eq + 1));
            }
            return this;
        }

        public RetrievalOptions build() {
            return new RetrievalOptions(this);
        }
    }

    /** One option the string form can change: its name, the words it takes (if any), how it is set. */
    private record Setting(String name, String choices, BiConsumer<Builder, String> apply) {
    }

    // The one list of settable names: set, SETTING_NAMES and SETTING_HELP all read it, so help and errors cannot drift.
    private static final List<Setting> SETTINGS = List.of(
            new Setting("topK", "", (b, v) -> b.topK(wholeNumber("topK", v))),
            new Setting("candidates", "", (b, v) -> b.candidates(wholeNumber("candidates", v))),
            new Setting("rrfK", "", (b, v) -> b.rrfK(wholeNumber("rrfK", v))),
            new Setting("minSimilarity", "", (b, v) -> b.minSimilarity(number("minSimilarity", v))),
            new Setting("minKeywordCoverage", "", (b, v) -> b.minKeywordCoverage(number("minKeywordCoverage", v))),
            new Setting("maxContextChars", "", (b, v) -> b.maxContextChars(wholeNumber("maxContextChars", v))),
            new Setting("collapseCopies", "", (b, v) -> b.collapseCopies(bool("collapseCopies", v))),
            new Setting("maxPerSource", "", (b, v) -> {
                int n = wholeNumber("maxPerSource", v);
                if (n == 0) {
                    b.noMaxPerSource(); // 0 is how the string form says "no limit"
                } else {
                    b.maxPerSource(requireAtLeast("maxPerSource", n, 0));
                }
            }),
            new Setting("listFirsts", "", (b, v) -> b.listFirsts(bool("listFirsts", v))),
            new Setting("namedPage", "", (b, v) -> b.namedPage(bool("namedPage", v))),
            new Setting("similarityNeedsKeyword", "", (b, v) -> b.similarityNeedsKeyword(bool("similarityNeedsKeyword", v))),
            new Setting("coverageNeedsPair", "", (b, v) -> b.coverageNeedsPair(bool("coverageNeedsPair", v))),
            wordSetting("gateMode", GateMode.class, Builder::gateMode),
            wordSetting("retrievers", Retrievers.class, Builder::retrievers),
            new Setting("searchOpening", "", (b, v) -> b.searchOpening(bool("searchOpening", v))),
            new Setting("closeWords", "", (b, v) -> b.closeWords(bool("closeWords", v))),
            new Setting("docsVersion", "", Builder::docsVersion),
            new Setting("versionAware", "", (b, v) -> b.versionAware(bool("versionAware", v))),
            wordSetting("fusion", FusionMethod.class, Builder::fusion),
            new Setting("denseWeight", "", (b, v) -> b.denseWeight(number("denseWeight", v))),
            new Setting("pageWeight", "", (b, v) -> b.pageWeight(number("pageWeight", v))));

    /** The option names the string form understands: the names of docs/retrieval.md. */
    public static final List<String> SETTING_NAMES = SETTINGS.stream().map(Setting::name).toList();

    /**
     * {@link #SETTING_NAMES} as help and errors list them: an option that takes a word shows its
     * words, e.g. {@code gateMode (filter|answerability)}.
     */
    public static final List<String> SETTING_HELP = SETTINGS.stream()
            .map(s -> s.choices().isEmpty() ? s.name() : s.name() + " (" + s.choices() + ")").toList();

    private static <E extends Enum<E>> Setting wordSetting(String name, Class<E> type, BiConsumer<Builder, E> set) {
        String words = Arrays.stream(type.getEnumConstants()).map(RetrievalOptions::word).collect(Collectors.joining("|"));
        return new Setting(name, words, (b, v) -> set.accept(b, constant(type, name, v)));
    }

    private static String word(Enum<?> e) {
        return e.name().toLowerCase(Locale.ROOT);
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

    @CanIgnoreReturnValue // also used as a plain check
    private static int requireAtLeast(String name, int value, int min) {
        if (value < min) {
            throw new IllegalArgumentException(name + " must be at least " + min + ", got " + value);
        }
        return value;
    }

    private static double requireFraction(String name, double value, double min) {
        if (Double.isNaN(value) || value < min || value > 1) {
            // "between -1 and 1", not "-1.0": the bounds as a user writes them
            throw new IllegalArgumentException(name + " must be between " + (int) min + " and 1, got " + value);
        }
        return value;
    }
}
