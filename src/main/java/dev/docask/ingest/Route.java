package dev.docask.ingest;

/**
 * Where a page is served.
 *
 * @param path    the URL path from the site root, starting with {@code /}
 * @param version the docs version the page belongs to, or {@code null} when the site is not versioned
 * @param docType the first folder of the page inside its docs tree (e.g. {@code guide}), or {@code null}
 */
record Route(String path, String version, String docType) {
    Route {
        if (!path.startsWith("/")) {
            throw new IllegalArgumentException("route path must start with '/': " + path);
        }
    }
}
