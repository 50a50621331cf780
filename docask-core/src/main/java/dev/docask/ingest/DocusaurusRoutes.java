package dev.docask.ingest;

import org.jspecify.annotations.Nullable;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/*
 * Docusaurus routing, as its defaults serve a site (trailingSlash unset), with what the site's config writes as
 * literals (DocusaurusConfig: the docs' folder and URL, the last version, version paths, each blog's folder and URL):
 * - docs at /docs; with versions.json the first (latest) version in versioned_docs/ is served at
 *   /docs, other released versions at /docs/<version>, the current docs/ folder at /docs/next
 *   (lastVersion 'current' serves docs/ at /docs and every released version under its name);
 * - front matter slug wins (absolute, or relative to the folder), else id replaces the file name;
 *   index, README or a file named like its folder is the folder; numeric prefixes ("01-intro")
 *   are dropped;
 * - blog/ posts at /blog, a date in the path ("2024-05-01-launch.md") becoming /blog/2024/05/01/launch, and so for
 *   each further blog instance (a changelog) at its routeBasePath, its posts' docType its id;
 *   src/pages/ at the site root; further docs instances at their routeBasePath (their versions in
 *   <id>_versioned_docs/), and a top-level folder the config does not name at /<folder>;
 * - files at the site root (README.md) and translations under i18n/ are not English pages;
 * - trailingSlash true ends every URL with a slash, false none but the root's (Docusaurus's applyTrailingSlash);
 *   baseUrl is the site's base path, which SiteReader puts before every route (BasePath).
 */

/** Derives Docusaurus page routes from a file's place in the site and its front matter. */
final class DocusaurusRoutes {

    private static final Pattern VERSION_FOLDER = Pattern.compile("version-(.+)");
    private static final Pattern ESCAPE = Pattern.compile("%([0-9A-F]{2})");
    private static final Pattern BLOG_DATE = Pattern.compile("^(.*?)(\\d{4})[/-](\\d{2})[/-](\\d{2})[/-](.+)$");
    private static final String CURRENT = "current";
    /** The version name the index gives the current docs of a versioned site (docs/retrieval.md, "Versions"). */
    private static final String NEXT = "next";

    private final Path root;
    private final boolean site;
    private final DocusaurusConfig config;
    private final Map<String, List<String>> versions = new HashMap<>(); // released versions of each docs instance

    DocusaurusRoutes(Path root) {
        this.root = root.toAbsolutePath().normalize();
        this.site = SiteLayout.isDocusaurusSite(root);
        this.config = site ? DocusaurusConfig.read(root) : DocusaurusConfig.defaults();
        for (DocusaurusConfig.Docs d : config.docs()) {
            versions.put(d.id(), site ? SiteLayout.docusaurusVersions(root, versionsFile(d)) : List.of());
        }
    }

    /** Settings of the site's config that were not read, as the run's problems. */
    List<Corpus.Problem> problems() {
        return config.notes().stream().map(note -> new Corpus.Problem(config.file(), note)).toList();
    }

    /**
     * {@link #problems()}, and, when {@code folder} (the folder read) holds the site, each docs or blog folder of the
     * site that lies outside it ({@code path: '../docs'}): its pages are not read, and the problem says which folder to
     * index instead, one docask routes from this site.
     */
    List<Corpus.Problem> problems(Path folder) {
        List<Corpus.Problem> problems = new ArrayList<>(problems());
        Path read = folder.toAbsolutePath().normalize();
        if (!site || !root.startsWith(read)) {
            return problems;
        }
        for (DocusaurusConfig.Docs d : config.docs()) {
            String setting = d.id().equals(DocusaurusConfig.DEFAULT_ID) ? "docs" : "docs '" + d.id() + "'";
            outside(d.path(), setting, read).ifPresent(p -> problems.add(new Corpus.Problem(config.file(), p)));
        }
        for (DocusaurusConfig.Blog b : config.blogs()) {
            String setting = b.id().equals(DocusaurusConfig.DEFAULT_ID) ? "blog" : "blog '" + b.id() + "'";
            outside(b.path(), setting, read).ifPresent(p -> problems.add(new Corpus.Problem(config.file(), p)));
        }
        return problems;
    }

    private Optional<String> outside(List<String> path, String setting, Path read) {
        Path content = root.resolve(String.join("/", path)).normalize();
        if (path.isEmpty() || content.startsWith(read) || !Files.isDirectory(content)) {
            return Optional.empty();
        }
        Path both = read;
        while (both != null && !content.startsWith(both)) {
            both = both.getParent();
        }
        // only a folder docask routes from this very site is worth naming
        String instead = both != null && SiteLayout.docusaurusSite(both).filter(root::equals).isPresent()
                ? ": index " + both + ", which holds both, to include them"
                : SiteLayout.docusaurusSite(content).filter(root::equals).isPresent()
                ? ": index " + content + " on its own to include them" : "";
        return Optional.of(setting + " path '" + String.join("/", path) + "' is outside the folder read, so its pages"
                + " are not indexed" + instead);
    }

