package dev.docask.answer;

import dev.docask.embed.Embedder;
import dev.docask.ingest.Chunk;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/*
 * The vectors of a chunk's passages, embedded with the index's own model the first time the chunk
 * is a source and kept for later answers: popular sections come back again and again, and
 * embedding a section's passages costs far more than the rest of the extractive answer
 * (docs/quality.md, "Extractive answers", cost). Each passage is embedded after its section's heading,
 * so "Sending to another target" still speaks for "--forward-to overrides the destination". At most
 * MAX_CHUNKS chunks are kept, least recently used first out.
 */
final class PassageVectors {
    static final int MAX_CHUNKS = 2_000;

    private final Embedder embedder;
    private final Map<Integer, float[][]> cache = new LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Integer, float[][]> eldest) {
            return size() > MAX_CHUNKS;
        }
    };

    PassageVectors(Embedder embedder) {
        this.embedder = embedder;
    }

    float[] query(String question) {
        return embedder.embedQuery(question);
    }

    /**
     * One vector per passage of each chunk, in order; chunks not seen before are embedded together
     * in one call.
     */
    List<float[][]> of(List<Integer> chunkIds, List<Chunk> chunks, List<List<Passages.Passage>> passages) {
        float[][][] out = new float[chunkIds.size()][][];
        List<String> texts = new ArrayList<>();
        List<Integer> missing = new ArrayList<>();
        synchronized (cache) {
            for (int i = 0; i < out.length; i++) {
                float[][] known = cache.get(chunkIds.get(i));
                if (known != null) {
                    out[i] = known;
                } else {
                    missing.add(i);
                    String head = head(chunks.get(i));
                    passages.get(i).forEach(p -> texts.add((p.heading().isEmpty() ? head : p.heading() + ": ") + p.meaningText()));
                }
            }
        }
        List<float[]> vectors = texts.isEmpty() ? List.of() : embedder.embedAll(texts);
        int next = 0;
        for (int i : missing) {
            float[][] v = new float[passages.get(i).size()][];
            for (int j = 0; j < v.length; j++) {
                v[j] = vectors.get(next++);
            }
            out[i] = v;
        }
        synchronized (cache) {
            missing.forEach(i -> cache.put(chunkIds.get(i), out[i]));
        }
        return List.of(out);
    }

    private static String head(Chunk c) {
        String h = c.heading().isEmpty() ? c.title() : c.heading();
        int last = h.lastIndexOf(Chunk.BREADCRUMB);
        return (last < 0 ? h : h.substring(last + Chunk.BREADCRUMB.length())) + ": ";
    }
}
