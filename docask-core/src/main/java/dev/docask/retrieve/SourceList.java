package dev.docask.retrieve;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/*
 * Numbered sources: the first topK ranked chunks, grouped by section (chunks cut from one long
 * section share its URL and one citation number), added in rank order while their text fits in
 * maxContextChars. The first chunk always fits, so an answerable question always has a source.
 */
final class SourceList {
    private SourceList() {
    }

    static List<Source> number(List<Hit> ranked, int topK, int maxContextChars) {
        Map<String, List<Hit>> sections = new LinkedHashMap<>();
        int chars = 0;
        int taken = 0;
        for (Hit h : ranked) {
            if (taken == topK) {
                break;
            }
            int len = h.chunk().text().length();
            if (taken > 0 && chars + len > maxContextChars) {
                break;
            }
            chars += len;
            taken++;
            sections.computeIfAbsent(h.chunk().url(), u -> new ArrayList<>()).add(h);
        }
        List<Source> sources = new ArrayList<>(sections.size());
        int n = 1;
        for (List<Hit> hits : sections.values()) {
            var c = hits.get(0).chunk();
            sources.add(new Source(n++, c.url(), c.title(), c.heading(), c.source(), hits));
        }
        return sources;
    }

    /** At most {@code maxPerSource} chunks of one page; 0 = no limit. */
    static List<Hit> diversify(List<Hit> ranked, int maxPerSource) {
        if (maxPerSource <= 0) {
            return ranked;
        }
        Map<String, Integer> perPage = new java.util.HashMap<>();
        List<Hit> out = new ArrayList<>(ranked.size());
        for (Hit h : ranked) {
            if (perPage.merge(h.chunk().pageUrl(), 1, Integer::sum) <= maxPerSource) {
                out.add(h);
            }
        }
        return out;
    }
}
