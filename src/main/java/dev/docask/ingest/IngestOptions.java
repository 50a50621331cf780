package dev.docask.ingest;

import java.util.List;

/**
 * How to read a documentation folder.
 *
 * @param baseUrl      public site root, e.g. {@code https://vitest.dev}; page paths are appended to it
 * @param framework    the framework, or {@code null} to detect it from the folder
 * @param chunkSize    longest chunk text in characters (default 1200)
 * @param chunkOverlap characters repeated between consecutive pieces of a long section (default 150)
 * @param ignore       glob patterns (relative to the folder) of files to leave out
 */
public record IngestOptions(String baseUrl, Framework framework, int chunkSize, int chunkOverlap,
                            List<String> ignore) {

    public static final int DEFAULT_CHUNK_SIZE = 1200;
    public static final int DEFAULT_CHUNK_OVERLAP = 150;

    public IngestOptions {
        baseUrl = baseUrl == null || baseUrl.isBlank() ? "" : baseUrl.replaceAll("/+$", "");
        ignore = List.copyOf(ignore == null ? List.of() : ignore);
        if (chunkSize < 200) {
            throw new IllegalArgumentException("chunkSize must be at least 200, got " + chunkSize);
        }
        if (chunkOverlap < 0 || chunkOverlap >= chunkSize / 2) {
            throw new IllegalArgumentException("chunkOverlap must be between 0 and chunkSize/2, got " + chunkOverlap);
        }
    }

    /** Defaults for a site served at {@code baseUrl}, framework detected. */
    public static IngestOptions defaults(String baseUrl) {
        return new IngestOptions(baseUrl, null, DEFAULT_CHUNK_SIZE, DEFAULT_CHUNK_OVERLAP, List.of());
    }
}
