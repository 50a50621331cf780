package dev.docask.eval;

import java.util.List;
import java.util.Objects;

/**
 * One evaluation question, as read from a question file.
 *
 * <pre>{@code
 * Question q = Question.answerable("v-1", "How do I retry flaky tests?",
 *         List.of("https://vitest.dev/config/retry"), List.of("docs/config/retry.md"));
 * Question probe = Question.offTopic("o-1", "What is the capital of Canada?");
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

    /** A question the site answers, on the pages at {@code expectedUrls} or in {@code expectedFiles}. */
    public static Question answerable(String id, String question, List<String> expectedUrls, List<String> expectedFiles) {
        return new Question(id, question, null, true, expectedUrls, expectedFiles);
    }

    /** An off-topic probe: the site does not answer it, and it should be refused. */
    public static Question offTopic(String id, String question) {
        return new Question(id, question, null, false, List.of(), List.of());
    }

    /** The same question with a long form (the title plus the opening of the body). */
    public Question withLongQuestion(String text) {
        return new Question(id, question, text, answerable, expectedUrls, expectedFiles);
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
