package dev.docask.server;

import java.util.regex.Pattern;

/*
 * Readers paste things into a chat box that a log must not keep: their e-mail address, an API key
 * or a token they are asking about. Questions and comments are redacted before they are written.
 * A key or token is recognised by shape: a known prefix (sk-, ghp_, xoxb-, AKIA, a JWT's eyJ…), a
 * bearer credential, or a run of 24 or more letters, digits and -_+/= that mixes letters and digits
 * (ordinary words are not that long; hashes, keys and session ids are). Shape alone misses short
 * secrets and may catch a long identifier from the docs; a lost identifier is the cheaper mistake.
 */
final class Redaction {
    static final String EMAIL = "[email]";
    static final String SECRET = "[secret]";

    private static final Pattern EMAILS = Pattern.compile(
            "[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\\.[A-Za-z0-9-]+)*\\.[A-Za-z]{2,}");
    private static final Pattern BEARER = Pattern.compile("(?i)\\b(bearer|token|basic)\\s+[A-Za-z0-9._~+/=-]{8,}");
    private static final Pattern PREFIXED = Pattern.compile(
            "\\b(?:sk|pk|rk)-[A-Za-z0-9_-]{8,}|\\bgh[pousr]_[A-Za-z0-9]{16,}|\\bxox[abposr]-[A-Za-z0-9-]{8,}"
                    + "|\\bAKIA[0-9A-Z]{16}\\b|\\beyJ[A-Za-z0-9_-]{8,}\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]*");
    private static final Pattern LONG_RUN = Pattern.compile("[A-Za-z0-9_+/=-]{24,}");

    private Redaction() {
    }

    /** {@code text} with e-mail addresses and key- or token-shaped strings replaced. */
    static String redact(String text) {
        String t = EMAILS.matcher(text).replaceAll(EMAIL);
        t = BEARER.matcher(t).replaceAll(m -> m.group(1) + " " + SECRET);
        t = PREFIXED.matcher(t).replaceAll(SECRET);
        return LONG_RUN.matcher(t).replaceAll(m -> mixesLettersAndDigits(m.group()) ? SECRET : m.group());
    }

    private static boolean mixesLettersAndDigits(String s) {
        return s.chars().anyMatch(Character::isDigit) && s.chars().anyMatch(Character::isLetter);
    }
}
