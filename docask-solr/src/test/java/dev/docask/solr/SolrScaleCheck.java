package dev.docask.solr;

import dev.docask.embed.Embedder;
import dev.docask.index.DocIndex;
import dev.docask.index.IndexBuilder;
import dev.docask.ingest.Corpus;
import dev.docask.ingest.Framework;
import dev.docask.retrieve.HybridRetriever;
import dev.docask.retrieve.RetrievalOptions;
import dev.docask.testsupport.SyntheticChunks;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Query latency through Solr (2 shards × 2 replicas on loopback) against the local index, and
 * indexing throughput into Solr, on the synthetic chunks RetrieveBenchmark (docask-bench) measures
 * ({@link SyntheticChunks}: 120 Zipf-distributed words of a 20k vocabulary and a random unit vector
 * of 384 dimensions per chunk, questions of 6 words). Not a test (no "Test"/"IT" suffix): run it by name, it prints one line per size
 * with the load average next to each figure (docs/benchmarks.md).
 *
 * <pre>
 * ./mvnw -B -Psolr-it verify -pl docask-solr -am -Dtest=SolrScaleCheck -Dsurefire.failIfNoSpecifiedTests=false \
 *     -DskipITs -Ddocask.solr.chunks=10000,100000
 * </pre>
 */
class SolrScaleCheck {
    private static final int DIMS = 384;
    private static final int QUESTIONS = 200;

    @TempDir
    Path tmp;

    @Test
    void solrAgainstLocal_atEachSize_printsLatencyAndThroughput() throws Exception {
        String sizes = System.getProperty("docask.solr.chunks", "10000");
        SolrCluster cluster = SolrCluster.shared();
        List<String> lines = new ArrayList<>();
        for (String s : sizes.split(",")) {
            lines.add(run(cluster, Integer.parseInt(s.strip())));
            System.out.println(lines.getLast());
        }
        System.out.println("SolrScaleCheck (" + Runtime.getRuntime().availableProcessors() + " cores, Java "
                + Runtime.version() + "):\n" + String.join("\n", lines));
        assertThat(lines).hasSize(sizes.split(",").length);
    }

