package dev.docask.index;

import com.google.errorprone.annotations.CheckReturnValue;

import java.util.Objects;

/**
 * How an index is built, recorded in its manifest. The base URL and chunking are the corpus's
 * ({@link dev.docask.ingest.Corpus#options()}): the index records what its URLs and chunks were made with.
 *
 * <pre>{@code
 * IndexSettings s = IndexSettings.defaults("bge-small").withSiteName("Vitest");
 * }</pre>
 *
 * @param embedderSpec the {@code --embedder} spec ({@code none} for keyword-only)
 * @param siteName     display name of the site, used in answers ("… on Vitest")
 * @param bm25K1       BM25 k1, finite and at least 0
 * @param bm25B        BM25 b, between 0 and 1
 */
@CheckReturnValue
public record IndexSettings(String embedderSpec, String siteName, float bm25K1, float bm25B) {

    /*
     * BM25 k1 = 1.2, b = 0.75 (Lucene's defaults) for docs sites: on the three dev sets BM25 alone
     * finds 25 of 30 pages with them against 23 with Anserini's BEIR values (k1 0.9, b 0.4), 24 of 30
     * long questions against 19, and the default pipeline loses nothing (docs/quality.md). BEIR runs
     * keep Anserini's values so that our BM25 figures compare with theirs (eval.BeirIndex).
     */
    public static final float DEFAULT_K1 = 1.2f;
    public static final float DEFAULT_B = 0.75f;

    public IndexSettings {
        Objects.requireNonNull(embedderSpec, "embedderSpec");
        siteName = siteName == null ? "" : siteName;
        if (!Float.isFinite(bm25K1) || bm25K1 < 0) {
            throw new IllegalArgumentException("BM25 k1 must be a finite number >= 0, got " + bm25K1);
        }
        if (!(bm25B >= 0 && bm25B <= 1)) {
            throw new IllegalArgumentException("BM25 b must be between 0 and 1, got " + bm25B);
        }
    }

    public static IndexSettings defaults(String embedderSpec) {
        return new IndexSettings(embedderSpec, "", DEFAULT_K1, DEFAULT_B);
    }

    public IndexSettings withSiteName(String v) {
        return new IndexSettings(embedderSpec, v, bm25K1, bm25B);
    }

    public IndexSettings withBm25(float k1, float b) {
        return new IndexSettings(embedderSpec, siteName, k1, b);
    }
}
