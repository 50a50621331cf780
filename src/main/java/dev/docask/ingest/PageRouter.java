package dev.docask.ingest;

import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/*
 * Each framework serves a file at its own URL; a citation is only useful if it links there.
 * The rules reproduced here:
 * - Docusaurus: docs at /docs; with versions.json the first (latest) version is served at /docs,
 *   other released versions at /docs/<version>, the current docs/ folder at /docs/next. Front matter
 *   slug wins (absolute, or relative to the folder), else id replaces the file name; index, README
 *   or a file named like its folder is the folder; numeric prefixes ("01-intro") are dropped; no
 *   trailing slash (trailingSlash: false, as on docusaurus.io) except the docs root.
 * - VitePress: clean URLs, index.md is the folder with a trailing slash.
 * - Starlight: paths under src/content/docs (locale folder kept), lower-cased, trailing slash always.
 * - MkDocs: use_directory_urls, so every page ends with a slash.
 * - Plain Markdown: like VitePress, plus numeric prefixes dropped.
 * - HTML: the file path; index.html is the folder (a canonical link in the page wins, see HtmlPages).
 * Files or folders starting with '_' are partials with no URL of their own.
 */

/** Derives the URL path of each page from its location and front matter, per framework. */
final class PageRouter {

    private static final Pattern NUMBER_PREFIX = Pattern.compile("^\\d+\\s*[-_.]+\\s*(?=[^-_.\\s])");
    private static final Pattern VERSION_FOLDER = Pattern.compile("version-(.+)");
    private static final Pattern LOCALE = Pattern.compile("[a-z]{2}(-[a-z]{2,4})?");

    private final Framework framework;
    private final Path folder;
    private final Path root;
    private final List<String> versions;

    PageRouter(Framework framework, Path folder) {
        this.framework = framework;
        this.folder = folder.toAbsolutePath().normalize();
        this.root = SiteLayout.routingRoot(framework, this.folder);
        this.versions = framework == Framework.DOCUSAURUS ? SiteLayout.docusaurusVersions(root) : List.of();
    }

    Path root() {
        return root;
    }

    /** The route of the file at {@code relative} (to the indexed folder), or empty if it has no URL. */
    Optional<Route> route(String relative, FrontMatter front) {
        String fromRoot = root.relativize(folder.resolve(relative)).toString().replace('\\', '/');
        List<String> segments = new ArrayList<>(Arrays.asList(fromRoot.split("/")));
        // Outside the routed tree (a README beside mkdocs.yml) or a partial: not a page of the site.
        if (segments.stream().anyMatch(s -> s.startsWith("_") || s.equals(".."))) {
            return Optional.empty();
        }
        return Optional.of(switch (framework) {
            case DOCUSAURUS -> docusaurus(segments, front);
            case STARLIGHT -> withSlash(starlight(segments, front), true, null, docType(segments, true));
            case MKDOCS -> withSlash(plain(segments, front, false), true, null, docType(segments, false));
            case HTML -> new Route(html(segments), null, docType(segments, false));
            case VITEPRESS -> new Route(plain(segments, front, false), null, docType(segments, false));
            case MARKDOWN -> new Route(plain(segments, front, true), null, docType(segments, false));
        });
    }

    private Route docusaurus(List<String> segments, FrontMatter front) {
        String prefix;
        String version;
        List<String> doc;
        if (segments.size() > 2 && segments.get(0).equals("versioned_docs")
                && VERSION_FOLDER.matcher(segments.get(1)).matches()) {
            version = segments.get(1).substring("version-".length());
            prefix = !versions.isEmpty() && versions.get(0).equals(version) ? "/docs" : "/docs/" + version;
            doc = segments.subList(2, segments.size());
        } else if (segments.size() > 1 && segments.get(0).equals("docs") && SiteLayout.isDocusaurusSite(root)) {
            version = versions.isEmpty() ? null : "next";
            prefix = versions.isEmpty() ? "/docs" : "/docs/next";
            doc = segments.subList(1, segments.size());
        } else if (SiteLayout.isDocusaurusSite(root)) {
            version = null;
            prefix = "";
            doc = segments;
        } else {
            version = null;
            prefix = "/docs";
            doc = segments;
        }
        String route = docusaurusRoute(doc, front);
        String path = route.equals("/") ? prefix + "/" : prefix + stripSlash(route);
        return new Route(path, version, docType(doc, false));
    }

