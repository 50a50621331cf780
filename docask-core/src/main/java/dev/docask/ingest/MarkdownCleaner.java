package dev.docask.ingest;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/*
 * Docs sources are Markdown sprinkled with MDX: ESM import/export lines, JSX components (often
 * spanning lines), {expressions}, HTML comments, admonition fences. Readers only see the prose,
 * so that is what we keep: tags go, the text between them stays; code fences pass through
 * untouched (a `<div>` inside a code block is content). Inline code spans are copied verbatim for
 * the same reason.
 */

/** Turns MDX/Markdown source into the text readers see: Markdown prose and whole code fences. */
final class MarkdownCleaner {

    private static final Pattern ADMONITION =
            Pattern.compile("^\\s*:{3,}\\s*([A-Za-z][\\w-]*)?\\s*(?:\\[([^\\]]*)])?\\s*(.*?)\\s*(?:\\{[^}]*})?\\s*$");
    private static final Set<String> ADMONITION_TYPES = Set.of("note", "tip", "info", "warning", "danger",
            "caution", "important", "details", "success", "question", "example", "abstract", "bug", "quote");
    private static final Pattern ESM_START = Pattern.compile("^(import|export)\\b");
    private static final Pattern MD_ESM = Pattern.compile(
            "^(import\\s+.*\\bfrom\\s*['\"].*|import\\s+['\"].*|import\\s*\\{.*|export\\s+(const|let|var|function|default|async|\\{).*)$");
    // Brackets, parens and tags are bounded so that a match attempt stops at the next opener: with
    // "[^\\]]*" a page of 100k '[' took a minute (every '[' rescanned the rest), and 5 MB would take days.
    private static final Pattern HEADING_ELEMENT =
            Pattern.compile("<([A-Za-z][\\w.]*)\\b[^<>]{0,300}>.{0,300}?</\\1\\s*>|<[A-Za-z][\\w.]*\\b[^<>]{0,300}/>");
    private static final Pattern IMAGE = Pattern.compile("!\\[([^\\[\\]]*)]\\([^()]*\\)");
    private static final Pattern LINK = Pattern.compile("\\[([^\\[\\]]+)]\\((?:[^()\\s]|\\([^()\\s]*\\))*(?:\\s+\"[^\"]*\")?\\)");
    private static final Pattern REF_LINK = Pattern.compile("\\[([^\\[\\]]+)]\\[[^\\[\\]]*]");
    private static final Pattern LINK_DEFINITION = Pattern.compile("^\\s{0,3}\\[[^\\]]+]:\\s+\\S+.*$");
    private static final Pattern LIST_ITEM = Pattern.compile("\\s*([-*+]|\\d+[.)])\\s");
    private static final Pattern AUTOLINK = Pattern.compile("[a-zA-Z][a-zA-Z0-9+.-]*://[^\\s>]+|[^\\s@<>]+@[^\\s@<>]+");

    private final boolean mdx;

    /** @param mdx whether {@code {expressions}} and bare ESM lines are MDX syntax (true for .mdx files) */
    MarkdownCleaner(boolean mdx) {
        this.mdx = mdx;
    }

