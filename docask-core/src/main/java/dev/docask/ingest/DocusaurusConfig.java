package dev.docask.ingest;

import dev.docask.ingest.ScriptLiterals.Computed;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/*
 * Where a Docusaurus site serves its pages is set in docusaurus.config.*: the docs plugin's `path` (the folder,
 * default docs, relative to the site: '../docs' lies beside it, SiteLayout.docusaurusSite), `routeBasePath` (the URL, default docs; '/' for a docs-only site), `lastVersion` (the version served
 * without a version segment, default the newest in versions.json; 'current' serves the docs/ folder there),
 * `versions.<name>.path` (a version's URL segment, default its name, and `next` for the current docs),
 * `onlyIncludeVersions` and `disableVersioning`; the blog plugin's `path` and `routeBasePath` (both 'blog' by
 * default, whatever its id); further docs and blog instances as plugins with an `id` (a changelog beside the blog).
 * Read from the `docs` and `blog` options of the preset that writes them (the classic one, or a wrapper such as
 * docusaurus-preset-openapi, which takes the same options) and from plugin-content-docs and plugin-content-blog
 * entries, however the plugin is named ('@docusaurus/plugin-content-docs', 'content-blog', a require.resolve of it).
 * A setting the config computes is not guessed: the default stands and a note names it (docs/design.md, "Ingest");
 * so does a preset's or a plugin's options object the config computes, and a spread into `plugins` that may hold
 * docs or blog instances. The site's own `baseUrl` (the path it is deployed under, BasePath) and `trailingSlash` are
 * read from the config's top level (ScriptLiterals.topLevel).
 */

/** The routing settings a Docusaurus site's config writes as literals. */
final class DocusaurusConfig {

    static final String DEFAULT_ID = "default";

    /**
     * One docs plugin instance.
     *
     * @param id                  the plugin id ({@value #DEFAULT_ID} for the preset's docs)
     * @param path                the folder, relative to the site, as segments
     * @param routeBase           the URL path the docs are served under, "" for the site root
     * @param lastVersion         the version served without a version segment, when the config names one
     * @param versionPaths        URL segments of versions whose config gives one ({@code current} included)
     * @param onlyIncludeVersions the versions built, when the config limits them
     * @param disableVersioning   whether only the current docs are built
     */
    record Docs(String id, List<String> path, String routeBase, Optional<String> lastVersion,
                Map<String, String> versionPaths, Optional<Set<String>> onlyIncludeVersions, boolean disableVersioning) {
        Docs {
            path = List.copyOf(path);
            versionPaths = Map.copyOf(versionPaths);
        }

        static Docs defaults(String id, String folder) {
            return new Docs(id, segments(folder), "/" + folder, Optional.empty(), Map.of(), Optional.empty(), false);
        }
    }

    /** A blog instance: its id, its folder as segments and the URL path it is served under ("" for the site root). */
    record Blog(String id, List<String> path, String routeBase) {
        Blog {
            path = List.copyOf(path);
        }
    }

    private final List<Docs> docs;
    private final List<Blog> blogs;
    private final List<String> notes;
    private final String file;
    private final String basePath;
    private final Optional<Boolean> trailingSlash;

    private DocusaurusConfig(List<Docs> docs, List<Blog> blogs, List<String> notes, String file, String basePath,
                             Optional<Boolean> trailingSlash) {
        this.docs = List.copyOf(docs);
        this.blogs = List.copyOf(blogs);
        this.notes = List.copyOf(notes);
        this.file = file;
        this.basePath = basePath;
        this.trailingSlash = trailingSlash;
    }

    /** What Docusaurus does with no config: docs/ at /docs, blog/ at /blog. */
    static DocusaurusConfig defaults() {
        return new DocusaurusConfig(List.of(Docs.defaults(DEFAULT_ID, "docs")),
                List.of(new Blog(DEFAULT_ID, List.of("blog"), "/blog")), List.of(), "", "", Optional.empty());
    }

    /** The config of the site at {@code site}: its defaults when it has no config file or the file cannot be read. */
    static DocusaurusConfig read(Path site) {
        Optional<Path> file = ConfigFile.find(site, "docusaurus.config");
        if (file.isEmpty()) {
            return defaults();
        }
        String name = file.get().getFileName().toString();
        try {
            return parse(ConfigFile.text(file.get()), name);
        } catch (IOException | RuntimeException e) {
            // the routes of a config docask cannot read are Docusaurus's defaults, and a note says so
            DocusaurusConfig d = defaults();
            return new DocusaurusConfig(d.docs, d.blogs, List.of(ConfigFile.unreadable(e)), name, "", Optional.empty());
        }
    }

