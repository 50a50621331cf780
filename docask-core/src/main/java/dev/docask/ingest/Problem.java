package dev.docask.ingest;

import com.google.errorprone.annotations.CheckReturnValue;

import java.util.Objects;

/**
 * Something wrong with one file, reported instead of failing the run: mostly a page that could not
 * be read (and was left out), sometimes one that was read but clashes with another (a shared URL).
 *
 * @param file   the file, relative to the indexed folder
 * @param reason what was wrong, in plain words (e.g. {@code "invalid UTF-8 at byte 1024"})
 */
@CheckReturnValue
public record Problem(String file, String reason) {
    public Problem {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(reason, "reason");
    }
}
