package dev.docask.mcp;

import dev.docask.ingest.Chunk;
import dev.docask.ingest.internal.Sentences;

import java.util.List;

/*
 * A page as Markdown, from its sections: what fetch_page returns and llms-full.txt holds. A section
 * heading is the last level of its breadcrumb, at the depth of the breadcrumb under the page title
 * ("Mocking › Modules" on the page "Mocking" is "## Modules"). Long sections were cut into chunks
 * that repeat the end of the previous piece (ingest's overlap); join() drops that repeat so the
 * text reads once.
 */
final class PageMarkdown {
    static final int DESCRIPTION_CHARS = 200;

    private PageMarkdown() {
    }

    /** The page: title, its URL, optionally the list of its sections' URLs, then the sections' text. */
    static String render(SitePages.Page page, boolean sectionList) {
        StringBuilder out = new StringBuilder();
        out.append("# ").append(oneLine(page.title())).append("\n\nSource: ").append(page.url()).append('\n');
        if (sectionList) {
            out.append("\nSections:\n");
            for (SitePages.Section s : page.sections()) {
                out.append("- ").append(label(page, s)).append(": ").append(s.url()).append('\n');
            }
        }
        for (SitePages.Section s : page.sections()) {
            List<String> levels = levels(page, s);
            out.append('\n');
            if (!levels.isEmpty()) {
                out.append("#".repeat(Math.min(6, levels.size() + 1))).append(' ')
                        .append(oneLine(levels.get(levels.size() - 1))).append("\n\n");
            }
            out.append(s.text().strip()).append('\n');
        }
        return out.toString();
    }

    /** A section's name for a list: its breadcrumb under the page title, or "(top of the page)". */
    static String label(SitePages.Page page, SitePages.Section s) {
        List<String> levels = levels(page, s);
        return levels.isEmpty() ? "(top of the page)" : oneLine(String.join(Chunk.BREADCRUMB, levels));
    }

    private static List<String> levels(SitePages.Page page, SitePages.Section s) {
        if (s.heading().isBlank()) {
            return List.of();
        }
        List<String> parts = List.of(s.heading().split(java.util.regex.Pattern.quote(Chunk.BREADCRUMB)));
        return !parts.isEmpty() && parts.get(0).strip().equals(page.title().strip()) ? parts.subList(1, parts.size()) : parts;
    }

    /**
     * {@code next} joined to {@code previous} when both are pieces of one section: a piece after the first
     * starts with the last words of the one before (no line breaks in them) and a blank line, which is
     * dropped here.
     */
    static String join(String previous, String next) {
        int gap = next.indexOf("\n\n");
        if (gap > 0) {
            String repeated = next.substring(0, gap);
            if (!repeated.contains("\n") && previous.replace('\n', ' ').strip().endsWith(repeated)) {
                return previous + "\n\n" + next.substring(gap + 2);
            }
        }
        return previous + "\n\n" + next;
    }

    /**
     * One line about the page for llms.txt: the first sentence of its first paragraph of prose (not a
     * code block, table, list or heading), at most {@value #DESCRIPTION_CHARS} characters; empty when
     * the page has none.
     */
    static String description(SitePages.Page page) {
        for (SitePages.Section s : page.sections()) {
            for (String paragraph : s.text().split("\n\\s*\n")) {
                String p = paragraph.strip();
                if (p.isEmpty() || p.startsWith("```") || p.startsWith("~~~") || p.startsWith("|") || p.startsWith("#")
                        || p.startsWith("- ") || p.startsWith("* ") || p.startsWith("<") || p.startsWith(">")
                        || p.matches("(?s)\\d+\\. .*")) {
                    continue;
                }
                List<String> sentences = Sentences.split(oneLine(p));
                if (!sentences.isEmpty()) {
                    return shorten(sentences.get(0));
                }
            }
        }
        return "";
    }

    private static String shorten(String sentence) {
        if (sentence.length() <= DESCRIPTION_CHARS) {
            return sentence;
        }
        int cut = sentence.lastIndexOf(' ', DESCRIPTION_CHARS - 1);
        return sentence.substring(0, cut > 0 ? cut : DESCRIPTION_CHARS - 1).strip() + "…";
    }

    /** Text on one line, runs of white space as one space. */
    static String oneLine(String text) {
        return text.replaceAll("\\s+", " ").strip();
    }
}
