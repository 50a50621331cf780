package dev.docask.retrieve;

/*
 * Keyword coverage: the share of the question's IDF weight carried by the distinct question terms
 * a chunk contains. Rare words (identifiers, product names) weigh most, so a chunk that has the
 * question's distinctive words covers it even if it lacks "how" and "configure". Measured on real
 * questions, off-topic questions never reached 0.58 while cosine let many through, which is why the
 * gate trusts this signal (docs/retrieval.md#coverage-holds-cosine-does-not).
 */
final class KeywordCoverage {
    private KeywordCoverage() {
    }

    /** Σ idf of present terms / Σ idf of all terms, in [0, 1]; 0 for a question with no terms. */
    static float of(float[] idf, boolean[] present) {
        float[] ones = new float[idf.length];
        java.util.Arrays.fill(ones, 1f);
        return of(idf, ones, present);
    }

    /**
     * The same where a term may count for less than its IDF when present: a close word standing in
     * for a misspelt one covers {@code weight × idf} of it (docs/retrieval.md, "Typos").
     */
    static float of(float[] idf, float[] weight, boolean[] present) {
        if (idf.length != present.length || idf.length != weight.length) {
            throw new IllegalArgumentException("idf, weights and presence differ in length");
        }
        double total = 0;
        double covered = 0;
        for (int i = 0; i < idf.length; i++) {
            total += idf[i];
            if (present[i]) {
                covered += idf[i] * weight[i];
            }
        }
        if (total <= 0) {
            return 0f;
        }
        return (float) Math.min(1.0, Math.max(0.0, covered / total));
    }
}
