package dev.docask.index;

import com.google.errorprone.annotations.CheckReturnValue;
import dev.docask.embed.EmbedderSpec;
import dev.docask.ingest.Framework;
import dev.docask.ingest.Corpus.Problem;
import dev.docask.index.internal.QuantizedVector;

import org.jspecify.annotations.Nullable;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * What an index records about itself: how it was built, from what, and when.
 *
 * <pre>{@code
 * Manifest m = index.manifest();
 * System.out.println(m.chunks() + " chunks of " + m.baseUrl().orElse("(site-relative URLs)")
 *         + ", embedded with " + m.embedderSpec() + ", built " + m.createdAt());
 * }</pre>
 */
@CheckReturnValue
public final class Manifest {
    /** The on-disk format this code reads and writes. */
    public static final int FORMAT_VERSION = 1;

    private final StoredManifest stored;
    private final EmbedderSpec embedderSpec;
    private final Framework framework;
    private final Instant createdAt;
    // decoded once, on first use: the question-space rule's vectors take milliseconds to decode, and retrieval asks
    // for the gate on every question (docs/benchmarks.md, "The gate decoded on every question")
    private volatile @Nullable Optional<Gate> gate;

    Manifest(StoredManifest stored) {
        if (stored == null) {
            throw new IllegalArgumentException("it holds no manifest");
        }
        this.stored = stored;
        this.embedderSpec = EmbedderSpec.parse(stored.embedderSpec());
        boolean vectors = !"none".equals(stored.embedderId());
        if (stored.dimensions() < 0 || (vectors && stored.dimensions() == 0)) {
            // a vector length the file does not have would scan garbage, not fail
            throw new IllegalArgumentException("dimensions " + stored.dimensions() + " for the vectors of " + stored.embedderId());
        }
        this.framework = Framework.requireByName(stored.framework());
        this.createdAt = Instant.parse(stored.createdAt());
    }

    /** What is written to {@code manifest.json}. */
    StoredManifest stored() {
        return stored;
    }

    /** On-disk format version. */
    public int formatVersion() {
        return stored.formatVersion();
    }

    /** The embedder spec the index was built with, e.g. {@code bge-small}. */
    public EmbedderSpec embedderSpec() {
        return embedderSpec;
    }

    /** The embedder's id; querying with another id is refused ({@code none} for a keyword-only index). */
    public String embedderId() {
        return stored.embedderId();
    }

    /** Vector length; 0 for a keyword-only index. */
    public int dimensions() {
        return stored.dimensions();
    }

    /** The framework whose routing made the URLs. */
    public Framework framework() {
        return framework;
    }

    /** The site root the URLs were made with; empty when they are site-relative paths. */
    public Optional<String> baseUrl() {
        return stored.baseUrl().isEmpty() ? Optional.empty() : Optional.of(stored.baseUrl());
    }

    /** The site's display name. */
    public String siteName() {
        return stored.siteName();
    }

    /** Chunk size the pages were split with, in characters. */
    public int chunkSize() {
        return stored.chunkSize();
    }

    /** Overlap between neighbouring chunks, in characters. */
    public int chunkOverlap() {
        return stored.chunkOverlap();
    }

    /** Pages indexed. */
    public int pages() {
        return stored.pages();
    }

    /** Chunks indexed, copies included. */
    public int chunks() {
        return stored.chunks();
    }

    /** Chunks that are word-for-word copies of another chunk. */
    public int copies() {
        return stored.copies();
    }

    /** BM25 term-frequency saturation. */
    public float bm25K1() {
        return stored.bm25K1();
    }

    /** BM25 length normalisation. */
    public float bm25B() {
        return stored.bm25B();
    }

    /** Hash over every chunk's embedded text and URL; changes when the content does. */
    public String contentHash() {
        return stored.contentHash();
    }

    /** Hash over the page files read; empty when unknown (a corpus made by hand, an older index). */
    public Optional<String> sourceHash() {
        return stored.sourceHash().isEmpty() ? Optional.empty() : Optional.of(stored.sourceHash());
    }

