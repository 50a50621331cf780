package dev.docask.retrieve;

import org.jspecify.annotations.Nullable;

import com.google.errorprone.annotations.CanIgnoreReturnValue;
import com.google.errorprone.annotations.CheckReturnValue;
import dev.docask.ingest.Chunk;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * A candidate chunk and every number the pipeline computed for it: what an operator tunes with.
 * When the question's opening sentence is searched too, each number is the better of the two texts'.
 *
 * <pre>{@code
 * for (Hit h : retrieval.hits()) {
 *     System.out.printf("%s bm25 #%s cosine %s coverage %.2f%n", h.chunk().url(),
 *             h.bm25Rank().isPresent() ? h.bm25Rank().getAsInt() : "-", h.similarity(), h.keywordCoverage());
 * }
 * }</pre>
 *
 * Hooks reorder or filter the hits they are given; a hook that builds its own uses {@link #builder}.
 */
@CheckReturnValue
public final class Hit {
    // Package-private raw values for the pipeline's hot loops: 0 = not in that list, NaN = no cosine,
    // null = passed (else a String, or the gate's Rejection, whose text is built when read). The public accessors say
    // the same with Optional.
    final int chunkId;
    final Chunk chunk;
    final List<String> copyUrls;
    final int bm25Rank;
    final float bm25Score;
    final int vectorRank;
    final float similarity;
    final float keywordCoverage;
    final double score;
    final @Nullable Object gatedOut;

    Hit(int chunkId, Chunk chunk, List<String> copyUrls, int bm25Rank, float bm25Score, int vectorRank,
        float similarity, float keywordCoverage, double score, @Nullable Object gatedOut) {
        this.chunkId = chunkId;
        this.chunk = Objects.requireNonNull(chunk, "chunk");
        this.copyUrls = List.copyOf(copyUrls);
        this.bm25Rank = bm25Rank;
        this.bm25Score = bm25Score;
        this.vectorRank = vectorRank;
        this.similarity = similarity;
        this.keywordCoverage = keywordCoverage;
        this.score = score;
        this.gatedOut = gatedOut;
    }

    /** A builder for a hit on chunk {@code chunkId} of the index, whose content is {@code chunk}. */
    public static Builder builder(int chunkId, Chunk chunk) {
        return new Builder(chunkId, chunk);
    }

    /** The chunk's ordinal in the index. */
    public int chunkId() {
        return chunkId;
    }

    /** The chunk (at its canonical URL when copies are collapsed). */
    public Chunk chunk() {
        return chunk;
    }

    /** URLs of word-for-word copies collapsed into this chunk (empty when none). */
    public List<String> copyUrls() {
        return copyUrls;
    }

    /** Rank in the BM25 list, from 1; empty when not in it. */
    public OptionalInt bm25Rank() {
        return bm25Rank > 0 ? OptionalInt.of(bm25Rank) : OptionalInt.empty();
    }

    /** BM25 score; empty when not in the BM25 list. */
    public OptionalDouble bm25Score() {
        return bm25Rank > 0 ? OptionalDouble.of(bm25Score) : OptionalDouble.empty();
    }

    /** Rank in the cosine list, from 1; empty when not in it. */
    public OptionalInt vectorRank() {
        return vectorRank > 0 ? OptionalInt.of(vectorRank) : OptionalInt.empty();
    }

    /** Cosine similarity to the question; empty without embeddings. */
    public OptionalDouble similarity() {
        return Float.isNaN(similarity) ? OptionalDouble.empty() : OptionalDouble.of(similarity);
    }

    /** Share of the question's IDF weight whose terms the chunk contains, in [0, 1]. */
    public float keywordCoverage() {
        return keywordCoverage;
    }

    /**
     * Fused score: the ranks' part (RRF, the best candidate 1) plus the scores' part (min-max BM25 and cosine), so from
     * 0 to 2 under the default {@code fusion=both} (docs/retrieval.md §5); a rerank hook may set another.
     */
    public double score() {
        return score;
    }

    /** Why the relevance gate dropped it; empty when it passed. */
    public Optional<String> gatedOut() {
        return gatedOut == null ? Optional.empty() : Optional.of(gatedOut.toString());
    }

    /** Whether the gate let it through. */
    public boolean passed() {
        return gatedOut == null;
    }

    /** A copy with another fused score (hooks and fusion use it). */
    public Hit withScore(double newScore) {
        return new Hit(chunkId, chunk, copyUrls, bm25Rank, bm25Score, vectorRank, similarity,
                keywordCoverage, newScore, gatedOut);
    }

    /** A copy marked as gated out for {@code reason}. */
    public Hit withGatedOut(String reason) {
        return new Hit(chunkId, chunk, copyUrls, bm25Rank, bm25Score, vectorRank, similarity,
                keywordCoverage, score, Objects.requireNonNull(reason, "reason"));
    }

    /** A copy at another place in the cosine list. */
    Hit withVectorRank(int rank) {
        return new Hit(chunkId, chunk, copyUrls, bm25Rank, bm25Score, rank, similarity, keywordCoverage, score, gatedOut);
    }

    /** The same hit shown as another chunk of its group of copies (same text, another version's URL). */
    Hit asCopy(Chunk copy, List<String> otherUrls) {
        return new Hit(chunkId, copy, otherUrls, bm25Rank, bm25Score, vectorRank, similarity, keywordCoverage, score, gatedOut);
    }

    /** A copy with the gate's numbers and verdict filled in. */
    Hit measured(float newSimilarity, float newCoverage, @Nullable Object rejection) {
        return new Hit(chunkId, chunk, copyUrls, bm25Rank, bm25Score, vectorRank, newSimilarity, newCoverage, score, rejection);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Hit h && chunkId == h.chunkId && chunk.equals(h.chunk) && copyUrls.equals(h.copyUrls)
                && bm25Rank == h.bm25Rank && Float.compare(bm25Score, h.bm25Score) == 0 && vectorRank == h.vectorRank
                && Float.compare(similarity, h.similarity) == 0 && Float.compare(keywordCoverage, h.keywordCoverage) == 0
                && Double.compare(score, h.score) == 0 && gatedOut().equals(h.gatedOut());
    }

    @Override
    public int hashCode() {
        return Objects.hash(chunkId, chunk, copyUrls, bm25Rank, bm25Score, vectorRank, similarity, keywordCoverage, score, gatedOut());
    }

    @Override
    public String toString() {
        return "Hit[" + chunkId + " " + chunk.url() + " bm25=" + bm25Rank + " vector=" + vectorRank + " cosine=" + similarity
                + " coverage=" + keywordCoverage + " score=" + score + (gatedOut == null ? "" : " gatedOut=" + gatedOut) + "]";
    }

    /** Builds a {@link Hit}; what is not set is absent (not in a list, no cosine, passed). */
    public static final class Builder {
        private final int chunkId;
        private final Chunk chunk;
        private List<String> copyUrls = List.of();
        private int bm25Rank;
        private float bm25Score;
        private int vectorRank;
        private float similarity = Float.NaN;
        private float keywordCoverage;
        private double score;
        private @Nullable String gatedOut;

        private Builder(int chunkId, Chunk chunk) {
            this.chunkId = chunkId;
            this.chunk = Objects.requireNonNull(chunk, "chunk");
        }

        @CanIgnoreReturnValue
        public Builder copyUrls(List<String> urls) {
            copyUrls = List.copyOf(urls);
            return this;
        }

        /** Its place (from 1) and score in the BM25 list. */
        @CanIgnoreReturnValue
        public Builder bm25(int rank, float bm25Score) {
            bm25Rank = requireRank(rank);
            this.bm25Score = bm25Score;
            return this;
        }

        /** Its place (from 1) in the cosine list. */
        @CanIgnoreReturnValue
        public Builder vectorRank(int rank) {
            vectorRank = requireRank(rank);
            return this;
        }

        @CanIgnoreReturnValue
        public Builder similarity(float cosine) {
            similarity = cosine;
            return this;
        }

        @CanIgnoreReturnValue
        public Builder keywordCoverage(float coverage) {
            keywordCoverage = coverage;
            return this;
        }

        @CanIgnoreReturnValue
        public Builder score(double fused) {
            score = fused;
            return this;
        }

        @CanIgnoreReturnValue
        public Builder gatedOut(String reason) {
            gatedOut = Objects.requireNonNull(reason, "reason");
            return this;
        }

        public Hit build() {
            return new Hit(chunkId, chunk, copyUrls, bm25Rank, bm25Score, vectorRank, similarity, keywordCoverage, score, gatedOut);
        }

        private static int requireRank(int rank) {
            if (rank < 1) {
                throw new IllegalArgumentException("ranks start at 1, got " + rank);
            }
            return rank;
        }
    }
}
