package dev.docask.ingest;

import org.snakeyaml.engine.v2.api.Load;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.exceptions.MarkedYamlEngineException;
import org.snakeyaml.engine.v2.exceptions.YamlEngineException;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The YAML block between {@code ---} lines at the top of a Markdown page, and the body after it.
 * Values are kept as strings (lists joined with commas) because routing and metadata only need text.
 */
record FrontMatter(Map<String, String> values, String body, int bodyLine) {

    private static final LoadSettings SETTINGS = LoadSettings.builder().setLabel("front matter").build();

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
        Object root;
        try {
            root = new Load(SETTINGS).loadFromString(yaml);
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
        map.forEach((k, v) -> {
            if (k != null && v != null) {
                values.put(String.valueOf(k), text(v));
            }
        });
        return values;
    }

    private static String text(Object value) {
        if (value instanceof Collection<?> list) {
            return list.stream().map(FrontMatter::text).collect(Collectors.joining(","));
        }
        if (value instanceof Map<?, ?> map) {
            // Nested blocks (e.g. hero: {name, tagline}) matter only as text for pages without a body.
            return map.values().stream().filter(v -> v != null).map(FrontMatter::text)
                    .filter(s -> !s.isBlank()).collect(Collectors.joining("\n"));
        }
        return String.valueOf(value).strip();
    }
}
