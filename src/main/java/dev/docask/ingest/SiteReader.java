package dev.docask.ingest;

import java.nio.file.Path;

/**
 * Reads a documentation folder (Markdown/MDX sources or built HTML) into chunks, routing each page
 * to the URL its framework serves it at.
 *
 * <pre>{@code
 * Corpus corpus = SiteReader.read(Path.of("docs"), IngestOptions.defaults("https://vitest.dev"));
 * corpus.chunks().forEach(c -> System.out.println(c.url()));
 * }</pre>
 */
public final class SiteReader {
    private SiteReader() {
    }

    /** Reads every page under {@code folder}; bad pages become {@link Problem}s, never exceptions. */
    public static Corpus read(Path folder, IngestOptions options) {
        throw new UnsupportedOperationException("ingest is being built");
    }
}
