package dev.docask.crawl;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/*
 * A crawl stays on the start URL's scheme, host and port, below its path: docask index
 * https://example.com/docs/ reads /docs/... and never the blog beside it. A start path that does not
 * end in '/' names a folder unless its last segment has a file extension (/docs is /docs/,
 * /docs/index.html is /docs/). URLs are compared in one form: scheme and host lower-cased, the
 * default port left out, no fragment, an empty path as '/'. A URL with a query is not a docs page of
 * its own (a search page, a tracking link), so it is out of scope.
 */

/** Which URLs a crawl may read: the start URL's site and path, less what --include and --exclude leave out. */
final class CrawlScope {
    private final URI start;
    private final String origin;
    private final String prefix;
    private final List<UrlGlob> include;
    private final List<UrlGlob> exclude;

    CrawlScope(URI start, List<UrlGlob> include, List<UrlGlob> exclude) {
        this.start = start;
        this.origin = start.getScheme() + "://" + start.getRawAuthority();
        String path = start.getPath();
        String last = path.substring(path.lastIndexOf('/') + 1);
        this.prefix = path.endsWith("/") ? path : last.contains(".") ? path.substring(0, path.length() - last.length())
                : path + "/";
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
                    : null;
            if (problem == null) {
                return normalize(uri);
            }
        } catch (URISyntaxException e) {
            problem = "it is not a valid URL (" + e.getReason() + ")";
        }
        throw new IllegalArgumentException("'" + url + "' is not a site to crawl: " + problem);
    }

    /** {@code href} resolved against {@code base} in the compared form, if it is an http(s) URL. */
    static Optional<URI> resolve(URI base, String href) {
        try {
            return httpUrl(base.resolve(new URI(href.strip().replace(" ", "%20"))));
        } catch (URISyntaxException | IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /** An absolute URL (as a sitemap lists it) in the compared form, if it is an http(s) URL. */
    static Optional<URI> parse(String url) {
        try {
            return httpUrl(new URI(url.strip().replace(" ", "%20")));
        } catch (URISyntaxException | IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    private static Optional<URI> httpUrl(URI uri) {
        try {
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            return (scheme.equals("http") || scheme.equals("https")) && uri.getHost() != null
                    ? Optional.of(normalize(uri)) : Optional.empty();
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    private static URI normalize(URI uri) {
        String scheme = uri.getScheme().toLowerCase(Locale.ROOT);
        int port = uri.getPort() == 80 && scheme.equals("http") || uri.getPort() == 443 && scheme.equals("https")
                ? -1 : uri.getPort();
        String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
        String host = uri.getHost().toLowerCase(Locale.ROOT);
        String authority = (host.contains(":") && !host.startsWith("[") ? "[" + host + "]" : host) + (port < 0 ? "" : ":" + port);
        return URI.create(scheme + "://" + authority + path + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery()))
                .normalize();
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
        String path = uri.getPath();
        if (!onSite(uri) || uri.getRawQuery() != null || path == null
                || !(path.startsWith(prefix) || (path + "/").equals(prefix))) {
            return false;
        }
        return (include.isEmpty() || include.stream().anyMatch(g -> g.matches(path)))
                && exclude.stream().noneMatch(g -> g.matches(path));
    }
}