    /**
     * The docask version that wrote the index, e.g. {@code 0.2.0}; empty for an index written before it was recorded.
     * {@code docask index} rebuilds an index another version wrote even when no page changed: the gate it measures
     * and the way it reads pages may differ.
     */
    public Optional<String> builtBy() {
        return stored.builtBy().isEmpty() ? Optional.empty() : Optional.of(stored.builtBy());
    }

    /** Pages that were skipped, with the reason. */
    public List<Problem> problems() {
        return stored.problems();
    }

    /** The CRC32C of the generation's own files, by name, to check them on open. */
    java.util.Map<String, String> checksums() {
        return stored.checksums();
    }

    /**
     * The relevance gate chosen for this index when it was built or by {@code docask calibrate --auto}
     * (docs/retrieval.md §4); empty in an index that has none recorded, which then uses the defaults.
     */
    public Optional<Gate> gate() {
        Optional<Gate> decoded = gate;
        if (decoded == null) {
            decoded = decodeGate();
            gate = decoded;
        }
        return decoded;
    }

    private Optional<Gate> decodeGate() {
        StoredManifest.StoredGate g = stored.gate();
        if (g == null) {
            return Optional.empty();
        }
        try {
            if (g.embedderId() == null || g.calibratedAt() == null) { // a block docask did not write whole
                throw new IllegalArgumentException("it names no " + (g.embedderId() == null ? "embedderId" : "calibratedAt"));
            }
            return Optional.of(new Gate(g.minSimilarity() == null ? OptionalDouble.empty() : OptionalDouble.of(g.minSimilarity()),
                    g.minKeywordCoverage(), g.maxUnknownShare() == null ? OptionalDouble.empty() : OptionalDouble.of(g.maxUnknownShare()),
                    Optional.ofNullable(g.neighbours()).map(StoredManifest.StoredNeighbours::neighbours),
                    Optional.ofNullable(g.otherToolFloor()), g.embedderId(), g.queryVariant(), g.figures(),
                    Instant.parse(g.calibratedAt())));
        } catch (RuntimeException e) {
            throw new IndexException("the gate recorded in manifest.json is damaged (" + e.getMessage()
                    + "); measure it again with 'docask calibrate --auto', or rebuild the index", e);
        }
    }

    /** This manifest with {@code gate} recorded in place of any earlier one. */
    public Manifest withGate(Gate gate) {
        return new Manifest(stored.withGate(new StoredManifest.StoredGate(
                gate.minSimilarity().isPresent() ? gate.minSimilarity().getAsDouble() : null, gate.minKeywordCoverage(),
                gate.maxUnknownShare().isPresent() ? gate.maxUnknownShare().getAsDouble() : null,
                gate.neighbours().map(StoredManifest.StoredNeighbours::of).orElse(null), gate.otherToolFloor().orElse(null),
                gate.embedderId(), gate.queryVariant(), gate.figures(), gate.calibratedAt().toString())));
    }

