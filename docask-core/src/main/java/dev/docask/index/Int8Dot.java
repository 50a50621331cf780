package dev.docask.index;

/*
 * The int8 dot product at the heart of the vector scan. With the Vector API module present
 * (docask's launcher and tests add --add-modules jdk.incubator.vector) it runs a SIMD kernel that
 * reads the stored bytes straight from one contiguous array and widens them once against a query
 * that was widened to shorts up front — about 4× faster than calling Lucene's
 * VectorUtil.dotProduct per vector, and close to memory bandwidth (docs/benchmarks.md). Without the
 * module, a plain loop gives the same result.
 */
final class Int8Dot {
    private static final boolean SIMD = ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent()
            && SimdInt8Dot.usable();

    private Int8Dot() {
    }

    /** Σ query[i] × data[offset + i] for i below {@code query.length}. */
    static int dot(short[] query, byte[] data, int offset) {
        return SIMD ? SimdInt8Dot.dot(query, data, offset) : scalar(query, data, offset);
    }

    /**
     * Whether mapped vectors of {@code dimensions} are scanned where they lie ({@link #segment}),
     * rather than copied block by block into an array.
     */
    static boolean readsMappedInPlace(int dimensions) {
        return SIMD && SimdInt8Dot.readsSegments(dimensions);
    }

    /** A handle on {@code mapped} for {@link #dot(short[], Object, long)}, when {@link #readsMappedInPlace} allows. */
    static java.util.Optional<Object> segment(java.nio.ByteBuffer mapped) {
        return SIMD ? SimdInt8Dot.segment(mapped) : java.util.Optional.empty();
    }

    /** Σ query[i] × mapped[offset + i], read in place from a {@link #segment}. */
    static int dot(short[] query, Object segment, long offset) {
        return SimdInt8Dot.dot(query, segment, offset);
    }

    static int scalar(short[] query, byte[] data, int offset) {
        int sum = 0;
        for (int i = 0; i < query.length; i++) {
            sum += query[i] * data[offset + i];
        }
        return sum;
    }

    /** Whether the SIMD kernel is in use (reported by benchmarks). */
    static boolean simd() {
        return SIMD;
    }
}
