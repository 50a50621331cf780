package dev.docask.index;

/*
 * Symmetric int8 quantisation with one scale per vector: q[i] = round(x[i] / s), s = max|x| / 127.
 * A unit vector's components are small, so a per-vector scale keeps all 8 bits busy. Each component
 * is off by at most s/2, so for unit vectors x, y the estimated dot product differs from the true one
 * by at most (|x - x̂| + |y - ŷ|) ≤ sqrt(d) (s_x + s_y) / 2 (Cauchy–Schwarz); in practice the errors
 * are random and largely cancel (typically < 0.005 on 384 dimensions). That error only reorders
 * near-ties in the scan: reported similarities are recomputed from the float query.
 */
final class Int8Quantizer {
    private Int8Quantizer() {
    }

    /** Quantises {@code v} into {@code out} and returns the scale that maps it back. */
    static float quantize(float[] v, byte[] out) {
        return dev.docask.index.internal.QuantizedVector.quantize(v, out);
    }

    /** The float vector a quantised one stands for. */
    static float[] dequantize(byte[] q, float scale) {
        float[] v = new float[q.length];
        for (int i = 0; i < q.length; i++) {
            v[i] = q[i] * scale;
        }
        return v;
    }

    /** Dot product of a float query with the quantised vector stored at {@code data[offset]}. */
    static float dot(float[] query, byte[] data, int offset, float scale) {
        float sum = 0;
        for (int i = 0; i < query.length; i++) {
            sum += query[i] * data[offset + i];
        }
        return sum * scale;
    }

    /** The worst-case error of a dot product between two vectors quantised with these scales. */
    static double errorBound(int dimensions, float scaleA, float scaleB) {
        return Math.sqrt(dimensions) * (scaleA + scaleB) / 2.0;
    }
}
