package dev.docask.retrieve;

import dev.docask.ingest.Chunk;

import java.util.List;
import java.util.Objects;

/**
 * A candidate chunk and every number the pipeline computed for it: what an operator tunes with.
 *
 * @param chunkId         the chunk's ordinal in the index
 * @param chunk           the chunk (at its canonical URL when copies are collapsed)
 * @param copyUrls        URLs of word-for-word copies collapsed into this chunk (empty when none)
 * @param bm25Rank        rank in the BM25 list, from 1; 0 when not in it (when the question's opening
 *                        sentence is searched too, the list that merges both)
 * @param bm25Score       BM25 score (the better of the two texts'); 0 when not in the BM25 list
 * @param vectorRank      rank in the cosine list, from 1; 0 when not in it (merged likewise)
 * @param similarity      cosine similarity to the question (the better of the two texts');
 *                        {@code NaN} without embeddings
 * @param keywordCoverage share of the question's IDF weight whose terms the chunk contains, in [0, 1]
 *                        (the better of the two texts')
 * @param score           fused (RRF) score
 * @param gatedOut        why the relevance gate dropped it, or {@code null} when it passed
 */
public record Hit(int chunkId, Chunk chunk, List<String> copyUrls, int bm25Rank, float bm25Score,
                  int vectorRank, float similarity, float keywordCoverage, double score, String gatedOut) {

    public Hit {
        Objects.requireNonNull(chunk, "chunk");
        copyUrls = List.copyOf(copyUrls);
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
                keywordCoverage, score, reason);
    }
}
