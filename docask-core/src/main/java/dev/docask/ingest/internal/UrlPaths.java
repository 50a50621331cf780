package dev.docask.ingest.internal;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;

/**
 * The path segments of a URL, as ingest (version folders) and the index (canonical copies, version tags) read them.
 *
 * <pre>{@code
 * UrlPaths.segments("https://x.dev/docs/3.8/intro#setup");  // [docs, 3.8, intro]
 * }</pre>
 */
public final class UrlPaths {
    private UrlPaths() {
    }

    /** The path segments of {@code url} (its path split at '/', empty ones left out; the whole text when it is no URI). */
    public static List<String> segments(String url) {
        String path;
        try {
            path = URI.create(url).getPath();
        } catch (IllegalArgumentException e) {
            path = url;
        }
        if (path == null || path.isEmpty()) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        for (String s : path.split("/")) {
            if (!s.isEmpty()) {
                out.add(s);
            }
        }
        return out;
    }
}
