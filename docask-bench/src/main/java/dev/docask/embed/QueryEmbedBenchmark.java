package dev.docask.embed;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * What searching a long question's opening sentence too costs in query embedding with
 * {@code bge-small}: one short question, a long question alone, and a long question with its opening
 * embedded together ({@link Embedder#embedQueries}, what retrieval does) or one after the other.
 *
 * <pre>
 * ./mvnw -q -Pbench package -DskipTests
 * java -jar target/benchmarks.jar QueryEmbed
 * </pre>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "-Xmx1g"})
@State(Scope.Benchmark)
public class QueryEmbedBenchmark {
    // A real long question of the Docusaurus dev set and its title.
    static final String LONG = "Internationalization support. Because it's mentioned in the introduction, "
            + "I assumed V2 would already have support for internationalization.";
    static final String OPENING = "Internationalization support.";

    private Embedder embedder;

    @Setup
    public void setUp() {
        embedder = Embedders.fromSpec("bge-small").orElseThrow();
        embedder.warmUp();
    }

    @Benchmark
    public float[] shortQuestion() {
        return embedder.embedQuery(OPENING);
    }

    @Benchmark
    public float[] longQuestion() {
        return embedder.embedQuery(LONG);
    }

    @Benchmark
    public List<float[]> longAndOpeningTogether() {
        return embedder.embedQueries(List.of(LONG, OPENING));
    }

    @Benchmark
    public float[] longAndOpeningOneAfterTheOther() {
        embedder.embedQuery(LONG);
        return embedder.embedQuery(OPENING);
    }
}
