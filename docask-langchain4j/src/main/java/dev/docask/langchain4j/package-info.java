/**
 * docask's retrieval for LangChain4j: start at {@link dev.docask.langchain4j.DocaskContentRetriever}, a
 * {@code ContentRetriever} to give {@code AiServices} or a {@code RetrievalAugmentor}.
 */
@NullMarked
package dev.docask.langchain4j;

import org.jspecify.annotations.NullMarked;
