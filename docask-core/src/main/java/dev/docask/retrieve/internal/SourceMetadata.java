package dev.docask.retrieve.internal;

import dev.docask.retrieve.Hit;
import dev.docask.retrieve.Source;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A source as the flat metadata map that other frameworks' documents carry (LangChain4j's
 * {@code Content}, Spring AI's {@code Document}), under one set of keys for both adapters.
 *
 * <pre>{@code
 * Map<String, Object> m = SourceMetadata.of(source);   // {url, title, heading, n, source, keywordCoverage, similarity?}
 * double score = SourceMetadata.score(source);
 * }</pre>
 */
public final class SourceMetadata {
    public static final String URL = "url";
    public static final String TITLE = "title";
    public static final String HEADING = "heading";
    public static final String NUMBER = "n";
    public static final String FILE = "source";
    public static final String SIMILARITY = "similarity";
    public static final String KEYWORD_COVERAGE = "keywordCoverage";

    private SourceMetadata() {
    }

    /** URL, title, heading, number, file, the best keyword coverage and (when the index has vectors) the best cosine. */
    public static Map<String, Object> of(Source s) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put(URL, s.url());
        m.put(TITLE, s.title());
        m.put(HEADING, s.heading());
        m.put(NUMBER, s.n());
        m.put(FILE, s.source());
        double similarity = Double.NaN;
        float coverage = 0;
        for (Hit h : s.hits()) {
            coverage = Math.max(coverage, h.keywordCoverage());
            if (h.similarity().isPresent() && (Double.isNaN(similarity) || h.similarity().getAsDouble() > similarity)) {
                similarity = h.similarity().getAsDouble();
            }
        }
        m.put(KEYWORD_COVERAGE, coverage);
        if (!Double.isNaN(similarity)) {
            m.put(SIMILARITY, similarity);
        }
        return m;
    }

    /** The best fused (reciprocal rank fusion) score of the source's chunks. */
    public static double score(Source s) {
        return s.hits().stream().mapToDouble(Hit::score).max().orElse(0);
    }
}
