package dev.docask.retrieve;

import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/*
 * A message that asks nothing a page can answer is refused before any search (docs/retrieval.md §9):
 * one with no letter or digit ("🙂🙂", "???": a cosine of symbols means nothing, yet on a small site it
 * can pass), one that only greets, thanks or says goodbye ("hi", "thanks!", "hello, can you help
 * me?"), whose words turn up in docs (a code sample's 'hi', a blog post's thanks) and pass the gate on
 * coverage alone, and one that only asks to go on ("tell me more", "why?", "yes please"), which means
 * something only after an answer: a conversation joins it to the question before, and on its own it
 * passed through the site's 'more' and 'tell'. The words are lists in our own words; any other word
 * makes it a question.
 */
final class NothingAsked {
    private static final Set<String> GREETING = Set.of(
            "hi", "hii", "hey", "heya", "hiya", "hello", "hallo", "howdy", "yo", "greetings", "morning", "afternoon",
            "evening", "night", "good", "thanks", "thank", "thx", "ty", "cheers", "much", "so", "very", "lot", "lots",
            "a", "ok", "okay", "k", "cool", "great", "nice", "awesome", "perfect", "bye", "goodbye", "later", "see",
            "you", "u", "there", "everyone", "all", "bot", "assistant", "please", "can", "could", "would", "will",
            "i", "me", "we", "us", "help", "some", "need", "how", "are", "is", "it", "going", "doing", "what's",
            "whats", "up", "sup", "again", "sorry", "welcome", "and", "for", "the", "your");
    /*
     * Words that ask to go on from an answer. Not the words a docs site names things with on their own
     * ("examples", "details", "next"): a reader who types one of those may want that page.
     */
    private static final Set<String> GOING_ON = Set.of(
            "tell", "more", "go", "on", "continue", "keep", "elaborate", "explain", "expand", "further", "detail",
            "yes", "yeah", "yep", "yup", "sure", "no", "nope", "why", "what", "else", "that", "that's", "this",
            "another", "one", "show", "give", "an", "about", "then", "or", "also", "other", "same", "do", "mean",
            "not", "like", "really", "in", "to", "huh", "little", "bit");
    /** Marks around a word that leave it a plain word ("hi,", "thanks!"); any other mark makes it code ("--help", "ok()"). */
    private static final Pattern AROUND = Pattern.compile("^[\\p{Punct}&&[^-`]]+|[\\p{Punct}&&[^`)]]+$");

    /** What a message that asks nothing does instead. */
    enum Kind {
        NO_WORDS("it has no letter or digit"),
        GREETS("it only greets, thanks or says goodbye"),
        GOES_ON("it only asks to go on from an earlier answer, and names nothing to go on from");

        final String why;

        Kind(String why) {
            this.why = why;
        }
    }

    private NothingAsked() {
    }

    /**
     * What {@code question} does instead of asking: it has no letter or digit, every word is a plain word of greeting,
     * thanks or farewell, or its words only ask to go on (with a word of that kind); empty when it asks something. A
     * word written as code ("--help", "`ok`", "ok()") is a question about that code.
     */
    static Optional<Kind> kind(String question) {
        boolean words = false;
        boolean goesOn = false;
        for (String token : question.replace('\u2019', '\'').toLowerCase(Locale.ROOT).split("\\s+")) {
            if (token.codePoints().noneMatch(Character::isLetterOrDigit)) {
                continue; // a mark or an emoji on its own ("-", "🙂")
            }
            String word = AROUND.matcher(token).replaceAll("");
            if (!GREETING.contains(word)) {
                if (!GOING_ON.contains(word)) {
                    return Optional.empty();
                }
                goesOn = true;
            }
            words = true;
        }
        return Optional.of(goesOn ? Kind.GOES_ON : words ? Kind.GREETS : Kind.NO_WORDS);
    }

    /** Why {@code question} asks nothing ({@link #kind}); empty when it asks something. */
    static Optional<String> why(String question) {
        return kind(question).map(k -> k.why);
    }

    /** Whether {@code question} asks nothing on its own ({@link #kind}). */
    static boolean in(String question) {
        return kind(question).isPresent();
    }
}
