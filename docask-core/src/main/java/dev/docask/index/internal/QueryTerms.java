package dev.docask.index.internal;

import java.util.List;

/**
 * A question's distinct analysed terms with their BM25 IDF in this index. A term found on no page
 * gets the highest IDF the index can give, so an unknown word weighs as much as the rarest one.
 *
 * @param terms distinct analysed terms, in question order
 * @param idf   IDF of each term, same order
 * @param counts how often the question says each term (BM25 weighs a repeated term that many times)
 */
public record QueryTerms(List<String> terms, float[] idf, int[] counts) {
    public QueryTerms {
        terms = List.copyOf(terms);
        idf = idf.clone();
        counts = counts.clone();
        if (terms.size() != idf.length || terms.size() != counts.length) {
            throw new IllegalArgumentException("terms, idf and counts differ in length");
        }
    }

    public boolean isEmpty() {
        return terms.isEmpty();
    }
}
