package dev.docask.index;

import org.apache.lucene.util.VectorUtil;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.nio.ByteBuffer;
import java.nio.LongBuffer;
import java.util.Random;
import java.util.concurrent.TimeUnit;

/**
 * The exact int8 scan (top 40 of 100k × 384; in the heap and mapped from a file — read in place and
 * copied block by block —, on 1 and 2 threads) against the machine's memory bandwidth for the same
 * bytes (a streaming read summing them as longs), and against calling Lucene's
 * {@code VectorUtil.dotProduct} once per vector, in one run.
 *
 * <pre>
 * ./mvnw -Pbench package -DskipTests &amp;&amp; java --add-modules jdk.incubator.vector -jar target/benchmarks.jar ScanBenchmark
 * </pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"--add-modules", "jdk.incubator.vector"})
public class ScanBenchmark {
    @Param({"100000"})
    int vectors;

    /** Threads for the scan ({@code int8Scan*}); 1 is the single-thread path a small index takes. */
    @Param({"1", "2"})
    int threads;

    private VectorStore store;
    private VectorStore mapped;
    private VectorStore mappedCopyingBlocks;
    private java.nio.file.Path file;
    private byte[][] separate;
    private byte[] queryBytes;
    private float[] query;
    private LongBuffer raw;

    @Setup
    public void setUp() {
        Random rnd = new Random(11);
        separate = new byte[vectors][384];
        float[] scales = new float[vectors];
        float[] v = new float[384];
        for (int i = 0; i < vectors; i++) {
            for (int k = 0; k < 384; k++) {
                v[k] = (float) rnd.nextGaussian();
            }
            scales[i] = Int8Quantizer.quantize(v, separate[i]);
        }
        store = new VectorStore(384, separate, scales);
        try {
            file = java.nio.file.Files.createTempFile("scan", ".bin");
            store.write(file);
            mapped = VectorStore.read(file, vectors, 384, 1L << 30, true);
            mappedCopyingBlocks = VectorStore.read(file, vectors, 384, 1L << 30, false);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        query = new float[384];
        for (int k = 0; k < 384; k++) {
            query[k] = (float) rnd.nextGaussian() / 20;
        }
        queryBytes = new byte[384];
        Int8Quantizer.quantize(query, queryBytes);
        byte[] all = new byte[vectors * 384];
        for (int i = 0; i < vectors; i++) {
            System.arraycopy(separate[i], 0, all, i * 384, 384);
        }
        raw = ByteBuffer.wrap(all).asLongBuffer();
    }

    @org.openjdk.jmh.annotations.TearDown
    public void tearDown() throws java.io.IOException {
        java.nio.file.Files.deleteIfExists(file);
    }

    /** The scan over vectors in the heap (as an index being built holds them). */
    @Benchmark
    public Object int8Scan() {
        return store.nearest(query, 40, null, threads);
    }

    /** The scan over vectors mapped from vectors.bin, as an opened index reads them. */
    @Benchmark
    public Object int8ScanMapped() {
        return mapped.nearest(query, 40, null, threads);
    }

    /**
     * The same mapped vectors copied block by block into an array before the kernel reads them (the
     * scan before it read mappings in place, and the path on a runtime without memory segments).
     */
    @Benchmark
    public Object int8ScanMappedCopyingBlocks() {
        return mappedCopyingBlocks.nearest(query, 40, null, threads);
    }

    @Benchmark
    public long luceneDotProductPerVector() {
        long sum = 0;
        for (byte[] d : separate) {
            sum += VectorUtil.dotProduct(queryBytes, d);
        }
        return sum;
    }

    @Benchmark
    public long memoryBandwidth() {
        long sum = 0;
        for (int i = 0; i < raw.limit(); i++) {
            sum += raw.get(i);
        }
        return sum;
    }
}
