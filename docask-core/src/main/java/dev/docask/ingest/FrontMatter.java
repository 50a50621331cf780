package dev.docask.ingest;

import org.snakeyaml.engine.v2.api.Load;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.api.lowlevel.Parse;
import org.snakeyaml.engine.v2.events.Event;
import org.snakeyaml.engine.v2.exceptions.MarkedYamlEngineException;
import org.snakeyaml.engine.v2.exceptions.YamlEngineException;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/*
 * Front matter is untrusted text (docs/reliability.md). snakeyaml-engine builds nested values
 * recursively, so `t: [[[[…]]]]` a thousand deep overflowed the stack and ended a whole run; its
 * event parser is a loop, so the depth is counted on the events first and a block nested deeper
 * than MAX_DEPTH is a problem for its page. Aliases are capped (MAX_ALIASES) and the text the values
 * expand to is capped (MAX_TEXT) so a "billion laughs" block cannot grow without bound, and the
 * block itself is capped at MAX_CODE_POINTS. Real front matter nests two or three levels and uses
 * an alias or two at most.
 */
/**
 * The YAML block between {@code ---} lines at the top of a Markdown page, and the body after it.
 * Values are kept as strings (lists joined with commas) because routing and metadata only need text.
 */
record FrontMatter(Map<String, String> values, String body, int bodyLine) {

    static final int MAX_DEPTH = 64;
    static final int MAX_ALIASES = 20;
    static final int MAX_CODE_POINTS = 1 << 20;
    static final int MAX_TEXT = 1 << 20;

    /*
     * The reader's buffer holds the whole block: with the default 1,024 characters, snakeyaml copies
     * its window again for each 1,024 more characters of one long token (a 300,000-character scalar
     * took 30 times as long as one of 80,000). The block is at most MAX_CODE_POINTS long.
     */
    private static LoadSettings settings(String yaml) {
        return LoadSettings.builder().setLabel("front matter")
                .setMaxAliasesForCollections(MAX_ALIASES).setCodePointLimit(MAX_CODE_POINTS)
                .setAllowRecursiveKeys(false).setBufferSize(yaml.length() + 2).build();
    }

    FrontMatter {
        values = Map.copyOf(values);
    }

    /** Splits {@code text} into front matter and body; throws {@link IllegalArgumentException} on bad YAML. */
    static FrontMatter parse(String text) {
        String t = text.startsWith("\uFEFF") ? text.substring(1) : text;
        if (!t.startsWith("---")) {
            return new FrontMatter(Map.of(), t, 1);
        }
        int firstEnd = t.indexOf('\n');
        if (firstEnd < 0 || !t.substring(0, firstEnd).strip().equals("---")) {
            return new FrontMatter(Map.of(), t, 1);
        }
        int pos = firstEnd + 1;
        int line = 2;
        while (pos <= t.length()) {
            int end = t.indexOf('\n', pos);
            String current = end < 0 ? t.substring(pos) : t.substring(pos, end);
            if (current.strip().equals("---")) {
                String yaml = t.substring(firstEnd + 1, pos);
                String body = end < 0 ? "" : t.substring(end + 1);
                return new FrontMatter(load(yaml), body, line + 1);
            }
            if (end < 0) {
                break;
            }
            pos = end + 1;
            line++;
        }
        throw new IllegalArgumentException("front matter starts with '---' but never ends");
    }

    Optional<String> find(String key) {
        return Optional.ofNullable(values.get(key)).filter(v -> !v.isBlank());
    }

    boolean isTrue(String key) {
        return "true".equalsIgnoreCase(values.getOrDefault(key, ""));
    }

    private static Map<String, String> load(String yaml) {
        if (yaml.isBlank()) {
            return Map.of();
        }
        if (yaml.length() > MAX_CODE_POINTS) {
            throw new IllegalArgumentException("front matter is longer than " + MAX_CODE_POINTS + " characters");
        }
        LoadSettings settings = settings(yaml);
        Object root;
        try {
            requireShallow(yaml, settings);
            root = new Load(settings).loadFromString(yaml);
        } catch (MarkedYamlEngineException e) {
            // The YAML starts on the file's second line, after the opening '---'.
            String where = e.getProblemMark().map(m -> " at line " + (m.getLine() + 2)).orElse("");
            throw new IllegalArgumentException("unparseable front matter" + where + ": " + e.getProblem(), e);
        } catch (YamlEngineException e) {
            String message = String.valueOf(e.getMessage()).lines().findFirst().orElse("syntax error");
            throw new IllegalArgumentException("unparseable front matter: " + message, e);
        }
        if (root == null) {
            return Map.of();
        }
        if (!(root instanceof Map<?, ?> map)) {
            throw new IllegalArgumentException("front matter is not a key: value mapping");
        }
        Map<String, String> values = new LinkedHashMap<>();
        int[] budget = {MAX_TEXT};
        map.forEach((k, v) -> {
            if (k != null && v != null) {
                values.put(String.valueOf(k), text(v, budget));
            }
        });
        return values;
    }

    /** Refuses YAML nested deeper than {@link #MAX_DEPTH}, counted on the parser's events (no recursion). */
    private static void requireShallow(String yaml, LoadSettings settings) {
        int depth = 0;
        for (Event e : new Parse(settings).parseString(yaml)) {
            switch (e.getEventId()) {
                case MappingStart, SequenceStart -> {
                    if (++depth > MAX_DEPTH) {
                        String where = e.getStartMark().map(m -> " at line " + (m.getLine() + 2)).orElse("");
                        throw new IllegalArgumentException("front matter nests deeper than " + MAX_DEPTH + " levels" + where);
                    }
                }
                case MappingEnd, SequenceEnd -> depth--;
                default -> { }
            }
        }
    }

    /** The value as text; {@code budget} holds the characters still allowed, shared by all values. */
    private static String text(Object value, int[] budget) {
        String s;
        budget[0]--;
        if (value instanceof Collection<?> list) {
            s = list.stream().map(v -> text(v, budget)).collect(Collectors.joining(","));
        } else if (value instanceof Map<?, ?> map) {
            // Nested blocks (e.g. hero: {name, tagline}) matter only as text for pages without a body.
            s = map.values().stream().filter(v -> v != null).map(v -> text(v, budget))
                    .filter(x -> !x.isBlank()).collect(Collectors.joining("\n"));
        } else {
            s = String.valueOf(value).strip();
            budget[0] -= s.length();
        }
        if (budget[0] < 0) {
            throw new IllegalArgumentException("front matter expands to more than " + MAX_TEXT
                    + " characters of text (aliases repeated too often?)");
        }
        return s;
    }
}
