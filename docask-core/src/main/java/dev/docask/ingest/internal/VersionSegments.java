package dev.docask.ingest.internal;

import java.util.regex.Pattern;

/**
 * A URL path segment written like a docs version: {@code next}, {@code v3}, {@code v3.2}, {@code 3.8}, {@code 3.8.1},
 * {@code 2.x} (the shapes the widget reads from a page path, docs/widget.md). A bare number is not one: "/blog/2024/"
 * is a year. Ingest finds version folders with it, and the index orders copies of a page newest version first.
 *
 * <pre>{@code
 * VersionSegments.is("3.8.1");                       // true
 * VersionSegments.NEWEST_FIRST.compare("v3", "v2");  // < 0: v3 first
 * }</pre>
 */
public final class VersionSegments {
    private static final Pattern VERSION = Pattern.compile(
            "next|v\\d{1,6}(?:\\.(?:\\d{1,6}|x))*|\\d{1,6}\\.(?:\\d{1,6}|x)(?:\\.(?:\\d{1,6}|x))*");

    /**
     * The version of a site's root pages when an older version sits in a folder that mirrors them (/guide/intro beside
     * /v2/guide/intro): the docs at the root are the newest, whatever number they carry (docs/retrieval.md, "Versions").
     */
    public static final String LATEST = "latest";

    /** Releases newest first ("3.x" counts as 3.∞), then {@code next}, the unreleased docs. */
    public static final java.util.Comparator<String> NEWEST_FIRST = (a, b) -> {
        boolean nextA = a.equals("next");
        boolean nextB = b.equals("next");
        if (nextA || nextB) {
            return Boolean.compare(nextA, nextB);
        }
        String[] pa = a.replaceFirst("^v", "").split("\\.");
        String[] pb = b.replaceFirst("^v", "").split("\\.");
        for (int i = 0; i < Math.max(pa.length, pb.length); i++) {
            int c = Long.compare(part(pb, i), part(pa, i));
            if (c != 0) {
                return c;
            }
        }
        return 0;
    };

    private VersionSegments() {
    }

    /** Whether {@code segment} is written like a docs version. */
    public static boolean is(String segment) {
        return VERSION.matcher(segment).matches();
    }

    private static long part(String[] parts, int i) {
        return i >= parts.length ? 0 : parts[i].equals("x") ? Long.MAX_VALUE : Long.parseLong(parts[i]);
    }
}
