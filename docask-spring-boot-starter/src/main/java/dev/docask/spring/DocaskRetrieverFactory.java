package dev.docask.spring;

import dev.docask.index.DocIndex;
import dev.docask.retrieve.HybridRetriever;

/**
 * Builds the retriever for each index generation the starter loads. Define a bean of this type to
 * add hooks or an error sink of your own; the default one searches with an {@code Embedder} bean when
 * there is one, else with the embedder the index was built with.
 *
 * <pre>{@code
 * @Bean
 * DocaskRetrieverFactory retrievers(Embedder embedder) {
 *     return index -> HybridRetriever.builder(index).embedder(embedder).rerankHook(myBoost).build();
 * }
 * }</pre>
 */
@FunctionalInterface
public interface DocaskRetrieverFactory {
    HybridRetriever create(DocIndex index);
}
