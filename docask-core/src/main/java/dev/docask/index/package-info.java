/**
 * The local index: Lucene BM25 and an exact int8 vector scan. Build one with {@link dev.docask.index.IndexBuilder}, open it with {@link dev.docask.index.DocIndex}.
 */
package dev.docask.index;
