package dev.docask.answer.internal;

import com.fasterxml.jackson.databind.JsonNode;
import org.jspecify.annotations.Nullable;


/** Reads fields of a JSON request body, turning every kind of wrong input into a 400 that names the field. */
public final class Fields {
    private Fields() {
    }

    public static String requireString(JsonNode body, String name, int maxChars) {
        JsonNode v = body.get(name);
        if (v == null || v.isNull()) {
            throw new ApiException.BadRequest("'" + name + "' is missing.");
        }
        String s = string(v, name, maxChars);
        if (s.isBlank()) {
            throw new ApiException.BadRequest("'" + name + "' is empty.");
        }
        return s;
    }

    public static String optionalString(JsonNode body, String name, int maxChars) {
        JsonNode v = body.get(name);
        return v == null || v.isNull() ? "" : string(v, name, maxChars);
    }

    private static String string(JsonNode v, String name, int maxChars) {
        if (!v.isTextual()) {
            throw new ApiException.BadRequest("'" + name + "' must be a string, not " + kind(v) + ".");
        }
        String s = v.asText().strip();
        if (s.codePointCount(0, s.length()) > maxChars) {
            throw new ApiException.BadRequest("'" + name + "' is longer than " + maxChars + " characters.");
        }
        return s;
    }

    /**
     * {@code s}, refused when it holds a control character other than tab and line breaks, or half
     * of a surrogate pair (a JSON \\u escape can produce one): neither is part of a real
     * question, and both break the prompt or the JSON sent to the model.
     */
    public static String requirePlainText(String name, String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (pairAt(s, i)) {
                i++;
            } else if (Character.isSurrogate(c)) {
                throw new ApiException.BadRequest(name + " holds half of a surrogate pair (U+"
                        + String.format("%04X", (int) c) + "), which is not a character.");
            } else if (isControl(c)) {
                throw new ApiException.BadRequest(name + " holds a control character (U+"
                        + String.format("%04X", (int) c) + ").");
            }
        }
        return s;
    }

    /** {@code s} without control characters (but tab and line breaks) and without halves of surrogate pairs. */
    public static String stripNonText(String s) {
        StringBuilder sb = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (pairAt(s, i)) {
                sb.append(c).append(s.charAt(++i));
            } else if (!Character.isSurrogate(c) && !isControl(c)) {
                sb.append(c);
            }
        }
        return sb.toString();
    }

    /** Whether a whole surrogate pair (one character) starts at {@code i}. */
    private static boolean pairAt(String s, int i) {
        return Character.isHighSurrogate(s.charAt(i)) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1));
    }

    /** A control character other than tab and line breaks. */
    private static boolean isControl(char c) {
        return Character.isISOControl(c) && c != '\t' && c != '\n' && c != '\r';
    }

    /**
     * The question of {@code GET …/search?q=}: present, at most {@code maxChars} once stripped, plain
     * text. {@code queryString} is the raw query, checked to decode as strict UTF-8: frameworks drop a
     * parameter they cannot decode ("no question given") or replace its bad bytes with U+FFFD.
     */
    public static String requireSearchQuestion(@Nullable String queryString, @Nullable String q, int maxChars) {
        StrictUtf8.requireQuery(queryString);
        if (q == null || q.isBlank()) {
            throw new ApiException.BadRequest("Add the question as ?q=…");
        }
        String question = q.strip();
        if (question.codePointCount(0, question.length()) > maxChars) {
            throw new ApiException.BadRequest("The question is longer than " + maxChars + " characters.");
        }
        return requirePlainText("The question", question);
    }

    public static String kind(JsonNode v) {
        return switch (v.getNodeType()) {
            case ARRAY -> "an array";
            case OBJECT, POJO -> "an object";
            case NUMBER -> "a number";
            case BOOLEAN -> "a boolean";
            case NULL, MISSING -> "null";
            default -> "a " + v.getNodeType().name().toLowerCase(java.util.Locale.ROOT);
        };
    }
}
