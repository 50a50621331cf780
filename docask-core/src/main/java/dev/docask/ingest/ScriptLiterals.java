package dev.docask.ingest;

import dev.docask.ingest.ScriptTokens.Token;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/*
 * A site's config is a JavaScript or TypeScript module, and docask runs neither (SiteConfig). What routing needs from it
 * is written as literals nearly always: `routeBasePath: '/'`, `lastVersion: 'current'`, `versions: {current: {path:
 * 'dev'}}`. So the source is read as tokens, and a value that is one literal (a string, a boolean, an object or array
 * of such values) is read as a value; anything else (a variable, a call, `isDev ? '/' : 'docs'`) is kept as
 * Computed with its text, so the caller can say which setting it could not read instead of guessing it.
 *
 * What real configs write around those literals, and how it is read:
 * - `({docs: …})` after a JSDoc type comment, as Docusaurus's JavaScript template writes its options: a literal in
 *   parentheses is the literal.
 * - `const docs = {…}` then `docs: docs`, `{docs}` or `...docs` in the same file: a name declared once with `const`
 *   is its literal (a `let` or `var` may be reassigned, and a name declared twice depends on scope: both stay
 *   Computed).
 * - Regular expressions, templates and strings are whole tokens (ScriptTokens), so the quotes and comment marks in
 *   them cannot derail the rest of the file.
 * - Nesting deeper than MAX_NESTING is Computed: no input overflows the stack.
 */

/** Object and array literals of a JavaScript or TypeScript source, read without running it. */
final class ScriptLiterals {

    /** A value the source computes: not read, its text kept for a message. */
    record Computed(String text) {
    }

    private static final Set<String> TYPE_AFTER_VALUE = Set.of("satisfies", "as");
    private static final Set<String> NOT_BEFORE_KEY = Set.of(".", "?", "(", "const", "let", "var");
    private static final Pattern NAME = Pattern.compile("[A-Za-z_$][A-Za-z0-9_$]*");
    private static final Pattern WHITESPACE = Pattern.compile("\\s+");
    private static final int MAX_NESTING = 200;
    private static final int MAX_TYPE_TOKENS = 100; // a declared type longer than this is not looked past
    private static final int SHOWN = 120; // a computed value's text, as a note shows it, is cut to its start

    private final String source;
    private final List<Token> tokens;
    private final int[] closer; // for an opening bracket's token, the index of the token closing it (or the end)
    private final Map<String, Integer> constants = new HashMap<>(); // name -> index of its value, -1 if declared twice
    private final Map<String, Object> resolved = new HashMap<>();
    private final Set<String> resolving = new HashSet<>();
    private int nesting;

    private ScriptLiterals(String source) {
        this.source = source;
        this.tokens = ScriptTokens.of(source);
        this.closer = closers(tokens);
        for (int i = 0; i + 3 < tokens.size(); i++) {
            if (tokens.get(i).is("const") && isName(tokens.get(i + 1))) {
                int value = declaredValue(i + 2);
                constants.merge(tokens.get(i + 1).text(), value, (a, b) -> -1);
            }
        }
    }

    static ScriptLiterals of(String source) {
        return new ScriptLiterals(source);
    }

    /**
     * The values of every property named {@code key} in the source, at any depth, in source order: a {@link String},
     * {@link Boolean}, {@code Map<String, Object>} or {@code List<Object>} of those, or a {@link Computed}. A shorthand
     * property ({@code {presets}}) is the value of the constant it names.
     */
    List<Object> valuesOf(String key) {
        List<Object> values = new ArrayList<>();
        for (int i = 0; i + 1 < tokens.size(); i++) {
            if (tokens.get(i).text().equals(key)) {
                Optional<Parsed> v = parsedAt(i);
                if (v.isPresent()) {
                    values.add(v.get().value);
                    if (!(v.get().value instanceof Computed)) {
                        i = Math.max(i, v.get().next - 1); // a property so named inside a literal read is in it already
                    }
                }
            }
        }
        return values;
    }