    /**
     * A relevance gate measured on the index itself: the floors it chose and the figures they came from.
     *
     * <pre>{@code
     * Manifest.Gate gate = HybridRetriever.calibrateAndRecordGate(Path.of("docs-index"));
     * gate.minSimilarity().ifPresent(f -> System.out.println("cosine floor " + f));
     * gate.figures().forEach(System.out::println);   // what 'docask inspect' prints under the gate
     * }</pre>
     *
     * @param minSimilarity      cosine floor; empty for a keyword-only index
     * @param minKeywordCoverage keyword coverage floor
     * @param maxUnknownShare    a question whose words the site never uses carry this share of its IDF weight or
     *                           more is refused whatever its scores (docs/retrieval.md §4); empty in a gate recorded
     *                           before this rule, which then does not apply it
     * @param neighbours         the question-space rule where the calibration adopted it (docs/retrieval.md §4,
     *                           "Questions near other tools' questions"); empty otherwise
     * @param otherToolFloor     on an index without vectors, the coverage floor for a question that names another tool
     *                           (docs/retrieval.md §4, "Questions about another tool"); empty otherwise
     * @param embedderId         the embedder it was measured with (it holds for that model only)
     * @param queryVariant       the embedder's query form it was measured with ("" when the model has one)
     * @param figures            what was measured, one line each, for {@code docask inspect}
     * @param calibratedAt       when
     */
    public record Gate(OptionalDouble minSimilarity, double minKeywordCoverage, OptionalDouble maxUnknownShare,
                       Optional<Neighbours> neighbours, Optional<OtherToolFloor> otherToolFloor, String embedderId,
                       String queryVariant, List<String> figures, Instant calibratedAt) {
        public Gate {
            Objects.requireNonNull(minSimilarity, "minSimilarity");
            Objects.requireNonNull(maxUnknownShare, "maxUnknownShare");
            Objects.requireNonNull(neighbours, "neighbours");
            Objects.requireNonNull(otherToolFloor, "otherToolFloor");
            Objects.requireNonNull(embedderId, "embedderId");
            Objects.requireNonNull(queryVariant, "queryVariant");
            Objects.requireNonNull(calibratedAt, "calibratedAt");
            figures = List.copyOf(figures);
        }

        /** A gate without the keyword-only rule for questions that name another tool. */
        public Gate(OptionalDouble minSimilarity, double minKeywordCoverage, OptionalDouble maxUnknownShare,
                    Optional<Neighbours> neighbours, String embedderId, String queryVariant, List<String> figures,
                    Instant calibratedAt) {
            this(minSimilarity, minKeywordCoverage, maxUnknownShare, neighbours, Optional.empty(), embedderId, queryVariant,
                    figures, calibratedAt);
        }

        /** A gate of the two floors alone, as recorded before the unknown-word rule. */
        public Gate(OptionalDouble minSimilarity, double minKeywordCoverage, String embedderId, String queryVariant,
                    List<String> figures, Instant calibratedAt) {
            this(minSimilarity, minKeywordCoverage, OptionalDouble.empty(), embedderId, queryVariant, figures, calibratedAt);
        }

        /** A gate of the two floors and the unknown-word rule, without the question-space rule. */
        public Gate(OptionalDouble minSimilarity, double minKeywordCoverage, OptionalDouble maxUnknownShare,
                    String embedderId, String queryVariant, List<String> figures, Instant calibratedAt) {
            this(minSimilarity, minKeywordCoverage, maxUnknownShare, Optional.empty(), embedderId, queryVariant, figures,
                    calibratedAt);
        }
    }

    /**
     * Questions about another tool on an index without vectors (docs/retrieval.md §4, "Questions about another tool"): a
     * question whose subject names a listed tool the site mentions on at most {@code fewPages} pages passes only when one
     * candidate carries at least {@code minKeywordCoverage} of its words' weight. With vectors the rule acts with the
     * question-space lead instead ({@link Neighbours#fewPages}).
     *
     * <pre>{@code
     * index.manifest().gate().flatMap(Manifest.Gate::otherToolFloor)
     *         .ifPresent(f -> System.out.println("another tool needs coverage " + f.minKeywordCoverage()));
     * }</pre>
     *
     * @param fewPages           a listed tool the site mentions on at most this many pages is another tool
     * @param siteTools          the listed tools the site mentions on more pages than that: its own
     * @param minKeywordCoverage the coverage floor for a question that names another tool
     */
    public record OtherToolFloor(int fewPages, List<String> siteTools, double minKeywordCoverage) {
        public OtherToolFloor {
            siteTools = List.copyOf(siteTools == null ? List.of() : siteTools);
        }
    }

    /**
     * The question-space rule (docs/retrieval.md §4, "Questions near other tools' questions"): a question is refused
     * when the mean cosine of its {@code k} nearest off-topic questions exceeds that of its {@code k} nearest site
     * questions by more than {@code maxLead}. The vectors are the calibration's own questions, embedded as questions
     * with the index's model and stored in the local index's int8 form. Where the calibration lowered the cosine floor
     * with the rule, {@code bandTop} is the floor chosen without it: a candidate whose cosine lies below it (down to the
     * gate's {@code minSimilarity}) passes on cosine only for a question with a lead of at most 0 (docs/retrieval.md §4,
     * "The lowered band"). Where the calibration recorded the site's {@code headings} (every section's heading as a
     * question, up to a few thousand), a question the rule refuses is spared when it is nearer those headings than
     * the off-topic questions by at most {@code headingsMaxLead} (docs/retrieval.md §4, "The site's every heading").
     *
     * <pre>{@code
     * index.manifest().gate().flatMap(Manifest.Gate::neighbours)
     *         .ifPresent(n -> System.out.println(n.site().size() + " site questions, lead at most " + n.maxLead()));
     * }</pre>
     */
    public static final class Neighbours {
        /** Candidates kept by the int8 estimate before the float cosines choose the best k (error < 0.005, Int8Quantizer). */
        private static final int CANDIDATES_PER_K = 3;
        private final int k;
        private final double maxLead;
        private final OptionalDouble bandTop;
        private final OptionalInt fewPages;
        private final List<String> siteTools;
        private final List<QuantizedVector> site;
        private final List<QuantizedVector> offTopic;
        private final Packed sitePacked;
        private final Packed offTopicPacked;
        private final List<QuantizedVector> headings;
        private final double headingsMaxLead;
        private final @org.jspecify.annotations.Nullable Packed headingsPacked;
        private final double coverageMinSimilarity;

