package dev.docask.ingest;

import dev.docask.ingest.internal.SiteNames;
import org.jsoup.Jsoup;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/*
 * What a site's own config says about it: its name. The configs are code (JavaScript, TypeScript) or YAML
 * (mkdocs.yml, read by MkDocsConfig), and docask runs neither, so the values are read as written: a string literal
 * right after the key. A name the config computes ("title: pkg.name") is not read, and the caller falls back to
 * another name. Built HTML has no
 * config: its pages' titles and og:site_name speak for it (SiteNames.agreed, the rule a crawl uses too),
 * read from the first pages in path order, enough to see agreement without reading a large site twice.
 */

/** Reads the site's name from its framework's config file. */
final class SiteConfig {
    private static final Pattern TITLE = Pattern.compile("(?<![\\w.$-])['\"]?title['\"]?[ \\t]*:[ \\t]*(['\"`])([^'\"`\\n]+)\\1");
    private static final int SAMPLED_PAGES = 200;

    private SiteConfig() {
    }

    /** The name the site's config gives it, stripped; empty when there is no config or it names none. */
    static Optional<String> siteName(Framework framework, Path folder) {
        Path dir = folder.toAbsolutePath().normalize();
        Optional<String> name = switch (framework) {
            case MKDOCS -> MkDocsConfig.site(dir).flatMap(site -> MkDocsConfig.read(site).siteName());
            case DOCUSAURUS -> SiteLayout.docusaurusSite(dir)
                    .flatMap(site -> script(site, "docusaurus.config")).flatMap(f -> first(TITLE, read(f)));
            case VITEPRESS -> SiteLayout.nearest(dir, d -> Files.isDirectory(d.resolve(".vitepress")))
                    .flatMap(site -> script(site.resolve(".vitepress"), "config")).flatMap(f -> first(TITLE, read(f)));
            case STARLIGHT -> SiteLayout.nearest(dir, d -> script(d, "astro.config").isPresent())
                    .flatMap(site -> script(site, "astro.config")).flatMap(f -> starlightTitle(read(f)));
            case HTML -> pagesAgree(dir);
            case MARKDOWN -> Optional.empty();
        };
        return name.map(String::strip).filter(n -> !n.isEmpty());
    }

    private static Optional<String> pagesAgree(Path dir) {
        List<Path> pages;
        try (Stream<Path> files = Files.walk(dir)) {
            pages = files.filter(f -> SiteLayout.isHtml(f.getFileName().toString()) && Files.isRegularFile(f))
                    .filter(f -> StreamSupport.stream(dir.relativize(f).spliterator(), false)
                            .noneMatch(part -> part.toString().startsWith(".") || part.toString().equals("node_modules")))
                    .sorted().limit(SAMPLED_PAGES).toList();
        } catch (IOException | UncheckedIOException e) {
            return Optional.empty();
        }
        List<List<String>> claims = new ArrayList<>();
        for (Path page : pages) {
            try {
                claims.add(SiteNames.claims(Jsoup.parse(SourceText.read(page, true))));
            } catch (IllegalArgumentException e) {
                // an unreadable page is the reader's problem to report; it only has no say in the name
            }
        }
        return SiteNames.agreed(claims);
    }

    /** Starlight's title is the one inside {@code starlight({...})}; Astro's own config has none. */
    private static Optional<String> starlightTitle(String config) {
        int at = config.indexOf("starlight(");
        return at < 0 ? Optional.empty() : first(TITLE, config.substring(at));
    }

    private static Optional<String> first(Pattern p, String text) {
        Matcher m = p.matcher(text);
        return m.find() ? Optional.of(m.group(2)) : Optional.empty();
    }

    private static Optional<Path> script(Path dir, String name) {
        return ConfigFile.find(dir, name);
    }

    /** The config's text; "" when it cannot be read (a name is a nicety, never a reason to fail a run). */
    private static String read(Path file) {
        try {
            return ConfigFile.text(file);
        } catch (IOException | RuntimeException e) {
            return "";
        }
    }
}
