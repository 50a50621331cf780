package dev.docask.index;

import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.ShortVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorShape;
import jdk.incubator.vector.VectorSpecies;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The Vector API kernel behind {@link Int8Dot}; loaded only when jdk.incubator.vector is present.
 * int8 × int8 products (at most 127 × 127 in magnitude, as the quantiser never writes -128) fit in
 * a short, so the bytes are widened once, multiplied as shorts, and summed as ints.
 *
 * <p>Mapped vectors are read by the kernel where they lie, through a memory segment over the
 * mapping: copying each block into an array first cost a second pass over the bytes and kept the
 * copy and the arithmetic from overlapping (about half the scan's CPU time at 1M chunks,
 * docs/benchmarks.md "The scan against the streaming read"). {@code MemorySegment} is a preview API
 * at release 21, which docask compiles for, so the two calls that name it are looked up once at
 * class load as method handles (constant, so the JIT inlines them like direct calls); on a runtime
 * without them the scan copies blocks as before.
 */
final class SimdInt8Dot {
    private static final VectorSpecies<Short> SHORTS = ShortVector.SPECIES_PREFERRED;
    private static final VectorSpecies<Byte> BYTES =
            VectorSpecies.of(byte.class, VectorShape.forBitSize(SHORTS.vectorBitSize() / 2));
    private static final VectorSpecies<Integer> INTS = VectorSpecies.of(int.class, SHORTS.vectorShape());

    /**
     * ByteVector.fromMemorySegment(species, segment, offset, order), the segment typed as Object; a
     * handle that throws where the runtime has none ({@link #SEGMENTS} false).
     */
    private static final MethodHandle FROM_SEGMENT;
    /** MemorySegment.ofBuffer(buffer), returning Object (or one that throws, as above). */
    private static final MethodHandle OF_BUFFER;
    private static final boolean SEGMENTS;

    static {
        MethodHandle from = null;
        MethodHandle of = null;
        try {
            Class<?> segment = Class.forName("java.lang.foreign.MemorySegment");
            MethodHandles.Lookup lookup = MethodHandles.publicLookup();
            from = lookup.findStatic(ByteVector.class, "fromMemorySegment",
                            MethodType.methodType(ByteVector.class, VectorSpecies.class, segment, long.class, ByteOrder.class))
                    .asType(MethodType.methodType(ByteVector.class, VectorSpecies.class, Object.class, long.class, ByteOrder.class));
            of = lookup.findStatic(segment, "ofBuffer", MethodType.methodType(segment, Buffer.class))
                    .asType(MethodType.methodType(Object.class, Buffer.class));
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            from = null; // no memory segments here: mapped vectors are copied into blocks
            of = null;
        }
        SEGMENTS = from != null && of != null;
        FROM_SEGMENT = from != null ? from : unsupported(ByteVector.class, VectorSpecies.class, Object.class, long.class, ByteOrder.class);
        OF_BUFFER = of != null ? of : unsupported(Object.class, Buffer.class);
    }

    private static MethodHandle unsupported(Class<?> returns, Class<?>... parameters) {
        MethodHandle fail = MethodHandles.throwException(returns, UnsupportedOperationException.class)
                .bindTo(new UnsupportedOperationException("no memory segments on this runtime"));
        return MethodHandles.dropArguments(fail, 0, parameters);
    }

    private SimdInt8Dot() {
    }

    /** Whether vectors of {@code dimensions} can be scanned in place in a mapping (a whole number of lanes, no tail). */
    static boolean readsSegments(int dimensions) {
        return SEGMENTS && dimensions > 0 && dimensions % SHORTS.length() == 0;
    }

    /**
     * A segment over {@code mapped} for {@link #dot(short[], Object, long)}, or empty when this
     * runtime cannot read one (or reads it wrongly: checked against the array kernel on its first bytes).
     */
    static java.util.Optional<Object> segment(ByteBuffer mapped) {
        if (!SEGMENTS) {
            return java.util.Optional.empty();
        }
        try {
            Object segment = OF_BUFFER.invokeExact((Buffer) mapped);
            int n = Math.min(mapped.capacity(), 4 * SHORTS.length()) / SHORTS.length() * SHORTS.length();
            short[] probe = new short[n];
            byte[] bytes = new byte[n];
            mapped.get(0, bytes, 0, n);
            for (int i = 0; i < n; i++) {
                probe[i] = (short) (i % 7 - 3);
            }
            return dot(probe, segment, 0) == dot(probe, bytes, 0)
                    ? java.util.Optional.of(segment) : java.util.Optional.empty();
        } catch (Throwable e) {
            return java.util.Optional.empty();
        }
    }

    /** A kernel narrower than 128 bits is slower than the plain loop. */
    static boolean usable() {
        return SHORTS.vectorBitSize() >= 128;
    }

    static int dot(short[] query, byte[] data, int offset) {
        int step = SHORTS.length();
        int bound = SHORTS.loopBound(query.length);
        IntVector low = IntVector.zero(INTS);
        IntVector high = IntVector.zero(INTS);
        int i = 0;
        for (; i < bound; i += step) {
            ShortVector d = (ShortVector) ByteVector.fromArray(BYTES, data, offset + i)
                    .convertShape(VectorOperators.B2S, SHORTS, 0);
            ShortVector product = d.mul(ShortVector.fromArray(SHORTS, query, i));
            low = low.add(product.convertShape(VectorOperators.S2I, INTS, 0));
            high = high.add(product.convertShape(VectorOperators.S2I, INTS, 1));
        }
        int sum = low.add(high).reduceLanes(VectorOperators.ADD);
        for (; i < query.length; i++) {
            sum += query[i] * data[offset + i];
        }
        return sum;
    }

    /**
     * Σ query[i] × segment[offset + i]: {@link #dot(short[], byte[], int)} over mapped bytes, read in
     * place; for queries of a whole number of lanes ({@link #readsSegments(int)}).
     */
    static int dot(short[] query, Object segment, long offset) {
        int step = SHORTS.length();
        int bound = SHORTS.loopBound(query.length);
        IntVector low = IntVector.zero(INTS);
        IntVector high = IntVector.zero(INTS);
        try {
            for (int i = 0; i < bound; i += step) {
                ByteVector bytes = (ByteVector) FROM_SEGMENT.invokeExact(BYTES, segment, offset + i, ByteOrder.LITTLE_ENDIAN);
                ShortVector product = ((ShortVector) bytes.convertShape(VectorOperators.B2S, SHORTS, 0))
                        .mul(ShortVector.fromArray(SHORTS, query, i));
                low = low.add(product.convertShape(VectorOperators.S2I, INTS, 0));
                high = high.add(product.convertShape(VectorOperators.S2I, INTS, 1));
            }
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException(e); // fromMemorySegment throws no checked exception
        }
        int sum = low.add(high).reduceLanes(VectorOperators.ADD);
        return sum;
    }
}
