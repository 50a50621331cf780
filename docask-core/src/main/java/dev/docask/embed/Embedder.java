package dev.docask.embed;

import dev.docask.embed.internal.Vectors;

import java.util.List;

/**
 * Turns text into vectors. The seam between docask and an embedding model.
 *
 * <p>Vectors returned are L2-normalised, so a dot product is the cosine similarity.
 *
 * <pre>{@code
 * Embedder e = Embedders.fromSpec("bge-small").orElseThrow();  // empty only for "none"
 * List<float[]> docs = e.embedAll(List.of("Mocking › vi.mock\n\nReplaces a module ..."));
 * float[] q = e.embedQuery("how do I mock a module?");
 * }</pre>
 */
public interface Embedder {

    /**
     * Identifies the model and everything that changes its passage vectors (weights, pooling),
     * e.g. {@code bge-small-en-v1.5-q} or {@code openai:text-embedding-3-small}. An index records it
     * and refuses to be queried with an embedder whose id differs. How questions are embedded is
     * not part of it: see {@link #queryVariant()}.
     */
    String id();

    /** Length of every vector this embedder returns. */
    int dimensions();

    /** Embeds passages (chunks) for the index; one normalised vector per text, in order. */
    List<float[]> embedAll(List<String> texts);

    /** Embeds a question; may differ from passage embedding (e.g. a query instruction). */
    float[] embedQuery(String question);

    /**
     * Embeds several questions as {@link #embedQuery} would, one vector each, in order. Retrieval
     * uses it for a question and its opening sentence; embedders override it to make one model call
     * (one forward pass, one HTTP request) instead of several.
     */
    default List<float[]> embedQueries(List<String> questions) {
        return questions.stream().map(this::embedQuery).toList();
    }

    /**
     * Names how {@link #embedQuery} treats a question when the same document model can be queried
     * in more than one way, e.g. {@code "instruct"} (BGE's query instruction) or {@code "plain"}
     * for {@code bge-small}. Empty when the embedder has a single query form. Unlike {@link #id()},
     * it does not change stored vectors, so an index built with one variant serves the other;
     * retrieval uses it to pick thresholds measured for that variant.
     */
    default String queryVariant() {
        return "";
    }

    /**
     * Whether this embedder's vectors carry nothing beyond shared words (the hashed-words mock):
     * retrieval then lets a cosine count only when the chunk shares a word with the question, and
     * embedding is cheap enough to need no progress report. Real models keep the default, false.
     */
    default boolean matchesWordsOnly() {
        return false;
    }

    /**
     * Prepares the embedder so the first question is as fast as the rest (a local model loads its
     * weights and runs once). Never calls a remote service. Called when a retriever is created.
     */
    default void warmUp() {
    }
}
