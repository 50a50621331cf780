package dev.docask.eval;

import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A question with the passages that answer it, written by reading the page: the labelled set the
 * extractive answer is measured on (docs/quality.md, "Extractive answers").
 *
 * @param id       unique within its file
 * @param question as a reader would ask it
 * @param url      the page that answers it (for people; the match is on the text)
 * @param answers  fragments of the answering sentences or code blocks, each enough to recognise one
 * @param part     {@code tune}, {@code tune2}, … (rules are chosen on them; a set grows by a new tune
 *                 part rather than by reading the report part), {@code report} (figures are
 *                 reported on it) or {@code check}, {@code check2}, … (each written after every choice before
 *                 it, for choices made by a fit: docs/quality.md, "Round 8", "Round 9")
 */
public record LabelledQuestion(String id, String question, String url, List<String> answers, String part) {
    private static final Pattern PART = Pattern.compile("tune\\d*|report|check\\d*");
    private static final Pattern NOT_WORD = Pattern.compile("[^\\p{L}\\p{N}]+");

    public LabelledQuestion {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(question, "question");
        Objects.requireNonNull(url, "url");
        answers = List.copyOf(answers);
        if (answers.isEmpty() || answers.stream().anyMatch(a -> normalise(a).isEmpty())) {
            throw new IllegalArgumentException("'answers' must hold at least one fragment with a word in it");
        }
        if (!PART.matcher(part).matches()) {
            throw new IllegalArgumentException("'part' must be tune, tune<n>, report, check or check<n>, got '" + part + "'");
        }
    }

    /**
     * Whether {@code quote} holds one of the answers. Case, punctuation and Markdown marks are
     * ignored, so "`--retry-limit`" in a label meets "--retry-limit" in a quote.
     */
    public boolean answeredBy(String quote) {
        String q = " " + normalise(quote) + " ";
        return answers.stream().anyMatch(a -> q.contains(" " + normalise(a) + " "));
    }

    static String normalise(String text) {
        return NOT_WORD.matcher(text.toLowerCase(Locale.ROOT)).replaceAll(" ").strip();
    }
}
