/**
 * Reads a documentation folder into chunks. Start at {@link dev.docask.ingest.SiteReader}: it takes a
 * folder and {@link dev.docask.ingest.IngestOptions} and returns a {@link dev.docask.ingest.Corpus}
 * of {@link dev.docask.ingest.Chunk}s, with each bad page reported as a
 * {@link dev.docask.ingest.Corpus.Problem} instead of an exception. Nothing here is {@code null} unless it
 * is marked {@link org.jspecify.annotations.Nullable}.
 */
@NullMarked
package dev.docask.ingest;

import org.jspecify.annotations.NullMarked;
import dev.docask.ingest.Corpus.Problem;
