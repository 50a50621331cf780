package dev.docask.retrieve;

import com.google.errorprone.annotations.CanIgnoreReturnValue;
import com.google.errorprone.annotations.CheckReturnValue;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The outcome of retrieving for one question: the numbered sources, or the knowledge that there are none.
 *
 * <pre>{@code
 * Retrieval r = retriever.retrieve("how do I mock a module?", RetrievalOptions.defaults());
 * if (!r.answerable()) System.out.println("I don't know.");
 * r.sources().forEach(s -> System.out.println("[" + s.n() + "] " + s.url()));
 * }</pre>
 */
@CheckReturnValue
public final class Retrieval {
    /** How candidates were found. */
    public enum Mode { HYBRID, KEYWORD }

    private final String question;
    private final Optional<String> opening;
    private final boolean answerable;
    private final Mode mode;
    private final OptionalDouble bestSimilarity;
    private final float bestCoverage;
    private final List<Source> sources;
    private final List<Hit> hits;
    private final List<Hit> gatedOut;
    private final Optional<String> notSearched;
    private final Optional<String> docsVersion;
    private final Map<String, String> respelt;
    private final long micros;

    private Retrieval(Builder b) {
        question = b.question;
        opening = b.opening;
        answerable = b.answerable;
        mode = b.mode;
        bestSimilarity = b.bestSimilarity;
        bestCoverage = b.bestCoverage;
        sources = b.sources;
        hits = b.hits;
        gatedOut = b.gatedOut;
        notSearched = b.notSearched;
        docsVersion = b.docsVersion;
        respelt = b.respelt;
        micros = b.micros;
    }

    /** A builder for the outcome of retrieving for {@code question} (for hooks' tests and peers measured with eval). */
    public static Builder builder(String question) {
        return new Builder(question);
    }

    /** The question as asked, without surrounding white space. */
    public String question() {
        return question;
    }

    /** Its opening sentence, when that was searched too (see {@link RetrievalOptions#searchOpening()}). */
    public Optional<String> opening() {
        return opening;
    }

    /** Whether anything passed the relevance gate; when false, answer "I don't know". */
    public boolean answerable() {
        return answerable;
    }

    /** {@link Mode#HYBRID}, or {@link Mode#KEYWORD} when there are no embeddings or the embedder failed on this question. */
    public Mode mode() {
        return mode;
    }

    /** Highest cosine seen among the candidates; empty in keyword mode and when nothing was searched ({@link #notSearched()}). */
    public OptionalDouble bestSimilarity() {
        return bestSimilarity;
    }

    /** Highest keyword coverage seen among the candidates. */
    public float bestCoverage() {
        return bestCoverage;
    }

    /** Numbered sources, in rank order (empty when not answerable). */
    public List<Source> sources() {
        return sources;
    }

    /**
     * The ranked candidates with the page limit applied (docs/retrieval.md §7), empty when not answerable: the sources
     * are the first {@code topK} of them that fit the context budget (§8), so it holds more chunks, and pages, than the
     * sources do.
     */
    public List<Hit> hits() {
        return hits;
    }

    /** Candidates the gate dropped, each with its reason. */
    public List<Hit> gatedOut() {
        return gatedOut;
    }

    /**
     * Why the question was refused before any search, when it was: it asks nothing a page can answer
     * ({@link HybridRetriever#asksNothing}, docs/retrieval.md §9), or the metadata filter matches no chunk (§3; the
     * sentence {@link HybridRetriever#filterProblems} gives, without a retrieve hook, which may search elsewhere).
     */
    public Optional<String> notSearched() {
        return notSearched;
    }

    /**
     * The version folder the sources were ranked for (docs/retrieval.md, "Versions"): the one the request's
     * {@code docsVersion} stands for, else the latest of a major the question names; empty when neither applies
     * (no version asked, one the index does not have, an index without versions). Shows whether a widget's
     * {@code data-version} or pattern reached a version of the index.
     */
    public Optional<String> docsVersion() {
        return docsVersion;
    }

