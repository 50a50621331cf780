package dev.docask.retrieve.internal;

import java.util.regex.Pattern;

/*
 * What readers paste into a question that is theirs, not the site's: an e-mail address, an API key or
 * token of a known shape (sk-, ghp_, xoxb-, AKIA, a JWT's eyJ…). Retrieval searches the question without
 * them (a key is words no page has, and on a small site it alone carried the question's weight past the
 * gate's limit for words the site never uses: "How do I replay dead events? my key is sk-…" was refused,
 * docs/retrieval.md §9),
 * and the server's logs redact them (with wider rules of their own, which retrieval must not use: a long
 * package name is a question's subject). Only these shapes: a word that merely looks unusual is kept.
 */
/** E-mail addresses and prefixed keys in a reader's text: found, removed for search, or replaced for a log. */
public final class PersonalData {
    /** An e-mail address. */
    public static final Pattern EMAILS = Pattern.compile(
            "[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\\.[A-Za-z0-9-]+)*\\.[A-Za-z]{2,}");
    /** A key or token by its vendor's prefix. */
    public static final Pattern PREFIXED_KEYS = Pattern.compile(
            "\\b(?:sk|pk|rk)-[A-Za-z0-9_-]{8,}|\\bgh[pousr]_[A-Za-z0-9]{16,}|\\bxox[abposr]-[A-Za-z0-9-]{8,}"
                    + "|\\bAKIA[0-9A-Z]{16}\\b|\\beyJ[A-Za-z0-9_-]{8,}\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]*");

    private PersonalData() {
    }

    /**
     * {@code question} with its e-mail addresses and prefixed keys left out, as retrieval searches it; itself when it
     * has none, or when nothing but them is left (a message that is only an address is then judged as written).
     */
    public static String withoutIn(String question) {
        String t = PREFIXED_KEYS.matcher(EMAILS.matcher(question).replaceAll(" ")).replaceAll(" ");
        if (t.equals(question)) {
            return question;
        }
        String left = t.replaceAll("[ \\t]{2,}", " ").strip();
        return left.codePoints().anyMatch(Character::isLetterOrDigit) ? left : question;
    }
}
