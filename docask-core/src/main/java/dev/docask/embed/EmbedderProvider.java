package dev.docask.embed;

import java.util.Map;

/**
 * Builds the embedders of one {@link EmbedderSpec#family()} that live in another module, found with
 * {@link java.util.ServiceLoader}: docask-bge serves {@code bge-small} this way, so docask-core needs
 * no native code. Register an implementation in
 * {@code META-INF/services/dev.docask.embed.EmbedderProvider}.
 *
 * <pre>{@code
 * public final class MyProvider implements EmbedderProvider {
 *     public String family() { return "my-model"; }
 *     public String id(EmbedderSpec spec) { return "my-model-v1"; }
 *     public Embedder create(EmbedderSpec spec, Map<String, String> env) { return new MyEmbedder(); }
 * }
 * }</pre>
 */
public interface EmbedderProvider {
    /** The family this provider serves, e.g. {@code bge-small}. */
    String family();

    /**
     * The {@link Embedder#id()} {@link #create} would give, without loading anything.
     *
     * @throws IllegalArgumentException naming the spec when its argument is not one this family takes
     */
    String id(EmbedderSpec spec);

    /**
     * Builds the embedder; settings come from {@code env} (keys, addresses), never from the process
     * environment directly.
     *
     * @throws IllegalArgumentException naming the spec when its argument is not one this family takes
     */
    Embedder create(EmbedderSpec spec, Map<String, String> env);
}
