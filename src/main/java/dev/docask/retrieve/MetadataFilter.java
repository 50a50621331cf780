package dev.docask.retrieve;

import dev.docask.ingest.Chunk;

import java.util.Map;

/** Whether a chunk matches a metadata filter: every key equal, {@code url} as a URL prefix, {@code source} as a path prefix. */
final class MetadataFilter {
    private MetadataFilter() {
    }

    static boolean matches(Chunk chunk, Map<String, String> filter) {
        for (Map.Entry<String, String> e : filter.entrySet()) {
            boolean ok = switch (e.getKey()) {
                case "url" -> chunk.url().startsWith(e.getValue());
                case "source" -> chunk.source().startsWith(e.getValue());
                default -> e.getValue().equals(chunk.metadata().get(e.getKey()));
            };
            if (!ok) {
                return false;
            }
        }
        return true;
    }
}
