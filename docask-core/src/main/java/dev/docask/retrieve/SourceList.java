package dev.docask.retrieve;

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
     * kept stay (they share its number). 0 = no limit.
     */
    static List<Hit> diversify(List<Hit> ranked, int maxPerSource) {
        if (maxPerSource <= 0) {
            return ranked;
        }
        Map<String, Set<String>> sectionsOfPage = new HashMap<>();
        List<Hit> out = new ArrayList<>(ranked.size());
        for (Hit h : ranked) {
            Set<String> kept = sectionsOfPage.computeIfAbsent(h.chunk().pageUrl(), p -> new HashSet<>());
            if (kept.contains(h.chunk().url()) || kept.size() < maxPerSource) {
                kept.add(h.chunk().url());
                out.add(h);
            }
        }
        return out;
    }
}
