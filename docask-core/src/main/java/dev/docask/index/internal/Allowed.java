package dev.docask.index.internal;

import org.jspecify.annotations.Nullable;

import java.util.BitSet;
import java.util.Map;
import java.util.Objects;

/**
 * Which chunks a search may return: a set of ordinals, resolved by the caller (the local index:
 * docs/design.md), or a metadata filter with copy collapsing that the backend applies itself (a
 * search service turns it into filter queries, so nothing is listed per chunk: docs/solr.md). A
 * null {@code Allowed} means every chunk.
 *
 * <pre>{@code
 * engine.bm25(terms, 40, Allowed.chunks(kept));                          // the local index
 * engine.bm25(terms, 40, Allowed.filter(Map.of("docType", "guide"), true)); // a search service
 * }</pre>
 *
 * @param chunks      the allowed ordinals, or null when the backend applies {@code filter} itself
 * @param filter      the metadata filter (url and source match a prefix; other keys a value or a list's item)
 * @param oneCopyEach one chunk per group of copies among those the filter keeps: the canonical one when
 *                    kept, else the first kept copy
 */
public record Allowed(@Nullable BitSet chunks, Map<String, String> filter, boolean oneCopyEach) {
    public Allowed {
        filter = Map.copyOf(filter);
    }

    /** Exactly these ordinals. */
    public static Allowed chunks(BitSet chunks) {
        return new Allowed(Objects.requireNonNull(chunks, "chunks"), Map.of(), false);
    }

    /** The chunks {@code filter} keeps, one per group of copies with {@code oneCopyEach}, for the backend to resolve. */
    public static Allowed filter(Map<String, String> filter, boolean oneCopyEach) {
        return new Allowed(null, filter, oneCopyEach);
    }

    /** The ordinals, for a backend that takes no filter of its own. */
    public BitSet requireChunks() {
        if (chunks == null) {
            throw new IllegalStateException("this backend takes a set of chunks, not a filter: " + filter);
        }
        return chunks;
    }

    /**
     * What a stored metadata value can be matched as: itself and, for a comma-joined list (a
     * front-matter list {@code tags: [a, b]} is stored as {@code "a,b"}), each item.
     */
    public static java.util.stream.Stream<String> values(String stored) {
        return stored.indexOf(',') < 0 ? java.util.stream.Stream.of(stored) : java.util.stream.Stream.concat(
                java.util.stream.Stream.of(stored), items(stored));
    }

    /**
     * What a reader calls a stored value's values: a comma-joined list's items, or the value itself; what
     * {@code inspect} counts and a filter's warning lists ({@code tags=security,providers} still matches, by {@link #values}).
     */
    public static java.util.stream.Stream<String> items(String stored) {
        if (stored.indexOf(',') < 0) {
            return java.util.stream.Stream.of(stored);
        }
        return java.util.Arrays.stream(stored.split(",")).map(String::strip).filter(v -> !v.isEmpty());
    }
}
