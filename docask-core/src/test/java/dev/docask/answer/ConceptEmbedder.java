package dev.docask.answer;

import dev.docask.embed.Embedder;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A tiny embedder that knows synonyms: each word of {@link #CONCEPTS} adds to its concept's axis,
 * every other word to an axis of its own (hashed), so "delay" and "pause" are close while sharing no
 * word. Stands in for a real model where a test states what meaning adds to keywords; counts the
 * passages it embeds.
 */
final class ConceptEmbedder implements Embedder {
    private static final int DIMS = 64;
    private static final Map<String, Integer> CONCEPTS = Map.of("delay", 0, "pause", 0, "wait", 0,
            "container", 1, "docker", 1, "image", 1);
    final AtomicInteger passagesEmbedded = new AtomicInteger();
    volatile boolean failing;

    @Override
    public String id() {
        return "concept";
    }

    @Override
    public int dimensions() {
        return DIMS;
    }

    @Override
    public List<float[]> embedAll(List<String> texts) {
        if (failing) {
            throw new IllegalStateException("the embedding service is down");
        }
        passagesEmbedded.addAndGet(texts.size());
        return texts.stream().map(ConceptEmbedder::vector).toList();
    }

    @Override
    public float[] embedQuery(String question) {
        return vector(question);
    }

    private static float[] vector(String text) {
        float[] v = new float[DIMS];
        for (String w : text.toLowerCase(Locale.ROOT).split("[^a-z]+")) {
            if (w.length() > 3) {
                Integer c = CONCEPTS.get(w);
                v[c != null ? c : 2 + Math.floorMod(w.hashCode(), DIMS - 2)] += c != null ? 3 : 1;
            }
        }
        double norm = 0;
        for (float x : v) {
            norm += x * x;
        }
        for (int i = 0; i < DIMS && norm > 0; i++) {
            v[i] /= (float) Math.sqrt(norm);
        }
        return v;
    }
}
