package dev.docask.ingest;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/** Routes and base paths that follow VitePress, Astro and Docusaurus configs, each setting on a short config. */
class SiteConfigRoutesTest {

    @TempDir
    Path tmp;

    private static final FrontMatter NONE = FrontMatter.parse("");

    private static String path(PageRouter router, String file) {
        return router.route(file, NONE).map(Route::path).orElse(null);
    }

    private Path vitepress(String config) throws IOException {
        Path site = Files.createDirectories(tmp.resolve("docs/.vitepress")).getParent();
        Files.writeString(site.resolve(".vitepress/config.mts"), config);
        return site;
    }

    private Path starlight(String config) throws IOException {
        Files.writeString(tmp.resolve("astro.config.mjs"), config);
        return Files.createDirectories(tmp.resolve("src/content/docs"));
    }

    private Path docusaurus(String config) throws IOException {
        Path site = Files.createDirectories(tmp.resolve("website"));
        Files.writeString(site.resolve("docusaurus.config.js"), config);
        return site;
    }

    @Test
    void vitepress_configWithoutCleanUrls_pagesAreTheirHtmlFiles() throws IOException {
        PageRouter router = new PageRouter(Framework.VITEPRESS, vitepress("export default defineConfig({title: 'X'})\n"));
        assertThat(path(router, "guide/mocking.md")).isEqualTo("/guide/mocking.html");
        assertThat(path(router, "guide/index.md")).isEqualTo("/guide/");
        assertThat(path(router, "index.md")).isEqualTo("/");
        assertThat(router.problems()).isEmpty();
    }

    @Test
    void vitepress_cleanUrlsTrue_pagesAreClean() throws IOException {
        PageRouter router = new PageRouter(Framework.VITEPRESS, vitepress("export default defineConfig({cleanUrls: true})\n"));
        assertThat(path(router, "guide/mocking.md")).isEqualTo("/guide/mocking");
    }

    @Test
    void vitepress_noConfigFile_pagesStayClean() throws IOException {
        Path site = Files.createDirectories(tmp.resolve("docs/.vitepress")).getParent();
        assertThat(path(new PageRouter(Framework.VITEPRESS, site), "guide/mocking.md")).isEqualTo("/guide/mocking");
    }

    @Test
    void vitepress_computedCleanUrls_keepsDefaultAndIsAProblem() throws IOException {
        PageRouter router = new PageRouter(Framework.VITEPRESS,
                vitepress("export default defineConfig({cleanUrls: !process.env.LOCAL})\n"));
        assertThat(path(router, "guide/mocking.md")).isEqualTo("/guide/mocking.html");
        assertThat(router.problems()).singleElement().satisfies(p -> {
            assertThat(p.file()).isEqualTo(".vitepress/config.mts");
            assertThat(p.reason()).isEqualTo("cleanUrls is computed (!process.env.LOCAL): read as false");
        });
    }

    @Test
    void vitepress_srcDir_routesRelativeToItFromProjectOrSrcFolder() throws IOException {
        Path site = vitepress("export default {srcDir: './src', cleanUrls: true}\n");
        Path src = Files.createDirectories(site.resolve("src"));
        PageRouter fromProject = new PageRouter(Framework.VITEPRESS, site);
        assertThat(path(fromProject, "src/guide/setup.md")).isEqualTo("/guide/setup");
        assertThat(path(fromProject, "src/index.md")).isEqualTo("/");
        assertThat(fromProject.route("README.md", NONE)).as("outside srcDir: not a page").isEmpty();
        assertThat(path(new PageRouter(Framework.VITEPRESS, src), "guide/setup.md")).isEqualTo("/guide/setup");
    }

    @Test
    void vitepress_literalRewrites_movePages() throws IOException {
        PageRouter router = new PageRouter(Framework.VITEPRESS, vitepress("""
                export default defineConfig({
                  cleanUrls: true,
                  rewrites: {
                    'packages/pkg-a/src/pkg-a-docs.md': 'pkg-a/index.md',
                    'packages/:pkg/src/:slug*': ':pkg/:slug*',
                  },
                })
                """));
        assertThat(path(router, "packages/pkg-a/src/pkg-a-docs.md")).isEqualTo("/pkg-a/");
        assertThat(path(router, "packages/pkg-b/src/guide/usage.md")).isEqualTo("/pkg-b/guide/usage");
        assertThat(path(router, "guide/other.md")).isEqualTo("/guide/other");
        assertThat(router.problems()).isEmpty();
    }

