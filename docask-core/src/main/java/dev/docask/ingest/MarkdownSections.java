package dev.docask.ingest;

import org.jspecify.annotations.Nullable;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Cuts cleaned Markdown into heading sections with the anchors the framework generates. A leading
 * level-1 heading is the page title: its text is the page top, not a breadcrumb level.
 */
final class MarkdownSections {

    private static final Pattern HEADING = Pattern.compile("^ {0,3}(#{1,6})(?:[ \\t]+(.*?))?[ \\t]*$");
    private static final Pattern EXPLICIT_ID = Pattern.compile("\\s*\\{#([\\w.:-]+)}\\s*$");
    private static final Pattern CLOSING_HASHES = Pattern.compile("\\s+#+$");

    /** What a page's body yields: its leading h1 (or {@code null}) and its sections in order. */
    record Parsed(@Nullable String h1, List<Section> sections) {
    }

    private MarkdownSections() {
    }

    static boolean isHeading(String line) {
        return HEADING.matcher(line).matches();
    }

    static Parsed parse(String markdown, Slugger slugger) {
        List<Section> sections = new ArrayList<>();
        String[] lines = markdown.split("\n", -1);
        @Nullable String[] stack = new String[7];
        String h1 = null;
        boolean sawHeading = false;
        int level = 0;
        String anchor = null;
        List<String> path = List.of();
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < lines.length; i++) {
            Fence fence = Fence.open(lines[i]);
            if (fence != null) {
                int end = fence.closingLine(lines, i);
                for (int j = i; j <= end; j++) {
                    text.append(lines[j]).append('\n');
                }
                i = end;
                continue;
            }
            Matcher m = HEADING.matcher(lines[i]);
            if (!m.matches()) {
                text.append(lines[i]).append('\n');
                continue;
            }
            String raw = m.group(2) == null ? "" : CLOSING_HASHES.matcher(m.group(2)).replaceAll("");
            Matcher id = EXPLICIT_ID.matcher(raw);
            String explicit = id.find() ? id.group(1) : null;
            String title = plain(explicit == null ? raw : raw.substring(0, id.start()));
            int newLevel = m.group(1).length();
            String newAnchor = explicit != null ? slugger.explicit(explicit) : slugger.slug(title);
            if (!sawHeading && newLevel == 1 && h1 == null && text.toString().isBlank()) {
                h1 = title;
                sawHeading = true;
                continue;
            }
            sawHeading = true;
            sections.add(new Section(level, path, anchor, text.toString().strip()));
            text.setLength(0);
            stack[newLevel] = title;
            for (int l = newLevel + 1; l < stack.length; l++) {
                stack[l] = null;
            }
            List<String> newPath = new ArrayList<>();
            for (int l = 1; l <= newLevel; l++) {
                String part = stack[l];
                if (part != null && !part.isEmpty()) {
                    newPath.add(part);
                }
            }
            level = newLevel;
            anchor = newAnchor;
            path = newPath;
        }
        sections.add(new Section(level, path, anchor, text.toString().strip()));
        return new Parsed(h1, sections);
    }

    /** Heading text as rendered: no code ticks, emphasis marks or escapes. */
    static String plain(String heading) {
        return heading.replace("`", "").replaceAll("(\\*\\*|__)(.+?)\\1", "$2")
                .replaceAll("(?<![\\w*])\\*(\\S.*?)\\*(?![\\w*])", "$1")
                .replaceAll("\\s+", " ").strip();
    }
}
