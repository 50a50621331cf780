/**
 * docask's retrieval for Spring AI: start at {@link dev.docask.springai.DocaskDocumentRetriever}, a
 * {@code DocumentRetriever} to give {@code RetrievalAugmentationAdvisor}.
 */
@NullMarked
package dev.docask.springai;

import org.jspecify.annotations.NullMarked;