    @Test
    void vitepress_regexOrComputedRewrites_areProblemsAndPagesKeepPaths() throws IOException {
        PageRouter router = new PageRouter(Framework.VITEPRESS, vitepress("""
                export default {cleanUrls: true, rewrites: {'packages/:pkg/src/(.*)': ':pkg/index.md', 'a.md': target}}
                """));
        assertThat(path(router, "packages/pkg-a/src/x.md")).isEqualTo("/packages/pkg-a/src/x");
        assertThat(router.problems()).extracting(Corpus.Problem::reason).containsExactly(
                "rewrites 'packages/:pkg/src/(.*)' holds a pattern docask does not read: not applied",
                "rewrites 'a.md' is computed (target): not applied");
    }

    @Test
    void vitepress_base_isTheSitesBaseButASidebarBaseIsNot() throws IOException {
        PageRouter router = new PageRouter(Framework.VITEPRESS, vitepress("""
                export default defineConfig({
                  base: '/project/',
                  themeConfig: {sidebar: {'/guide/': [{text: 'Guide', base: '/guide/', items: []}]}},
                })
                """));
        assertThat(router.base()).contains(new BasePath.SiteBase("/project", "base", ".vitepress/config.mts"));
        assertThat(new PageRouter(Framework.VITEPRESS, vitepress("""
                export default {themeConfig: {sidebar: [{text: 'Guide', base: '/guide/'}]}}
                """)).base()).isEmpty();
    }

    @Test
    void starlight_trailingSlashNever_noSlash() throws IOException {
        PageRouter router = new PageRouter(Framework.STARLIGHT, starlight("""
                export default defineConfig({trailingSlash: 'never', integrations: [starlight({title: 'X'})]});
                """));
        assertThat(path(router, "guides/setup.md")).isEqualTo("/guides/setup");
        assertThat(path(router, "index.mdx")).isEqualTo("/");
    }

    @Test
    void starlight_trailingSlashAlwaysOrIgnore_slash() throws IOException {
        assertThat(path(new PageRouter(Framework.STARLIGHT, starlight("export default {trailingSlash: 'always'}")),
                "guides/setup.md")).isEqualTo("/guides/setup/");
        assertThat(path(new PageRouter(Framework.STARLIGHT, starlight("export default {}")), "guides/setup.md"))
                .isEqualTo("/guides/setup/");
    }

    @Test
    void starlight_buildFormatFile_htmlFiles() throws IOException {
        PageRouter router = new PageRouter(Framework.STARLIGHT, starlight("""
                export default defineConfig({build: {format: 'file'}, trailingSlash: 'always'});
                """));
        assertThat(path(router, "guides/setup.md")).isEqualTo("/guides/setup.html");
        assertThat(path(router, "guides/index.md")).isEqualTo("/guides.html");
        assertThat(path(router, "index.mdx")).isEqualTo("/index.html");
    }

