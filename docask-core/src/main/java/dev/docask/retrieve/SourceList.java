package dev.docask.retrieve;

import dev.docask.ingest.Chunk;

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
 * always fits, so an answerable question always has a source. Then the
 * budget left over goes to the further chunks of sections already numbered, best first: with one
 * section per page (maxPerSource 1, docs/retrieval.md §7) a source carries more of its own page's
 * best passage instead of the space staying empty.
 */
final class SourceList {
    private SourceList() {
    }

    static List<Source> number(List<Hit> ranked, int topK, int maxContextChars) {
        Map<String, List<Hit>> sections = new LinkedHashMap<>();
        List<Hit> more = new ArrayList<>();
        int chars = 0;
        for (Hit h : ranked) {
            String url = h.chunk().url();
            if (sections.containsKey(url)) {
                more.add(h);
                continue;
            }
            if (sections.size() == topK) {
                continue;
            }
            int len = h.chunk().text().length();
            if (!sections.isEmpty() && chars + len > maxContextChars) {
                continue;
            }
            chars += len;
            sections.put(url, new ArrayList<>(List.of(h)));
        }
        for (Hit h : more) {
            int len = h.chunk().text().length();
            if (chars + len <= maxContextChars) {
                chars += len;
                sections.computeIfAbsent(h.chunk().url(), u -> new ArrayList<>()).add(h); // always there: added in the first pass
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
     */
    static List<Hit> diversify(List<Hit> ranked, int maxPerSource, boolean versionsAsOnePage) {
        if (maxPerSource <= 0) {
            return ranked;
        }
        Map<String, Set<String>> sectionsOfPage = new HashMap<>();
        List<Hit> out = new ArrayList<>(ranked.size());
        for (Hit h : ranked) {
            Set<String> kept = sectionsOfPage.computeIfAbsent(
                    versionsAsOnePage ? pageAcrossVersions(h.chunk()) : h.chunk().pageUrl(), p -> new HashSet<>());
            if (kept.contains(h.chunk().url()) || kept.size() < maxPerSource) {
                kept.add(h.chunk().url());
                out.add(h);
            }
        }
        return out;
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