    /** The settings {@code source} (the text of a config file named {@code file}) writes as literals. */
    static DocusaurusConfig parse(String source, String file) {
        ScriptLiterals script = ScriptLiterals.of(source);
        List<String> notes = new ArrayList<>();
        Map<String, Object> presetOptions = null;
        List<String> computedPresets = new ArrayList<>();
        for (Object presets : script.valuesOf("presets")) {
            if (presets instanceof Computed c) {
                notes.add("presets are computed (" + c.text() + "): not read");
            }
            for (Object entry : presets instanceof List<?> l ? l : List.of()) {
                if (!(entry instanceof List<?> pair) || pair.size() < 2) {
                    continue;
                }
                if (pair.get(1) instanceof Map<?, ?> options && (options.containsKey("docs") || options.containsKey("blog"))) {
                    presetOptions = mapOf(options);
                } else if (pair.get(1) instanceof Computed c) {
                    computedPresets.add("preset " + name(pair.get(0)) + " options are computed (" + c.text() + "): not read");
                }
            }
        }
        // any preset may be the one serving docs (the classic one, or a wrapper such as docusaurus-preset-openapi):
        // its computed options are worth a note unless another preset writes the docs and blog options out
        if (presetOptions == null) {
            notes.addAll(computedPresets);
        }
        Map<String, Object> options = presetOptions == null ? Map.of() : presetOptions;
        Object docsOptions = options.getOrDefault("docs", Map.of());
        Object blogOptions = options.getOrDefault("blog", Map.of());
        for (String plugin : List.of("docs", "blog")) {
            if (options.get(plugin) instanceof Computed c) {
                notes.add("the preset's " + plugin + " options are computed (" + c.text() + "): not read");
            }
        }
        List<Docs> docs = new ArrayList<>();
        if (!Boolean.FALSE.equals(docsOptions)) {
            docs.add(docs(DEFAULT_ID, docsOptions instanceof Map<?, ?> ? mapOf(docsOptions) : Map.of(), notes));
        }
        List<Blog> blogs = new ArrayList<>();
        if (!Boolean.FALSE.equals(blogOptions)) {
            blogs.add(blog(DEFAULT_ID, blogOptions instanceof Map<?, ?> ? mapOf(blogOptions) : Map.of(), notes));
        }
        for (Object plugins : script.valuesOf("plugins")) {
            if (plugins instanceof Computed c) {
                notes.add("plugins are computed (" + c.text() + "): docs and blog instances in them are not read");
            }
            for (Object entry : plugins instanceof List<?> l ? l : List.of()) {
                pluginOptions(entry, "content-docs", notes).ifPresent(o -> {
                    Docs d = docs(id(o), o, notes);
                    docs.removeIf(other -> other.id().equals(d.id()));
                    docs.add(d);
                });
                pluginOptions(entry, "content-blog", notes).ifPresent(o -> {
                    Blog b = blog(id(o), o, notes);
                    blogs.removeIf(other -> other.id().equals(b.id()));
                    blogs.add(b);
                });
            }
        }
        Map<String, Object> site = new LinkedHashMap<>();
        script.topLevel("baseUrl").ifPresent(v -> site.put("baseUrl", v));
        String baseUrl = literal(site, "baseUrl", "/", "the site's", notes);
        Optional<Object> slash = script.topLevel("trailingSlash");
        if (slash.isPresent() && !(slash.get() instanceof Boolean)) {
            notes.add("the site's trailingSlash is computed (" + ScriptLiterals.describe(slash.get())
                    + "): URLs are kept as routed");
        }
        return new DocusaurusConfig(docs, blogs, notes.stream().distinct().toList(), file, ConfigFile.basePath(baseUrl),
                slash.filter(Boolean.class::isInstance).map(Boolean.class::cast));
    }

    /**
     * The options of a {@code plugins} entry of {@code plugin} (content-docs, content-blog): {@code ['content-docs',
     * {…}]}, or the plugin's name alone for its defaults (the name as written: '@docusaurus/plugin-content-docs',
     * 'content-docs' or a require.resolve of it).
     */
    private static Optional<Map<String, Object>> pluginOptions(Object entry, String plugin, List<String> notes) {
        if (entry instanceof Computed c && c.text().startsWith("...")) {
            notes.add("plugins " + c.text() + " are computed: docs and blog instances in them are not read");
            return Optional.empty();
        }
        List<?> pair = entry instanceof List<?> l ? l : List.of(entry);
        if (pair.isEmpty() || !ScriptLiterals.describe(pair.get(0)).contains(plugin)) {
            return Optional.empty();
        }
        Object options = pair.size() < 2 ? Map.of() : pair.get(1);
        if (!(options instanceof Map<?, ?>)) {
            notes.add("plugin " + name(pair.get(0)) + " options are computed (" + ScriptLiterals.describe(options)
                    + "): not read");
            return Optional.empty();
        }
        return Optional.of(mapOf(options));
    }

