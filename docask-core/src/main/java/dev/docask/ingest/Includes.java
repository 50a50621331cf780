package dev.docask.ingest;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.IntConsumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/*
 * VitePress renders <!--@include: path--> by pasting the file in place; the included file is
 * usually excluded from the build and has no URL of its own (vitest's CLI option list lives in
 * cli-generated.md, shown inside guide/cli). So the text is inlined where it is shown and the
 * included files are not pages. MDX does the same with `import Part from './_part.mdx'` and
 * `<Part />`; there the imported file keeps whatever URL routing gives it (partials have none).
 */

/** Resolves {@code <!--@include: path-->} directives and MDX partial imports between the Markdown files of a folder. */
final class Includes {

    private static final Pattern INCLUDE = Pattern.compile("<!--\\s*@include:\\s*([^\\s{#>]+)([^>]*?)\\s*-->");
    private static final Pattern RANGE = Pattern.compile("\\{(\\d*),(\\d*)}");
    private static final Pattern MDX_IMPORT =
            Pattern.compile("^import\\s+([A-Z]\\w*)\\s+from\\s+['\"]([^'\"]+\\.mdx?)['\"];?\\s*$");
    private static final int MAX_DEPTH = 5;

    private final Map<String, String> texts;

    /** @param texts file contents by path relative to the indexed folder ('/' separators) */
    Includes(Map<String, String> texts) {
        this.texts = texts;
    }

    /** The files some page includes: they are shown inside that page, not on their own. */
    Set<String> targets() {
        Set<String> targets = new HashSet<>();
        texts.forEach((file, text) -> {
            Matcher m = INCLUDE.matcher(text);
            while (m.find()) {
                targets.add(resolve(file, m.group(1)));
            }
        });
        return targets;
    }

    /** {@code text} of {@code file} with every include replaced by the included text. */
    String expand(String file, String text) {
        return expand(file, text, 0);
    }

    private String expand(String file, String text, int depth) {
        if (depth >= MAX_DEPTH) {
            return text;
        }
        String expanded = text.contains("@include") ? includes(file, text, depth) : text;
        return expanded.contains("import ") ? mdxImports(file, expanded, depth) : expanded;
    }

    /** Replaces {@code <Part />} with the body of the Markdown file {@code Part} is imported from, outside code. */
    private String mdxImports(String file, String text, int depth) {
        String[] lines = text.split("\n", -1);
        Map<String, String> parts = new HashMap<>();
        forEachProseLine(lines, i -> {
            Matcher m = MDX_IMPORT.matcher(lines[i].strip());
            if (m.matches() && texts.containsKey(resolve(file, m.group(2)))) {
                parts.put(m.group(1), resolve(file, m.group(2)));
            }
        });
        if (parts.isEmpty()) {
            return text;
        }
        Pattern usage = Pattern.compile("<(" + String.join("|", parts.keySet()) + ")\\b[^>]*/>");
        forEachProseLine(lines, i -> {
            Matcher m = usage.matcher(lines[i]);
            StringBuilder out = new StringBuilder();
            while (m.find()) {
                // The pattern matches imported names only, and parts holds only targets that texts has.
                String target = Objects.requireNonNull(parts.get(m.group(1)));
                String body = "\n" + expand(target, stripFrontMatter(Objects.requireNonNull(texts.get(target))), depth + 1) + "\n";
                m.appendReplacement(out, Matcher.quoteReplacement(body));
            }
            m.appendTail(out);
            lines[i] = out.toString();
        });
        return String.join("\n", lines);
    }

    private static void forEachProseLine(String[] lines, IntConsumer action) {
        for (int i = 0; i < lines.length; i++) {
            Fence fence = Fence.open(lines[i]);
            if (fence != null) {
                i = fence.closingLine(lines, i);
            } else {
                action.accept(i);
            }
        }
    }

    private String includes(String file, String text, int depth) {
        Matcher m = INCLUDE.matcher(text);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String target = resolve(file, m.group(1));
            String included = texts.get(target);
            String replacement = included == null ? "" : expand(target, lines(stripFrontMatter(included), m.group(2)), depth + 1);
            m.appendReplacement(out, Matcher.quoteReplacement(replacement));
        }
        m.appendTail(out);
        return out.toString();
    }

    static String resolve(String file, String target) {
        String t = target.startsWith("@/") ? target.substring(2) : target;
        int slash = file.lastIndexOf('/');
        String base = target.startsWith("@/") || slash < 0 ? "" : file.substring(0, slash + 1);
        String joined = Path.of("/" + base + t).normalize().toString().replace('\\', '/');
        return joined.startsWith("/") ? joined.substring(1) : joined;
    }

    private static String lines(String text, String suffix) {
        Matcher range = RANGE.matcher(suffix);
        if (!range.find()) {
            return text;
        }
        List<String> all = text.lines().toList();
        int from = range.group(1).isEmpty() ? 1 : Integer.parseInt(range.group(1));
        int to = range.group(2).isEmpty() ? all.size() : Integer.parseInt(range.group(2));
        from = Math.max(1, from);
        to = Math.min(all.size(), to);
        return from > to ? "" : String.join("\n", all.subList(from - 1, to));
    }

    private static String stripFrontMatter(String text) {
        try {
            return FrontMatter.parse(text).body();
        } catch (IllegalArgumentException e) {
            return text;
        }
    }
}