    String clean(String source) {
        List<String> out = new ArrayList<>();
        StringBuilder prose = new StringBuilder();
        String[] lines = source.replace("\r\n", "\n").replace('\r', '\n').split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            Fence fence = Fence.open(lines[i]);
            if (fence != null) {
                flush(prose, out);
                int end = fence.closingLine(lines, i);
                for (int j = i; j <= end; j++) {
                    out.add(lines[j].stripTrailing());
                }
                i = end;
            } else if (ESM_START.matcher(lines[i]).find() && (mdx || MD_ESM.matcher(lines[i]).matches())) {
                i = endOfStatement(lines, i);
            } else {
                prose.append(proseLine(lines[i])).append('\n');
            }
        }
        flush(prose, out);
        return tidy(out);
    }

    private static String proseLine(String line) {
        Matcher admonition = ADMONITION.matcher(line);
        if (admonition.matches()) {
            String type = admonition.group(1);
            if (type == null || !ADMONITION_TYPES.contains(type.toLowerCase(Locale.ROOT))) {
                return "";
            }
            String title = firstNonBlank(admonition.group(2), admonition.group(3));
            String label = Character.toUpperCase(type.charAt(0)) + type.substring(1).toLowerCase(Locale.ROOT);
            return title.isEmpty() ? "**" + label + ":**" : "**" + label + ": " + title + "**";
        }
        if (MarkdownSections.isHeading(line)) {
            return HEADING_ELEMENT.matcher(line).replaceAll("").replaceAll("(\\S)\\s{2,}", "$1 ");
        }
        if (LINK_DEFINITION.matcher(line).matches()) {
            return "";
        }
        return line;
    }

    private void flush(StringBuilder prose, List<String> out) {
        if (prose.isEmpty()) {
            return;
        }
        String cleaned = new InlineScanner(prose.toString(), mdx).scan();
        for (String line : cleaned.split("\n", -1)) {
            // Indentation left by JSX/Vue nesting means nothing in prose; list nesting keeps it.
            out.add(LIST_ITEM.matcher(line).lookingAt() ? line.stripTrailing() : line.strip());
        }
        prose.setLength(0);
    }

    /** Plain text with Markdown links reduced to their words: URLs are noise for search. */
    static String unlink(CharSequence text) {
        String s = IMAGE.matcher(text).replaceAll("$1");
        s = LINK.matcher(s).replaceAll("$1");
        return REF_LINK.matcher(s).replaceAll("$1");
    }

    static boolean isAutolink(String inner) {
        return AUTOLINK.matcher(inner).matches();
    }

    /** Index of the last line of an import/export statement that starts at {@code start}. */
    private static int endOfStatement(String[] lines, int start) {
        int depth = 0;
        for (int i = start; i < lines.length; i++) {
            depth += depthChange(lines[i]);
            String trimmed = lines[i].strip();
            boolean continues = trimmed.endsWith(",") || trimmed.endsWith("=") || trimmed.endsWith("=>")
                    || trimmed.endsWith("(") || trimmed.endsWith("{") || trimmed.endsWith("[");
            if (depth <= 0 && !continues) {
                return i;
            }
        }
        // never closed ("export const a = {" and no "}"): the site's own build would fail on it; dropping its first
        // line alone keeps the page's text, where dropping to the end would lose the whole page without a word
        return start;
    }

    private static int depthChange(String line) {
        int depth = 0;
        char quote = 0;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quote != 0) {
                if (c == '\\') {
                    i++;
                } else if (c == quote) {
                    quote = 0;
                }
            } else if (c == '"' || c == '\'' || c == '`') {
                quote = c;
            } else if (c == '{' || c == '(' || c == '[') {
                depth++;
            } else if (c == '}' || c == ')' || c == ']') {
                depth--;
            }
        }
        return depth;
    }

    private static String firstNonBlank(String a, String b) {
        if (a != null && !a.isBlank()) {
            return a.strip();
        }
        return b == null ? "" : b.strip();
    }

    /** Collapses blank-line runs to one and trims line ends, leaving code fences as they are. */
    static String tidy(String text) {
        List<String> lines = new ArrayList<>();
        for (String line : text.split("\n", -1)) {
            lines.add(line.stripTrailing());
        }
        return tidy(lines);
    }

    private static String tidy(List<String> lines) {
        StringBuilder out = new StringBuilder();
        int blanks = 0;
        Fence fence = null; // the fence the line is in, if any
        for (String line : lines) {
            if (fence == null) {
                fence = Fence.open(line);
            } else if (fence.closes(line)) {
                fence = null;
            }
            if (fence == null && line.isBlank()) {
                blanks++;
                continue;
            }
            if (!out.isEmpty() && blanks > 0) {
                out.append('\n');
            }
            blanks = 0;
            out.append(line).append('\n');
        }
        return out.toString().strip();
    }
}
