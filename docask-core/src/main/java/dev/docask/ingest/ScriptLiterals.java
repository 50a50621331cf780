package dev.docask.ingest;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/*
 * A site's config is a JavaScript or TypeScript module, and docask runs neither (SiteConfig). What routing needs from it
 * is written as literals nearly always: `routeBasePath: '/'`, `lastVersion: 'current'`, `versions: {current: {path:
 * 'dev'}}`. So the source is read as tokens, and a value that is one literal (a string, a boolean, an object or array
 * of such values) is read as a value; anything else (a variable, a call, `isDev ? '/' : 'docs'`) is kept as
 * Computed with its text, so the caller can say which setting it could not read instead of guessing it.
 */

/** Object and array literals of a JavaScript or TypeScript source, read without running it. */
final class ScriptLiterals {

    /** A value the source computes: not read, its text kept for a message. */
    record Computed(String text) {
    }

    private static final Set<String> CLOSERS = Set.of("}", "]", ")");
    private static final Set<String> TYPE_AFTER_VALUE = Set.of("satisfies", "as");

    private final List<Token> tokens;

    private ScriptLiterals(List<Token> tokens) {
        this.tokens = tokens;
    }

    private record Token(String text, boolean string) {
        boolean is(String s) {
            return !string && text.equals(s);
        }
    }

    static ScriptLiterals of(String source) {
        return new ScriptLiterals(tokens(source));
    }

    /**
     * The values of every property named {@code key} in the source, at any depth, in source order: a {@link String},
     * {@link Boolean}, {@code Map<String, Object>} or {@code List<Object>} of those, or a {@link Computed}.
     */
    List<Object> valuesOf(String key) {
        List<Object> values = new ArrayList<>();
        for (int i = 0; i + 1 < tokens.size(); i++) {
            Token t = tokens.get(i);
            if (t.text.equals(key) && tokens.get(i + 1).is(":") && (i == 0 || !tokens.get(i - 1).is("."))) {
                values.add(value(i + 2).value);
            }
        }
        return values;
    }

    private record Parsed(Object value, int next) {
    }

    /** The expression starting at {@code from}, up to a comma, a semicolon or a closing bracket at its own depth. */
    private Parsed value(int from) {
        int end = expressionEnd(from);
        if (end == from) {
            return new Parsed(new Computed(""), end);
        }
        Token first = tokens.get(from);
        Object literal = null;
        int literalEnd = from + 1;
        if (first.is("{")) {
            Parsed object = object(from + 1);
            literal = object.value;
            literalEnd = object.next;
        } else if (first.is("[")) {
            Parsed array = array(from + 1);
            literal = array.value;
            literalEnd = array.next;
        } else if (first.string) {
            literal = first.text;
        } else if (first.is("true") || first.is("false")) {
            literal = Boolean.valueOf(first.text);
        }
        // a TypeScript type after the literal ({...} satisfies Preset.Options) leaves the value as written
        boolean typed = literalEnd < end && TYPE_AFTER_VALUE.contains(tokens.get(literalEnd).text);
        if (literal != null && (literalEnd == end || typed)) {
            return new Parsed(literal, end);
        }
        return new Parsed(new Computed(text(from, end)), end);
    }

    private Parsed object(int from) {
        Map<String, Object> map = new LinkedHashMap<>();
        int i = from;
        while (i < tokens.size() && !tokens.get(i).is("}")) {
            Token key = tokens.get(i);
            if (key.is(",")) {
                i++;
                continue;
            }
            int end = expressionEnd(i);
            if (i + 1 < tokens.size() && tokens.get(i + 1).is(":") && !key.is("...")) {
                Parsed v = value(i + 2);
                map.putIfAbsent(key.text, v.value);
                i = v.next;
            } else {
                i = Math.max(end, i + 1); // a spread, a shorthand property or a method: nothing read
            }
        }
        return new Parsed(map, Math.min(i + 1, tokens.size()));
    }

    private Parsed array(int from) {
        List<Object> list = new ArrayList<>();
        int i = from;
        while (i < tokens.size() && !tokens.get(i).is("]")) {
            if (tokens.get(i).is(",")) {
                i++;
                continue;
            }
            Parsed v = value(i);
            list.add(v.value);
            i = Math.max(v.next, i + 1);
        }
        return new Parsed(list, Math.min(i + 1, tokens.size()));
    }

    private int expressionEnd(int from) {
        int depth = 0;
        for (int i = from; i < tokens.size(); i++) {
            Token t = tokens.get(i);
            if (t.string) {
                continue;
            }
            if (t.is("{") || t.is("[") || t.is("(")) {
                depth++;
            } else if (CLOSERS.contains(t.text)) {
                if (depth == 0) {
                    return i;
                }
                depth--;
            } else if (depth == 0 && (t.is(",") || t.is(";"))) {
                return i;
            }
        }
        return tokens.size();
    }

    private String text(int from, int to) {
        StringBuilder out = new StringBuilder();
        for (int i = from; i < to; i++) {
            Token t = tokens.get(i);
            if (!out.isEmpty() && !t.is(".") && !t.is("(") && !t.is(")") && !tokens.get(i - 1).is(".")
                    && !tokens.get(i - 1).is("(")) {
                out.append(' ');
            }
            out.append(t.string ? "'" + t.text + "'" : t.text);
        }
        return out.toString();
    }

    /** Strings (quotes and escapes undone), words, and single punctuation marks; comments dropped. */
    private static List<Token> tokens(String s) {
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
            } else if (c == '\'' || c == '"' || c == '`') {
                StringBuilder text = new StringBuilder();
                int j = i + 1;
                boolean interpolated = false;
                while (j < n && s.charAt(j) != c) {
                    if (s.charAt(j) == '\\' && j + 1 < n) {
                        j++;
                    } else if (c == '`' && s.startsWith("${", j)) {
                        interpolated = true;
                    }
                    text.append(s.charAt(j));
                    j++;
                }
                // a template with ${…} in it is computed: kept as a word, so it is never read as a literal
                out.add(interpolated ? new Token("`" + text + "`", false) : new Token(text.toString(), true));
                i = j + 1;
            } else if (s.startsWith("...", i)) {
                out.add(new Token("...", false));
                i += 3;
            } else if (Character.isLetterOrDigit(c) || c == '_' || c == '$' || c == '@') {
                int j = i;
                while (j < n && (Character.isLetterOrDigit(s.charAt(j)) || "_$@-".indexOf(s.charAt(j)) >= 0)) {
                    j++;
                }
                out.add(new Token(s.substring(i, j), false));
                i = j;
            } else {
                out.add(new Token(String.valueOf(c), false));
                i++;
            }
        }
        return out;
    }

    /** The value's text for a message: the string itself, or what the source writes. */
    static String describe(Object value) {
        return value instanceof Computed c ? c.text() : String.valueOf(value);
    }

    /** The map under {@code key} of {@code map}, when it is one. */
    @SuppressWarnings("unchecked")
    static Optional<Map<String, Object>> mapAt(Map<String, Object> map, String key) {
        return map.get(key) instanceof Map<?, ?> m ? Optional.of((Map<String, Object>) m) : Optional.empty();
    }
}