    /**
     * The value of the config's own setting {@code key}: of the properties so named outside any array, those in the
     * fewest braces (a site's settings lie in the outermost object; a VitePress sidebar item's `base`, an Astro
     * integration's options lie deeper or in an array). Empty when the source sets none; {@link Computed} when two
     * such properties disagree, since which one counts depends on code docask does not run.
     */
    Optional<Object> topLevel(String key) {
        List<Object> found = new ArrayList<>();
        int least = Integer.MAX_VALUE;
        int braces = 0;
        java.util.ArrayDeque<String> open = new java.util.ArrayDeque<>();
        int arrays = 0;
        for (int i = 0; i + 1 < tokens.size(); i++) {
            Token t = tokens.get(i);
            if (!t.string() && (t.is("{") || t.is("[") || t.is("("))) {
                open.push(t.text());
                braces += t.is("{") ? 1 : 0;
                arrays += t.is("[") ? 1 : 0;
                continue;
            } else if (!t.string() && ScriptTokens.CLOSERS.contains(t.text()) && !open.isEmpty()) {
                String o = open.pop();
                braces -= o.equals("{") ? 1 : 0;
                arrays -= o.equals("[") ? 1 : 0;
                continue;
            }
            if (!t.text().equals(key) || arrays > 0 || braces == 0 || braces > least) {
                continue;
            }
            Optional<Object> v = propertyAt(i);
            if (v.isPresent()) {
                if (braces < least) {
                    found.clear();
                    least = braces;
                }
                found.add(v.get());
            }
        }
        List<Object> distinct = found.stream().distinct().toList();
        return distinct.size() <= 1 ? distinct.stream().findFirst()
                : Optional.of(new Computed(String.join(" or ", distinct.stream().map(ScriptLiterals::describe).toList())));
    }

    /** The value of the property whose key is token {@code i}, if that token is a property's key. */
    private Optional<Object> propertyAt(int i) {
        return parsedAt(i).map(Parsed::value);
    }

    /** The value of the property whose key is token {@code i}, and where it ends, if that token is a property's key. */
    private Optional<Parsed> parsedAt(int i) {
        Token t = tokens.get(i);
        Token before = i > 0 ? tokens.get(i - 1) : new Token("{", false, 0, 0);
        Token next = tokens.get(i + 1);
        // `const presets: T`, `(presets: T)`, `a ? presets : b` and `a.presets` are not properties
        if (next.is(":") && (before.string() || !NOT_BEFORE_KEY.contains(before.text()))) {
            return Optional.of(value(i + 2));
        } else if (!t.string() && (before.is("{") || before.is(",")) && (next.is(",") || next.is("}"))) {
            return Optional.of(new Parsed(constant(t.text()).orElse(new Computed(t.text())), i + 1));
        }
        return Optional.empty();
    }

    private record Parsed(Object value, int next) {
    }

    /** The expression starting at {@code from}, up to a comma, a semicolon or a closing bracket at its own depth. */
    private Parsed value(int from) {
        int end = expressionEnd(from);
        if (end == from) {
            return new Parsed(new Computed(""), end);
        }
        if (nesting >= MAX_NESTING) {
            return new Parsed(new Computed(text(from, end)), end);
        }
        nesting++;
        try {
            Optional<Parsed> literal = literal(from);
            int literalEnd = literal.map(Parsed::next).orElse(from);
            // a TypeScript type after the literal ({...} satisfies Preset.Options) leaves the value as written
            boolean typed = literalEnd < end && !tokens.get(literalEnd).string()
                    && TYPE_AFTER_VALUE.contains(tokens.get(literalEnd).text());
            if (literal.isPresent() && (literalEnd == end || typed)) {
                return new Parsed(literal.get().value, end);
            }
            return new Parsed(new Computed(text(from, end)), end);
        } finally {
            nesting--;
        }
    }

    /** The literal starting at {@code from} and where it ends, if one starts there. */
    private Optional<Parsed> literal(int from) {
        Token first = tokens.get(from);
        if (first.string()) {
            return Optional.of(new Parsed(first.text(), from + 1));
        } else if (first.is("{")) {
            return Optional.of(object(from + 1));
        } else if (first.is("[")) {
            return Optional.of(array(from + 1));
        } else if (first.is("(")) {
            Parsed inner = value(from + 1);
            boolean closed = inner.next < tokens.size() && tokens.get(inner.next).is(")");
            return closed && !(inner.value instanceof Computed)
                    ? Optional.of(new Parsed(inner.value, inner.next + 1)) : Optional.empty();
        } else if (first.is("true") || first.is("false")) {
            return Optional.of(new Parsed(Boolean.valueOf(first.text()), from + 1));
        }
        return constant(first.text()).map(v -> new Parsed(v, from + 1));
    }

    /** The literal value of the constant {@code name} declared once in the source, if it has one. */
    private Optional<Object> constant(String name) {
        Integer at = constants.get(name);
        if (at == null || at < 0 || resolving.contains(name)) {
            return Optional.empty();
        }
        if (!resolved.containsKey(name)) {
            resolving.add(name);
            Object v = value(at).value;
            resolving.remove(name);
            resolved.put(name, v);
        }
        Object v = resolved.get(name);
        return v instanceof Computed ? Optional.empty() : Optional.of(v);
    }

