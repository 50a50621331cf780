package dev.docask.embed.bge;

import dev.docask.embed.Embedder;

import java.util.List;

/*
 * The local default embedder: bge-small-en-v1.5, quantised, [CLS]-pooled, 384 dimensions, no
 * network and no key. The model loads once per process, on first use (about a second), and is
 * shared by every instance and thread.
 *
 * Queries: BGE's authors recommend prefixing short retrieval queries with an instruction;
 * passages are embedded without it. The instruction changes the score distribution, and so the
 * gate's thresholds (docs/retrieval.md#the-bge-query-instruction), so both are offered:
 * "instruct" (the default, as the model card recommends and as measured on the dev sets: same
 * recall@6, a wider gap between answerable and off-topic cosines - docs/benchmarks.md) and
 * "plain". Passage vectors are the same for both, so the id is too.
 */
final class BgeSmallEmbedder implements Embedder {
    static final String ID = "bge-small-en-v1.5-q";
    static final String QUERY_INSTRUCTION = BgeSmallProvider.QUERY_INSTRUCTION;

    /** How questions are embedded. */
    enum QueryMode {
        INSTRUCT, PLAIN;

        String variant() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    private final QueryMode mode;

    BgeSmallEmbedder(QueryMode mode) {
        this.mode = java.util.Objects.requireNonNull(mode, "mode");
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public int dimensions() {
        return BgeOnnxModel.DIMENSIONS;
    }

    @Override
    public List<float[]> embedAll(List<String> texts) {
        return texts.isEmpty() ? List.of() : Model.INSTANCE.embed(texts);
    }

    @Override
    public float[] embedQuery(String question) {
        return embedQueries(List.of(question)).get(0);
    }

    @Override
    public List<float[]> embedQueries(List<String> questions) {
        if (questions.isEmpty()) {
            return List.of();
        }
        return Model.INSTANCE.embed(mode == QueryMode.INSTRUCT
                ? questions.stream().map(q -> QUERY_INSTRUCTION + q).toList() : questions);
    }

    @Override
    public void warmUp() {
        embedQuery("warm up");
    }

    @Override
    public String queryVariant() {
        return mode.variant();
    }

    /** Loads the model on first use only; the JVM guarantees it happens once, thread-safely. */
    private static final class Model {
        static final BgeOnnxModel INSTANCE = new BgeOnnxModel(Runtime.getRuntime().availableProcessors());
    }
}
