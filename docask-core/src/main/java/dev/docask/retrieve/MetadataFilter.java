package dev.docask.retrieve;

import dev.docask.index.internal.Allowed;
import dev.docask.ingest.Chunk;

import java.util.Map;
import java.util.stream.Stream;

/**
 * Whether a chunk matches a metadata filter: every key equal, {@code url} as a URL prefix,
 * {@code source} as a path prefix. A value stored from a front-matter list ({@code tags: [a, b]}
 * is stored as {@code "a,b"}) also matches each of its items, so {@code tags=a} finds the page.
 */
final class MetadataFilter {
    private MetadataFilter() {
    }

    static boolean matches(Chunk chunk, Map<String, String> filter) {
        for (Map.Entry<String, String> e : filter.entrySet()) {
            boolean ok = switch (e.getKey()) {
                case "url" -> chunk.url().startsWith(e.getValue());
                case "source" -> chunk.source().startsWith(e.getValue());
                default -> {
                    String stored = chunk.metadata().get(e.getKey());
                    yield stored != null && values(stored).anyMatch(e.getValue()::equals);
                }
            };
            if (!ok) {
                return false;
            }
        }
        return true;
    }

    /** What a stored value can be matched as: itself and, for a comma-joined list, each item. */
    static Stream<String> values(String stored) {
        return Allowed.values(stored);
    }
}