    /** The path the config's baseUrl deploys the site under ("/project"), "" for the host's root. */
    String basePath() {
        return config.basePath();
    }

    /** The config file's name, "" when the site has none. */
    String configFile() {
        return config.file();
    }

    /** The route of the file at {@code segments} (relative to the site, or to the docs folder if there is no site). */
    Optional<Route> route(List<String> segments, FrontMatter front) {
        Optional<Route> route = routed(segments, front);
        Optional<Boolean> slash = config.trailingSlash();
        if (route.isEmpty() || slash.isEmpty() || route.get().path().equals("/")) {
            return route;
        }
        String path = route.get().path();
        String styled = slash.get() ? (path.endsWith("/") ? path : path + "/") : path.replaceAll("/+$", "");
        return Optional.of(new Route(styled, route.get().version(), route.get().docType()));
    }

    private Optional<Route> routed(List<String> segments, FrontMatter front) {
        if (!site) {
            return Optional.of(docs("/docs", null, segments, front));
        }
        String top = segments.get(0);
        for (DocusaurusConfig.Docs d : config.docs()) {
            if (segments.size() > 2 && top.equals(versionedFolder(d)) && VERSION_FOLDER.matcher(segments.get(1)).matches()) {
                String version = segments.get(1).substring("version-".length());
                return included(d, version) && !d.disableVersioning()
                        ? Optional.of(docs(prefix(d, version), version, segments.subList(2, segments.size()), front))
                        : Optional.empty();
            }
        }
        if (segments.size() == 1 || top.equals("i18n") || top.endsWith("versioned_docs") || top.equals("build")) {
            return Optional.empty();
        }
        for (DocusaurusConfig.Docs d : config.docs()) {
            if (startsWith(segments, d.path())) {
                boolean versioned = !released(d).isEmpty() && !d.disableVersioning();
                return versioned && !included(d, CURRENT) ? Optional.empty() : Optional.of(docs(prefix(d, CURRENT),
                        versioned ? NEXT : null, segments.subList(d.path().size(), segments.size()), front));
            }
        }
        for (DocusaurusConfig.Blog b : config.blogs()) {
            if (startsWith(segments, b.path())) {
                List<String> post = segments.subList(b.path().size(), segments.size());
                String type = b.id().equals(DocusaurusConfig.DEFAULT_ID) ? "blog" : b.id();
                return Optional.of(new Route(blog(b.routeBase(), post, front), null, type));
            }
        }
        if (top.equals("..")) {
            return Optional.empty(); // beside the site, but in none of its docs or blog folders
        }
        List<String> rest = segments.subList(1, segments.size());
        return switch (top) {
            case "src" -> rest.size() > 1 && rest.get(0).equals("pages")
                    ? Optional.of(new Route(page(rest.subList(1, rest.size())), null, null)) : Optional.empty();
            // the default folders of a docs or blog plugin the config turned off are not served
            case "docs", "blog" -> Optional.empty();
            default -> Optional.of(docs("/" + top, null, rest, front));
        };
    }

    /** The URL path a version of {@code d} is served under: its routeBasePath, then the version's segment. */
    private String prefix(DocusaurusConfig.Docs d, String version) {
        List<String> released = released(d);
        if (released.isEmpty() || d.disableVersioning()
                || version.equals(d.lastVersion().orElse(released.get(0)))) {
            return d.routeBase();
        }
        return d.routeBase() + "/" + d.versionPaths().getOrDefault(version, version.equals(CURRENT) ? NEXT : version);
    }

    private List<String> released(DocusaurusConfig.Docs d) {
        return versions.getOrDefault(d.id(), List.of());
    }

    private static boolean included(DocusaurusConfig.Docs d, String version) {
        return d.onlyIncludeVersions().map(only -> only.contains(version)).orElse(true);
    }

    private static String versionedFolder(DocusaurusConfig.Docs d) {
        return d.id().equals(DocusaurusConfig.DEFAULT_ID) ? "versioned_docs" : d.id() + "_versioned_docs";
    }

    private static String versionsFile(DocusaurusConfig.Docs d) {
        return d.id().equals(DocusaurusConfig.DEFAULT_ID) ? "versions.json" : d.id() + "_versions.json";
    }

    private static boolean startsWith(List<String> segments, List<String> folder) {
        return !folder.isEmpty() && segments.size() > folder.size() && segments.subList(0, folder.size()).equals(folder);
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

    private static String blog(String base, List<String> post, FrontMatter front) {
        Optional<String> slug = front.find("slug");
        if (slug.isPresent()) {
            return base + stripSlash(slug.get().startsWith("/") ? slug.get() : "/" + slug.get());
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
        return full.isEmpty() ? (base.isEmpty() ? "/" : base) : base + "/" + route;
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
