package dev.docask.embed.internal;

/**
 * Float vector arithmetic shared by the embedders and retrieval.
 *
 * <pre>{@code
 * float[] unit = Vectors.normalize(new float[] {3, 4});   // {0.6, 0.8}
 * float cos = Vectors.cosine(unit, unit);                  // 1.0
 * }</pre>
 */
public final class Vectors {
    private Vectors() {
    }

    /** Scales {@code v} in place to unit length and returns it; a zero vector stays zero. */
    public static float[] normalize(float[] v) {
        double sum = 0;
        for (float x : v) {
            sum += (double) x * x;
        }
        if (sum == 0) {
            return v;
        }
        float inv = (float) (1.0 / Math.sqrt(sum));
        for (int i = 0; i < v.length; i++) {
            v[i] *= inv;
        }
        return v;
    }

    /**
     * Cosine similarity: 1 for identical directions, 0 for orthogonal ones, 0 when either is a zero
     * vector. Vectors of different lengths are an error.
     */
    public static float cosine(float[] a, float[] b) {
        if (a.length != b.length) {
            throw new IllegalArgumentException("vector lengths differ: " + a.length + " vs " + b.length);
        }
        double dot = 0, na = 0, nb = 0;
        for (int i = 0; i < a.length; i++) {
            dot += (double) a[i] * b[i];
            na += (double) a[i] * a[i];
            nb += (double) b[i] * b[i];
        }
        if (na == 0 || nb == 0) {
            return 0f;
        }
        return (float) (dot / Math.sqrt(na * nb));
    }
}
