package dev.docask.index;

import dev.docask.embed.Embedder;
import dev.docask.ingest.Chunk;
import dev.docask.ingest.Corpus;
import dev.docask.ingest.Framework;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.TimeUnit;

/**
 * Time to open an index (chunks, int8 vectors, Lucene reader) of synthetic 800-character chunks
 * with 384-dimensional vectors, and the index size on disk per chunk (printed at setup).
 *
 * <pre>
 * ./mvnw -Pbench package -DskipTests && java --add-modules jdk.incubator.vector -jar target/benchmarks.jar IndexLoadBenchmark
 * </pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3)
@Measurement(iterations = 10)
@Fork(value = 1, jvmArgsAppend = {"--add-modules", "jdk.incubator.vector"})
public class IndexLoadBenchmark {
    @Param({"10000"})
    int chunks;

    private Path dir;

    @Setup(Level.Trial)
    public void build() throws Exception {
        Random rnd = new Random(3);
        List<Chunk> list = new ArrayList<>();
        for (int i = 0; i < chunks; i++) {
            StringBuilder sb = new StringBuilder();
            while (sb.length() < 800) {
                sb.append("word").append(rnd.nextInt(5000)).append(' ');
            }
            list.add(new Chunk("https://bench.dev/p" + i, "Page " + i, "Section", sb.toString(), "p" + i + ".md", Map.of()));
        }
        Embedder random = new Embedder() {
            public String id() { return "bench:random"; }
            public int dimensions() { return 384; }
            public List<float[]> embedAll(List<String> texts) {
                List<float[]> out = new ArrayList<>();
                for (String t : texts) {
                    float[] v = new float[384];
                    for (int k = 0; k < 384; k++) {
                        v[k] = (float) rnd.nextGaussian() / 20;
                    }
                    out.add(v);
                }
                return out;
            }
            public float[] embedQuery(String q) { return embedAll(List.of(q)).get(0); }
        };
        dir = Files.createTempDirectory("docask-load");
        IndexBuilder.build(new Corpus(Framework.MARKDOWN, chunks, list, List.of()), Optional.of(random),
                IndexBuilder.Settings.defaults(random.id()), dir, n -> { });
        try (var walk = Files.walk(dir)) {
            long bytes = walk.filter(Files::isRegularFile).mapToLong(p -> p.toFile().length()).sum();
            System.out.printf("%n[index size] %d chunks: %,d bytes, %,d bytes per chunk%n", chunks, bytes, bytes / chunks);
        }
    }

    @Benchmark
    public int open() {
        try (DocIndex index = DocIndex.open(dir)) {
            return index.size();
        }
    }
}