        /**
         * @param k        how many nearest questions of each set are averaged
         * @param maxLead  the largest lead of the off-topic questions that still passes
         * @param site     the site questions' vectors
         * @param offTopic the off-topic questions' vectors
         */
        public Neighbours(int k, double maxLead, List<QuantizedVector> site, List<QuantizedVector> offTopic) {
            this(k, maxLead, OptionalDouble.empty(), site, offTopic);
        }

        /**
         * @param k        how many nearest questions of each set are averaged
         * @param maxLead  the largest lead of the off-topic questions that still passes
         * @param bandTop  the cosine floor chosen without the rule, above the gate's own; empty where there is no band
         * @param site     the site questions' vectors
         * @param offTopic the off-topic questions' vectors
         */
        public Neighbours(int k, double maxLead, OptionalDouble bandTop, List<QuantizedVector> site, List<QuantizedVector> offTopic) {
            this(k, maxLead, bandTop, OptionalInt.empty(), List.of(), site, offTopic);
        }

        /**
         * @param k         how many nearest questions of each set are averaged
         * @param maxLead   the largest lead of the off-topic questions that still passes
         * @param bandTop   the cosine floor chosen without the rule, above the gate's own; empty where there is no band
         * @param fewPages  a listed tool the site mentions on at most this many pages is another tool (docs/retrieval.md
         *                  §4, "Questions about another tool"); empty where that rule does not apply
         * @param siteTools the listed tools the site mentions on more pages than that: its own
         * @param site      the site questions' vectors
         * @param offTopic  the off-topic questions' vectors
         */
        public Neighbours(int k, double maxLead, OptionalDouble bandTop, OptionalInt fewPages, List<String> siteTools,
                          List<QuantizedVector> site, List<QuantizedVector> offTopic) {
            this(k, maxLead, bandTop, fewPages, siteTools, site, offTopic, List.of(), Double.NaN);
        }

        /**
         * @param k               how many nearest questions of each set are averaged
         * @param maxLead         the largest lead of the off-topic questions that still passes
         * @param bandTop         the cosine floor chosen without the rule, above the gate's own; empty where there is no band
         * @param fewPages        a listed tool the site mentions on at most this many pages is another tool; empty where
         *                        that rule does not apply
         * @param siteTools       the listed tools the site mentions on more pages than that: its own
         * @param site            the site questions' vectors
         * @param offTopic        the off-topic questions' vectors
         * @param headings        the site's headings as questions, which can spare a question the rule refuses; empty:
         *                        none recorded (at least {@code k} otherwise)
         * @param headingsMaxLead the largest lead over {@code headings} that spares a question ({@code NaN} with none)
         */
        public Neighbours(int k, double maxLead, OptionalDouble bandTop, OptionalInt fewPages, List<String> siteTools,
                          List<QuantizedVector> site, List<QuantizedVector> offTopic, List<QuantizedVector> headings,
                          double headingsMaxLead) {
            this(k, maxLead, bandTop, fewPages, siteTools, site, offTopic, headings, headingsMaxLead, Double.NaN);
        }

