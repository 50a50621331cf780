package dev.docask.retrieve;

/**
 * The gate's thresholds as they apply to one index (option, or the embedder's measured default).
 *
 * @param minSimilarity      cosine floor
 * @param minKeywordCoverage keyword coverage floor
 */
public record Thresholds(double minSimilarity, double minKeywordCoverage) {
}
