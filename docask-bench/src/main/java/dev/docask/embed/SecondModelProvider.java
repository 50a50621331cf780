package dev.docask.embed;

import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.embedding.onnx.allminilml6v2q.AllMiniLmL6V2QuantizedEmbeddingModel;
import dev.langchain4j.model.embedding.onnx.e5smallv2q.E5SmallV2QuantizedEmbeddingModel;

import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/*
 * Candidate second embedders for #15 item 6 (docs/quality.md "A second embedder"), served to
 * Embedders.fromSpec only when docask-bench is on the class path: they exist to be measured, not
 * shipped. Both are the quantised ONNX exports LangChain4j publishes on Maven Central, run through
 * LangChain4j's embedAll (a thread per core).
 */

/**
 * The {@code e5-small} and {@code minilm} embedder families, for measuring a second embedder fused
 * with bge-small.
 *
 * <pre>{@code
 * Embedder e5 = Embedders.fromSpec("e5-small").orElseThrow();   // with docask-bench on the class path
 * }</pre>
 */
public abstract class SecondModelProvider implements EmbedderProvider {
    private final String family;
    private final String id;
    private final String passagePrefix;
    private final String queryPrefix;
    private final Supplier<EmbeddingModel> model;

    SecondModelProvider(String family, String id, String passagePrefix, String queryPrefix,
                        Supplier<EmbeddingModel> model) {
        this.family = family;
        this.id = id;
        this.passagePrefix = passagePrefix;
        this.queryPrefix = queryPrefix;
        this.model = model;
    }

    @Override
    public String family() {
        return family;
    }

    @Override
    public String id(EmbedderSpec spec) {
        if (!spec.argument().isEmpty()) {
            throw new IllegalArgumentException("unknown embedder '" + spec + "'; " + family + " takes no argument");
        }
        return id;
    }

    @Override
    public Embedder create(EmbedderSpec spec, Map<String, String> env) {
        id(spec);
        EmbeddingModel m = model.get();
        return new Embedder() {
            @Override
            public String id() {
                return id;
            }

            @Override
            public int dimensions() {
                return 384;
            }

            @Override
            public List<float[]> embedAll(List<String> texts) {
                return embed(m, texts.stream().map(t -> passagePrefix + t).toList());
            }

            @Override
            public float[] embedQuery(String question) {
                return embed(m, List.of(queryPrefix + question)).getFirst();
            }

            @Override
            public List<float[]> embedQueries(List<String> questions) {
                return embed(m, questions.stream().map(q -> queryPrefix + q).toList());
            }
        };
    }

    private static List<float[]> embed(EmbeddingModel m, List<String> texts) {
        if (texts.isEmpty()) {
            return List.of();
        }
        return m.embedAll(texts.stream().map(TextSegment::from).toList()).content().stream()
                .map(e -> unit(e.vector())).toList();
    }

    private static float[] unit(float[] v) {
        double s = 0;
        for (float x : v) {
            s += x * x;
        }
        float n = (float) Math.sqrt(s);
        float[] out = v.clone();
        for (int i = 0; n > 0 && i < out.length; i++) {
            out[i] /= n;
        }
        return out;
    }

    /** e5-small-v2 (quantised), mean pooling, with the "query: " and "passage: " prefixes its model card asks for. */
    public static final class E5Small extends SecondModelProvider {
        public E5Small() {
            super("e5-small", "e5-small-v2-q", "passage: ", "query: ", E5SmallV2QuantizedEmbeddingModel::new);
        }
    }

    /** all-MiniLM-L6-v2 (quantised): 6 layers, about twice as fast as the 12-layer models. */
    public static final class MiniLm extends SecondModelProvider {
        public MiniLm() {
            super("minilm", "all-minilm-l6-v2-q", "", "", AllMiniLmL6V2QuantizedEmbeddingModel::new);
        }
    }
}
