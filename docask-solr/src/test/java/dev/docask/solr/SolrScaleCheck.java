package dev.docask.solr;

import dev.docask.embed.Embedder;
import dev.docask.index.DocIndex;
import dev.docask.index.IndexBuilder;
import dev.docask.ingest.Chunk;
import dev.docask.ingest.Corpus;
import dev.docask.ingest.Framework;
import dev.docask.retrieve.HybridRetriever;
import dev.docask.retrieve.RetrievalOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Query latency through Solr (2 shards × 2 replicas on loopback) against the local index, and
 * indexing throughput into Solr, on the synthetic chunks RetrieveBenchmark (docask-bench) makes:
 * 120 Zipf-distributed words of a 20k vocabulary and a random unit vector of 384 dimensions per chunk,
 * questions of 6 words. Not a test (no "Test"/"IT" suffix): run it by name, it prints one line per size
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
        Random rnd = new Random(7);
        String[] vocab = new String[20_000];
        for (int i = 0; i < vocab.length; i++) {
            vocab[i] = "w" + Integer.toString(i, 36) + (char) ('a' + i % 26);
        }
        List<Chunk> list = new ArrayList<>(chunks);
        Map<String, float[]> vectors = new HashMap<>();
        for (int i = 0; i < chunks; i++) {
            StringBuilder text = new StringBuilder();
            for (int k = 0; k < 120; k++) {
                text.append(vocab[zipf(rnd, vocab.length)]).append(' ');
            }
            Chunk c = new Chunk("https://bench.dev/p" + (i / 4) + "#s" + i, "Page " + (i / 4), "Section " + i,
                    text.toString(), "p" + (i / 4) + ".md", Map.of());
            list.add(c);
            vectors.put(c.embeddingText(), randomUnit(rnd));
        }
        List<String> questions = new ArrayList<>();
        for (int q = 0; q < QUESTIONS; q++) {
            StringBuilder text = new StringBuilder();
            for (int k = 0; k < 6; k++) {
                text.append(vocab[zipf(rnd, vocab.length)]).append(' ');
            }
            questions.add(text.toString().trim());
            vectors.put(text.toString().trim(), randomUnit(rnd));
        }
        Embedder precomputed = new Embedder() {
            @Override
            public String id() {
                return "bench:precomputed";
            }

            @Override
            public int dimensions() {
                return DIMS;
            }

            @Override
            public List<float[]> embedAll(List<String> texts) {
                return texts.stream().map(vectors::get).toList();
            }

            @Override
            public float[] embedQuery(String q) {
                return java.util.Objects.requireNonNull(vectors.get(q), q);
            }
        };
        Path dir = Files.createDirectories(tmp.resolve("n" + chunks));
        IndexBuilder.build(new Corpus(Framework.MARKDOWN, chunks / 4, list, List.of()), Optional.of(precomputed),
                IndexBuilder.Settings.defaults(precomputed.id()), dir, n -> { });
        String site = "scale" + chunks;
        try (DocIndex local = DocIndex.open(dir)) {
            String publishLoad = load();
            long t0 = System.nanoTime();
            SolrBackend.publish(local, cluster.uri(), site);
            double publishSeconds = (System.nanoTime() - t0) / 1e9;
            try (DocIndex remote = SolrBackend.open(cluster.uri(), site)) {
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
                return String.format(Locale.ROOT, "%,d chunks: local p50 %.2f ms p99 %.2f ms (load %s); solr p50 %.2f ms"
                                + " p99 %.2f ms (load %s, after %s); publish %.1f s = %.0f chunks/s (load %s)",
                        chunks, pct(localMicros, 50), pct(localMicros, 99), localLoad, pct(solrMicros, 50), pct(solrMicros, 99),
                        solrLoad, after, publishSeconds, chunks / publishSeconds, publishLoad);
            }
        }
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

    /** The 1-minute load average now, from /proc/loadavg (the machine is shared). */
    private static String load() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).split(" ")[0];
        } catch (Exception e) {
            return "?";
        }
    }

    private static int zipf(Random rnd, int n) {
        double u = rnd.nextDouble();
        return (int) Math.min(n - 1, Math.floor(Math.pow(n, u)) - 1);
    }

    private static float[] randomUnit(Random rnd) {
        float[] v = new float[DIMS];
        double s = 0;
        for (int i = 0; i < DIMS; i++) {
            v[i] = (float) rnd.nextGaussian();
            s += v[i] * v[i];
        }
        float inv = (float) (1 / Math.sqrt(s));
        for (int i = 0; i < DIMS; i++) {
            v[i] *= inv;
        }
        return v;
    }
}
