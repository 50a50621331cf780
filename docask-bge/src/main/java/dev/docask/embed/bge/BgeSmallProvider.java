package dev.docask.embed.bge;

import dev.docask.embed.Embedder;
import dev.docask.embed.EmbedderProvider;
import dev.docask.embed.EmbedderSpec;

import java.util.Map;

/**
 * Serves the {@code bge-small} embedder family to {@link dev.docask.embed.Embedders}:
 * {@code bge-small} (or {@code bge-small:instruct}) embeds questions with BGE's query instruction,
 * {@code bge-small:plain} as they are. Found through {@link java.util.ServiceLoader}; users need
 * only have docask-bge on the class path.
 */
public final class BgeSmallProvider implements EmbedderProvider {
    /** BGE's instruction before a question (not before passages), as its model card recommends. */
    public static final String QUERY_INSTRUCTION = "Represent this sentence for searching relevant passages: ";

    @Override
    public String family() {
        return "bge-small";
    }

    @Override
    public String id(EmbedderSpec spec) {
        mode(spec);
        return BgeSmallEmbedder.ID;
    }

    @Override
    public Embedder create(EmbedderSpec spec, Map<String, String> env) {
        return new BgeSmallEmbedder(mode(spec));
    }

    private static BgeSmallEmbedder.QueryMode mode(EmbedderSpec spec) {
        return switch (spec.argument()) {
            case "", "instruct" -> BgeSmallEmbedder.QueryMode.INSTRUCT;
            case "plain" -> BgeSmallEmbedder.QueryMode.PLAIN;
            default -> throw new IllegalArgumentException("unknown embedder '" + spec
                    + "'; bge-small takes bge-small, bge-small:instruct or bge-small:plain");
        };
    }
}
