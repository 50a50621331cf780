package dev.docask.retrieve;

import dev.docask.embed.Embedder;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/*
 * An embedder that embeds each question once: the gate's calibration retrieves every one of its questions and then
 * compares the same questions' vectors (docs/retrieval.md §4, "A gate that calibrates itself"). Asked for a list,
 * it embeds the questions it has not seen in one call, which the local models spread over the cores, where a
 * retrieval embeds its one question on one. The vectors are the ones the model gives each question alone: the local
 * models embed one text per call (BgeOnnxModel), so remembering changes no figure. It starts from the vectors the
 * last calibration in the index folder kept (QueryVectorFile), so only new questions reach the model.
 */
final class RememberedQueries implements Embedder {
    private final Embedder model;
    private final Map<String, float[]> vectors = new ConcurrentHashMap<>();
    /** Vectors an earlier calibration made, by {@link QueryVectorFile#key} of the question. */
    private final Map<String, float[]> kept;

    RememberedQueries(Embedder model, Map<String, float[]> kept) {
        this.model = model;
        this.kept = kept;
    }

    /** Every question embedded or taken from what was kept, with its vector. */
    Map<String, float[]> remembered() {
        return Map.copyOf(vectors);
    }

    @Override
    public String id() {
        return model.id();
    }

    @Override
    public int dimensions() {
        return model.dimensions();
    }

    @Override
    public List<float[]> embedAll(List<String> texts) {
        return model.embedAll(texts);
    }

    @Override
    public float[] embedQuery(String question) {
        return embedQueries(List.of(question)).get(0);
    }

    @Override
    public List<float[]> embedQueries(List<String> questions) {
        if (!kept.isEmpty()) {
            for (String q : questions) {
                float[] v = vectors.containsKey(q) ? null : kept.get(QueryVectorFile.key(q));
                if (v != null && v.length == model.dimensions()) {
                    vectors.put(q, v);
                }
            }
        }
        List<String> unseen = questions.stream().filter(q -> !vectors.containsKey(q)).distinct().toList();
        if (!unseen.isEmpty()) {
            List<float[]> made = model.embedQueries(unseen);
            if (made == null || made.size() != unseen.size() || made.stream().anyMatch(java.util.Objects::isNull)) {
                throw new IllegalStateException("embedder " + id() + " returned "
                        + (made == null ? "nothing" : made.size() + " vectors, or null ones,") + " for " + unseen.size() + " questions");
            }
            for (int i = 0; i < unseen.size(); i++) {
                vectors.put(unseen.get(i), made.get(i));
            }
        }
        List<float[]> out = new ArrayList<>(questions.size());
        for (String q : questions) {
            out.add(vectors.get(q));
        }
        return out;
    }

    @Override
    public String queryVariant() {
        return model.queryVariant();
    }

    @Override
    public boolean matchesWordsOnly() {
        return model.matchesWordsOnly();
    }

    @Override
    public void warmUp() {
        model.warmUp();
    }
}
