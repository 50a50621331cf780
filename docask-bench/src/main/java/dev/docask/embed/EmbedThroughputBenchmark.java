package dev.docask.embed;

import dev.docask.ingest.Chunk;
import dev.docask.ingest.IngestOptions;
import dev.docask.ingest.SiteReader;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.onnx.bgesmallenv15q.BgeSmallEnV15QuantizedEmbeddingModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.function.ToIntFunction;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Indexing throughput of the embedders, in chunks per second, on the real documentation sites:
 * our {@code bge-small} against LangChain4j's own {@code embedAll} of the same model on the same
 * chunks, plus the {@code mock} embedder.
 *
 * <p>Each site is read with {@link SiteReader} as {@code docask index} reads it, and a fixed sample
 * of {@value #SAMPLE} chunks (shuffled with seed 42) is embedded per invocation: a full pass over
 * Astro's ~3.6k chunks takes ~400 s with LangChain4j on 2 cores, too long for repeated iterations.
 * One invocation is one {@code embedAll} of the whole sample, so the score is chunks/s. On a machine
 * shared with other work, {@link EmbedThroughputRunner} (ours and LangChain4j interleaved) is fairer.
 *
 * <pre>
 * ./mvnw -q -Pbench package -DskipTests
 * java -jar target/benchmarks.jar EmbedThroughput -p docs=../shared/data/docs
 * </pre>
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@OperationsPerInvocation(EmbedThroughputBenchmark.SAMPLE)
@Warmup(iterations = 1, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "-Xmx2g"})
@State(Scope.Benchmark)
public class EmbedThroughputBenchmark {
    static final int SAMPLE = 300;

    /** The folder holding the three sites (read-only data of the project). */
    @Param("../shared/data/docs")
    public String docs;

    @Param({"vitest", "docusaurus", "astro"})
    public String site;

    /** {@code bge-small}: ours; {@code langchain4j}: LangChain4j's embedAll; {@code mock}: hashed words. */
    @Param({"bge-small", "langchain4j", "mock"})
    public String embedder;

    private List<String> texts;
    private ToIntFunction<List<String>> embedAll;

    @Setup
    public void setUp() {
        texts = sample(site, Path.of(docs));
        embedAll = switch (embedder) {
            case "langchain4j" -> {
                BgeSmallEnV15QuantizedEmbeddingModel model = new BgeSmallEnV15QuantizedEmbeddingModel();
                yield t -> model.embedAll(t.stream().map(TextSegment::from).toList()).content().size();
            }
            case "bge-small", "mock" -> {
                Embedder e = Embedders.fromSpec(embedder).orElseThrow();
                yield t -> e.embedAll(t).size();
            }
            default -> throw new IllegalArgumentException("unknown embedder '" + embedder + "'");
        };
        int unused = embedAll.applyAsInt(List.of("load the model before the clock starts"));
    }

    @Benchmark
    public int embedAll() {
        return embedAll.applyAsInt(texts);
    }

    /** The benchmark's fixed sample of one site's chunks, as the embedder sees them. */
    static List<String> sample(String site, Path docs) {
        Path folder;
        String baseUrl;
        switch (site) {
            case "vitest" -> { folder = docs.resolve("vitest/docs"); baseUrl = "https://vitest.dev"; }
            case "docusaurus" -> { folder = docs.resolve("docusaurus/website"); baseUrl = "https://docusaurus.io"; }
            case "astro" -> { folder = docs.resolve("astro/src/content/docs"); baseUrl = "https://docs.astro.build"; }
            default -> throw new IllegalArgumentException("unknown site '" + site + "'; expected vitest, docusaurus or astro");
        }
        if (!Files.isDirectory(folder)) {
            throw new IllegalArgumentException("no site folder at " + folder.toAbsolutePath() + "; pass -p docs=<folder>");
        }
        List<String> all = new ArrayList<>();
        for (Chunk c : SiteReader.read(folder, IngestOptions.defaults(baseUrl)).chunks()) {
            all.add(c.embeddingText());
        }
        if (all.size() < SAMPLE) {
            throw new IllegalStateException(site + " has only " + all.size() + " chunks; the benchmark samples " + SAMPLE);
        }
        Collections.shuffle(all, new Random(42));
        return List.copyOf(all.subList(0, SAMPLE));
    }
}