    @Test
    void starlight_baseLiteral_isSiteBase_computedIsAProblem() throws IOException {
        assertThat(new PageRouter(Framework.STARLIGHT, starlight("export default {base: '/docs'}")).base())
                .contains(new BasePath.SiteBase("/docs", "base", "astro.config.mjs"));
        PageRouter computed = new PageRouter(Framework.STARLIGHT, starlight("export default {base: process.env.BASE}"));
        assertThat(computed.base()).isEmpty();
        assertThat(computed.problems()).extracting(Corpus.Problem::file, Corpus.Problem::reason)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("astro.config.mjs",
                        "base is computed (process.env.BASE): read as '/'"));
    }

    @Test
    void docusaurus_trailingSlashTrueOrFalse_appliedButNotToRoot() throws IOException {
        PageRouter with = new PageRouter(Framework.DOCUSAURUS, docusaurus("export default {trailingSlash: true};"));
        assertThat(path(with, "docs/guides/setup.md")).isEqualTo("/docs/guides/setup/");
        assertThat(path(with, "src/pages/index.md")).isEqualTo("/");
        PageRouter without = new PageRouter(Framework.DOCUSAURUS, docusaurus("export default {trailingSlash: false};"));
        assertThat(path(without, "docs/intro.md")).isEqualTo("/docs/intro");
        assertThat(path(without, "docs/index.md")).isEqualTo("/docs");
        PageRouter unset = new PageRouter(Framework.DOCUSAURUS, docusaurus("export default {};"));
        assertThat(path(unset, "docs/index.md")).isEqualTo("/docs/");
    }

    @Test
    void docusaurus_baseUrlLiteral_isSiteBase_computedIsAProblem() throws IOException {
        assertThat(new PageRouter(Framework.DOCUSAURUS, docusaurus("module.exports = {baseUrl: '/project/'};")).base())
                .contains(new BasePath.SiteBase("/project", "baseUrl", "docusaurus.config.js"));
        assertThat(new PageRouter(Framework.DOCUSAURUS, docusaurus("module.exports = {baseUrl: '/'};")).base()).isEmpty();
        PageRouter computed = new PageRouter(Framework.DOCUSAURUS, docusaurus("""
                const baseUrl = process.env.BASE_URL ?? '/';
                export default {baseUrl, trailingSlash: isDev};
                """));
        assertThat(computed.base()).isEmpty();
        assertThat(computed.problems()).extracting(Corpus.Problem::reason).containsExactly(
                "the site's baseUrl is computed (baseUrl): read as '/'",
                "the site's trailingSlash is computed (isDev): URLs are kept as routed");
    }

    private Path mkdocs(String yaml) throws IOException {
        Files.writeString(tmp.resolve("mkdocs.yml"), yaml);
        return Files.createDirectories(tmp.resolve("docs"));
    }

    @Test
    void mkdocs_configNotUtf8_settingsAroundTheByteStillRead() throws IOException {
        // a Latin-1 é used to make the whole file unreadable: docs_dir and site_url were dropped without a word
        Files.write(tmp.resolve("mkdocs.yml"), "site_name: Caf\u00e9\ndocs_dir: pages\nuse_directory_urls: false\nsite_url: https://u.github.io/cafe/\n"
                .getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
        Path pages = Files.createDirectories(tmp.resolve("pages"));
        PageRouter router = new PageRouter(Framework.MKDOCS, tmp);
        assertThat(path(router, "pages/setup.md")).isEqualTo("/setup.html");
        assertThat(router.base()).contains(new BasePath.SiteBase("/cafe", "site_url", "mkdocs.yml"));
        assertThat(path(new PageRouter(Framework.MKDOCS, pages), "setup.md")).isEqualTo("/setup.html");
    }

    @Test
    void docusaurus_configNotUtf8_settingsAroundTheByteStillRead() throws IOException {
        Path site = Files.createDirectories(tmp.resolve("website"));
        Files.write(site.resolve("docusaurus.config.js"), ("// (c) Fran\u00e7ois\nmodule.exports = {baseUrl: '/proj/', "
                + "presets: [['classic', {docs: {routeBasePath: '/'}}]]};\n").getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
        PageRouter router = new PageRouter(Framework.DOCUSAURUS, site);
        assertThat(path(router, "docs/setup.md")).isEqualTo("/setup");
        assertThat(router.base()).contains(new BasePath.SiteBase("/proj", "baseUrl", "docusaurus.config.js"));
        assertThat(router.problems()).isEmpty();
    }

    @Test
    void vitepress_configNotUtf8_settingsAroundTheByteStillRead() throws IOException {
        Path site = Files.createDirectories(tmp.resolve("docs/.vitepress")).getParent();
        Files.write(site.resolve(".vitepress/config.mts"), "// \u00e9\nexport default {base: '/v/', cleanUrls: true}\n"
                .getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
        PageRouter router = new PageRouter(Framework.VITEPRESS, site);
        assertThat(path(router, "guide/setup.md")).isEqualTo("/guide/setup");
        assertThat(router.base()).isPresent();
    }

    @Test
    void mkdocs_siteUrlWithAPath_isSiteBase() throws IOException {
        Path docs = mkdocs("site_name: Relay\nsite_url: https://org.github.io/project/  # GitHub Pages\n");
        assertThat(new PageRouter(Framework.MKDOCS, docs).base())
                .contains(new BasePath.SiteBase("/project", "site_url", "mkdocs.yml"));
        assertThat(new PageRouter(Framework.MKDOCS, tmp).base()).as("from the project folder too").isPresent();
        assertThat(path(new PageRouter(Framework.MKDOCS, docs), "setup.md")).as("not part of a route").isEqualTo("/setup/");
    }

    @Test
    void mkdocs_siteUrlAtTheHostsRootOrUnset_noSiteBase() throws IOException {
        assertThat(new PageRouter(Framework.MKDOCS, mkdocs("site_url: 'https://relay.dev/'\n")).base()).isEmpty();
        assertThat(new PageRouter(Framework.MKDOCS, mkdocs("site_url: https://relay.dev\n")).base()).isEmpty();
        assertThat(new PageRouter(Framework.MKDOCS, mkdocs("site_url: ~\n")).base()).isEmpty();
        PageRouter unset = new PageRouter(Framework.MKDOCS, mkdocs("site_name: Relay\n"));
        assertThat(unset.base()).isEmpty();
        assertThat(unset.problems()).isEmpty();
    }

    @Test
    void mkdocs_siteUrlFromEnv_keepsNoBasePathAndIsAProblem() throws IOException {
        PageRouter router = new PageRouter(Framework.MKDOCS, mkdocs("""
                site_name: Relay
                site_url: !ENV [READTHEDOCS_CANONICAL_URL, 'https://relay.dev/en/latest/']
                """));
        assertThat(router.base()).isEmpty();
        assertThat(router.problems()).extracting(Corpus.Problem::file, Corpus.Problem::reason).containsExactly(
                org.assertj.core.groups.Tuple.tuple("mkdocs.yml", "site_url is computed"
                        + " (!ENV [READTHEDOCS_CANONICAL_URL, 'https://relay.dev/en/latest/']): read as unset"));
    }

    @Test
    void mkdocs_siteUrlNotAUrl_noBasePathAndAProblem() throws IOException {
        PageRouter router = new PageRouter(Framework.MKDOCS, mkdocs("site_url: /project/\n"));
        assertThat(router.base()).isEmpty();
        assertThat(router.problems()).extracting(Corpus.Problem::reason)
                .containsExactly("site_url '/project/' is not a URL with a scheme and host: no base path read");
    }

    @Test
    void mkdocs_onlyTopLevelSettingsCount_pythonTagsAndDeepNavAreFine() throws IOException {
        Files.writeString(tmp.resolve("mkdocs.yml"), """
                site_name: "Relay Docs"
                docs_dir: pages
                extra:
                  site_url: https://elsewhere.dev/other/
                  docs_dir: nowhere
                markdown_extensions:
                  - pymdownx.emoji:
                      emoji_index: !!python/name:material.extensions.emoji.twemoji
                nav: %s
                use_directory_urls: no
                site_url: https://org.github.io/relay/
                """.formatted("[".repeat(500) + "]".repeat(500)));
        Path pages = Files.createDirectories(tmp.resolve("pages"));
        PageRouter router = new PageRouter(Framework.MKDOCS, tmp);
        assertThat(path(router, "pages/guide/setup.md")).isEqualTo("/guide/setup.html");
        assertThat(router.base()).contains(new BasePath.SiteBase("/relay", "site_url", "mkdocs.yml"));
        assertThat(router.problems()).isEmpty();
        assertThat(SiteReader.siteName(pages, Framework.MKDOCS)).contains("Relay Docs");
    }

    @Test
    void mkdocs_notYaml_defaultsAndAProblem() throws IOException {
        PageRouter router = new PageRouter(Framework.MKDOCS, mkdocs("site_name: [unclosed\nsite_url: https://x.dev/p/\n"));
        assertThat(router.base()).isEmpty();
        assertThat(path(router, "setup.md")).isEqualTo("/setup/");
        assertThat(router.problems()).singleElement().satisfies(p -> assertThat(p.reason())
                .startsWith("mkdocs.yml is not YAML docask reads (").endsWith("): MkDocs's defaults are used"));
    }

    @Test
    void read_mkdocsSiteUrlPath_hostOnlyBaseUrlGetsIt() throws IOException {
        Path docs = mkdocs("site_name: Relay\nsite_url: https://org.github.io/project/\n");
        Files.writeString(docs.resolve("setup.md"), "# Setup\n\nHow to set it up.");
        Corpus corpus = SiteReader.read(docs, IngestOptions.defaults("https://org.github.io"));
        assertThat(corpus.chunks()).extracting(Chunk::pageUrl).containsExactly("https://org.github.io/project/setup/");
        assertThat(SiteReader.basePathNote(docs, Framework.MKDOCS, "https://org.github.io")).contains(
                "URLs are under https://org.github.io/project/: mkdocs.yml deploys the site there (site_url);"
                        + " a base URL with a path of its own is kept as given");
    }

    /** repo/website reads its docs from repo/docs, as Jest's and React Native's sites do. */
    private Path docsBesideTheSite() throws IOException {
        Path repo = Files.createDirectories(tmp.resolve("repo"));
        Path website = Files.createDirectories(repo.resolve("website"));
        Files.writeString(website.resolve("docusaurus.config.js"), """
                module.exports = {
                  title: 'Relay',
                  presets: [['classic', {docs: {path: '../docs', sidebarPath: './sidebars.js'}}]],
                };
                """);
        Files.writeString(website.resolve("versions.json"), "[\"1.0\"]");
        Files.writeString(Files.createDirectories(website.resolve("versioned_docs/version-1.0")).resolve("intro.md"),
                "# Intro\n\nRelay 1.0 moves messages.");
        Files.writeString(Files.createDirectories(website.resolve("blog")).resolve("2024-05-01-launch.md"),
                "# Launch\n\nRelay is out.");
        Path docs = Files.createDirectories(repo.resolve("docs/guides"));
        Files.writeString(repo.resolve("docs/intro.md"), "# Intro\n\nRelay moves messages.");
        Files.writeString(docs.resolve("setup.md"), "# Setup\n\nInstall Relay.");
        Files.writeString(repo.resolve("docs/_shared.md"), "A partial.");
        Files.writeString(repo.resolve("README.md"), "# Relay\n\nThe repository.");
        Files.writeString(Files.createDirectories(repo.resolve("packages/core")).resolve("README.md"), "# Core\n\nA package.");
        return repo;
    }

    private static List<String> pageUrls(Corpus corpus) {
        return corpus.chunks().stream().map(Chunk::pageUrl).distinct().sorted().toList();
    }

    @Test
    void docusaurus_docsBesideTheSite_readingTheSiteIsAProblemNamingTheFolderHoldingBoth() throws IOException {
        Path repo = docsBesideTheSite();
        Corpus corpus = SiteReader.read(repo.resolve("website"), IngestOptions.defaults("https://relay.dev"));
        assertThat(pageUrls(corpus)).containsExactly("https://relay.dev/blog/2024/05/01/launch", "https://relay.dev/docs/intro");
        assertThat(corpus.problems()).extracting(Corpus.Problem::file, Corpus.Problem::reason).containsExactly(
                org.assertj.core.groups.Tuple.tuple("docusaurus.config.js", "docs path '../docs' is outside the folder read,"
                        + " so its pages are not indexed: index " + repo.toAbsolutePath().normalize()
                        + ", which holds both, to include them"));
    }

    @Test
    void docusaurus_docsBesideTheSite_readingTheFolderHoldingBoth_routesEveryPageFromTheSite() throws IOException {
        Path repo = docsBesideTheSite();
        Corpus corpus = SiteReader.read(repo, IngestOptions.defaults("https://relay.dev"));
        assertThat(corpus.framework()).isEqualTo(Framework.DOCUSAURUS);
        assertThat(pageUrls(corpus)).containsExactly("https://relay.dev/blog/2024/05/01/launch", "https://relay.dev/docs/intro",
                "https://relay.dev/docs/next/guides/setup", "https://relay.dev/docs/next/intro");
        assertThat(corpus.problems()).isEmpty();
        assertThat(SiteReader.siteName(repo, Framework.DOCUSAURUS)).contains("Relay");
        assertThat(SiteReader.nestedSiteNote(repo, corpus)).isEmpty();
    }

    @Test
    void docusaurus_docsBesideTheSite_readingTheDocsFolder_routesThemFromTheSite() throws IOException {
        Path repo = docsBesideTheSite();
        Corpus corpus = SiteReader.read(repo.resolve("docs"), IngestOptions.defaults("https://relay.dev"));
        assertThat(corpus.framework()).isEqualTo(Framework.DOCUSAURUS);
        assertThat(pageUrls(corpus)).containsExactly("https://relay.dev/docs/next/guides/setup", "https://relay.dev/docs/next/intro");
        assertThat(corpus.problems()).isEmpty();
    }

    @Test
    void docusaurus_docsPathOutsideTheSiteButMissing_noProblem() throws IOException {
        Path site = docusaurus("module.exports = {presets: [['classic', {docs: {path: '../docs'}}]]};");
        Files.writeString(Files.createDirectories(site.resolve("blog")).resolve("welcome.md"), "# Welcome\n\nHello.");
        assertThat(SiteReader.read(site, IngestOptions.defaults("https://relay.dev")).problems()).isEmpty();
    }

    @Test
    void join_hostOnlyBaseUrl_getsTheBasePathAndANote() {
        BasePath.Joined j = BasePath.join("https://u.github.io", Optional.of(new BasePath.SiteBase("/project", "base", "x.ts")));
        assertThat(j.baseUrl()).isEqualTo("https://u.github.io/project");
        assertThat(j.note()).contains("URLs are under https://u.github.io/project/: x.ts deploys the site there (base);"
                + " a base URL with a path of its own is kept as given");
    }

    @Test
    void join_baseUrlEndingWithTheBasePath_unchangedAndSilent() {
        Optional<BasePath.SiteBase> base = Optional.of(new BasePath.SiteBase("/project", "base", "x.ts"));
        assertThat(BasePath.join("https://u.github.io/project", base)).isEqualTo(new BasePath.Joined("https://u.github.io/project", Optional.empty()));
        assertThat(BasePath.join("https://x.dev/mirror/project", base).baseUrl()).isEqualTo("https://x.dev/mirror/project");
    }

    @Test
    void join_baseUrlWithAnotherPath_keptWithANote() {
        BasePath.Joined j = BasePath.join("https://u.github.io/myproject", Optional.of(new BasePath.SiteBase("/project", "base", "x.ts")));
        assertThat(j.baseUrl()).isEqualTo("https://u.github.io/myproject");
        assertThat(j.note()).contains("x.ts deploys the site under /project/ (base), and the base URL https://u.github.io/myproject"
                + " is kept as given");
    }

    @Test
    void join_noBaseUrlOrNoBasePath_unchanged() {
        assertThat(BasePath.join("", Optional.of(new BasePath.SiteBase("/project", "base", "x.ts"))).baseUrl()).isEmpty();
        assertThat(BasePath.join("https://x.dev", Optional.empty())).isEqualTo(new BasePath.Joined("https://x.dev", Optional.empty()));
    }

    @Test
    void read_configBasePath_urlsAndRecordedBaseUrlHaveIt() throws IOException {
        Path site = vitepress("export default defineConfig({base: '/project/'})\n");
        Files.writeString(site.resolve("setup.md"), "# Setup\n\nHow to set it up.");
        Corpus corpus = SiteReader.read(site, IngestOptions.defaults("https://u.github.io/"));
        assertThat(corpus.options().baseUrl()).isEqualTo("https://u.github.io/project");
        assertThat(corpus.chunks()).extracting(Chunk::pageUrl).containsExactly("https://u.github.io/project/setup.html");
        assertThat(SiteReader.basePathNote(site, corpus.framework(), "https://u.github.io/")).isPresent();
        assertThat(SiteReader.basePathNote(site, corpus.framework(), corpus.options().baseUrl())).isEmpty();
    }
}
