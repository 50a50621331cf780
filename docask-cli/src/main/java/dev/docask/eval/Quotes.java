package dev.docask.eval;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The quotations of an extractive answer, in order: each {@code > } block of its text, without
 * the quote marks and the trailing citation ({@code [n]}, or {@code [n](url)} when it links to another
 * section of the source's page). A quoted code block is one quotation.
 *
 * <pre>{@code
 * Quotes.of("Quoted from the docs:\n\n> The delay doubles. [1]");  // ["The delay doubles."]
 * }</pre>
 */
final class Quotes {
    private static final Pattern BLOCK_BREAK = Pattern.compile("\\n\\s*\\n");
    private static final Pattern QUOTE_MARK = Pattern.compile("(?m)^> ?");
    /* "[2]", or "[2](https://…#anchor)" for a quote from another section of the source's page */
    private static final Pattern CITATION = Pattern.compile("\\s*\\[\\d+](?:\\(\\S+\\))?\\s*$");

    private Quotes() {
    }

    static List<String> of(String answerText) {
        List<String> out = new ArrayList<>();
        for (String block : BLOCK_BREAK.split(answerText)) {
            String b = block.strip();
            if (b.startsWith(">")) {
                out.add(CITATION.matcher(QUOTE_MARK.matcher(b).replaceAll("")).replaceFirst("").strip());
            }
        }
        return out;
    }
}
