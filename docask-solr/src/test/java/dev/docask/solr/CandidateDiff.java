package dev.docask.solr;

import dev.docask.embed.Embedders;
import dev.docask.index.DocIndex;
import dev.docask.index.internal.Allowed;
import dev.docask.index.internal.IndexEngine;
import dev.docask.index.internal.QueryTerms;
import dev.docask.index.internal.Scored;
import dev.docask.retrieve.RetrievalOptions;
import org.jspecify.annotations.Nullable;

import java.util.List;

/** For a question whose sources differ: where the local and the Solr candidate lists part. */
final class CandidateDiff {
    private CandidateDiff() {
    }

    /** Where the two backends' candidate lists part, to explain a difference (docs/solr.md). */
    static String of(DocIndex local, DocIndex remote, String text) {
        IndexEngine a = IndexEngine.of(local);
        IndexEngine b = IndexEngine.of(remote);
        int n = RetrievalOptions.defaults().candidates();
        StringBuilder out = new StringBuilder();
        QueryTerms ta = a.queryTerms(text, true);
        QueryTerms tb = b.queryTerms(text, true);
        out.append("  terms local ").append(ta.terms()).append(" solr ").append(tb.terms()).append('\n');
        Allowed la = Allowed.chunks(a.canonicalChunks());
        Allowed lb = Allowed.filter(java.util.Map.of(), true);
        out.append(firstDifference("bm25", local, a.bm25(ta, n, la), b.bm25(tb, n, lb)));
        float[] q = Embedders.fromSpec("mock").orElseThrow().embedQuery(text);
        out.append(firstDifference("knn", local, a.nearest(q, n, la), b.nearest(q, n, lb)));
        return out.toString();
    }

    private static String firstDifference(String what, DocIndex index, List<Scored> a, List<Scored> b) {
        for (int i = 0; i < Math.max(a.size(), b.size()); i++) {
            @Nullable Scored x = i < a.size() ? a.get(i) : null;
            @Nullable Scored y = i < b.size() ? b.get(i) : null;
            if (x == null || y == null || !index.chunk(x.chunkId()).url().equals(index.chunk(y.chunkId()).url()) || x.score() != y.score()) {
                return "  " + what + " differs at " + i + ": local " + describe(index, x) + ", solr " + describe(index, y)
                        + " (lists " + a.size() + "/" + b.size() + ")\n";
            }
        }
        return "  " + what + " same " + a.size() + "\n";
    }

    private static String describe(DocIndex index, @Nullable Scored s) {
        return s == null ? "none" : index.chunk(s.chunkId()).url() + " " + s.score();
    }

}
