package dev.docask.retrieve;

import dev.docask.index.DocIndex;
import dev.docask.index.internal.IndexEngine;
import dev.docask.index.internal.SiteValues;
import dev.docask.ingest.Chunk;

import java.util.Map;
import java.util.NavigableSet;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;

/*
 * What a site's chunks hold, gathered by one pass over the chunks: the local index's way. A search
 * service answers the same questions from its facets (SiteValues, docs/solr.md) without the pass.
 */
final class ChunkValues implements SiteValues {
    private final Map<String, SortedSet<String>> values = new TreeMap<>();
    private final NavigableSet<String> urls = new TreeSet<>();
    private final NavigableSet<String> sources = new TreeSet<>();

    private ChunkValues(DocIndex index) {
        for (int id = 0; id < index.size(); id++) {
            Chunk c = index.chunk(id);
            c.metadata().forEach((k, v) -> MetadataFilter.values(v).forEach(values.computeIfAbsent(k, x -> new TreeSet<>())::add));
            urls.add(c.url());
            sources.add(c.source());
        }
    }

    /** The backend's own count when it keeps one, else a pass over the chunks. */
    static SiteValues of(DocIndex index) {
        return IndexEngine.of(index).siteValues().orElseGet(() -> new ChunkValues(index));
    }

    @Override
    public Map<String, SortedSet<String>> metadata() {
        return values;
    }

    @Override
    public boolean anyStartsWith(String field, String prefix) {
        String next = all(field).ceiling(prefix);
        return next != null && next.startsWith(prefix);
    }

    @Override
    public NavigableSet<String> all(String field) {
        return switch (field) {
            case "url" -> urls;
            case "source" -> sources;
            default -> throw new IllegalArgumentException(field);
        };
    }

    @Override
    public Set<String> pathSegments(Pattern segment) {
        Set<String> out = new TreeSet<>();
        for (String url : urls) {
            for (String s : SiteValues.segments(url)) {
                if (segment.matcher(s).matches()) {
                    out.add(s);
                }
            }
        }
        return out;
    }
}
