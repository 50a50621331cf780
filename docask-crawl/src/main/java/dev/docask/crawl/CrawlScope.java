package dev.docask.crawl;

import dev.docask.ingest.internal.SiteUrls;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/*
 * A crawl stays on the start URL's scheme, host and port, below its path: docask index
 * https://example.com/docs/ reads /docs/... and never the blog beside it. A start path that does not
 * end in '/' names a folder unless its last segment has a file extension (/docs is /docs/,
 * /docs/index.html is /docs/). URLs are compared in one form: scheme and host lower-cased, the
 * default port left out, no fragment, an empty path as '/'. A URL with a query is not a docs page of
 * its own (a search page, a tracking link), so it is out of scope. A start URL that names a document
 * docask does not read (a PDF, an archive, an image) is refused: its folder would be the scope, so the
 * crawl would read everything beside the document and never the document itself.
 */

/** Which URLs a crawl may read: the start URL's site and path, less what --include and --exclude leave out. */
final class CrawlScope {
    private static final Map<String, String> NOT_PAGES = Map.ofEntries(Map.entry("pdf", "a PDF"),
            Map.entry("epub", "an EPUB book"), Map.entry("doc", "a Word document"), Map.entry("docx", "a Word document"),
            Map.entry("odt", "an OpenDocument text"), Map.entry("zip", "an archive"), Map.entry("gz", "an archive"),
            Map.entry("tgz", "an archive"), Map.entry("png", "an image"), Map.entry("jpg", "an image"),
            Map.entry("jpeg", "an image"), Map.entry("gif", "an image"), Map.entry("svg", "an image"));

    private final URI start;
    private final String origin;
    private final String prefix;
    private final List<UrlGlob> include;
    private final List<UrlGlob> exclude;

    CrawlScope(URI start, List<UrlGlob> include, List<UrlGlob> exclude) {
        this.start = start;
        this.origin = SiteUrls.origin(start);
        this.prefix = SiteUrls.prefix(start);
        this.include = List.copyOf(include);
        this.exclude = List.copyOf(exclude);
    }

    /**
     * The start URL in the form crawls compare, or an {@link IllegalArgumentException} that quotes it
     * and says what is wrong (not http(s), no host, not a URL).
     */
    static URI requireStartUrl(String url) {
        String problem;
        try {
            URI uri = new URI(url.strip());
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            problem = !scheme.equals("http") && !scheme.equals("https") ? "docask crawls http:// and https:// sites only"
                    : uri.getHost() == null ? "it has no host name"
                    : uri.getRawQuery() != null ? "a start URL has no ?query"
                    : notAPage(uri).orElse(null);
            if (problem == null) {
                return SiteUrls.normalize(uri);
            }
        } catch (URISyntaxException e) {
            problem = "it is not a valid URL (" + e.getReason() + ")";
        }
        throw new IllegalArgumentException("'" + url + "' is not a site to crawl: " + problem);
    }

    /** Why the start URL names a document that is not an HTML page, if its extension says so. */
    private static Optional<String> notAPage(URI uri) {
        String path = uri.getPath() == null ? "" : uri.getPath();
        String last = path.substring(path.lastIndexOf('/') + 1);
        String kind = NOT_PAGES.get(last.substring(last.lastIndexOf('.') + 1).toLowerCase(Locale.ROOT));
        if (!last.contains(".") || kind == null) {
            return Optional.empty();
        }
        return Optional.of("it names " + kind + " (" + last + "), and docask reads HTML pages only; give the address of the"
                + " docs site or of one of its pages, e.g. " + uri.getScheme() + "://" + uri.getRawAuthority()
                + path.substring(0, path.length() - last.length()));
    }

    /** {@code href} resolved against {@code base} in the compared form, if it is an http(s) URL. */
    static Optional<URI> resolve(URI base, String href) {
        try {
            return SiteUrls.httpUrl(base.resolve(new URI(href.strip().replace(" ", "%20"))));
        } catch (URISyntaxException | IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /** An absolute URL (as a sitemap lists it) in the compared form, if it is an http(s) URL. */
    static Optional<URI> parse(String url) {
        return SiteUrls.parse(url);
    }

    URI start() {
        return start;
    }

    /** {@code scheme://host[:port]}, the base URL of every page. */
    String origin() {
        return origin;
    }

    /** The path every page is under, ending in '/'. */
    String prefix() {
        return prefix;
    }

    URI resolveOnSite(String path) {
        return URI.create(origin + path);
    }

    /** Same scheme, host and port as the start URL. */
    boolean onSite(URI uri) {
        return (uri.getScheme() + "://" + uri.getRawAuthority()).equalsIgnoreCase(origin);
    }

    /** On the site, below the start path, without a query, and kept by --include / --exclude. */
    boolean contains(URI uri) {
        return onSite(uri) && uri.getRawQuery() == null && keeps(uri);
    }

    /** Below the start path and kept by --include / --exclude, whatever its site and query. */
    boolean keeps(URI uri) {
        String path = uri.getPath();
        if (path == null || !(path.startsWith(prefix) || (path + "/").equals(prefix))) {
            return false;
        }
        return (include.isEmpty() || include.stream().anyMatch(g -> g.matches(path)))
                && exclude.stream().noneMatch(g -> g.matches(path));
    }
}
