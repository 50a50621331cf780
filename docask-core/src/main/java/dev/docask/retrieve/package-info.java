/**
 * Retrieval: the sources to answer a question from, or the knowledge that there are none.
 * Start at {@link dev.docask.retrieve.HybridRetriever}: BM25 and the vector scan, the relevance gate,
 * reciprocal rank fusion, hooks and numbered {@link dev.docask.retrieve.Source}s, tuned with
 * {@link dev.docask.retrieve.RetrievalOptions} (docs/retrieval.md).
 */
@NullMarked
package dev.docask.retrieve;

import org.jspecify.annotations.NullMarked;
