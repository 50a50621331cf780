package dev.docask.ingest;

import org.jspecify.annotations.Nullable;

import java.text.Normalizer;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/*
 * Heading anchors must match the ids the framework puts in its HTML, or cited links land on the
 * page top. Docusaurus, Starlight and most Markdown renderers use github-slugger; VitePress has
 * its own slugify (punctuation runs become '-', so "vi.mock" is "vi-mock", not "vimock");
 * MkDocs uses Python-Markdown's toc slugify with "_1" suffixes for duplicates.
 */

/** Generates the heading anchors of one page, numbering duplicates as the framework does. */
final class Slugger {

    /** NONE: built HTML, where a heading without an id has no anchor to link to. */
    enum Style { GITHUB, VITEPRESS, MKDOCS, NONE }

    private static final Pattern VITEPRESS_SPECIAL =
            Pattern.compile("[\\s~`!@#$%^&*()\\-_+=\\[\\]{}|\\\\;:\"'\u201C\u201D\u2018\u2019<>,.?/]+");
    private static final Pattern COMBINING = Pattern.compile("[\u0300-\u036F]");
    private static final Pattern CONTROL = Pattern.compile("[\u0000-\u001F]");

    private final Style style;
    private final Set<String> seen = new HashSet<>();
    private final Map<String, Integer> nextNumber = new HashMap<>();

    Slugger(Style style) {
        this.style = style;
    }

    static Style styleOf(Framework framework) {
        return switch (framework) {
            case VITEPRESS -> Style.VITEPRESS;
            case MKDOCS -> Style.MKDOCS;
            case HTML -> Style.NONE;
            default -> Style.GITHUB;
        };
    }

    /** The anchor for a heading with this plain text, unique within the page. */
    @Nullable String slug(String headingText) {
        return style == Style.NONE ? null : unique(base(headingText));
    }

    /** Records an explicit {@code {#id}} so a later generated slug does not collide with it. */
    String explicit(String id) {
        seen.add(id);
        return id;
    }

    String base(String text) {
        return switch (style) {
            case GITHUB -> github(text);
            case VITEPRESS -> vitepress(text);
            case MKDOCS -> mkdocs(text);
            case NONE -> "";
        };
    }

    /*
     * The first free one of slug, slug-1, slug-2, …; the number to try next is kept per slug (as
     * github-slugger keeps its occurrences), because every number below it is taken: without it a
     * page of 2,000 headings named alike took quadratic time (docs/reliability.md).
     */
    private String unique(String slug) {
        if (seen.add(slug)) {
            return slug;
        }
        int i = nextNumber.getOrDefault(slug, 1);
        String candidate;
        do {
            candidate = slug + (style == Style.MKDOCS ? "_" : "-") + i++;
        } while (!seen.add(candidate));
        nextNumber.put(slug, i);
        return candidate;
    }

    /** github-slugger's slug of {@code text} (no duplicate numbering): what Astro makes of a path segment too. */
    static String github(String text) {
        String lower = text.toLowerCase(Locale.ROOT);
        StringBuilder out = new StringBuilder(lower.length());
        lower.codePoints().forEach(cp -> {
            if (cp == ' ') {
                out.append('-');
            } else if (cp == '-' || cp == '_' || Character.isLetterOrDigit(cp) || isMark(cp)) {
                out.appendCodePoint(cp);
            }
        });
        return out.toString();
    }

    private static String vitepress(String text) {
        String s = Normalizer.normalize(text, Normalizer.Form.NFKD);
        s = COMBINING.matcher(s).replaceAll("");
        s = CONTROL.matcher(s).replaceAll("");
        s = VITEPRESS_SPECIAL.matcher(s).replaceAll("-");
        s = s.replaceAll("-{2,}", "-").replaceAll("^-+|-+$", "");
        s = s.replaceFirst("^(\\d)", "_$1");
        return s.toLowerCase(Locale.ROOT);
    }

    private static String mkdocs(String text) {
        String s = Normalizer.normalize(text, Normalizer.Form.NFKD).replaceAll("[^\\w\\s-]", "");
        return s.strip().toLowerCase(Locale.ROOT).replaceAll("[-\\s]+", "-");
    }

    private static boolean isMark(int cp) {
        int type = Character.getType(cp);
        return type == Character.NON_SPACING_MARK || type == Character.COMBINING_SPACING_MARK
                || type == Character.ENCLOSING_MARK;
    }
}
