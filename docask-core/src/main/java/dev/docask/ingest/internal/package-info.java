/**
 * Ingest's helpers for docask's other packages, not part of the API (docs/api.md): start at
 * {@link dev.docask.ingest.internal.Sentences}, the sentence rule that quoting and retrieval share.
 */
@NullMarked
package dev.docask.ingest.internal;

import org.jspecify.annotations.NullMarked;
