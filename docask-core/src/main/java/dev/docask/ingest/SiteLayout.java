package dev.docask.ingest;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/*
 * Users point docask at the folder holding the pages (vitest/docs, docusaurus/website,
 * astro/src/content/docs), not always at the project root where the framework's config lives.
 * So detection looks at the folder and a few of its parents, and routing starts from the folder
 * the framework routes from (the Docusaurus site, the Starlight content root, MkDocs' docs_dir).
 * A Docusaurus site may read its docs from beside it (website/ with `path: '../docs'`, as Jest's and React Native's
 * do, the layout Docusaurus 1 had): pointed at the docs folder or at the repository holding both, docask finds that
 * site in a subfolder of the folder or of a parent, and routes from it (docs/design.md, "Ingest").
 */

/** Detects the docs framework of a folder and finds the folder its URLs are relative to. */
final class SiteLayout {

    private static final int PARENTS = 3;
    private static final Pattern VERSION = Pattern.compile("\"([^\"]+)\"");
    private static final Pattern VITEPRESS_HOME = Pattern.compile("(?m)^(layout:\\s*home|hero:)");

    private SiteLayout() {
    }

    /** The framework of {@code folder}, whose page files (relative paths) are {@code files}. */
    static Framework detect(Path folder, List<String> files) {
        Path dir = folder.toAbsolutePath().normalize();
        for (int up = 0; dir != null && up <= PARENTS; up++, dir = dir.getParent()) {
            Optional<Framework> f = frameworkOf(dir);
            if (f.isPresent()) {
                return f.get();
            }
        }
        if (siteReadingFrom(folder.toAbsolutePath().normalize()).isPresent()) {
            return Framework.DOCUSAURUS;
        }
        boolean markdown = files.stream().anyMatch(SiteLayout::isMarkdown);
        if (!markdown && files.stream().anyMatch(SiteLayout::isHtml)) {
            return Framework.HTML;
        }
        return looksLikeVitePress(folder) ? Framework.VITEPRESS : Framework.MARKDOWN;
    }

    /**
     * A framework's site inside {@code folder}, when the folder itself was not recognised: the user
     * pointed at a project root (my-repo/) and the site is my-repo/website or my-repo/docs. Looks at
     * the folders that hold pages, up to three levels down; the shallowest site wins.
     */
    static Optional<Nested> nestedSite(Path folder, List<String> pageFiles) {
        Path root = folder.toAbsolutePath().normalize();
        TreeMap<String, Framework> found = new TreeMap<>(
                Comparator.comparingInt((String d) -> d.split("/").length).thenComparing(d -> d));
        for (String file : pageFiles) {
            String[] parts = file.split("/");
            StringBuilder dir = new StringBuilder();
            for (int depth = 0; depth < Math.min(parts.length - 1, PARENTS); depth++) {
                dir.append(depth == 0 ? "" : "/").append(parts[depth]);
                String d = dir.toString();
                if (!found.containsKey(d)) {
                    Path sub = root.resolve(d);
                    frameworkOf(sub).or(() -> looksLikeVitePress(sub) ? Optional.of(Framework.VITEPRESS) : Optional.empty())
                            .ifPresent(f -> found.put(d, f));
                }
            }
        }
        return found.isEmpty() ? Optional.empty() : Optional.of(new Nested(found.firstKey(), found.firstEntry().getValue()));
    }

    /** A site found below the indexed folder: its path relative to that folder, and its framework. */
    record Nested(String folder, Framework framework) {
    }

    private static Optional<Framework> frameworkOf(Path dir) {
        if (isDocusaurusSite(dir)) {
            return Optional.of(Framework.DOCUSAURUS);
        }
        if (Files.isDirectory(dir.resolve(".vitepress"))) {
            return Optional.of(Framework.VITEPRESS);
        }
        if (mkdocsConfig(dir).isPresent()) {
            return Optional.of(Framework.MKDOCS);
        }
        return isStarlightContent(dir) ? Optional.of(Framework.STARLIGHT) : Optional.empty();
    }

    static Path routingRoot(Framework framework, Path folder) {
        return switch (framework) {
            case DOCUSAURUS -> docusaurusSite(folder).orElse(folder);
            // pages lie in the config's srcDir, relative to the project (VitePressConfig)
            case VITEPRESS -> vitePressSite(folder).map(site -> site.resolve(VitePressConfig.read(site).srcDir()).normalize())
                    .orElse(folder);
            case STARLIGHT -> nearest(folder, SiteLayout::isStarlightContent).orElse(folder);
            case MKDOCS -> MkDocsConfig.site(folder).map(site -> site.resolve(MkDocsConfig.read(site).docsDir()).normalize())
                    .orElse(folder);
            case HTML, MARKDOWN -> folder;
        };
    }

