package dev.docask.ingest;

import java.util.List;

/**
 * What reading a documentation folder produced.
 *
 * @param framework the framework whose routing was applied (detected or given)
 * @param pages     how many pages were read and indexed (skipped drafts and problems excluded)
 * @param chunks    the chunks, in file order then document order
 * @param problems  pages that were skipped because they could not be read
 */
public record Corpus(Framework framework, int pages, List<Chunk> chunks, List<Problem> problems) {
    public Corpus {
        chunks = List.copyOf(chunks);
        problems = List.copyOf(problems);
    }
}
