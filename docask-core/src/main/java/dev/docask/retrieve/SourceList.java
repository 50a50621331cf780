package dev.docask.retrieve;

import dev.docask.ingest.Chunk;
import org.jspecify.annotations.Nullable;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/*
 * Numbered sources: the first topK sections of the ranked chunks (chunks cut from one long section
 * share its URL and one citation number), each added in rank order when its text fits in what is
 * left of maxContextChars; one that does not fit is skipped and the later ones that fit are still
 * added (docs/retrieval.md §8), so one long section does not cost every source after it. The first
 * always fits, so an answerable question always has a source. Then the budget left over goes to
 * more of the numbered pages, in the order of the ranking before diversity: the further chunks of a
 * numbered section, and the best chunks of the page's other sections, which one section per page
 * (maxPerSource 1, docs/retrieval.md §7) took out of the sources. Such a chunk joins the source of
 * its own section when that is numbered, else its page's first source; it keeps its own URL, so a
 * quote from it is cited at its own anchor. docs/quality.md ("Round 4") found the answering
 * passage of many labelled questions in another section of a page already among the sources.
 */
final class SourceList {
    private SourceList() {
    }

    /**
     * @param diverse the ranking after diversity: what the numbered sections are taken from
     * @param ranked  the ranking before it (the same list when diversity is off): what fills the budget left
     */
    static List<Source> number(List<Hit> diverse, List<Hit> ranked, int topK, int maxContextChars) {
        Map<String, List<Hit>> sections = new LinkedHashMap<>();
        int chars = 0;
        for (Hit h : diverse) {
            String url = h.chunk().url();
            if (sections.containsKey(url) || sections.size() == topK) {
                continue;
            }
            int len = h.chunk().text().length();
            if (!sections.isEmpty() && chars + len > maxContextChars) {
                continue;
            }
            chars += len;
            sections.put(url, new ArrayList<>(List.of(h)));
        }
        Map<String, List<Hit>> pages = new HashMap<>();
        Set<Integer> taken = new HashSet<>();
        sections.values().forEach(hits -> {
            pages.putIfAbsent(hits.getFirst().chunk().pageUrl(), hits);
            taken.add(hits.getFirst().chunkId());
        });
        for (Hit h : ranked) {
            List<Hit> into = sections.getOrDefault(h.chunk().url(), pages.get(h.chunk().pageUrl()));
            int len = h.chunk().text().length();
            if (into != null && !taken.contains(h.chunkId()) && chars + len <= maxContextChars) {
                chars += len;
                taken.add(h.chunkId());
                into.add(h);
            }
        }
        List<Source> sources = new ArrayList<>(sections.size());
        int n = 1;
        for (List<Hit> hits : sections.values()) {
            var c = hits.get(0).chunk();
            sources.add(new Source(n++, c.url(), c.title(), c.heading(), c.source(), hits));
        }
        return sources;
    }

    /**
     * At most {@code maxPerSource} sections of one page; the further chunks of a section already
     * kept stay (they share its number). 0 = no limit. With {@code versionsAsOnePage} the versions of
     * one page count as one page ({@link #pageAcrossVersions}): two versions of a page are not two answers.
     * With {@code nearCopiesAsOne} a chunk that opens with the same passage as a kept chunk of another
     * page ({@link #opening}) counts as that page's: a paragraph repeated across sibling pages (each
     * adapter's "Sessions" section, each CMS guide's webhook steps) is one answer, not six.
     */
    static List<Hit> diversify(List<Hit> ranked, int maxPerSource, boolean versionsAsOnePage, boolean nearCopiesAsOne) {
        if (maxPerSource <= 0) {
            return ranked;
        }
        Map<String, Set<String>> sectionsOfPage = new HashMap<>();
        Map<String, String> pageOfOpening = new HashMap<>();
        List<Hit> out = new ArrayList<>(ranked.size());
        for (Hit h : ranked) {
            String page = versionsAsOnePage ? pageAcrossVersions(h.chunk()) : h.chunk().pageUrl();
            @Nullable String opening = nearCopiesAsOne ? opening(h.chunk().text()) : null;
            if (opening != null) {
                page = pageOfOpening.getOrDefault(opening, page);
            }
            Set<String> kept = sectionsOfPage.computeIfAbsent(page, p -> new HashSet<>());
            if (kept.contains(h.chunk().url()) || kept.size() < maxPerSource) {
                kept.add(h.chunk().url());
                out.add(h);
                if (opening != null) {
                    pageOfOpening.putIfAbsent(opening, page);
                }
            }
        }
        return out;
    }

    /**
     * How much of a chunk's opening two pages must share to be near copies, in characters (about 30
     * words): long enough that only a pasted or generated paragraph matches, while a short common
     * lead-in ("Run the following command:") never does. docs/retrieval.md §7.
     */
    static final int OPENING_CHARS = 200;

    /**
     * The first {@link #OPENING_CHARS} characters of a chunk's text, as ingest cleaned it; null when the
     * text is shorter. Taken as it is, not normalised: it runs on every candidate of every question, and
     * a pasted paragraph is the same text character for character.
     */
    static @Nullable String opening(String text) {
        return text.length() < OPENING_CHARS ? null : text.substring(0, OPENING_CHARS);
    }

    /**
     * The page URL with the chunk's version folder taken out of its path ({@code /docs/next/sidebar}
     * and {@code /docs/sidebar} of the 3.8.1 folder are both {@code /docs/sidebar}): what a page is
     * across the versions of a versioned site (docs/retrieval.md §7). A chunk without a version is its page.
     */
    static String pageAcrossVersions(Chunk c) {
        String page = c.pageUrl();
        String v = c.metadata().get(VersionPreference.METADATA_KEY);
        if (v == null || v.isBlank()) {
            return page;
        }
        String segment = "/" + v;
        int at = page.indexOf(segment + "/");
        if (at >= 0) {
            return page.substring(0, at) + page.substring(at + segment.length());
        }
        return page.endsWith(segment) ? page.substring(0, page.length() - segment.length()) : page;
    }
}
