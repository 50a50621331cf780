package dev.docask.retrieve;

import dev.docask.index.internal.SiteValues;
import dev.docask.ingest.Chunk;
import org.jspecify.annotations.Nullable;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
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
     * kept stay (they share its number). 0 = no limit. The versions of one page count as one page
     * ({@link #pageAcrossVersions}): two versions of a page are not two answers. Which version is kept:
     * with {@code canonicalFirst} (no version asked for) the one a reader of the site's default docs sees
     * ({@link #canonicalVersionFirst}); without it the first in {@code ranked}, which ranks the reader's
     * version first when one is asked for. With {@code nearCopiesAsOne} a chunk that opens with the same
     * passage as a kept chunk of another page ({@link #opening}) counts as that page's: a paragraph
     * repeated across sibling pages (each adapter's "Sessions" section, each CMS guide's webhook steps) is
     * one answer, not six.
     */
    static List<Hit> diversify(List<Hit> ranked, int maxPerSource, boolean canonicalFirst, boolean nearCopiesAsOne) {
        if (maxPerSource <= 0) {
            return ranked;
        }
        Map<String, Set<String>> sectionsOfPage = new HashMap<>();
        Map<String, String> pageOfOpening = new HashMap<>();
        List<Hit> out = new ArrayList<>(ranked.size());
        for (Hit h : canonicalFirst ? canonicalVersionFirst(ranked) : ranked) {
            String page = pageAcrossVersions(h.chunk());
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
     * BM25's first candidate in {@code pool} and the cosine's, when each list has one (the same hit at most once), for
     * {@link #seatedWithin}: a list's first is the one candidate that list is surest of; fusion can sink it when the
     * other list does not hold it (a section whose title says what the question asks in other words). Its page is
     * already there when diversity dropped it for a better section of the same page, and then nothing moves.
     */
    static List<Hit> listFirsts(List<Hit> pool) {
        @Nullable Hit bm25 = null;
        @Nullable Hit cosine = null;
        for (Hit h : pool) {
            if (h.bm25Rank > 0 && (bm25 == null || h.bm25Rank < bm25.bm25Rank)) {
                bm25 = h;
            }
            if (h.vectorRank > 0 && (cosine == null || h.vectorRank < cosine.vectorRank)) {
                cosine = h;
            }
        }
        List<Hit> firsts = new ArrayList<>(2);
        if (bm25 != null) {
            firsts.add(bm25);
        }
        if (cosine != null && cosine != bm25) {
            firsts.add(cosine);
        }
        return firsts;
    }

    /**
     * {@code diverse} with each of {@code seated} that it holds among the first {@code within} sections: one that
     * fused lower moves up to the last of those places (several to the last places, in their fused order), never
     * above the fused first.
     */
    static List<Hit> seatedWithin(List<Hit> diverse, List<Hit> seated, int within) {
        if (within < 2 || seated.isEmpty()) {
            return diverse;
        }
        Map<String, Integer> sectionAt = new HashMap<>();
        for (Hit h : diverse) {
            sectionAt.putIfAbsent(h.chunk().url(), sectionAt.size());
        }
        List<String> late = new ArrayList<>(seated.size());
        for (Hit f : seated) {
            if (diverse.stream().anyMatch(h -> h.chunkId() == f.chunkId())) {
                String url = f.chunk().url();
                if (sectionAt.getOrDefault(url, 0) >= within && !late.contains(url)) {
                    late.add(url);
                }
            }
        }
        if (late.isEmpty()) {
            return diverse;
        }
        late.sort(Comparator.comparing(u -> sectionAt.getOrDefault(u, 0)));
        int firstPlace = Math.max(1, within - late.size());
        List<Hit> moved = new ArrayList<>();
        List<Hit> rest = new ArrayList<>(diverse.size());
        for (Hit h : diverse) {
            (late.contains(h.chunk().url()) ? moved : rest).add(h);
        }
        moved.sort(Comparator.comparing(h -> late.indexOf(h.chunk().url())));
        List<Hit> out = new ArrayList<>(diverse.size());
        Set<String> seen = new HashSet<>();
        boolean inserted = false;
        for (Hit h : rest) {
            if (!inserted && !seen.contains(h.chunk().url()) && seen.size() == firstPlace) {
                out.addAll(moved);
                inserted = true;
            }
            seen.add(h.chunk().url());
            out.add(h);
        }
        if (!inserted) {
            out.addAll(moved);
        }
        return out;
    }

    /**
     * {@code ranked} with each section found in several versions shown at its canonical version: the
     * best-ranked chunk of the section's canonical URL ({@link SiteValues#CANONICAL_URL_FIRST}, the version
     * served without a folder before {@code next}) moves up to the place of the section's best-ranked
     * version; nothing else moves. Used when no version is asked for or named, where the versions of a page
     * count as one page: the one kept is then the one a reader of the site's default docs sees, not whichever
     * version scored a little higher. A section only one version of which is a candidate stays as it is.
     */
    static List<Hit> canonicalVersionFirst(List<Hit> ranked) {
        @Nullable String[] sections = new String[ranked.size()];
        Map<String, Hit> shown = new HashMap<>(); // section across versions -> the best-ranked chunk at its canonical URL
        for (int i = 0; i < sections.length; i++) {
            Hit h = ranked.get(i);
            String section = sectionAcrossVersions(h.chunk());
            sections[i] = section;
            if (section != null) {
                shown.merge(section, h, (kept, other) -> SiteValues.CANONICAL_URL_FIRST.compare(other.chunk().url(),
                        kept.chunk().url()) < 0 ? other : kept);
            }
        }
        if (shown.isEmpty()) {
            return ranked;
        }
        List<Hit> out = new ArrayList<>(ranked.size());
        Set<Hit> placed = Collections.newSetFromMap(new IdentityHashMap<>());
        boolean moved = false;
        for (int i = 0; i < sections.length; i++) {
            Hit h = ranked.get(i);
            if (!placed.add(h)) {
                continue; // moved up to an earlier version's place
            }
            String section = sections[i];
            Hit canonical = section == null ? null : shown.get(section);
            if (canonical != null && !canonical.chunk().url().equals(h.chunk().url()) && placed.add(canonical)) {
                out.add(canonical);
                moved = true;
            }
            out.add(h);
        }
        return moved ? out : ranked;
    }

    /** The section's URL with the version folder taken out of its path, or null for a chunk of no version. */
    private static @Nullable String sectionAcrossVersions(Chunk c) {
        if (!c.metadata().containsKey(VersionPreference.METADATA_KEY)) {
            return null;
        }
        int hash = c.url().indexOf('#');
        return pageAcrossVersions(c) + (hash < 0 ? "" : c.url().substring(hash));
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