    /**
     * Each word of the question that no page has and the site's word searched in its place (docs/retrieval.md,
     * "Typos"), in question order: {@code {"configre": "configure", "sidbar": "sidebar"}}; empty when no word was
     * respelt.
     */
    public Map<String, String> respelt() {
        return respelt;
    }

    /** Time spent retrieving, in microseconds (embedding included). */
    public long micros() {
        return micros;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Retrieval r && question.equals(r.question) && opening.equals(r.opening)
                && answerable == r.answerable && mode == r.mode && bestSimilarity.equals(r.bestSimilarity)
                && Float.compare(bestCoverage, r.bestCoverage) == 0 && sources.equals(r.sources) && hits.equals(r.hits)
                && gatedOut.equals(r.gatedOut) && notSearched.equals(r.notSearched) && docsVersion.equals(r.docsVersion)
                && respelt.equals(r.respelt) && micros == r.micros;
    }

    @Override
    public int hashCode() {
        return Objects.hash(question, opening, answerable, mode, bestSimilarity, bestCoverage, sources, hits, gatedOut, notSearched,
                docsVersion, respelt, micros);
    }

    @Override
    public String toString() {
        return "Retrieval[" + question + (answerable ? ", " + sources.size() + " sources" : ", not answerable")
                + ", " + mode + ", " + micros + " µs]";
    }

    /** Builds a {@link Retrieval}; it starts not answerable, hybrid, with no sources. */
    public static final class Builder {
        private final String question;
        private Optional<String> opening = Optional.empty();
        private boolean answerable;
        private Mode mode = Mode.HYBRID;
        private OptionalDouble bestSimilarity = OptionalDouble.empty();
        private float bestCoverage;
        private List<Source> sources = List.of();
        private List<Hit> hits = List.of();
        private List<Hit> gatedOut = List.of();
        private Optional<String> notSearched = Optional.empty();
        private Optional<String> docsVersion = Optional.empty();
        private Map<String, String> respelt = Map.of();
        private long micros;

        private Builder(String question) {
            this.question = Objects.requireNonNull(question, "question");
        }

        @CanIgnoreReturnValue
        public Builder opening(String sentence) {
            opening = Optional.of(sentence);
            return this;
        }

        @CanIgnoreReturnValue
        public Builder answerable(boolean v) {
            answerable = v;
            return this;
        }

        @CanIgnoreReturnValue
        public Builder mode(Mode v) {
            mode = Objects.requireNonNull(v, "mode");
            return this;
        }

        @CanIgnoreReturnValue
        public Builder bestSimilarity(double cosine) {
            bestSimilarity = Double.isNaN(cosine) ? OptionalDouble.empty() : OptionalDouble.of(cosine);
            return this;
        }

        @CanIgnoreReturnValue
        public Builder bestCoverage(float coverage) {
            bestCoverage = coverage;
            return this;
        }

        @CanIgnoreReturnValue
        public Builder sources(List<Source> v) {
            sources = List.copyOf(v);
            return this;
        }

        @CanIgnoreReturnValue
        public Builder hits(List<Hit> v) {
            hits = List.copyOf(v);
            return this;
        }

        @CanIgnoreReturnValue
        public Builder gatedOut(List<Hit> v) {
            gatedOut = List.copyOf(v);
            return this;
        }

        /** Refused before any search, for this reason (not answerable). */
        @CanIgnoreReturnValue
        public Builder notSearched(String reason) {
            notSearched = Optional.of(reason);
            answerable = false;
            return this;
        }

        /** The version folder the sources were ranked for. */
        @CanIgnoreReturnValue
        public Builder docsVersion(String folder) {
            docsVersion = Optional.of(folder);
            return this;
        }

        @CanIgnoreReturnValue
        public Builder respelt(Map<String, String> typedToSiteWord) {
            respelt = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(typedToSiteWord));
            return this;
        }

        @CanIgnoreReturnValue
        public Builder micros(long v) {
            micros = v;
            return this;
        }

        public Retrieval build() {
            return new Retrieval(this);
        }
    }
}
