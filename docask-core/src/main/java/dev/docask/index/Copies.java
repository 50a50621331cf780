package dev.docask.index;

import dev.docask.index.internal.SiteValues;
import dev.docask.ingest.Chunk;

import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/*
 * Word-for-word copies (a versioned docs tree, a page served at two paths) are one chunk for
 * retrieval: without collapsing, 2.8 of every 6 dense results on the Docusaurus docs were the same
 * section from the other version's folder. The canonical copy is the one a reader would call "the"
 * page: fewest path segments, then the shortest URL (so /docs/intro beats /docs/next/intro).
 */
final class Copies {
    private Copies() {
    }

    /** For each chunk, the ordinal of its canonical copy (itself when it is canonical or unique). */
    static int[] canonicalOf(List<Chunk> chunks) {
        Map<String, Integer> best = new HashMap<>();
        for (int i = 0; i < chunks.size(); i++) {
            String key = key(chunks.get(i));
            Integer current = best.get(key);
            if (current == null || CANONICAL_FIRST.compare(chunks.get(i), chunks.get(current)) < 0) {
                best.put(key, i);
            }
        }
        int[] canonical = new int[chunks.size()];
        for (int i = 0; i < chunks.size(); i++) {
            canonical[i] = Objects.requireNonNull(best.get(key(chunks.get(i))), "every key was put above");
        }
        return canonical;
    }

    static final Comparator<Chunk> CANONICAL_FIRST = Comparator.comparing(Chunk::url, SiteValues.CANONICAL_URL_FIRST);

    private static String key(Chunk c) {
        return c.title() + '\u0000' + c.heading() + '\u0000' + c.text();
    }
}
