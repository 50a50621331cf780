package dev.docask.index.internal;

/**
 * A chunk and its score in one retriever's list.
 *
 * @param chunkId the chunk's ordinal in the index
 * @param score   BM25 score or cosine similarity
 */
public record Scored(int chunkId, float score) {
}
