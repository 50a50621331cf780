package dev.docask.ingest.internal;

import java.util.List;
import java.util.regex.Pattern;

/**
 * Where a sentence of prose ends: after {@code .}, {@code !} or {@code ?} and a space, when the next
 * word starts like a sentence (a capital, a digit, a quote, a bracket or a backtick). A lowercase
 * word after the mark keeps the sentence whole, so "use let! instead of let" and "e.g. the config"
 * are one sentence each, and so are "Diet vs. Drugs" and "Dr. Jenkins" (a few abbreviations are known).
 * Quoting answers and finding a question's opening both read prose this way.
 *
 * <pre>{@code
 * Sentences.split("404 page. Please help.");  // ["404 page.", "Please help."]
 * }</pre>
 */
public final class Sentences {
    private static final Pattern END = Pattern.compile(
            "(?<=[.!?])(?<!\\b(?:[Vv]s|Dr|Mrs?|Ms|St|cf|Fig|e\\.g|i\\.e)\\.)\\s+(?=[\\p{Lu}\\d`\"'(\\[])");

    private Sentences() {
    }

    /** The sentences of one paragraph, in order, stripped; blank pieces are left out. */
    public static List<String> split(String paragraph) {
        return END.splitAsStream(paragraph).map(String::strip).filter(s -> !s.isEmpty()).toList();
    }
}
