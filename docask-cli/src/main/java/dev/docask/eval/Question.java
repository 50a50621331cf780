package dev.docask.eval;

import java.util.List;
import java.util.Objects;

/**
 * One evaluation question, as read from a question file.
 *
 * <pre>{@code
 * Question q = new Question("v-1", "How do I retry flaky tests?", null, true,
 *         List.of("https://vitest.dev/config/retry"), List.of("docs/config/retry.md"));
 * }</pre>
 *
 * @param id            unique id within the file
 * @param question      the short form (an issue title)
 * @param longQuestion  the title plus the opening of the body, or {@code null}
 * @param answerable    whether the site answers it; {@code false} marks an off-topic probe
 * @param expectedUrls  public URLs of pages that answer it (anchors are ignored when matching)
 * @param expectedFiles files, relative to the site folder, that answer it
 */
public record Question(String id, String question, String longQuestion, boolean answerable,
                       List<String> expectedUrls, List<String> expectedFiles) {
    public Question {
        Objects.requireNonNull(id, "id");
        if (question == null || question.isBlank()) {
            throw new IllegalArgumentException("question " + id + " has no text");
        }
        expectedUrls = List.copyOf(expectedUrls == null ? List.of() : expectedUrls);
        expectedFiles = List.copyOf(expectedFiles == null ? List.of() : expectedFiles);
        if (answerable && expectedUrls.isEmpty() && expectedFiles.isEmpty()) {
            throw new IllegalArgumentException("answerable question " + id + " lists no expected_urls or expected_files");
        }
    }

    /** The text to ask: the long form when asked for and present, else the short one. */
    public String text(boolean preferLong) {
        return preferLong && longQuestion != null && !longQuestion.isBlank() ? longQuestion : question;
    }

    /** What a hit is matched against: the URLs, or the files when there are no URLs. */
    public List<String> expected() {
        return expectedUrls.isEmpty() ? expectedFiles : expectedUrls;
    }
}
