package dev.docask.ingest;

import java.util.Objects;

/**
 * A page that could not be read, reported instead of failing the run.
 *
 * @param file   the file, relative to the indexed folder
 * @param reason what was wrong, in plain words (e.g. {@code "invalid UTF-8 at byte 1024"})
 */
public record Problem(String file, String reason) {
    public Problem {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(reason, "reason");
    }
}
