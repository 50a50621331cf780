package dev.docask.ingest;

import org.jspecify.annotations.Nullable;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/*
 * Each framework serves a file at its own URL; a citation is only useful if it links there.
 * The rules reproduced here:
 * - Docusaurus: see DocusaurusRoutes.
 * - VitePress: paths under srcDir after the config's rewrites (VitePressConfig); index.md is the folder with a trailing
 *   slash, other pages end in .html unless the config sets cleanUrls: true (a folder with no config keeps clean URLs).
 * - Starlight: paths under src/content/docs (locale folder kept), slugged, with a trailing slash, or none under
 *   trailingSlash: 'never', or as .html files under build.format: 'file' (AstroConfig).
 * - MkDocs (MkDocsConfig): docs_dir, use_directory_urls (the default), so every page ends with a slash; with
 *   use_directory_urls: false each page is its .html file (setup.md is /setup.html, index.md /index.html).
 * - Plain Markdown: like VitePress, plus numeric prefixes dropped.
 * - HTML: the file path; index.html is the folder (a canonical link in the page wins, see HtmlPages).
 * Files or folders starting with '_' are partials with no URL of their own. The base path a config deploys the site
 * under (Docusaurus baseUrl, VitePress and Astro base, the path of MkDocs site_url) is not part of a route: SiteReader
 * joins it to the base URL.
 */

/** Derives the URL path of each page from its location and front matter, per framework. */
final class PageRouter {

    private static final Pattern NUMBER_PREFIX = Pattern.compile("^\\d+\\s*[-_.]+\\s*(?=[^-_.\\s])");
    private static final Pattern LOCALE = Pattern.compile("[a-z]{2}(-[a-z]{2,4})?");

    private final Framework framework;
    private final Path folder;
    private final Path root;
    private final @Nullable DocusaurusRoutes docusaurus; // only Docusaurus needs it, and it looks at the folder
    private final @Nullable MkDocsConfig mkdocs;
    private final @Nullable VitePressConfig vitepress;
    private final @Nullable AstroConfig astro;

    PageRouter(Framework framework, Path folder) {
        this.framework = framework;
        this.folder = folder.toAbsolutePath().normalize();
        this.root = SiteLayout.routingRoot(framework, this.folder);
        this.docusaurus = framework == Framework.DOCUSAURUS ? new DocusaurusRoutes(root) : null;
        this.mkdocs = framework == Framework.MKDOCS ? MkDocsConfig.site(this.folder).map(MkDocsConfig::read).orElse(null) : null;
        this.vitepress = framework == Framework.VITEPRESS
                ? SiteLayout.vitePressSite(this.folder).map(VitePressConfig::read).orElse(null) : null;
        this.astro = framework == Framework.STARLIGHT
                ? SiteLayout.astroSite(this.folder).map(AstroConfig::read).orElse(null) : null;
    }

    /** What the router could not read of the site's config (a setting it computes), as the run's problems. */
    List<Corpus.Problem> problems() {
        if (docusaurus != null) {
            return docusaurus.problems(folder);
        }
        String file = vitepress != null ? vitepress.file() : astro != null ? astro.file() : mkdocs != null ? mkdocs.file() : "";
        List<String> notes = vitepress != null ? vitepress.notes() : astro != null ? astro.notes()
                : mkdocs != null ? mkdocs.notes() : List.of();
        return notes.stream().map(note -> new Corpus.Problem(file, note)).toList();
    }

    /** The base path the site's config deploys it under, if it names one. */
    Optional<BasePath.SiteBase> base() {
        if (docusaurus != null) {
            return BasePath.of(docusaurus.basePath(), "baseUrl", docusaurus.configFile());
        } else if (vitepress != null) {
            return BasePath.of(vitepress.basePath(), "base", vitepress.file());
        } else if (astro != null) {
            return BasePath.of(astro.basePath(), "base", astro.file());
        } else if (mkdocs != null) {
            return BasePath.of(mkdocs.basePath(), "site_url", mkdocs.file());
        }
        return Optional.empty();
    }

