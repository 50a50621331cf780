package dev.docask.ingest;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Set;

/*
 * The tokens ScriptLiterals reads. Each kind of token that may hold a quote or a comment mark is read whole, because
 * one misread quote would turn the rest of the file inside out:
 * - a regular expression (`s.replace(/'/g, '')`, `/\/*$/`) where a slash cannot divide: after a bracket, an operator
 *   or a keyword such as `return`, not after a value;
 * - a template with `${…}` inside, nested templates and strings included; it becomes a word, so it is never a literal;
 * - a quoted string, which ends at its line's end at the latest, as JavaScript's does, so a stray quote costs a line.
 */

/** The tokens of a JavaScript or TypeScript source: strings, words and punctuation, comments dropped. */
final class ScriptTokens {

    static final Set<String> CLOSERS = Set.of("}", "]", ")");
    /** Words after which a slash starts a regular expression; after any other word or a value it divides. */
    private static final Set<String> BEFORE_REGEX = Set.of("return", "typeof", "case", "do", "else", "in", "of", "new",
            "delete", "void", "throw", "instanceof", "yield", "await", "export", "default");
    private static final int TEXT = 0; // a template's text, in templateEnd's stack of frames

    /** A token: its text (a string's without quotes and escapes), whether it is a string, where it lies in the source. */
    record Token(String text, boolean string, int start, int end) {
        boolean is(String s) {
            return !string && text.equals(s);
        }
    }

    private ScriptTokens() {
    }

    /**
     * Strings (quotes and escapes undone), words, regular expressions and templates with `${…}` (as words, so they
     * are never read as literals), and single punctuation marks; comments dropped.
     */
    static List<Token> of(String s) {
        List<Token> out = new ArrayList<>();
        int i = 0;
        int n = s.length();
        while (i < n) {
            char c = s.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
            } else if (s.startsWith("//", i)) {
                int eol = s.indexOf('\n', i);
                i = eol < 0 ? n : eol + 1;
            } else if (s.startsWith("/*", i)) {
                int close = s.indexOf("*/", i + 2);
                i = close < 0 ? n : close + 2;
            } else if (c == '/' && regexMayStart(out) && regexEnd(s, i) > 0) {
                int end = regexEnd(s, i);
                out.add(new Token(s.substring(i, end), false, i, end));
                i = end;
            } else if (c == '\'' || c == '"') {
                int end = quotedEnd(s, i);
                boolean closed = end - 1 > i && s.charAt(end - 1) == c;
                out.add(new Token(unescape(s.substring(i + 1, closed ? end - 1 : end)), true, i, end));
                i = end;
            } else if (c == '`') {
                int end = templateEnd(s, i);
                boolean closed = end - 1 > i && s.charAt(end - 1) == '`';
                String raw = s.substring(i + 1, closed ? end - 1 : end);
                boolean interpolated = raw.contains("${");
                out.add(new Token(interpolated ? raw : unescape(raw), !interpolated, i, end));
                i = end;
            } else if (s.startsWith("...", i)) {
                out.add(new Token("...", false, i, i + 3));
                i += 3;
            } else if (Character.isLetterOrDigit(c) || c == '_' || c == '$' || c == '@') {
                int j = i;
                while (j < n && (Character.isLetterOrDigit(s.charAt(j)) || "_$@-".indexOf(s.charAt(j)) >= 0)) {
                    j++;
                }
                out.add(new Token(s.substring(i, j), false, i, j));
                i = j;
            } else {
                out.add(new Token(String.valueOf(c), false, i, i + 1));
                i++;
            }
        }
        return out;
    }

    /** Whether a slash after these tokens starts a regular expression rather than dividing a value. */
    private static boolean regexMayStart(List<Token> before) {
        if (before.isEmpty()) {
            return true;
        }
        Token last = before.get(before.size() - 1);
        if (last.string || CLOSERS.contains(last.text)) {
            return false;
        }
        char c = last.text.charAt(0);
        boolean word = Character.isLetterOrDigit(c) || c == '_' || c == '$' || c == '@' || c == '`' || c == '/';
        return !word || BEFORE_REGEX.contains(last.text);
    }

    /** The index after the regular expression (and its flags) opening at {@code open}, or -1 if the line ends first. */
    private static int regexEnd(String s, int open) {
        boolean inClass = false;
        for (int j = open + 1; j < s.length(); j++) {
            char ch = s.charAt(j);
            if (ch == '\n' || ch == '\r') {
                return -1;
            } else if (ch == '\\') {
                j++;
            } else if (ch == '[') {
                inClass = true;
            } else if (ch == ']') {
                inClass = false;
            } else if (ch == '/' && !inClass) {
                int end = j + 1;
                while (end < s.length() && Character.isLetter(s.charAt(end))) {
                    end++;
                }
                return end;
            }
        }
        return -1;
    }

    /** The index after the string quoted at {@code open}: after its closing quote, or at its line's end. */
    private static int quotedEnd(String s, int open) {
        char quote = s.charAt(open);
        for (int j = open + 1; j < s.length(); j++) {
            char ch = s.charAt(j);
            if (ch == '\\') {
                j++;
            } else if (ch == quote) {
                return j + 1;
            } else if (ch == '\n' || ch == '\r') {
                return j;
            }
        }
        return s.length();
    }

    /** The index after the template opening at {@code open}, past the strings and templates inside its `${…}`. */
    private static int templateEnd(String s, int open) {
        Deque<Integer> frames = new ArrayDeque<>(); // TEXT for a template's text, else the open braces of a ${…}
        frames.push(TEXT);
        int j = open + 1;
        while (j < s.length() && !frames.isEmpty()) {
            char ch = s.charAt(j);
            int top = frames.peek();
            if (ch == '\\') {
                j += 2;
                continue;
            }
            if (top == TEXT) {
                if (ch == '`') {
                    frames.pop();
                } else if (s.startsWith("${", j)) {
                    frames.push(1);
                    j++;
                }
            } else if (ch == '`') {
                frames.push(TEXT);
            } else if (ch == '\'' || ch == '"') {
                j = quotedEnd(s, j) - 1;
            } else if (ch == '{' || ch == '}') {
                frames.pop();
                if (ch == '{' || top > 1) {
                    frames.push(ch == '{' ? top + 1 : top - 1);
                }
            }
            j++;
        }
        return Math.min(j, s.length());
    }

    private static String unescape(String raw) {
        StringBuilder text = new StringBuilder(raw.length());
        for (int j = 0; j < raw.length(); j++) {
            char ch = raw.charAt(j);
            if (ch == '\\' && j + 1 < raw.length()) {
                j++;
                ch = raw.charAt(j);
            }
            text.append(ch);
        }
        return text.toString();
    }
}
