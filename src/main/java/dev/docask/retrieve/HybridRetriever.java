package dev.docask.retrieve;

import dev.docask.embed.Embedder;
import dev.docask.index.DocIndex;

import java.util.Optional;

/**
 * Finds the sources to answer a question from, or knows that there are none (SPEC §4).
 * Built once per index and shared by all threads.
 *
 * <pre>{@code
 * DocIndex index = DocIndex.open(Path.of("docs-index"));
 * HybridRetriever retriever = HybridRetriever.create(index, Embedders.forIndex(index.manifest()));
 * Retrieval r = retriever.retrieve("how do I mock a module?", RetrievalOptions.defaults());
 * if (!r.answerable()) System.out.println("I don't know.");
 * }</pre>
 */
public final class HybridRetriever {
    private HybridRetriever() {
    }

    /** A retriever over {@code index}; {@code embedder} empty for a keyword-only index. */
    public static HybridRetriever create(DocIndex index, Optional<Embedder> embedder) {
        throw new UnsupportedOperationException("retrieval is being built");
    }

    /** Runs the pipeline: filter, copies, BM25 ∥ cosine, gate, fusion, hooks, re-gate, diversity, sources. */
    public Retrieval retrieve(String question, RetrievalOptions options) {
        throw new UnsupportedOperationException("retrieval is being built");
    }

    /** The index this retriever reads. */
    public DocIndex index() {
        throw new UnsupportedOperationException("retrieval is being built");
    }
}