    private String run(SolrCluster cluster, int chunks) throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("n" + chunks));
        SyntheticChunks asked = build(dir, chunks);
        List<String> questions = asked.questions();
        Embedder precomputed = asked.embedder();
        String site = "scale" + chunks;
        try (DocIndex local = DocIndex.open(dir)) {
            // docask's own share of publishing: analysing and encoding the documents, on one thread
            int sample = Math.min(chunks, 5_000);
            long a0 = System.nanoTime();
            for (int i = 0; i < sample; i++) {
                SolrPublisher.document(local, "scale", i, "scale/" + i, 1, new SolrPublisher.Place(i, i), true);
            }
            double analysisPerSecond = sample / ((System.nanoTime() - a0) / 1e9);
            String publishLoad = load();
            long t0 = System.nanoTime();
            SolrBackend.publish(local, cluster.uri(), site);
            double publishSeconds = (System.nanoTime() - t0) / 1e9;
            String publishedLoad = load();
            String keywordsOnly = "";
            if (Boolean.getBoolean("docask.solr.withoutVectors")) {
                // the same chunks without vectors: what Solr's HNSW graphs cost of the publishing time
                Path kw = Files.createDirectories(tmp.resolve("kw" + chunks));
                IndexBuilder.build(new Corpus(Framework.MARKDOWN, chunks / 4, SyntheticChunks.make(chunks, 0, DIMS).chunks(), List.of()),
                        Optional.empty(), IndexBuilder.Settings.defaults("none"), kw, n -> { });
                try (DocIndex words = DocIndex.open(kw)) {
                    String kwLoad = load();
                    long k0 = System.nanoTime();
                    SolrBackend.publish(words, cluster.uri(), site + "_kw");
                    double kwSeconds = (System.nanoTime() - k0) / 1e9;
                    keywordsOnly = String.format(Locale.ROOT, "; without vectors %.1f s = %.0f chunks/s (load %s, after %s)",
                            kwSeconds, chunks / kwSeconds, kwLoad, load());
                }
            }
            // opening the site: time, requests and the heap it keeps (nothing per chunk: docs/solr.md)
            long heap0 = usedHeap();
            long o0 = System.nanoTime();
            SolrBackend.Site opened = SolrBackend.openSite(cluster.uri(), site, SolrConnection.DEFAULT_TIMEOUT);
            double openMillis = (System.nanoTime() - o0) / 1e6;
            long openRequests = opened.connection().requests();
            long openHeap = usedHeap() - heap0;
            try (DocIndex remote = opened.index()) {
                HybridRetriever a = HybridRetriever.create(local, Optional.of(precomputed));
                HybridRetriever b = HybridRetriever.create(remote, Optional.of(precomputed));
                for (int i = 0; i < 20; i++) { // warm both
                    a.retrieve(questions.get(i), RetrievalOptions.defaults());
                    b.retrieve(questions.get(i), RetrievalOptions.defaults());
                }
                String localLoad = load();
                long[] localMicros = time(a, questions);
                String solrLoad = load();
                long[] solrMicros = time(b, questions);
                String after = load();
                double recall = knnRecall(local, remote, precomputed, questions);
                String sweep = topKSweep(local, opened.connection(), site, precomputed, questions);
                return String.format(Locale.ROOT, "%,d chunks: local p50 %.2f ms p99 %.2f ms (load %s); solr p50 %.2f ms"
                                + " p99 %.2f ms (load %s, after %s); publish %.1f s = %.0f chunks/s (load %s, after %s);"
                        + " docask's analysis alone %.0f chunks/s on one thread; open %.0f ms, %d request(s), heap %+.1f MB;"
                        + " kNN recall@40 against the exact scan %.4f",
                        chunks, pct(localMicros, 50), pct(localMicros, 99), localLoad, pct(solrMicros, 50), pct(solrMicros, 99),
                        solrLoad, after, publishSeconds, chunks / publishSeconds, publishLoad, publishedLoad, analysisPerSecond,
                        openMillis, openRequests, openHeap / 1e6, recall)
                        + "; " + sweep + keywordsOnly;
            }
        }
    }

    /** The local index of {@code chunks} synthetic chunks in {@code dir}; the questions alone are kept (1M chunks' vectors are 1.5 GB). */
    private static SyntheticChunks build(Path dir, int chunks) {
        SyntheticChunks all = SyntheticChunks.make(chunks, QUESTIONS, DIMS);
        Embedder e = all.embedder();
        IndexBuilder.build(new Corpus(Framework.MARKDOWN, chunks / 4, all.chunks(), List.of()), Optional.of(e),
                IndexBuilder.Settings.defaults(e.id()), dir, n -> { });
        return all.questionsOnly();
    }

    /**
     * The share of the exact scan's 40 nearest chunks (the local index) that Solr's kNN (HNSW, with
     * docask's 4× wider topK) returns too, over the questions: what the HNSW parameters cost in recall.
     */
    private static double knnRecall(DocIndex local, DocIndex remote, Embedder e, List<String> questions) {
        dev.docask.index.internal.IndexEngine a = dev.docask.index.internal.IndexEngine.of(local);
        dev.docask.index.internal.IndexEngine b = dev.docask.index.internal.IndexEngine.of(remote);
        long found = 0;
        long all = 0;
        for (String q : questions) {
            float[] v = e.embedQuery(q);
            java.util.Set<Integer> exact = new java.util.HashSet<>();
            a.nearest(v, 40, null).forEach(s -> exact.add(s.chunkId()));
            for (dev.docask.index.internal.Scored s : b.nearest(v, 40, null)) {
                found += exact.contains(s.chunkId()) ? 1 : 0;
            }
            all += exact.size();
        }
        return all == 0 ? Double.NaN : (double) found / all;
    }

    /**
     * What a wider kNN beam buys: for each topK (Solr 9's HNSW beam is its topK, per shard), the share of the
     * exact 40 nearest chunks among the chunks Solr returns (docask re-ranks those exactly, so this is the
     * recall of its 40), and the median time of that one request. 160 is docask's 4 × 40.
     */
    private static String topKSweep(DocIndex local, SolrConnection solr, String site, Embedder e, List<String> questions) {
        dev.docask.index.internal.IndexEngine exact = dev.docask.index.internal.IndexEngine.of(local);
        StringBuilder out = new StringBuilder("kNN topK sweep (recall of the exact 40 / median request ms):");
        for (int topK : new int[] {40, 160, 320, 640, 1280}) {
            long found = 0;
            long all = 0;
            long[] micros = new long[questions.size()];
            for (int i = 0; i < questions.size(); i++) {
                float[] v = e.embedQuery(questions.get(i));
                java.util.Set<Integer> want = new java.util.HashSet<>();
                exact.nearest(v, 40, null).forEach(s -> want.add(s.chunkId()));
                byte[] q = dev.docask.index.internal.QuantizedVector.of(v).values();
                StringBuilder vec = new StringBuilder("[");
                for (int j = 0; j < q.length; j++) {
                    vec.append(j == 0 ? "" : ",").append(q[j]);
                }
                org.apache.solr.common.params.ModifiableSolrParams p = new org.apache.solr.common.params.ModifiableSolrParams();
                p.set("q", "{!knn f=" + SolrFields.vector(DIMS) + " topK=" + topK + "}" + vec.append(']'));
                p.add("fq", "{!term f=" + SolrFields.SITE + "}" + site);
                p.set("fl", SolrFields.ORD);
                p.set("rows", topK);
                long t = System.nanoTime();
                org.apache.solr.common.SolrDocumentList docs = solr.query("a kNN sweep", p).getResults();
                micros[i] = (System.nanoTime() - t) / 1000;
                for (org.apache.solr.common.SolrDocument d : docs) {
                    found += want.contains(((Number) d.getFieldValue(SolrFields.ORD)).intValue()) ? 1 : 0;
                }
                all += want.size();
            }
            java.util.Arrays.sort(micros);
            out.append(String.format(Locale.ROOT, " topK %d: %.3f / %.1f ms (load %s);", topK, (double) found / all,
                    micros[micros.length / 2] / 1000.0, load()));
        }
        return out.toString();
    }

    private static long[] time(HybridRetriever r, List<String> questions) {
        long[] micros = new long[questions.size()];
        for (int i = 0; i < micros.length; i++) {
            long t = System.nanoTime();
            r.retrieve(questions.get(i), RetrievalOptions.defaults());
            micros[i] = (System.nanoTime() - t) / 1000;
        }
        java.util.Arrays.sort(micros);
        return micros;
    }

    private static double pct(long[] sorted, int p) {
        return sorted[Math.min(sorted.length - 1, (int) Math.ceil(p / 100.0 * sorted.length) - 1)] / 1000.0;
    }

    /** The heap in use after a full collection (what stays reachable). */
    private static long usedHeap() {
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        Runtime r = Runtime.getRuntime();
        return r.totalMemory() - r.freeMemory();
    }

    /** The 1-minute load average now, from /proc/loadavg (the machine is shared). */
    private static String load() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).split(" ")[0];
        } catch (Exception e) {
            return "?";
        }
    }
}