        private Neighbours(int k, double maxLead, OptionalDouble bandTop, OptionalInt fewPages, List<String> siteTools,
                           List<QuantizedVector> site, List<QuantizedVector> offTopic, List<QuantizedVector> headings,
                           double headingsMaxLead, double coverageMinSimilarity) {
            if (k < 1 || site.size() < k || offTopic.size() < k || !headings.isEmpty() && headings.size() < k) {
                throw new IllegalArgumentException("the question-space rule needs k >= 1 and at least k questions of each "
                        + "set: k " + k + ", " + site.size() + " site and " + offTopic.size() + " off-topic questions");
            }
            this.k = k;
            this.maxLead = maxLead;
            this.bandTop = Objects.requireNonNull(bandTop, "bandTop");
            this.fewPages = Objects.requireNonNull(fewPages, "fewPages");
            this.siteTools = List.copyOf(siteTools);
            this.site = List.copyOf(site);
            this.offTopic = List.copyOf(offTopic);
            this.sitePacked = new Packed(this.site);
            this.offTopicPacked = new Packed(this.offTopic);
            this.headings = List.copyOf(headings);
            this.headingsMaxLead = this.headings.isEmpty() ? Double.NaN : headingsMaxLead;
            this.headingsPacked = this.headings.isEmpty() ? null : new Packed(this.headings);
            this.coverageMinSimilarity = coverageMinSimilarity;
        }

        /** These neighbours with the site's {@code headings} and the largest lead over them that spares a question. */
        public Neighbours withHeadings(List<QuantizedVector> headings, double headingsMaxLead) {
            return new Neighbours(k, maxLead, bandTop, fewPages, siteTools, site, offTopic, headings, headingsMaxLead,
                    coverageMinSimilarity);
        }

        /**
         * These neighbours with the least cosine a candidate of a one-sentence question must have for its keyword coverage
         * to count ({@link #coverageMinSimilarity}); {@code NaN}: none.
         */
        public Neighbours withCoverageMinSimilarity(double cosine) {
            return new Neighbours(k, maxLead, bandTop, fewPages, siteTools, site, offTopic, headings, headingsMaxLead, cosine);
        }

        /**
         * The least cosine a candidate of a one-sentence question needs for a pass on keyword coverage to count: the off-topic
         * questions' 10% percentile of best cosine, the least nearly every off-topic question's best passage reaches
         * (docs/retrieval.md §4, "Words in another sense"); empty in a gate recorded before it.
         */
        public OptionalDouble coverageMinSimilarity() {
            return Double.isNaN(coverageMinSimilarity) ? OptionalDouble.empty() : OptionalDouble.of(coverageMinSimilarity);
        }

        /** How many nearest questions of each set are averaged. */
        public int k() {
            return k;
        }

        /** The largest lead that still passes. */
        public double maxLead() {
            return maxLead;
        }

        /**
         * The top of the lowered band: below this cosine a candidate passes on cosine only for a question with a lead
         * of at most 0; empty where the calibration did not lower the floor (and in a gate recorded before the band).
         */
        public OptionalDouble bandTop() {
            return bandTop;
        }

        /**
         * A question that names a listed tool the site mentions on at most this many pages names another tool, and its
         * pass must be strong (docs/retrieval.md §4, "Questions about another tool"); empty where that rule does not
         * apply (and in a gate recorded before it).
         */
        public OptionalInt fewPages() {
            return fewPages;
        }

        /** The listed tools the site mentions on more than {@link #fewPages} pages: the site's own, never another tool. */
        public List<String> siteTools() {
            return siteTools;
        }

        /** The site questions' vectors. */
        public List<QuantizedVector> site() {
            return site;
        }

        /** The off-topic questions' vectors. */
        public List<QuantizedVector> offTopic() {
            return offTopic;
        }

        /** The site's headings as questions; empty where the calibration recorded none. */
        public List<QuantizedVector> headings() {
            return headings;
        }

        /** The largest lead over the {@link #headings} that spares a question the rule refuses; {@code NaN} without them. */
        public double headingsMaxLead() {
            return headingsMaxLead;
        }

        /**
         * How far the {@code k} nearest off-topic questions lead the {@code k} nearest site questions for a question
         * with this (unit) vector: the difference of their mean cosines. The int8 scan's kernel picks candidates,
         * the float question's cosines rank them, as the vector scan does (docs/benchmarks.md).
         */
        public double lead(float[] question) {
            return lead(question, sitePacked);
        }

