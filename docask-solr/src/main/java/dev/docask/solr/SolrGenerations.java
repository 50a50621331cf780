package dev.docask.solr;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/*
 * Which of a site's chunk documents a generation sees, and what a publish finds in the site before it
 * writes (docs/solr.md, "Generations").
 *
 * A publish never changes what readers of the live generation L see: it writes new and changed chunks as
 * documents of its own generation G (ids ending in "@G", gen = G), marks the ones it removes or replaces
 * retired at G (in place, so they keep their tokens and vectors), and the manifest document that names G
 * comes last, with the one commit. A reader of L filters every chunk query with visibleAt(L). So what a
 * publish that failed part-way sent (documents of a generation past L, marks past L) stays invisible
 * whatever commits later: another site's publish, the configset's autoCommit, a node's restart.
 *
 * The next publish commits first (so its walk sees what a failed one left uncommitted), then deletes those
 * documents and clears or moves those marks, all before its own manifest. Its generation is past every
 * generation and mark it found (next), so no id of a failed publish can be one of its own.
 *
 * A retired document stays for one generation: servers on L keep answering from it until their 2 s poll
 * opens G; the publish after G deletes it (retired <= its live generation, G).
 */
final class SolrGenerations {
    /** What a chunk document no publish has retired holds in its retired field: past every generation. */
    static final long NOT_RETIRED = Long.MAX_VALUE;

    private static final Pattern GENERATION_SUFFIX = Pattern.compile("@\\d+$");

    private SolrGenerations() {
    }

    /** A chunk document as a publish's walk finds it: a document of an earlier docask has gen 0, not retired. */
    record Found(String id, SolrPublisher.Place place, long gen, long retired) {
    }

    /**
     * The site's chunk documents sorted for a publish whose live generation is {@code live}: the live ones by
     * chunk key, the ones to delete (a failed publish's, or retired at or before {@code live}: no reader of
     * {@code live} or later sees them), the live ones beyond the first of a key (retired by the publish), and the
     * highest generation or mark found.
     */
    record Site(Map<String, Found> live, List<String> leftovers, List<String> surplus, long highest) {
        Map<String, SolrPublisher.Place> places() {
            Map<String, SolrPublisher.Place> out = new HashMap<>(live.size() * 2);
            live.forEach((key, f) -> out.put(key, f.place()));
            return out;
        }
    }

    static Site sort(List<Found> found, long live) {
        Map<String, Found> byKey = new HashMap<>(found.size() * 2);
        List<String> leftovers = new ArrayList<>();
        List<String> surplus = new ArrayList<>();
        long highest = live;
        for (Found f : found) {
            highest = Math.max(highest, Math.max(f.gen(), f.retired() == NOT_RETIRED ? 0 : f.retired()));
            if (!visibleAt(f.gen(), f.retired(), live)) {
                leftovers.add(f.id());
            } else if (byKey.putIfAbsent(key(f.id()), f) != null) {
                surplus.add(f.id()); // two publishes at once; one copy is enough
            }
        }
        return new Site(byKey, leftovers, surplus, highest);
    }

    /** Whether a reader of generation {@code g} sees a document written at {@code gen} and retired at {@code retired}. */
    static boolean visibleAt(long gen, long retired, long g) {
        return gen <= g && retired > g;
    }

    /** {@link #visibleAt(long, long, long)} as a filter query; a missing gen or retired (an earlier docask's document) passes. */
    static String visibleAt(long g) {
        return "-" + SolrFields.GEN + ":{" + g + " TO *] -" + SolrFields.RETIRED + ":[* TO " + g + "]";
    }

    /**
     * The generation of a publish: past the live one and everything a failed publish left ({@code highest}), and
     * the clock's milliseconds when they are further on, so generations stay readable as times.
     */
    static long next(long live, long now, long highest) {
        return Math.max(Math.max(live, highest) + 1, now);
    }

    /** A chunk document's id: its chunk key, and the generation that wrote it (none for a first-layout document). */
    static String id(String key, long generation) {
        return key + "@" + generation;
    }

    /** The chunk key of a document id (site, hash and copy number), whichever generation wrote it. */
    static String key(String id) {
        return GENERATION_SUFFIX.matcher(id).replaceFirst("");
    }
}
