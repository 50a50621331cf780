package dev.docask.answer;

import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/*
 * A small word splitter for the two places in this package that compare words: extractive
 * sentence scoring and the answer cache key. Retrieval has Lucene's full analysis chain; this one
 * only needs to agree with itself. Identifiers are kept whole and also split at camelCase, '_',
 * '-' and '.', the same rule the index applies, so "createAskHandler" meets "create ask handler".
 */
final class QuestionTerms {
    private static final Set<String> STOP_WORDS = Set.of(
            "a", "an", "and", "are", "as", "at", "be", "by", "can", "do", "does", "for", "from", "how", "i",
            "if", "in", "is", "it", "its", "me", "my", "of", "on", "or", "should", "so", "that", "the", "this",
            "to", "use", "using", "what", "when", "where", "which", "who", "why", "will", "with", "you", "your",
            "we", "our", "there", "get", "set", "way", "into", "about", "not", "no", "yes", "than", "then",
            "was", "were", "has", "have", "had", "been", "but", "all", "any", "some", "would", "could");

    private static final Pattern NON_WORD = Pattern.compile("[^\\p{L}\\p{N}_.\\-]+");
    private static final Pattern IDENTIFIER_PARTS = Pattern.compile("(?<=\\p{Ll})(?=\\p{Lu})|[_.\\-]+");
    private static final Pattern EDGE_PUNCTUATION = Pattern.compile("^[\\p{Punct}\\s]+|[\\p{Punct}\\s]+$");
    private static final Pattern SPACES = Pattern.compile("\\s+");

    private QuestionTerms() {
    }

    /** Content words of {@code text}, lower-cased, stop words removed, in order of first appearance. */
    static Set<String> of(String text) {
        Set<String> terms = new LinkedHashSet<>();
        for (String token : NON_WORD.split(text)) {
            String whole = trimPunctuation(token);
            if (whole.isEmpty()) {
                continue;
            }
            add(terms, whole.toLowerCase(Locale.ROOT));
            for (String part : IDENTIFIER_PARTS.split(whole)) {
                add(terms, part.toLowerCase(Locale.ROOT));
            }
        }
        return terms;
    }

    /** The question reduced to what changes its meaning: lower case, single spaces, no end punctuation. */
    static String normalise(String question) {
        return trimPunctuation(SPACES.matcher(question.strip().toLowerCase(Locale.ROOT)).replaceAll(" "));
    }

    private static void add(Set<String> terms, String term) {
        if (term.length() > 1 && !STOP_WORDS.contains(term)) {
            terms.add(term);
        }
    }

    private static String trimPunctuation(String s) {
        return EDGE_PUNCTUATION.matcher(s).replaceAll("");
    }
}
