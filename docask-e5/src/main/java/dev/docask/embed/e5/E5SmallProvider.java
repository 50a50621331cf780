package dev.docask.embed.e5;

import dev.docask.embed.Embedder;
import dev.docask.embed.EmbedderProvider;
import dev.docask.embed.EmbedderSpec;

import java.util.Map;

/**
 * Serves the {@code e5-small} embedder family to {@link dev.docask.embed.Embedders}: e5-small-v2
 * (quantised), which finds more of the docs sites' expected pages than bge-small with the gate off
 * (docs/quality.md, "e5-small against bge-small on the larger sets"). Found through
 * {@link java.util.ServiceLoader}; users need only have docask-e5 on the class path.
 *
 * <pre>{@code
 * Embedder e5 = Embedders.fromSpec("e5-small").orElseThrow();   // docask index … --embedder e5-small
 * float[] q = e5.embedQuery("how do I mock a module?");          // embedded as "query: how do I …"
 * }</pre>
 */
public final class E5SmallProvider implements EmbedderProvider {
    @Override
    public String family() {
        return "e5-small";
    }

    @Override
    public String id(EmbedderSpec spec) {
        if (!spec.argument().isEmpty()) {
            throw new IllegalArgumentException("unknown embedder '" + spec + "'; e5-small takes no argument");
        }
        return E5SmallEmbedder.ID;
    }

    @Override
    public Embedder create(EmbedderSpec spec, Map<String, String> env) {
        id(spec);
        return new E5SmallEmbedder();
    }
}