    private static String docusaurusRoute(List<String> doc, FrontMatter front) {
        List<String> dirs = doc.subList(0, doc.size() - 1).stream().map(PageRouter::unprefixed).toList();
        String dirSlug = dirs.isEmpty() ? "/" : "/" + String.join("/", dirs) + "/";
        Optional<String> slug = front.find("slug");
        if (slug.isPresent() && slug.get().startsWith("/")) {
            return slug.get();
        }
        String file = doc.get(doc.size() - 1);
        String stem = stem(file);
        if (slug.isEmpty() && isIndex(stem, doc)) {
            return dirSlug;
        }
        String base = slug.orElseGet(() -> front.find("id").orElse(unprefixed(stem)));
        return URI.create("http://x" + encodeForResolve(dirSlug)).resolve(encodeForResolve(base)).getRawPath()
                .replace("%40", "@").replace("%20", " ");
    }

    private String starlight(List<String> segments, FrontMatter front) {
        Optional<String> slug = front.find("slug");
        if (slug.isPresent()) {
            return slug.get().equals("/") ? "/" : "/" + slug.get().replaceAll("^/+|/+$", "");
        }
        List<String> lower = segments.stream().map(s -> s.toLowerCase(Locale.ROOT).replace(' ', '-')).toList();
        return folderOrFile(lower, false);
    }

    private static String plain(List<String> segments, FrontMatter front, boolean dropNumbers) {
        Optional<String> fixed = front.find("permalink").or(() -> front.find("slug"));
        if (fixed.isPresent()) {
            String s = fixed.get();
            if (s.startsWith("/")) {
                return s;
            }
            List<String> dirs = segments.subList(0, segments.size() - 1);
            return dirs.isEmpty() ? "/" + s : "/" + String.join("/", dirs) + "/" + s;
        }
        List<String> parts = dropNumbers ? segments.stream().map(PageRouter::unprefixed).toList() : segments;
        return folderOrFile(parts, false);
    }

    private static String html(List<String> segments) {
        String file = segments.get(segments.size() - 1);
        if (stem(file).equalsIgnoreCase("index")) {
            List<String> dirs = segments.subList(0, segments.size() - 1);
            return dirs.isEmpty() ? "/" : "/" + String.join("/", dirs) + "/";
        }
        return "/" + String.join("/", segments);
    }

    /** index/README is its folder (with a trailing slash); other files lose their extension. */
    private static String folderOrFile(List<String> segments, boolean sameNameIsIndex) {
        String stem = stem(segments.get(segments.size() - 1));
        List<String> dirs = segments.subList(0, segments.size() - 1);
        boolean index = stem.equalsIgnoreCase("index") || stem.equalsIgnoreCase("readme")
                || (sameNameIsIndex && !dirs.isEmpty() && stem.equals(dirs.get(dirs.size() - 1)));
        String dirPath = dirs.isEmpty() ? "/" : "/" + String.join("/", dirs) + "/";
        return index ? dirPath : dirPath + stem;
    }

    private static Route withSlash(String path, boolean slash, String version, String docType) {
        return new Route(slash && !path.endsWith("/") ? path + "/" : path, version, docType);
    }

    private static boolean isIndex(String stem, List<String> doc) {
        String lower = stem.toLowerCase(Locale.ROOT);
        return lower.equals("index") || lower.equals("readme")
                || (doc.size() > 1 && stem.equals(doc.get(doc.size() - 2)));
    }

    private static String docType(List<String> segments, boolean skipLocale) {
        int first = skipLocale && segments.size() > 2 && LOCALE.matcher(segments.get(0)).matches() ? 1 : 0;
        return segments.size() - first > 1 ? unprefixed(segments.get(first)) : null;
    }

    static String stem(String file) {
        int dot = file.lastIndexOf('.');
        return dot > 0 ? file.substring(0, dot) : file;
    }

    static String unprefixed(String segment) {
        return NUMBER_PREFIX.matcher(segment).replaceFirst("");
    }

    private static String stripSlash(String route) {
        String r = route.startsWith("/") ? route : "/" + route;
        return r.length() > 1 && r.endsWith("/") ? r.substring(0, r.length() - 1) : r;
    }

    private static String encodeForResolve(String s) {
        return s.replace("%", "%25").replace(" ", "%20").replace("@", "%40");
    }
}
