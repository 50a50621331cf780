/**
 * Writes and opens the hybrid index of one site. Start at {@link dev.docask.index.IndexBuilder},
 * which writes a corpus's BM25 postings, int8 vectors, chunks and {@link dev.docask.index.Manifest}
 * to a folder, and {@link dev.docask.index.DocIndex#open}, which reads it back for retrieval.
 * Nothing here is {@code null} unless it is marked {@link org.jspecify.annotations.Nullable}.
 */
@NullMarked
package dev.docask.index;

import org.jspecify.annotations.NullMarked;