    /** Where the value of {@code const name} starts, given the token after its name: past a type and the `=`. */
    private int declaredValue(int afterName) {
        int i = afterName;
        if (tokens.get(i).is(":")) { // a TypeScript type, up to the first `=` that is not part of `=>` or `==`
            int limit = Math.min(tokens.size() - 1, afterName + MAX_TYPE_TOKENS);
            while (i < limit && !(tokens.get(i).is("=") && !tokens.get(i + 1).is(">") && !tokens.get(i + 1).is("="))
                    && !tokens.get(i).is(";")) {
                i++;
            }
        }
        return tokens.get(i).is("=") && i + 1 < tokens.size() && !tokens.get(i + 1).is("=") ? i + 1 : -1;
    }

    private Parsed object(int from) {
        Map<String, Object> map = new LinkedHashMap<>();
        int i = from;
        while (i < tokens.size() && !tokens.get(i).is("}")) {
            Token key = tokens.get(i);
            Token next = i + 1 < tokens.size() ? tokens.get(i + 1) : key;
            if (key.is(",")) {
                i++;
            } else if (key.is("...")) { // a constant's entries are read; an unknown spread adds nothing known
                Parsed spread = value(i + 1);
                if (spread.value instanceof Map<?, ?> m) {
                    m.forEach((k, v) -> put(map, String.valueOf(k), v));
                }
                i = Math.max(spread.next, i + 1);
            } else if (next.is(":") && i + 1 < tokens.size()) {
                Parsed v = value(i + 2);
                put(map, key.text(), v.value);
                i = v.next;
            } else if (isName(key) && (next.is(",") || next.is("}"))) { // shorthand: {docs} is docs: docs
                put(map, key.text(), constant(key.text()).orElse(new Computed(key.text())));
                i++;
            } else {
                i = Math.max(expressionEnd(i), i + 1); // a method or a computed key: nothing read
            }
        }
        return new Parsed(map, Math.min(i + 1, tokens.size()));
    }

    /** As JavaScript does, a later key replaces an earlier one, and a key set to undefined is as if unset. */
    private static void put(Map<String, Object> map, String key, Object value) {
        map.remove(key);
        if (!(value instanceof Computed c && c.text().equals("undefined"))) {
            map.put(key, value);
        }
    }

    private Parsed array(int from) {
        List<Object> list = new ArrayList<>();
        int i = from;
        while (i < tokens.size() && !tokens.get(i).is("]")) {
            if (tokens.get(i).is(",")) {
                i++;
                continue;
            }
            boolean spread = tokens.get(i).is("...");
            Parsed v = value(spread ? i + 1 : i);
            if (spread && v.value instanceof List<?> elements) {
                list.addAll(elements);
            } else {
                list.add(spread ? new Computed("..." + describe(v.value)) : v.value);
            }
            i = Math.max(v.next, i + 1);
        }
        return new Parsed(list, Math.min(i + 1, tokens.size()));
    }

    /**
     * Where the expression starting at {@code from} ends: at a comma, a semicolon or a closing bracket outside the
     * brackets it opens, which are stepped over whole (so reading nested values costs no more than reading the tokens).
     */
    private int expressionEnd(int from) {
        for (int i = from; i < tokens.size(); i++) {
            Token t = tokens.get(i);
            if (t.string()) {
                continue;
            }
            if (t.is("{") || t.is("[") || t.is("(")) {
                i = closer[i];
            } else if (ScriptTokens.CLOSERS.contains(t.text()) || t.is(",") || t.is(";")) {
                return i;
            }
        }
        return tokens.size();
    }

    /** For each opening bracket, the index of the closing bracket that ends it (any kind, as expressionEnd counts them). */
    private static int[] closers(List<Token> tokens) {
        int[] closer = new int[tokens.size()];
        java.util.ArrayDeque<Integer> open = new java.util.ArrayDeque<>();
        for (int i = 0; i < tokens.size(); i++) {
            Token t = tokens.get(i);
            if (t.string()) {
                continue;
            }
            if (t.is("{") || t.is("[") || t.is("(")) {
                open.push(i);
            } else if (ScriptTokens.CLOSERS.contains(t.text()) && !open.isEmpty()) {
                closer[open.pop()] = i;
            }
        }
        open.forEach(i -> closer[i] = tokens.size());
        return closer;
    }

    /** What the source writes from token {@code from} to before {@code to}, on one line; a long text by its start. */
    private String text(int from, int to) {
        int start = tokens.get(from).start();
        int end = tokens.get(to - 1).end();
        boolean cut = end - start > 4 * SHOWN;
        String text = WHITESPACE.matcher(source.substring(start, cut ? start + 4 * SHOWN : end)).replaceAll(" ").strip();
        return text.length() > SHOWN || cut ? text.substring(0, Math.min(SHOWN, text.length())) + "…" : text;
    }

    private static boolean isName(Token t) {
        return !t.string() && NAME.matcher(t.text()).matches();
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
