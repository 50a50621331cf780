package dev.docask.ingest;

import org.jspecify.annotations.Nullable;

import java.util.List;
import java.util.Objects;

/**
 * The text under one heading of a page, before sizing.
 *
 * @param level   heading level 1–6, or 0 for the page top
 * @param path    the heading with its parents (the page's own title heading excluded)
 * @param anchor  the heading's anchor, or {@code null} for the page top
 * @param text    the section text, possibly empty
 */
record Section(int level, List<String> path, @Nullable String anchor, String text) {
    Section {
        path = List.copyOf(path);
        Objects.requireNonNull(text, "text");
    }

    String heading() {
        return String.join(Chunk.BREADCRUMB, path);
    }

    /** The heading as a Markdown line, used when this section is merged into a neighbour. */
    String headingLine() {
        return path.isEmpty() ? "" : "#".repeat(Math.max(1, level)) + " " + path.get(path.size() - 1);
    }
}