    /** The VitePress project {@code folder} is in: itself or the nearest parent holding .vitepress. */
    static Optional<Path> vitePressSite(Path folder) {
        return nearest(folder, d -> Files.isDirectory(d.resolve(".vitepress")));
    }

    /** The Astro project {@code folder} is in: itself or the nearest parent holding astro.config.*. */
    static Optional<Path> astroSite(Path folder) {
        return nearest(folder, d -> ConfigFile.find(d, "astro.config").isPresent());
    }

    /**
     * The Docusaurus site {@code folder} is in: itself or the nearest parent that is one, else a site in a subfolder of
     * it or of a parent whose docs or blog folder lies outside the site and overlaps {@code folder} (repo/website reading
     * '../docs', for repo or repo/docs).
     */
    static Optional<Path> docusaurusSite(Path folder) {
        Path dir = folder.toAbsolutePath().normalize();
        return nearest(dir, SiteLayout::isDocusaurusSite).or(() -> siteReadingFrom(dir));
    }

    private static Optional<Path> siteReadingFrom(Path folder) {
        Path dir = folder;
        for (int up = 0; dir != null && up <= PARENTS; up++, dir = dir.getParent()) {
            List<Path> children;
            try (var list = Files.list(dir)) {
                children = list.filter(c -> !c.getFileName().toString().startsWith(".")
                        && !c.getFileName().toString().equals("node_modules") && Files.isDirectory(c)).sorted().toList();
            } catch (IOException | RuntimeException e) {
                continue;
            }
            for (Path site : children) {
                if (ConfigFile.find(site, "docusaurus.config").isEmpty()) {
                    continue;
                }
                boolean reads = DocusaurusConfig.read(site).contentFolders().stream()
                        .filter(f -> !f.isEmpty() && f.get(0).equals(".."))
                        .map(f -> site.resolve(String.join("/", f)).normalize())
                        .anyMatch(content -> content.startsWith(folder) || folder.startsWith(content));
                if (reads) {
                    return Optional.of(site);
                }
            }
        }
        return Optional.empty();
    }

    static boolean isDocusaurusSite(Path dir) {
        if (Files.isRegularFile(dir.resolve("versions.json")) || Files.isDirectory(dir.resolve("versioned_docs"))) {
            return true;
        }
        return ConfigFile.find(dir, "docusaurus.config").isPresent();
    }

    /** Released versions from versions.json, latest first; empty when the site is not versioned. */
    static List<String> docusaurusVersions(Path site) {
        return docusaurusVersions(site, "versions.json");
    }

    /** Released versions of a docs instance from its versions file ({@code <id>_versions.json}), latest first. */
    static List<String> docusaurusVersions(Path site, String versionsFile) {
        Path file = site.resolve(versionsFile);
        List<String> versions = new ArrayList<>();
        if (Files.isRegularFile(file)) {
            try {
                Matcher m = VERSION.matcher(Files.readString(file));
                while (m.find()) {
                    versions.add(m.group(1));
                }
            } catch (IOException e) {
                throw new IllegalArgumentException("cannot read " + file + ": " + e.getMessage(), e);
            }
        }
        return versions;
    }

    static boolean isMarkdown(String file) {
        String f = file.toLowerCase(Locale.ROOT);
        return f.endsWith(".md") || f.endsWith(".mdx") || f.endsWith(".markdown");
    }

    static boolean isHtml(String file) {
        String f = file.toLowerCase(Locale.ROOT);
        return f.endsWith(".html") || f.endsWith(".htm");
    }

    private static boolean isStarlightContent(Path dir) {
        return dir.endsWith(Path.of("src", "content", "docs"));
    }

    static Optional<Path> mkdocsConfig(Path dir) {
        for (String name : List.of("mkdocs.yml", "mkdocs.yaml")) {
            if (Files.isRegularFile(dir.resolve(name))) {
                return Optional.of(dir.resolve(name));
            }
        }
        return Optional.empty();
    }

    private static boolean looksLikeVitePress(Path folder) {
        Path index = folder.resolve("index.md");
        try {
            return Files.isRegularFile(index) && VITEPRESS_HOME.matcher(Files.readString(index)).find();
        } catch (IOException e) {
            return false;
        }
    }

    /** {@code folder} or the nearest of its parents (up to three up) that passes {@code test}. */
    static Optional<Path> nearest(Path folder, Predicate<Path> test) {
        Path dir = folder;
        for (int up = 0; dir != null && up <= PARENTS; up++, dir = dir.getParent()) {
            if (test.test(dir)) {
                return Optional.of(dir);
            }
        }
        return Optional.empty();
    }
}
