package dev.docask.index.internal;

/**
 * A chunk's vector as the index stores it: int8 components and the scale that maps them back
 * ({@code x[i] ≈ values[i] * scale}).
 *
 * @param values int8 components
 * @param scale  the vector's scale
 */
public record QuantizedVector(byte[] values, float scale) {
    public QuantizedVector {
        values = values.clone();
    }

    /**
     * {@code v} quantised with one scale for the vector: {@code q[i] = round(v[i] / s)},
     * {@code s = max|v| / 127} (the local index's int8 format, see Int8Quantizer).
     */
    public static QuantizedVector of(float[] v) {
        byte[] out = new byte[v.length];
        float scale = quantize(v, out);
        return new QuantizedVector(out, scale);
    }

    /** Quantises {@code v} into {@code out} and returns the scale that maps it back (0 for a zero vector). */
    public static float quantize(float[] v, byte[] out) {
        if (out.length != v.length) {
            throw new IllegalArgumentException("vector lengths differ: " + v.length + " vs " + out.length);
        }
        float max = 0;
        for (float x : v) {
            max = Math.max(max, Math.abs(x));
        }
        if (max == 0 || !Float.isFinite(max)) {
            java.util.Arrays.fill(out, (byte) 0);
            return 0f;
        }
        float scale = max / 127f;
        for (int i = 0; i < v.length; i++) {
            out[i] = (byte) Math.round(v[i] / scale);
        }
        return scale;
    }

    @Override
    public byte[] values() {
        return values.clone();
    }

    /** Dot product with a float query: the cosine for unit vectors, as the local scan computes it. */
    public float dot(float[] query) {
        if (query.length != values.length) {
            throw new IllegalArgumentException("query has " + query.length + " dimensions, the vector " + values.length);
        }
        float sum = 0;
        for (int i = 0; i < query.length; i++) {
            sum += query[i] * values[i];
        }
        return sum * scale;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof QuantizedVector v && java.util.Arrays.equals(values, v.values) && Float.compare(scale, v.scale) == 0;
    }

    @Override
    public int hashCode() {
        return java.util.Arrays.hashCode(values) * 31 + Float.hashCode(scale);
    }

    @Override
    public String toString() {
        return "QuantizedVector[" + values.length + " dimensions, scale " + scale + "]";
    }
}
