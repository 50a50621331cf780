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
import java.util.Map;
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
        // the second publish of generationFilter, up to 100k: at 1M its two publishes would take hours on 2 cores
        Path reducedDir = chunks <= 100_000 ? tmp.resolve("n" + chunks + "-reduced") : null;
        SyntheticChunks asked = build(dir, reducedDir, chunks);
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
                String generations = reducedDir == null ? "" : "\n  " + generationFilter(cluster, site, remote, reducedDir, precomputed, questions);
                return String.format(Locale.ROOT, "%,d chunks: local p50 %.2f ms p99 %.2f ms (load %s); solr p50 %.2f ms"
                                + " p99 %.2f ms (load %s, after %s); publish %.1f s = %.0f chunks/s (load %s, after %s);"
                        + " docask's analysis alone %.0f chunks/s on one thread; open %.0f ms, %d request(s), heap %+.1f MB;"
                        + " kNN recall@40 against the exact scan %.4f",
                        chunks, pct(localMicros, 50), pct(localMicros, 99), localLoad, pct(solrMicros, 50), pct(solrMicros, 99),
                        solrLoad, after, publishSeconds, chunks / publishSeconds, publishLoad, publishedLoad, analysisPerSecond,
                        openMillis, openRequests, openHeap / 1e6, recall)
                        + "; " + sweep + keywordsOnly + generations;
            }
        }
    }

    /**
     * The local index of {@code chunks} synthetic chunks in {@code dir}, and in {@code reducedDir} (when given) the
     * same without every tenth chunk, for a second publish; the questions alone are kept (1M chunks' vectors are 1.5 GB).
     */
    private static SyntheticChunks build(Path dir, @org.jspecify.annotations.Nullable Path reducedDir, int chunks) {
        SyntheticChunks all = SyntheticChunks.make(chunks, QUESTIONS, DIMS);
        Embedder e = all.embedder();
        IndexBuilder.build(new Corpus(Framework.MARKDOWN, chunks / 4, all.chunks(), List.of()), Optional.of(e),
                IndexBuilder.Settings.defaults(e.id()), dir, n -> { });
        if (reducedDir != null) {
            List<dev.docask.ingest.Chunk> reduced = java.util.stream.IntStream.range(0, chunks).filter(i -> i % 10 != 9)
                    .mapToObj(all.chunks()::get).toList();
            IndexBuilder.build(new Corpus(Framework.MARKDOWN, chunks / 4, reduced, List.of()), Optional.of(e),
                    IndexBuilder.Settings.defaults(e.id()), reducedDir, n -> { });
        }
        return all.questionsOnly();
    }

    /**
     * What the generation filter costs (docs/solr.md, "Generations"): the questions through the site as opened (every
     * chunk request filtered to its generation) and through the same site read without the filter (as the docask before
     * generations read it), one after the other per question, which first alternating, so the load weighs on both
     * alike. Then the same after a second publish that removed every tenth chunk (the removed chunks and those that
     * moved into their ordinals stay, retired, beside the live ones until the next publish), with how far BM25 scores
     * there stand from a fresh site of the same build: Lucene's statistics count the retired documents too.
     */
    private static String generationFilter(SolrCluster cluster, String site, DocIndex remote, Path reducedDir, Embedder e,
                                           List<String> questions) {
        String first;
        try (DocIndex plain = withoutGenerationFilter(cluster, site, remote)) {
            first = interleaved("first publish", remote, plain, e, questions);
        }
        String second;
        double[] drift;
        double[] deleted;
        try (DocIndex reduced = DocIndex.open(reducedDir)) {
            SolrBackend.Published p = SolrBackend.publish(reduced, cluster.uri(), site);
            SolrBackend.publish(reduced, cluster.uri(), site + "_fresh");
            try (DocIndex again = SolrBackend.open(cluster.uri(), site);
                 DocIndex plain = withoutGenerationFilter(cluster, site, again);
                 DocIndex fresh = SolrBackend.open(cluster.uri(), site + "_fresh")) {
                second = interleaved("after a publish that removed every tenth chunk (" + p.written() + " written, "
                        + p.deleted() + " removed, " + (p.written() + p.deleted()) + " documents retired beside the " + again.size()
                        + " live)", again, plain, e, questions);
                drift = bm25Drift(again, fresh, questions);
                // the same build once more deletes the retired documents: what the docask before generations left at
                // once (its deleted documents count in Lucene's statistics too, until a merge drops them)
                SolrBackend.publish(reduced, cluster.uri(), site);
                try (DocIndex third = SolrBackend.open(cluster.uri(), site)) {
                    deleted = bm25Drift(third, fresh, questions);
                }
            }
        }
        return String.format(Locale.ROOT, "generation filter: %s; %s; BM25 there against a fresh site of the same build: scores"
                + " %.2f%% apart at the median, %.2f%% at most, the same top 10 for %.0f of %d questions; once the next publish has"
                + " deleted them (as the docask before generations deleted at once): %.2f%%, %.2f%%, %.0f", first, second,
                drift[0], drift[1], drift[2], questions.size(), deleted[0], deleted[1], deleted[2]);
    }

    /** The site as the docask before generations read it: every chunk document of the site, no generation filter. */
    private static DocIndex withoutGenerationFilter(SolrCluster cluster, String site, DocIndex opened) {
        SolrConnection solr = new SolrConnection(SolrLocation.parse(cluster.uri()), SolrConnection.DEFAULT_TIMEOUT);
        SolrChunks chunks = new SolrChunks(solr, site, opened.size(), java.util.OptionalLong.empty());
        SolrSearch search = new SolrSearch(solr, site, opened.manifest().dimensions(), opened.size(), chunks, java.util.OptionalLong.empty());
        return dev.docask.index.internal.IndexAccess.open(new dev.docask.index.internal.IndexAccess.Remote("no generation filter",
                opened.manifest(), chunks, chunks, search));
    }

    private static String interleaved(String when, DocIndex filtered, DocIndex plain, Embedder e, List<String> questions) {
        HybridRetriever a = HybridRetriever.create(filtered, Optional.of(e));
        HybridRetriever b = HybridRetriever.create(plain, Optional.of(e));
        for (int i = 0; i < 20; i++) {
            a.retrieve(questions.get(i), RetrievalOptions.defaults());
            b.retrieve(questions.get(i), RetrievalOptions.defaults());
        }
        String before = load();
        long[] with = new long[questions.size()];
        long[] without = new long[questions.size()];
        for (int i = 0; i < questions.size(); i++) {
            for (int k = 0; k < 2; k++) {
                boolean filter = (i + k) % 2 == 0;
                long t = System.nanoTime();
                (filter ? a : b).retrieve(questions.get(i), RetrievalOptions.defaults());
                (filter ? with : without)[i] = (System.nanoTime() - t) / 1000;
            }
        }
        java.util.Arrays.sort(with);
        java.util.Arrays.sort(without);
        return String.format(Locale.ROOT, "%s: with it p50 %.2f ms p99 %.2f ms, without p50 %.2f ms p99 %.2f ms (load %s, after %s)",
                when, pct(with, 50), pct(with, 99), pct(without, 50), pct(without, 99), before, load());
    }

    /**
     * BM25 of {@code a} against {@code b} (the same chunks, other ordinals): the median and the largest relative score
     * difference (%) of the chunks both top-40 lists hold, and for how many questions the top 10 are the same chunks in
     * the same order.
     */
    private static double[] bm25Drift(DocIndex a, DocIndex b, List<String> questions) {
        dev.docask.index.internal.IndexEngine x = dev.docask.index.internal.IndexEngine.of(a);
        dev.docask.index.internal.IndexEngine y = dev.docask.index.internal.IndexEngine.of(b);
        List<Double> diffs = new ArrayList<>();
        int sameTop = 0;
        for (String q : questions) {
            Map<String, Float> sa = new java.util.LinkedHashMap<>();
            Map<String, Float> sb = new java.util.LinkedHashMap<>();
            x.bm25(x.queryTerms(q, false), 40, null).forEach(s -> sa.put(a.chunk(s.chunkId()).url(), s.score()));
            y.bm25(y.queryTerms(q, false), 40, null).forEach(s -> sb.put(b.chunk(s.chunkId()).url(), s.score()));
            sa.forEach((url, score) -> {
                Float other = sb.get(url);
                if (other != null) {
                    diffs.add(100.0 * Math.abs(score - other) / other);
                }
            });
            sameTop += sa.keySet().stream().limit(10).toList().equals(sb.keySet().stream().limit(10).toList()) ? 1 : 0;
        }
        diffs.sort(null);
        return new double[] {diffs.isEmpty() ? 0 : diffs.get(diffs.size() / 2), diffs.isEmpty() ? 0 : diffs.getLast(), sameTop};
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
