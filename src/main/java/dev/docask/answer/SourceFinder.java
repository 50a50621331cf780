package dev.docask.answer;

import dev.docask.retrieve.Retrieval;
import dev.docask.retrieve.RetrievalOptions;

/** Where an answer's sources come from: {@code HybridRetriever::retrieve} in production. */
@FunctionalInterface
interface SourceFinder {
    Retrieval find(String question, RetrievalOptions options);
}
