package dev.docask.index.internal;

import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A question's distinct analysed terms with their BM25 IDF in this index. A term found on no page
 * gets the highest IDF the index can give, so an unknown word weighs as much as the rarest one;
 * when close-word matching is on, an unknown word is replaced by the closest word the index has,
 * with less weight (docs/retrieval.md, "Typos").
 *
 * @param terms   distinct analysed terms, in question order (a close word in place of an unknown one)
 * @param idf     IDF of each term, same order
 * @param counts  how often the question says each term (BM25 weighs a repeated term that many times)
 * @param weights 1 for a word of the question, less for a close word standing in for one it misspelt
 * @param asked   the analysed term the question had in each place (differs from {@code terms} where a close word stands in)
 * @param respelt each misspelt word of the question (lower case) and the site's word that stands in for it
 * @param coverage how much each term counts for keyword coverage when a chunk has it: its weight, less where the
 *                 site has the term's stem but not the question's word in any of its inflected forms
 *                 ("capital" asked, only "capitalized" written: docs/retrieval.md §4)
 */
public record QueryTerms(List<String> terms, float[] idf, int[] counts, float[] weights, List<String> asked,
                         Map<String, String> respelt, float[] coverage) {
    /** Terms whose coverage weight is their weight. */
    public QueryTerms(List<String> terms, float[] idf, int[] counts, float[] weights, List<String> asked,
                      Map<String, String> respelt) {
        this(terms, idf, counts, weights, asked, respelt, weights);
    }

    public QueryTerms {
        coverage = coverage.clone();
        terms = List.copyOf(terms);
        asked = List.copyOf(asked);
        respelt = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(respelt)); // in question order
        idf = idf.clone();
        counts = counts.clone();
        weights = weights.clone();
        if (terms.size() != idf.length || terms.size() != counts.length || terms.size() != weights.length
                || terms.size() != asked.size() || terms.size() != coverage.length) {
            throw new IllegalArgumentException("terms, idf, counts, weights, asked and coverage differ in length");
        }
    }

    public boolean isEmpty() {
        return terms.isEmpty();
    }

    /** BM25's IDF of a term on {@code docFreq} of an index's {@code chunks} chunks (at least one), as the index gives it. */
    public static double idf(double docFreq, long chunks) {
        long n = Math.max(1, chunks);
        return Math.log(1 + (n - docFreq + 0.5) / (docFreq + 0.5));
    }

    /**
     * {@code text} with each misspelt word replaced by the site's word, as it would have been asked;
     * {@code text} itself when nothing was respelt. Retrieval embeds this too, so the cosine does not
     * suffer from the typo either.
     */
    public String respell(String text) {
        if (respelt.isEmpty()) {
            return text;
        }
        Matcher m = WORD.matcher(text);
        StringBuilder out = new StringBuilder(text.length());
        while (m.find()) {
            String found = respelt.get(m.group().toLowerCase(java.util.Locale.ROOT));
            m.appendReplacement(out, Matcher.quoteReplacement(found == null ? m.group() : found));
        }
        m.appendTail(out);
        return out.toString();
    }

    private static final Pattern WORD = Pattern.compile("\\p{L}+");
}
