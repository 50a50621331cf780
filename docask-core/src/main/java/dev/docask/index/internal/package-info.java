/**
 * The calls retrieval makes on an index, not part of the API (docs/api.md): start at
 * {@link dev.docask.index.internal.IndexEngine#of}, which gives BM25, the vector scan and term
 * presence over a {@link dev.docask.index.DocIndex}.
 */
@NullMarked
package dev.docask.index.internal;

import org.jspecify.annotations.NullMarked;
