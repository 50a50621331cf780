package dev.docask.index;

import dev.docask.embed.internal.Vectors;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

class Int8QuantizerTest {
    @Test
    void quantize_dotProductError_staysWithinBound() {
        Random rnd = new Random(42);
        double worst = 0;
        for (int trial = 0; trial < 500; trial++) {
            float[] a = randomUnit(rnd, 384);
            float[] b = randomUnit(rnd, 384);
            byte[] qa = new byte[384];
            byte[] qb = new byte[384];
            float sa = Int8Quantizer.quantize(a, qa);
            float sb = Int8Quantizer.quantize(b, qb);
            double exact = dot(a, b);
            int idot = 0;
            for (int i = 0; i < 384; i++) {
                idot += qa[i] * qb[i];
            }
            double approx = idot * (double) sa * sb;
            double err = Math.abs(approx - exact);
            assertThat(err).isLessThanOrEqualTo(Int8Quantizer.errorBound(384, sa, sb));
            worst = Math.max(worst, err);
        }
        assertThat(worst).as("typical int8 error on 384 dims").isLessThan(0.01);
    }

    @Test
    void quantize_zeroVector_givesZeroScale() {
        byte[] q = new byte[4];
        assertThat(Int8Quantizer.quantize(new float[4], q)).isZero();
        assertThat(q).containsOnly(0);
    }

    @Test
    void dequantize_roundTrip_isCloseToOriginal() {
        float[] v = randomUnit(new Random(1), 64);
        byte[] q = new byte[64];
        float s = Int8Quantizer.quantize(v, q);
        assertThat(Vectors.cosine(v, Int8Quantizer.dequantize(q, s))).isGreaterThan(0.999f);
    }

    private static float[] randomUnit(Random rnd, int d) {
        float[] v = new float[d];
        for (int i = 0; i < d; i++) {
            v[i] = (float) rnd.nextGaussian();
        }
        return Vectors.normalize(v);
    }

    private static double dot(float[] a, float[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += (double) a[i] * b[i];
        }
        return s;
    }
}
