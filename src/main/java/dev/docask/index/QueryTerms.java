package dev.docask.index;

import java.util.List;

/**
 * A question's distinct analysed terms with their BM25 IDF in this index. A term found on no page
 * gets the highest IDF the index can give, so an unknown word weighs as much as the rarest one.
 *
 * @param terms distinct analysed terms, in question order
 * @param idf   IDF of each term, same order
 */
public record QueryTerms(List<String> terms, float[] idf) {
    public QueryTerms {
        terms = List.copyOf(terms);
        idf = idf.clone();
        if (terms.size() != idf.length) {
            throw new IllegalArgumentException("terms and idf differ in length");
        }
    }

    public boolean isEmpty() {
        return terms.isEmpty();
    }
}