    /** The route of the file at {@code relative} (to the indexed folder), or empty if it has no URL. */
    Optional<Route> route(String relative, FrontMatter front) {
        // Path elements, not a split on '\\': on Linux a backslash is a character of the name.
        List<String> segments = new ArrayList<>();
        root.relativize(folder.resolve(relative)).forEach(p -> segments.add(p.toString()));
        // Outside the routed tree (a README beside mkdocs.yml) or a partial: not a page of the site. A Docusaurus site
        // may read docs from beside it (path: '../docs'), so DocusaurusRoutes judges its own.
        if (segments.stream().anyMatch(s -> s.startsWith("_") || s.equals("..") && framework != Framework.DOCUSAURUS)) {
            return Optional.empty();
        }
        return Optional.ofNullable(switch (framework) {
            case DOCUSAURUS -> Objects.requireNonNull(docusaurus).route(segments, front).orElse(null);
            case STARLIGHT -> new Route(styled(starlight(segments, front)), null, docType(segments, true));
            case MKDOCS -> new Route(mkdocs != null && !mkdocs.directoryUrls() ? mkdocsFile(segments) : withSlash(plain(segments, front, false)),
                    null, docType(segments, false));
            case HTML -> new Route(html(segments), null, docType(segments, false));
            case VITEPRESS -> vitepress(segments, front);
            case MARKDOWN -> new Route(plain(segments, front, true), null, docType(segments, false));
        });
    }

    /** A Starlight path ("/guide/setup/", "/") as the Astro config's trailingSlash and build.format write it. */
    private String styled(String path) {
        AstroConfig.Style style = astro == null ? AstroConfig.Style.SLASH : astro.style();
        String bare = path.replaceAll("/+$", "");
        return switch (style) {
            case SLASH -> withSlash(path);
            case NO_SLASH -> bare.isEmpty() ? "/" : bare;
            case HTML_FILE -> (bare.isEmpty() ? "/index" : bare) + ".html";
        };
    }

    /** A VitePress page: its path after the config's rewrites, as a .html file unless the config sets cleanUrls. */
    private Route vitepress(List<String> segments, FrontMatter front) {
        List<String> page = segments;
        if (vitepress != null) {
            String rewritten = vitepress.rewrite(String.join("/", segments));
            page = rewritten.isBlank() ? segments : List.of(rewritten.split("/+"));
        }
        String path = plain(page, front, false);
        boolean fixed = front.find("permalink").or(() -> front.find("slug")).isPresent();
        boolean clean = vitepress == null || vitepress.cleanUrls();
        return new Route(clean || fixed || path.endsWith("/") ? path : path + ".html", null, docType(page, false));
    }

    private String starlight(List<String> segments, FrontMatter front) {
        Optional<String> slug = front.find("slug");
        if (slug.isPresent()) {
            return slug.get().equals("/") ? "/" : "/" + slug.get().replaceAll("^/+|/+$", "");
        }
        // Astro slugs every segment of the entry's path (the file without its extension) with github-slugger:
        // "What's New v1.2.mdx" is served at /whats-new-v12/.
        List<String> slugged = new ArrayList<>(segments.stream().map(Slugger::github).toList());
        slugged.set(slugged.size() - 1, Slugger.github(stem(segments.get(segments.size() - 1))));
        return folderOrFile(slugged);
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
        if (!dropNumbers) {
            return folderOrFile(segments);
        }
        // The prefix of a file name is dropped from its stem: "01-intro.md" is /intro, "1.mdx" stays /1.
        List<String> parts = new ArrayList<>(segments.stream().map(PageRouter::unprefixed).toList());
        String file = segments.get(segments.size() - 1);
        String stem = stem(file);
        parts.set(parts.size() - 1, unprefixed(stem) + file.substring(stem.length()));
        return folderOrFile(parts);
    }

    /** MkDocs with use_directory_urls: false: the page's .html file; index and README are the folder's index.html. */
    private static String mkdocsFile(List<String> segments) {
        String stem = stem(segments.get(segments.size() - 1));
        List<String> dirs = segments.subList(0, segments.size() - 1);
        String dirPath = dirs.isEmpty() ? "/" : "/" + String.join("/", dirs) + "/";
        boolean index = stem.equalsIgnoreCase("index") || stem.equalsIgnoreCase("readme");
        return dirPath + (index ? "index" : stem) + ".html";
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
    private static String folderOrFile(List<String> segments) {
        String stem = stem(segments.get(segments.size() - 1));
        List<String> dirs = segments.subList(0, segments.size() - 1);
        String dirPath = dirs.isEmpty() ? "/" : "/" + String.join("/", dirs) + "/";
        return stem.equalsIgnoreCase("index") || stem.equalsIgnoreCase("readme") ? dirPath : dirPath + stem;
    }

    private static String withSlash(String path) {
        return path.endsWith("/") ? path : path + "/";
    }

    static @Nullable String docType(List<String> segments, boolean skipLocale) {
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

}
