package dev.docask.server;

import dev.docask.retrieve.internal.PersonalData;

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

    private static final Pattern BEARER = Pattern.compile("(?i)\\b(bearer|token|basic)\\s+[A-Za-z0-9._~+/=-]{8,}");
    private static final Pattern LONG_RUN = Pattern.compile("[A-Za-z0-9_+/=-]{24,}");

    private Redaction() {
    }

    /** {@code text} with e-mail addresses and key- or token-shaped strings replaced. */
    static String redact(String text) {
        // the shapes retrieval also leaves out (PersonalData), and wider ones only a log may lose
        String t = PersonalData.EMAILS.matcher(text).replaceAll(EMAIL);
        t = BEARER.matcher(t).replaceAll(m -> m.group(1) + " " + SECRET);
        t = PersonalData.PREFIXED_KEYS.matcher(t).replaceAll(SECRET);
        return LONG_RUN.matcher(t).replaceAll(m -> mixesLettersAndDigits(m.group()) ? SECRET : m.group());
    }

    private static boolean mixesLettersAndDigits(String s) {
        return s.chars().anyMatch(Character::isDigit) && s.chars().anyMatch(Character::isLetter);
    }
}
