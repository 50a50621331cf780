package dev.docask.index;

import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

class Int8DotTest {
    @Test
    void simdKernel_isInUseUnderTheTestFlags() {
        assertThat(Int8Dot.simd()).as("tests run with --add-modules jdk.incubator.vector").isTrue();
    }

    @Test
    void dot_equalsThePlainLoop_forEveryLengthAndOffset() {
        Random rnd = new Random(5);
        for (int dims : new int[] {1, 7, 16, 31, 64, 100, 384, 385, 1536}) {
            byte[] data = new byte[dims * 3];
            for (int i = 0; i < data.length; i++) {
                data[i] = (byte) (rnd.nextInt(255) - 127); // the quantiser writes -127..127
            }
            short[] q = new short[dims];
            for (int i = 0; i < dims; i++) {
                q[i] = (short) (rnd.nextInt(255) - 127);
            }
            for (int v = 0; v < 3; v++) {
                assertThat(Int8Dot.dot(q, data, v * dims)).as("dims %d vector %d", dims, v)
                        .isEqualTo(Int8Dot.scalar(q, data, v * dims));
            }
        }
    }

    @Test
    void dot_extremeValues_doNotOverflow() {
        short[] q = new short[384];
        byte[] d = new byte[384];
        java.util.Arrays.fill(q, (short) -127);
        java.util.Arrays.fill(d, (byte) -127);
        assertThat(Int8Dot.dot(q, d, 0)).isEqualTo(384 * 127 * 127);
    }
}
