package dev.docask.retrieve;

import java.util.List;

/*
 * Per-model gate thresholds, in one table with where each number came from. A cosine threshold
 * belongs to a model AND its pooling: the published 0.65 for bge-small was measured on a
 * mean-pooled variant and lets most off-topic questions through with the CLS-pooled model we ship
 * (docs/retrieval.md#thresholds-belong-to-a-model-and-its-pooling), so every value here is measured
 * for the exact embedder id it names.
 */
final class GateDefaults {
    /** {@code queryVariant} empty = any variant. */
    record Entry(String embedderIdPrefix, String queryVariant, double minSimilarity, String source) {
    }

    static final List<Entry> TABLE = List.of(
            new Entry("openai:text-embedding-3-small", "", 0.25,
                    "docs/retrieval.md §4: the value published for text-embedding-3-small"),
            new Entry("bge-small-en-v1.5-q", "instruct", 0.73,
                    "docask calibrate + eval on the three sites' dev sets: every value in (0.716, 0.750) turns "
                            + "away none of 30 answerable and passes 1 of 15 off-topic; 0.73 is calibrate's "
                            + "max-margin cut (0.02 from both sides, where 0.74 would sit 0.01 from a Docusaurus "
                            + "question). On the union with cross-site questions and own probes "
                            + "(37 answerable, 231 off-topic) it turns away 1 and passes 19.5% (0.75: 2 and "
                            + "14.7%) (docs/quality.md)"),
            new Entry("bge-small-en-v1.5-q", "plain", 0.755,
                    "docs/retrieval.md#the-gate-on-a-larger-set: best pair chosen on the dev sets for CLS-pooled bge-small without the query instruction"),
            new Entry("mock:", "", 0.2,
                    "docs/retrieval.md §11: hashed-word vectors; only trusted when a word is shared"));

    /** Used for embedders not in the table: high, so an uncalibrated model leans on keyword coverage. */
    static final double UNKNOWN_MODEL_MIN_SIMILARITY = 0.8;
    static final double MIN_KEYWORD_COVERAGE = 0.5;
    static final double MIN_KEYWORD_COVERAGE_KEYWORD_ONLY = 0.4;

    private GateDefaults() {
    }

    static double minSimilarity(String embedderId, String queryVariant) {
        for (Entry e : TABLE) {
            if (embedderId.startsWith(e.embedderIdPrefix())
                    && (e.queryVariant().isEmpty() || e.queryVariant().equals(queryVariant))) {
                return e.minSimilarity();
            }
        }
        return UNKNOWN_MODEL_MIN_SIMILARITY;
    }
}
