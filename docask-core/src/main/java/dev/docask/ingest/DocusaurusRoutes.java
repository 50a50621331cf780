package dev.docask.ingest;

import org.jspecify.annotations.Nullable;

import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/*
 * Docusaurus routing, as docusaurus.io serves it (trailingSlash: false):
 * - docs at /docs; with versions.json the first (latest) version in versioned_docs/ is served at
 *   /docs, other released versions at /docs/<version>, the current docs/ folder at /docs/next;
 * - front matter slug wins (absolute, or relative to the folder), else id replaces the file name;
 *   index, README or a file named like its folder is the folder; numeric prefixes ("01-intro")
 *   are dropped;
 * - blog/ posts at /blog, a date in the path ("2024-05-01-launch.md") becoming /blog/2024/05/01/launch;
 *   src/pages/ at the site root; other top-level folders are further docs instances at /<folder>;
 * - files at the site root (README.md) and translations under i18n/ are not English pages.
 */

/** Derives Docusaurus page routes from a file's place in the site and its front matter. */
final class DocusaurusRoutes {

    private static final Pattern VERSION_FOLDER = Pattern.compile("version-(.+)");
    private static final Pattern ESCAPE = Pattern.compile("%([0-9A-F]{2})");
    private static final Pattern BLOG_DATE = Pattern.compile("^(.*?)(\\d{4})[/-](\\d{2})[/-](\\d{2})[/-](.+)$");

    private final boolean site;
    private final List<String> versions;

    DocusaurusRoutes(Path root) {
        this.site = SiteLayout.isDocusaurusSite(root);
        this.versions = site ? SiteLayout.docusaurusVersions(root) : List.of();
    }

    /** The route of the file at {@code segments} (relative to the site, or to the docs folder if there is no site). */
    Optional<Route> route(List<String> segments, FrontMatter front) {
        if (!site) {
            return Optional.of(docs("/docs", null, segments, front));
        }
        String top = segments.get(0);
        if (segments.size() > 2 && top.equals("versioned_docs") && VERSION_FOLDER.matcher(segments.get(1)).matches()) {
            String version = segments.get(1).substring("version-".length());
            String prefix = !versions.isEmpty() && versions.get(0).equals(version) ? "/docs" : "/docs/" + version;
            return Optional.of(docs(prefix, version, segments.subList(2, segments.size()), front));
        }
        if (segments.size() == 1 || top.equals("i18n") || top.equals("versioned_docs") || top.equals("build")) {
            return Optional.empty();
        }
        List<String> rest = segments.subList(1, segments.size());
        return switch (top) {
            case "docs" -> Optional.of(docs(versions.isEmpty() ? "/docs" : "/docs/next",
                    versions.isEmpty() ? null : "next", rest, front));
            case "blog" -> Optional.of(new Route(blog(rest, front), null, "blog"));
            case "src" -> rest.size() > 1 && rest.get(0).equals("pages")
                    ? Optional.of(new Route(page(rest.subList(1, rest.size())), null, null)) : Optional.empty();
            default -> Optional.of(docs("/" + top, null, rest, front));
        };
    }

    private static Route docs(String prefix, @Nullable String version, List<String> doc, FrontMatter front) {
        String route = docRoute(doc, front);
        String path = route.equals("/") ? prefix + "/" : prefix + stripSlash(route);
        return new Route(path, version, PageRouter.docType(doc, false));
    }

    private static String docRoute(List<String> doc, FrontMatter front) {
        List<String> dirs = doc.subList(0, doc.size() - 1).stream().map(PageRouter::unprefixed).toList();
        String dirSlug = dirs.isEmpty() ? "/" : "/" + String.join("/", dirs) + "/";
        Optional<String> slug = front.find("slug");
        if (slug.isPresent() && slug.get().startsWith("/")) {
            return slug.get();
        }
        String stem = PageRouter.stem(doc.get(doc.size() - 1));
        if (slug.isEmpty() && isIndex(stem, doc)) {
            return dirSlug;
        }
        String base = slug.orElseGet(() -> front.find("id").orElse(PageRouter.unprefixed(stem)));
        return decode(URI.create("http://x" + encode(dirSlug)).resolve(encode(base)).getRawPath());
    }

    private static String blog(List<String> post, FrontMatter front) {
        Optional<String> slug = front.find("slug");
        if (slug.isPresent()) {
            return "/blog" + stripSlash(slug.get().startsWith("/") ? slug.get() : "/" + slug.get());
        }
        String stem = PageRouter.stem(post.get(post.size() - 1));
        boolean index = stem.equalsIgnoreCase("index") && post.size() > 1;
        List<String> parts = index ? post.subList(0, post.size() - 1) : post;
        String path = String.join("/", parts.subList(0, parts.size() - 1));
        String name = index ? parts.get(parts.size() - 1) : stem;
        String full = path.isEmpty() ? name : path + "/" + name;
        Matcher date = BLOG_DATE.matcher(full);
        String route = date.matches()
                ? date.group(1) + date.group(2) + "/" + date.group(3) + "/" + date.group(4) + "/" + date.group(5) : full;
        return full.isEmpty() ? "/blog" : "/blog/" + route;
    }

    private static String page(List<String> file) {
        String stem = PageRouter.stem(file.get(file.size() - 1));
        List<String> dirs = file.subList(0, file.size() - 1);
        String dir = dirs.isEmpty() ? "" : "/" + String.join("/", dirs);
        return stem.equalsIgnoreCase("index") ? (dir.isEmpty() ? "/" : dir) : dir + "/" + stem;
    }

    private static boolean isIndex(String stem, List<String> doc) {
        String lower = stem.toLowerCase(Locale.ROOT);
        return lower.equals("index") || lower.equals("readme")
                || (doc.size() > 1 && stem.equals(doc.get(doc.size() - 2)));
    }

    private static String stripSlash(String route) {
        String r = route.startsWith("/") ? route : "/" + route;
        return r.length() > 1 && r.endsWith("/") ? r.substring(0, r.length() - 1) : r;
    }

    /**
     * Escapes every ASCII character but letters, digits, '-._~' and '/', so that URI resolution sees
     * "a#b" or "q?x" as a name rather than a fragment or query, and never fails on "[1]" or "a b".
     */
    private static String encode(String s) {
        StringBuilder out = new StringBuilder(s.length());
        for (char c : s.toCharArray()) {
            boolean plain = c >= 0x80 || Character.isLetterOrDigit(c) || "-._~/".indexOf(c) >= 0;
            out.append(plain ? String.valueOf(c) : String.format("%%%02X", (int) c));
        }
        return out.toString();
    }

    /** Undoes {@link #encode}: every escape in its output is one of its own, an ASCII character. */
    private static String decode(String s) {
        return ESCAPE.matcher(s).replaceAll(m -> Matcher.quoteReplacement(
                String.valueOf((char) Integer.parseInt(m.group(1), 16))));
    }
}
