package dev.docask.index;

import dev.docask.ingest.Chunk;

import java.nio.file.Path;

/**
 * A persisted hybrid index of one documentation site: Lucene BM25 over title, heading and text,
 * plus one int8 vector per chunk. Loaded whole into memory; immutable and thread-safe once open.
 *
 * <pre>{@code
 * DocIndex index = DocIndex.open(Path.of("docs-index"));
 * System.out.println(index.manifest().chunks() + " chunks embedded with " + index.manifest().embedderId());
 * }</pre>
 */
public final class DocIndex implements AutoCloseable {
    private DocIndex() {
    }

    /** Opens an index written by {@link IndexBuilder}; a missing or corrupted one fails with a clear message. */
    public static DocIndex open(Path dir) {
        throw new UnsupportedOperationException("index is being built");
    }

    public Manifest manifest() {
        throw new UnsupportedOperationException("index is being built");
    }

    /** Number of chunks, copies included. */
    public int size() {
        throw new UnsupportedOperationException("index is being built");
    }

    public Chunk chunk(int id) {
        throw new UnsupportedOperationException("index is being built");
    }

    @Override
    public void close() {
    }
}
