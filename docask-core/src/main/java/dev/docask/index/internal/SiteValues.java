package dev.docask.index.internal;

import java.util.Comparator;
import java.util.Map;
import java.util.NavigableSet;
import java.util.Set;
import java.util.SortedSet;
import java.util.regex.Pattern;

/**
 * What a site's chunks hold, for a metadata filter's messages and the version preference, as a search
 * service counts it (facets, filter counts: docs/solr.md) instead of docask walking every chunk.
 *
 * <pre>{@code
 * values.metadata().get("version");                  // [3.8.1, next]
 * values.anyStartsWith("url", "https://x.dev/api/"); // true
 * }</pre>
 */
public interface SiteValues {
    /** Each metadata key with its distinct values (a list's items too, as {@link Allowed#values} splits them). */
    Map<String, SortedSet<String>> metadata();

    /** Whether some chunk's {@code field} ({@code url} or {@code source}) starts with {@code prefix}. */
    boolean anyStartsWith(String field, String prefix);

    /** Every distinct value of {@code field} ({@code url} or {@code source}): a filter's error message only. */
    NavigableSet<String> all(String field);

    /** The distinct path segments of the chunks' URLs that match {@code segment} (whole). */
    Set<String> pathSegments(Pattern segment);

    /**
     * Which of two URLs of one text a reader would call "the" page (docs/retrieval.md §2): fewest path
     * segments, then the shortest, then by name, so {@code /docs/intro} comes before {@code /docs/next/intro}.
     * Word-for-word copies are cited at the first; the versions of a section that differ a little are shown
     * at it when no version is asked for (§7).
     */
    Comparator<String> CANONICAL_URL_FIRST = Comparator.comparingInt((String url) -> segments(url).size())
            .thenComparingInt(String::length).thenComparing(Comparator.naturalOrder());

    /** The path segments of {@code url} (its path split at '/', empty ones left out). */
    static java.util.List<String> segments(String url) {
        String path;
        try {
            path = java.net.URI.create(url).getPath();
        } catch (IllegalArgumentException e) {
            path = url;
        }
        if (path == null || path.isEmpty()) {
            return java.util.List.of();
        }
        java.util.List<String> out = new java.util.ArrayList<>();
        for (String s : path.split("/")) {
            if (!s.isEmpty()) {
                out.add(s);
            }
        }
        return out;
    }
}
