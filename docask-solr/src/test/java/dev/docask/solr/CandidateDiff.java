package dev.docask.solr;

import dev.docask.embed.Embedder;
import dev.docask.embed.Embedders;
import dev.docask.index.DocIndex;
import dev.docask.index.internal.Allowed;
import dev.docask.index.internal.IndexEngine;
import dev.docask.index.internal.QueryTerms;
import dev.docask.index.internal.Scored;
import dev.docask.retrieve.RetrievalOptions;
import org.jspecify.annotations.Nullable;

import java.util.List;
import java.util.Optional;

/**
 * Where the local and the Solr candidate lists of a question part: for a question whose sources differ,
 * and to count how often the lists themselves agree (docs/solr.md).
 */
final class CandidateDiff {
    private static final String SAME = "same";
    private static final String DIFFERS = "differs";

    private CandidateDiff() {
    }

    /** Where the two backends' candidate lists part, to explain a difference (docs/solr.md). */
    static String of(DocIndex local, DocIndex remote, String text) {
        return compare(local, remote, text, Embedders.create(local.manifest().embedderSpec())).description();
    }

    /**
     * Both backends' BM25 and kNN candidates (the default {@code candidates}, copies collapsed) for {@code text};
     * {@code embedder} is the indexes' own (empty for a keyword-only index: no kNN list).
     */
    static Lists compare(DocIndex local, DocIndex remote, String text, Optional<Embedder> embedder) {
        IndexEngine a = IndexEngine.of(local);
        IndexEngine b = IndexEngine.of(remote);
        int n = RetrievalOptions.defaults().candidates();
        StringBuilder out = new StringBuilder();
        QueryTerms ta = a.queryTerms(text, true);
        QueryTerms tb = b.queryTerms(text, true);
        out.append("  terms local ").append(ta.terms()).append(" solr ").append(tb.terms()).append('\n');
        Allowed la = Allowed.chunks(a.canonicalChunks());
        Allowed lb = Allowed.filter(java.util.Map.of(), true);
        String bm25 = firstDifference("bm25", local, a.bm25(ta, n, la), b.bm25(tb, n, lb));
        out.append(bm25);
        String knn = "";
        if (embedder.isPresent()) {
            float[] q = embedder.get().embedQuery(text);
            List<Scored> exact = a.nearest(q, n, la);
            List<Scored> found = b.nearest(q, n, lb);
            knn = firstDifference("knn", local, exact, found);
            out.append(knn);
            out.append(missed(local, exact, found));
            float last = found.isEmpty() ? Float.NEGATIVE_INFINITY : found.getLast().score();
            java.util.Set<Integer> ids = new java.util.HashSet<>();
            found.forEach(f -> ids.add(f.chunkId()));
            if (exact.stream().anyMatch(e -> !ids.contains(e.chunkId()) && e.score() > last)) {
                out.append(wider(b, q, exact)); // a neighbour HNSW did not find, not a member of a tie at the edge
            }
        }
        return new Lists(!bm25.contains(DIFFERS), !knn.contains(DIFFERS), out.toString());
    }

    /** Whether the BM25 and the kNN lists are the same (chunk URLs and scores, in order), and where they part. */
    record Lists(boolean sameBm25, boolean sameKnn, String description) {
    }

    /**
     * Whether a wider HNSW search finds the neighbours it missed, and what the request costs: the
     * Solr site asked for 1, 2, 4 and 8 times the candidates (its topK per shard grows with them),
     * the best {@code n} of the answer against the local scan's {@code n}; one warm and one timed
     * request each.
     */
    private static String wider(IndexEngine remote, float[] q, List<Scored> exact) {
        int n = exact.size();
        java.util.Set<Integer> want = new java.util.HashSet<>();
        exact.forEach(s -> want.add(s.chunkId()));
        StringBuilder out = new StringBuilder("  knn asked for more candidates (lacks, request time):");
        for (int m : new int[] {1, 2, 4, 8}) {
            remote.nearest(q, m * n, Allowed.filter(java.util.Map.of(), true));
            long t0 = System.nanoTime();
            List<Scored> got = remote.nearest(q, m * n, Allowed.filter(java.util.Map.of(), true));
            long millis = (System.nanoTime() - t0) / 1_000_000;
            long found = got.subList(0, Math.min(n, got.size())).stream().filter(s -> want.contains(s.chunkId())).count();
            out.append(' ').append(m * n).append(": ").append(n - found).append(" (").append(millis).append(" ms)");
        }
        return out.append('\n').toString();
    }

    /**
     * The local scan's nearest chunks that Solr's kNN list lacks: a true neighbour HNSW did not find
     * (its cosine above the list's last) tells an approximate search from a tie at the edge.
     */
    private static String missed(DocIndex index, List<Scored> exact, List<Scored> knn) {
        java.util.Set<Integer> found = new java.util.HashSet<>(); // the Solr site numbers its chunks in the local index's order
        knn.forEach(s -> found.add(s.chunkId()));
        List<String> lost = new java.util.ArrayList<>();
        for (int i = 0; i < exact.size(); i++) {
            Scored s = exact.get(i);
            if (!found.contains(s.chunkId())) {
                lost.add("#" + i + " " + describe(index, s));
            }
        }
        float last = knn.isEmpty() ? Float.NaN : knn.getLast().score();
        return lost.isEmpty() ? "" : "  knn lacks " + lost.size() + " of the local " + exact.size() + " nearest (solr's last "
                + last + "): " + String.join(", ", lost) + "\n";
    }

    private static String firstDifference(String what, DocIndex index, List<Scored> a, List<Scored> b) {
        for (int i = 0; i < Math.max(a.size(), b.size()); i++) {
            @Nullable Scored x = i < a.size() ? a.get(i) : null;
            @Nullable Scored y = i < b.size() ? b.get(i) : null;
            if (x == null || y == null || !index.chunk(x.chunkId()).url().equals(index.chunk(y.chunkId()).url()) || x.score() != y.score()) {
                return "  " + what + " " + DIFFERS + " at " + i + ": local " + describe(index, x) + ", solr " + describe(index, y)
                        + " (lists " + a.size() + "/" + b.size() + ")\n";
            }
        }
        return "  " + what + " " + SAME + " " + a.size() + "\n";
    }

    private static String describe(DocIndex index, @Nullable Scored s) {
        return s == null ? "none" : index.chunk(s.chunkId()).url() + " " + s.score();
    }

}
