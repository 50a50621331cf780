package dev.docask.index;

import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.ShortVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorShape;
import jdk.incubator.vector.VectorSpecies;

/**
 * The Vector API kernel behind {@link Int8Dot}; loaded only when jdk.incubator.vector is present.
 * int8 × int8 products (at most 127 × 127 in magnitude, as the quantiser never writes -128) fit in
 * a short, so the bytes are widened once, multiplied as shorts, and summed as ints.
 */
final class SimdInt8Dot {
    private static final VectorSpecies<Short> SHORTS = ShortVector.SPECIES_PREFERRED;
    private static final VectorSpecies<Byte> BYTES =
            VectorSpecies.of(byte.class, VectorShape.forBitSize(SHORTS.vectorBitSize() / 2));
    private static final VectorSpecies<Integer> INTS = VectorSpecies.of(int.class, SHORTS.vectorShape());

    private SimdInt8Dot() {
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
}