        /** {@link #lead} over the {@link #headings} instead of the site questions; {@code NaN} where none are recorded. */
        public double headingsLead(float[] question) {
            Packed h = headingsPacked;
            return h == null ? Double.NaN : lead(question, h);
        }

        private double lead(float[] question, Packed siteSide) {
            byte[] qb = new byte[question.length];
            float qScale = QuantizedVector.quantize(question, qb);
            short[] q = new short[qb.length];
            for (int i = 0; i < qb.length; i++) {
                q[i] = qb[i];
            }
            return offTopicPacked.meanOfBest(k, question, q, qScale) - siteSide.meanOfBest(k, question, q, qScale);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Neighbours n && k == n.k && Double.compare(maxLead, n.maxLead) == 0 && bandTop.equals(n.bandTop)
                    && fewPages.equals(n.fewPages) && siteTools.equals(n.siteTools) && site.equals(n.site)
                    && offTopic.equals(n.offTopic) && headings.equals(n.headings)
                    && Double.compare(headingsMaxLead, n.headingsMaxLead) == 0
                    && Double.compare(coverageMinSimilarity, n.coverageMinSimilarity) == 0;
        }

        @Override
        public int hashCode() {
            return Objects.hash(k, maxLead, bandTop, fewPages, siteTools, site, offTopic, headings, headingsMaxLead,
                    coverageMinSimilarity);
        }

        @Override
        public String toString() {
            return "Neighbours[k " + k + ", maxLead " + maxLead + (bandTop.isPresent() ? ", bandTop " + bandTop.getAsDouble() : "")
                    + (fewPages.isPresent() ? ", another tool on at most " + fewPages.getAsInt() + " pages" : "")
                    + ", " + site.size() + " site, " + offTopic.size() + " off-topic"
                    + (headings.isEmpty() ? "" : ", " + headings.size() + " headings, lead over them at most " + headingsMaxLead)
                    + (Double.isNaN(coverageMinSimilarity) ? "" : ", coverage counts from cosine " + coverageMinSimilarity) + "]";
        }

        /** The vectors of one set in one array, for {@link Int8Dot}. */
        private static final class Packed {
            private final List<QuantizedVector> vectors;
            private final byte[] data;
            private final float[] scales;
            private final int dimensions;

            Packed(List<QuantizedVector> vectors) {
                this.vectors = vectors;
                this.dimensions = vectors.getFirst().values().length;
                this.data = new byte[vectors.size() * dimensions];
                this.scales = new float[vectors.size()];
                for (int i = 0; i < vectors.size(); i++) {
                    System.arraycopy(vectors.get(i).values(), 0, data, i * dimensions, dimensions);
                    scales[i] = vectors.get(i).scale();
                }
            }

            double meanOfBest(int k, float[] question, short[] q, float qScale) {
                int n = Math.min(vectors.size(), k * CANDIDATES_PER_K);
                int[] ids = new int[n];
                float[] est = new float[n];
                int kept = 0;
                for (int i = 0; i < scales.length; i++) {
                    float e = Int8Dot.dot(q, data, i * dimensions) * qScale * scales[i];
                    if (kept < n || e > est[kept - 1]) {
                        int j = Math.min(kept, n - 1);
                        for (; j > 0 && est[j - 1] < e; j--) {
                            est[j] = est[j - 1];
                            ids[j] = ids[j - 1];
                        }
                        est[j] = e;
                        ids[j] = i;
                        kept = Math.min(n, kept + 1);
                    }
                }
                float[] exact = new float[kept];
                for (int i = 0; i < kept; i++) {
                    exact[i] = vectors.get(ids[i]).dot(question);
                }
                java.util.Arrays.sort(exact);
                double sum = 0;
                for (int i = 0; i < k; i++) {
                    sum += exact[kept - 1 - i];
                }
                return sum / k;
            }
        }
    }

    /** When the index was built. */
    public Instant createdAt() {
        return createdAt;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Manifest m && stored.equals(m.stored);
    }

    @Override
    public int hashCode() {
        return stored.hashCode();
    }

    @Override
    public String toString() {
        return "Manifest[" + chunks() + " chunks, " + embedderSpec + ", " + framework.cliName() + ", " + createdAt + "]";
    }
}
