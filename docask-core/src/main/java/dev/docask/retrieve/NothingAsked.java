package dev.docask.retrieve;

import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/*
 * A message that asks nothing a page can answer is refused before any search (docs/retrieval.md §9):
 * one with no letter or digit ("🙂🙂", "???": a cosine of symbols means nothing, yet on a small site it
 * can pass), or one that only greets, thanks or says goodbye ("hi", "thanks!", "hello, can you help
 * me?"), whose words turn up in docs (a code sample's 'hi', a blog post's thanks) and pass the gate on
 * coverage alone. The words are a list in our own words; any other word makes it a question.
 */
final class NothingAsked {
    private static final Set<String> WORDS = Set.of(
            "hi", "hii", "hey", "heya", "hiya", "hello", "hallo", "howdy", "yo", "greetings", "morning", "afternoon",
            "evening", "night", "good", "thanks", "thank", "thx", "ty", "cheers", "much", "so", "very", "lot", "lots",
            "a", "ok", "okay", "k", "cool", "great", "nice", "awesome", "perfect", "bye", "goodbye", "later", "see",
            "you", "u", "there", "everyone", "all", "bot", "assistant", "please", "can", "could", "would", "will",
            "i", "me", "we", "us", "help", "some", "need", "how", "are", "is", "it", "going", "doing", "what's",
            "whats", "up", "sup", "again", "sorry", "welcome", "and", "for", "the", "your");
    /** Marks around a word that leave it a plain word ("hi,", "thanks!"); any other mark makes it code ("--help", "ok()"). */
    private static final Pattern AROUND = Pattern.compile("^[\\p{Punct}&&[^-`]]+|[\\p{Punct}&&[^`)]]+$");

    private NothingAsked() {
    }

    /**
     * Why {@code question} asks nothing: it has no letter or digit, or every word is a plain word of greeting, thanks or
     * farewell; empty when it asks something. A word written as code ("--help", "`ok`", "ok()") is a question about
     * that code.
     */
    static Optional<String> why(String question) {
        boolean words = false;
        for (String token : question.replace('\u2019', '\'').toLowerCase(Locale.ROOT).split("\\s+")) {
            if (token.codePoints().noneMatch(Character::isLetterOrDigit)) {
                continue; // a mark or an emoji on its own ("-", "🙂")
            }
            if (!WORDS.contains(AROUND.matcher(token).replaceAll(""))) {
                return Optional.empty();
            }
            words = true;
        }
        return Optional.of(words ? "it only greets, thanks or says goodbye" : "it has no letter or digit");
    }

    /** Whether {@code question} asks nothing ({@link #why}). */
    static boolean in(String question) {
        return why(question).isPresent();
    }
}
