package dev.docask.embed.e5;

import dev.docask.embed.Embedder;
import dev.docask.embed.internal.OnnxRuntimeFolder;
import dev.docask.embed.internal.Vectors;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.embedding.onnx.e5smallv2q.E5SmallV2QuantizedEmbeddingModel;

import java.util.List;

/*
 * e5-small-v2, quantised, mean-pooled, 384 dimensions, no network and no key: LangChain4j's ONNX
 * export and its runner (tokenizer, pooling, a thread per core), the model docs/quality.md measured.
 * The model is trained with "query: " before questions and "passage: " before passages and
 * expects both (its model card); without them its cosines are not the ones the gate was calibrated on.
 * The model loads once per process, on first use, and is shared by every instance and thread.
 */
final class E5SmallEmbedder implements Embedder {
    static final String ID = "e5-small-v2-q";
    static final String QUERY_PREFIX = "query: ";
    static final String PASSAGE_PREFIX = "passage: ";
    private static final int DIMENSIONS = 384;

    @Override
    public String id() {
        return ID;
    }

    @Override
    public int dimensions() {
        return DIMENSIONS;
    }

    @Override
    public List<float[]> embedAll(List<String> texts) {
        return embed(texts.stream().map(t -> PASSAGE_PREFIX + t).toList());
    }

    @Override
    public float[] embedQuery(String question) {
        return embedQueries(List.of(question)).getFirst();
    }

    @Override
    public List<float[]> embedQueries(List<String> questions) {
        return embed(questions.stream().map(q -> QUERY_PREFIX + q).toList());
    }

    @Override
    public void warmUp() {
        embedQuery("warm up");
    }

    private static List<float[]> embed(List<String> texts) {
        if (texts.isEmpty()) {
            return List.of();
        }
        return Model.INSTANCE.embedAll(texts.stream().map(TextSegment::from).toList()).content().stream()
                .map(e -> Vectors.normalize(e.vector())).toList();
    }

    /** Loads the model on first use only; the JVM guarantees it happens once, thread-safely. */
    private static final class Model {
        static final EmbeddingModel INSTANCE = load();

        private static EmbeddingModel load() {
            EmbeddingModel model = new E5SmallV2QuantizedEmbeddingModel();
            OnnxRuntimeFolder.removeAtExit();
            return model;
        }
    }
}
