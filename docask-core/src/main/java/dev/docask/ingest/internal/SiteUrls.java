package dev.docask.ingest.internal;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.Optional;

/**
 * Site URLs in the one form a crawl compares them in, and when two of them are one site: what a crawl keeps to and what
 * {@code docask index} compares with the site an index holds, for a crawl and for a folder built with a base URL alike
 * (docs/reliability.md, "Another site's index is not replaced").
 *
 * <pre>{@code
 * SiteUrls.sameSite("https://x.dev/docs/", "https://X.dev:443/");      // true: one path under the other
 * SiteUrls.sameSite("https://u.github.io/a/", "https://u.github.io/b"); // false: side by side
 * }</pre>
 */
public final class SiteUrls {
    private SiteUrls() {
    }

    /**
     * An absolute URL in the compared form, if it is an http(s) URL with a host: scheme and host lower-cased, the default
     * port left out, no fragment, an empty path as '/'.
     */
    public static Optional<URI> parse(String url) {
        try {
            return httpUrl(new URI(url.strip().replace(" ", "%20")));
        } catch (URISyntaxException | IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /** {@code uri} in the compared form, if it is an http(s) URL with a host. */
    public static Optional<URI> httpUrl(URI uri) {
        try {
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            return (scheme.equals("http") || scheme.equals("https")) && uri.getHost() != null
                    ? Optional.of(normalize(uri)) : Optional.empty();
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /** {@code uri}, an http(s) URL with a host, in the compared form. */
    public static URI normalize(URI uri) {
        String scheme = uri.getScheme().toLowerCase(Locale.ROOT);
        int port = uri.getPort() == 80 && scheme.equals("http") || uri.getPort() == 443 && scheme.equals("https")
                ? -1 : uri.getPort();
        String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
        String host = uri.getHost().toLowerCase(Locale.ROOT);
        String authority = (host.contains(":") && !host.startsWith("[") ? "[" + host + "]" : host) + (port < 0 ? "" : ":" + port);
        return URI.create(scheme + "://" + authority + path + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery()))
                .normalize();
    }

    /** {@code scheme://host[:port]} of a URL in the compared form. */
    public static String origin(URI url) {
        return url.getScheme() + "://" + url.getRawAuthority();
    }

    /**
     * The path a site's pages are under, ending in '/': a path that does not end in '/' names a folder unless its last
     * segment has a file extension ({@code /docs} is {@code /docs/}, {@code /docs/index.html} is {@code /docs/}).
     */
    public static String prefix(URI url) {
        String path = url.getPath();
        String last = path.substring(path.lastIndexOf('/') + 1);
        return path.endsWith("/") ? path : last.contains(".") ? path.substring(0, path.length() - last.length()) : path + "/";
    }

    /**
     * Whether two http(s) URLs are one site: the same scheme, host and port, the path of one at or under the other's
     * ({@code https://x.dev/} and {@code https://x.dev/docs/} are one site, {@code https://u.github.io/a/} and
     * {@code https://u.github.io/b/} two). False when either is no http(s) URL.
     */
    public static boolean sameSite(String url, String other) {
        Optional<URI> a = parse(url);
        Optional<URI> b = parse(other);
        if (a.isEmpty() || b.isEmpty() || !origin(a.get()).equalsIgnoreCase(origin(b.get()))) {
            return false;
        }
        String pa = prefix(a.get());
        String pb = prefix(b.get());
        return pa.startsWith(pb) || pb.startsWith(pa);
    }
}
