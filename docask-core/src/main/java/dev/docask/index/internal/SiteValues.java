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
     * segments, then the newer version where the two differ first in a version folder ({@code /v10/guide} before
     * {@code /v9/guide}, a release before {@code next}), then the shortest, then by name, so {@code /docs/intro}
     * comes before {@code /docs/next/intro}. Word-for-word copies are cited at the first; the versions of a section
     * that differ a little are shown at it when no version is asked for (§7).
     */
    Comparator<String> CANONICAL_URL_FIRST = Comparator.comparingInt((String url) -> segments(url).size())
            .thenComparing(SiteValues::newerVersionFirst).thenComparingInt(String::length)
            .thenComparing(Comparator.naturalOrder());

    /** The two URLs' first differing path segments, newest version first when both are written like versions; else 0. */
    private static int newerVersionFirst(String a, String b) {
        java.util.List<String> sa = segments(a);
        java.util.List<String> sb = segments(b);
        for (int i = 0; i < Math.min(sa.size(), sb.size()); i++) {
            if (!sa.get(i).equals(sb.get(i))) {
                return dev.docask.ingest.internal.VersionSegments.is(sa.get(i))
                        && dev.docask.ingest.internal.VersionSegments.is(sb.get(i))
                        ? dev.docask.ingest.internal.VersionSegments.NEWEST_FIRST.compare(sa.get(i), sb.get(i)) : 0;
            }
        }
        return 0;
    }

    /** The path segments of {@code url} (its path split at '/', empty ones left out). */
    static java.util.List<String> segments(String url) {
        return dev.docask.ingest.internal.UrlPaths.segments(url);
    }
}
