package dev.docask.embed;

import dev.docask.embed.internal.Vectors;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/*
 * A deterministic embedder for tests and offline demos: each lower-cased word is hashed
 * (FNV-1a) to a dimension and a sign, and the counts are normalised. Texts that share words get
 * a positive cosine; texts that share none get exactly 0. It knows nothing of meaning, which is
 * why retrieval only trusts its similarity for chunks that share a word with the question
 * (similarityNeedsKeyword).
 */
final class MockEmbedder implements Embedder {
    static final int DEFAULT_DIMENSIONS = 256;
    private static final Pattern WORD = Pattern.compile("[\\p{L}\\p{N}]+");

    private final int dimensions;

    MockEmbedder(int dimensions) {
        if (dimensions < 8 || dimensions > 4096) {
            throw new IllegalArgumentException("mock embedder dimensions must be between 8 and 4096, got " + dimensions);
        }
        this.dimensions = dimensions;
    }

    @Override
    public boolean matchesWordsOnly() {
        return true;
    }

    @Override
    public String id() {
        return idFor(dimensions);
    }

    static String idFor(int dimensions) {
        return "mock:" + dimensions;
    }

    @Override
    public int dimensions() {
        return dimensions;
    }

    @Override
    public List<float[]> embedAll(List<String> texts) {
        List<float[]> out = new ArrayList<>(texts.size());
        for (String t : texts) {
            out.add(embed(t));
        }
        return out;
    }

    @Override
    public float[] embedQuery(String question) {
        return embed(question);
    }

    private float[] embed(String text) {
        float[] v = new float[dimensions];
        Matcher m = WORD.matcher(text.toLowerCase(Locale.ROOT));
        while (m.find()) {
            int h = fnv1a(m.group());
            int dim = Math.floorMod(h, dimensions);
            v[dim] += (h & 0x8000_0000) == 0 ? 1f : -1f;
        }
        return Vectors.normalize(v);
    }

    private static int fnv1a(String word) {
        int h = 0x811C9DC5;
        for (byte b : word.getBytes(StandardCharsets.UTF_8)) {
            h ^= b & 0xFF;
            h *= 0x01000193;
        }
        return h;
    }
}