    private static String id(Map<String, Object> options) {
        return options.get("id") instanceof String s ? s : DEFAULT_ID;
    }

    private static String name(Object plugin) {
        return plugin instanceof String s ? "'" + s + "'" : ScriptLiterals.describe(plugin);
    }

    private static Docs docs(String id, Map<String, Object> options, List<String> notes) {
        // Docusaurus's defaults are the same for every instance, whatever its id: a second instance names its own
        String path = literal(options, "path", "docs", "docs", notes);
        String route = literal(options, "routeBasePath", "docs", "docs", notes);
        Optional<String> last = options.containsKey("lastVersion")
                ? Optional.of(literal(options, "lastVersion", "", "docs", notes)).filter(v -> !v.isEmpty())
                : Optional.empty();
        Map<String, String> versionPaths = new LinkedHashMap<>();
        ScriptLiterals.mapAt(options, "versions").ifPresent(versions -> versions.forEach((name, v) -> {
            if (v instanceof Map<?, ?> m && m.containsKey("path")) {
                String p = literal(mapOf(m), "path", "", "docs version '" + name + "'", notes);
                if (!p.isEmpty()) {
                    versionPaths.put(name, ConfigFile.trimSlashes(p));
                }
            }
        }));
        Optional<Set<String>> only = options.get("onlyIncludeVersions") instanceof List<?> l
                && l.stream().allMatch(String.class::isInstance)
                ? Optional.of(Set.copyOf(l.stream().map(String.class::cast).toList())) : Optional.empty();
        if (options.containsKey("onlyIncludeVersions") && only.isEmpty()) {
            notes.add("docs onlyIncludeVersions is computed (" + ScriptLiterals.describe(options.get("onlyIncludeVersions"))
                    + "): every version is read");
        }
        return new Docs(id, segments(path), ConfigFile.pathOf(route), last, versionPaths, only,
                Boolean.TRUE.equals(options.get("disableVersioning")));
    }

    private static Blog blog(String id, Map<String, Object> options, List<String> notes) {
        String what = id.equals(DEFAULT_ID) ? "blog" : "blog '" + id + "'";
        String path = literal(options, "path", "blog", what, notes);
        return new Blog(id, segments(path), ConfigFile.pathOf(literal(options, "routeBasePath", "blog", what, notes)));
    }

    /** The string under {@code key}, else {@code fallback}; a computed one is noted and falls back too. */
    private static String literal(Map<String, Object> options, String key, String fallback, String what,
                                  List<String> notes) {
        return ConfigFile.literal(options.get(key), what + " " + key, fallback, notes);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> mapOf(Object map) {
        return (Map<String, Object>) map;
    }


    /** The folder's segments, relative to the site: "./docs" is [docs], "../docs" (beside the site) [.., docs]. */
    private static List<String> segments(String folder) {
        List<String> out = new ArrayList<>();
        for (String s : ConfigFile.trimSlashes(folder.replace('\\', '/')).split("/+")) {
            if (s.equals("..") && !out.isEmpty() && !out.getLast().equals("..")) {
                out.removeLast();
            } else if (!s.isEmpty() && !s.equals(".")) {
                out.add(s);
            }
        }
        return out;
    }

    /** The docs instances, the preset's first. */
    List<Docs> docs() {
        return docs;
    }

    /** The blog instances, the preset's first (none when the config turns it off and adds no other). */
    List<Blog> blogs() {
        return blogs;
    }

    /** The content folders, relative to the site: each docs instance's, then each blog's. */
    List<List<String>> contentFolders() {
        List<List<String>> folders = new ArrayList<>(docs.stream().map(Docs::path).toList());
        blogs.forEach(b -> folders.add(b.path()));
        return folders;
    }

    /** Settings the config computes, which docask did not read, one line each, for the run's problems. */
    List<String> notes() {
        return notes;
    }

    /** The path {@code baseUrl} deploys the site under ("/project"), "" for the host's root. */
    String basePath() {
        return basePath;
    }

    /** {@code trailingSlash}: true adds one to every URL, false removes it (but from the root's), unset keeps routes as they are. */
    Optional<Boolean> trailingSlash() {
        return trailingSlash;
    }

    /** The config file's name, "" when the site has none. */
    String file() {
        return file;
    }
}
