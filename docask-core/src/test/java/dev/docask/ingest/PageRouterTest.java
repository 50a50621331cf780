package dev.docask.ingest;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

class PageRouterTest {

    @TempDir
    Path tmp;

    private static FrontMatter front(String yaml) {
        return FrontMatter.parse("---\n" + yaml + "\n---\n");
    }

    private static final FrontMatter NONE = FrontMatter.parse("");

    private static String path(PageRouter router, String file, FrontMatter fm) {
        return router.route(file, fm).map(Route::path).orElse(null);
    }

    private Path docusaurusSite(String versions) throws IOException {
        Path site = Files.createDirectories(tmp.resolve("website"));
        Files.writeString(site.resolve("versions.json"), versions);
        return site;
    }

    @Test
    void docusaurus_latestVersion_servedAtDocsAndCurrentAtNext() throws IOException {
        PageRouter router = new PageRouter(Framework.DOCUSAURUS, docusaurusSite("[\"3.8.1\", \"3.7.0\"]"));
        assertThat(router.route("versioned_docs/version-3.8.1/guides/routing.mdx", NONE))
                .contains(new Route("/docs/guides/routing", "3.8.1", "guides"));
        assertThat(router.route("docs/guides/routing.mdx", NONE)).contains(new Route("/docs/next/guides/routing", "next", "guides"));
        assertThat(path(router, "versioned_docs/version-3.7.0/cli.md", NONE)).isEqualTo("/docs/3.7.0/cli");
    }

    @Test
    void docusaurus_slugAbsoluteOrRelative_wins() throws IOException {
        PageRouter router = new PageRouter(Framework.DOCUSAURUS, docusaurusSite("[\"1.0\"]"));
        assertThat(path(router, "docs/api/docusaurus.config.js.mdx", front("slug: /api/docusaurus-config")))
                .isEqualTo("/docs/next/api/docusaurus-config");
        assertThat(path(router, "docs/guides/a.md", front("slug: welcome"))).isEqualTo("/docs/next/guides/welcome");
        assertThat(path(router, "docs/intro.mdx", front("slug: /"))).isEqualTo("/docs/next/");
        assertThat(path(router, "docs/api/plugins/overview.mdx", front("id: plugins-overview\nslug: /api/plugins")))
                .isEqualTo("/docs/next/api/plugins");
    }

    @Test
    void docusaurus_idReplacesFileNameAndNumberPrefixesDrop() throws IOException {
        PageRouter router = new PageRouter(Framework.DOCUSAURUS, docusaurusSite("[\"1.0\"]"));
        assertThat(path(router, "versioned_docs/version-1.0/i18n/i18n-tutorial.mdx", front("id: tutorial")))
                .isEqualTo("/docs/i18n/tutorial");
        assertThat(path(router, "versioned_docs/version-1.0/01-basics/02-setup.md", NONE)).isEqualTo("/docs/basics/setup");
    }

    @Test
    void docusaurus_indexReadmeOrFileNamedLikeFolder_isTheFolder() throws IOException {
        PageRouter router = new PageRouter(Framework.DOCUSAURUS, docusaurusSite("[\"1.0\"]"));
        assertThat(path(router, "docs/advanced/index.mdx", NONE)).isEqualTo("/docs/next/advanced");
        assertThat(path(router, "docs/api/plugin-methods/README.mdx", NONE)).isEqualTo("/docs/next/api/plugin-methods");
        assertThat(path(router, "docs/api/logger/logger.mdx", NONE)).isEqualTo("/docs/next/api/logger");
    }

    @Test
    void docusaurus_partials_haveNoUrl() throws IOException {
        PageRouter router = new PageRouter(Framework.DOCUSAURUS, docusaurusSite("[\"1.0\"]"));
        assertThat(router.route("docs/guides/_partial.mdx", NONE)).isEmpty();
        assertThat(router.route("docs/_shared/note.mdx", NONE)).isEmpty();
    }

    @Test
    void docusaurus_docsFolderWithoutSiteMarkers_servedAtDocs() throws IOException {
        Path docs = Files.createDirectories(tmp.resolve("plain-docs"));
        PageRouter router = new PageRouter(Framework.DOCUSAURUS, docs);
        assertThat(router.route("guides/intro.md", NONE)).contains(new Route("/docs/guides/intro", null, "guides"));
    }

    @Test
    void docusaurus_pointedAtCurrentDocsFolder_stillRoutesFromSite() throws IOException {
        Path site = docusaurusSite("[\"1.0\"]");
        Path docs = Files.createDirectories(site.resolve("docs"));
        assertThat(path(new PageRouter(Framework.DOCUSAURUS, docs), "cli.md", NONE)).isEqualTo("/docs/next/cli");
    }

    private Path docusaurusSiteWithConfig(String versions, String config) throws IOException {
        Path site = docusaurusSite(versions);
        Files.writeString(site.resolve("docusaurus.config.ts"), config);
        return site;
    }

    @Test
    void docusaurus_configRouteBasePathSlash_servesDocsAtTheSiteRoot() throws IOException {
        PageRouter router = new PageRouter(Framework.DOCUSAURUS, docusaurusSiteWithConfig("[]",
                "export default {presets: [['classic', {docs: {routeBasePath: '/'}}]]};"));
        assertThat(router.route("docs/guides/routing.mdx", NONE)).contains(new Route("/guides/routing", null, "guides"));
        assertThat(path(router, "docs/intro.md", front("slug: /"))).isEqualTo("/");
        assertThat(path(router, "blog/2024-05-01-launch.md", NONE)).isEqualTo("/blog/2024/05/01/launch");
    }

    @Test
    void docusaurus_configLastVersionCurrent_servesTheDocsFolderWithoutAVersionSegment() throws IOException {
        PageRouter router = new PageRouter(Framework.DOCUSAURUS, docusaurusSiteWithConfig("[\"2.1\", \"2.0\"]", """
                module.exports = {presets: [['classic', {docs: {
                  lastVersion: 'current', versions: {current: {label: '3.x'}, '2.1': {path: 'v2'}},
                  onlyIncludeVersions: ['current', '2.1'],
                }}]]};
                """));
        assertThat(router.route("docs/cli.md", NONE)).contains(new Route("/docs/cli", "next", null));
        assertThat(router.route("versioned_docs/version-2.1/cli.md", NONE)).contains(new Route("/docs/v2/cli", "2.1", null));
        assertThat(router.route("versioned_docs/version-2.0/cli.md", NONE)).as("not in onlyIncludeVersions").isEmpty();
    }

    @Test
    void docusaurus_configCurrentVersionPath_namesItsSegment() throws IOException {
        PageRouter router = new PageRouter(Framework.DOCUSAURUS, docusaurusSiteWithConfig("[\"1.0\"]",
                "export default {presets: [['classic', {docs: {versions: {current: {path: 'unreleased'}}}}]]};"));
        assertThat(path(router, "docs/cli.md", NONE)).isEqualTo("/docs/unreleased/cli");
        assertThat(path(router, "versioned_docs/version-1.0/cli.md", NONE)).isEqualTo("/docs/cli");
    }

    @Test
    void docusaurus_configFoldersAndBlog_routeWhereTheConfigServesThem() throws IOException {
        Path site = docusaurusSiteWithConfig("[]", """
                export default {
                  presets: [['classic', {docs: {path: 'content/guides', routeBasePath: 'guides'}, blog: {path: 'news', routeBasePath: '/updates'}}]],
                  plugins: [['@docusaurus/plugin-content-docs', {id: 'api', path: 'api-docs', routeBasePath: 'reference'}]],
                };
                """);
        Files.writeString(site.resolve("api_versions.json"), "[\"1.0\"]");
        PageRouter router = new PageRouter(Framework.DOCUSAURUS, site);
        assertThat(path(router, "content/guides/setup.md", NONE)).isEqualTo("/guides/setup");
        assertThat(path(router, "news/2024-05-01-launch.md", NONE)).isEqualTo("/updates/2024/05/01/launch");
        assertThat(router.route("api-docs/client.md", NONE)).contains(new Route("/reference/next/client", "next", null));
        assertThat(router.route("api_versioned_docs/version-1.0/client.md", NONE)).contains(new Route("/reference/client", "1.0", null));
        assertThat(router.route("docs/old.md", NONE)).as("a folder no plugin reads").isEmpty();
        assertThat(router.problems()).isEmpty();
    }

    @Test
    void docusaurus_configOfTheJavaScriptTemplate_routesWhereItsCastOptionsSay() throws IOException {
        PageRouter router = new PageRouter(Framework.DOCUSAURUS, docusaurusSiteWithConfig("[]", """
                // @ts-check
                const strip = (s) => s.replace(/'/g, '');
                /** @type {import('@docusaurus/types').Config} */
                const config = {
                  presets: [['classic', /** @type {import('@docusaurus/preset-classic').Options} */ ({
                    docs: {path: 'handbook', routeBasePath: '/'},
                    blog: {routeBasePath: 'news'},
                  })]],
                };
                module.exports = config;
                """));
        assertThat(path(router, "handbook/setup.md", NONE)).isEqualTo("/setup");
        assertThat(path(router, "blog/2024-05-01-launch.md", NONE)).isEqualTo("/news/2024/05/01/launch");
        assertThat(router.problems()).isEmpty();
    }

    @Test
    void docusaurus_configComputedSetting_isAProblemAndTheDefaultStands() throws IOException {
        PageRouter router = new PageRouter(Framework.DOCUSAURUS, docusaurusSiteWithConfig("[]",
                "export default {presets: [['classic', {docs: {routeBasePath: process.env.DOCS_PATH}}]]};"));
        assertThat(path(router, "docs/cli.md", NONE)).isEqualTo("/docs/cli");
        assertThat(router.problems()).singleElement().satisfies(p -> {
            assertThat(p.file()).isEqualTo("docusaurus.config.ts");
            assertThat(p.reason()).isEqualTo("docs routeBasePath is computed (process.env.DOCS_PATH): read as 'docs'");
        });
    }

    @Test
    void vitepress_cleanUrlsAndIndexWithTrailingSlash() {
        PageRouter router = new PageRouter(Framework.VITEPRESS, tmp);
        assertThat(path(router, "guide/mocking.md", NONE)).isEqualTo("/guide/mocking");
        assertThat(path(router, "guide/browser/index.md", NONE)).isEqualTo("/guide/browser/");
        assertThat(path(router, "index.md", NONE)).isEqualTo("/");
        assertThat(path(router, "guide/01-first.md", NONE)).isEqualTo("/guide/01-first");
    }

    @Test
    void starlight_localeKeptAndTrailingSlashAlways() throws IOException {
        Path content = Files.createDirectories(tmp.resolve("src/content/docs"));
        PageRouter router = new PageRouter(Framework.STARLIGHT, content);
        assertThat(router.route("en/guides/routing.mdx", NONE)).contains(new Route("/en/guides/routing/", null, "guides"));
        assertThat(path(router, "en/index.mdx", NONE)).isEqualTo("/en/");
        assertThat(path(router, "en/tutorial/1-setup/1.mdx", NONE)).isEqualTo("/en/tutorial/1-setup/1/");
        assertThat(path(router, "en/Guides/My Page.md", NONE)).isEqualTo("/en/guides/my-page/");
        assertThat(path(router, "en/guides/What's New v1.2.mdx", NONE)).as("Astro slugs each segment with github-slugger")
                .isEqualTo("/en/guides/whats-new-v12/");
        assertThat(path(router, "en/Über uns/(draft) plan.md", NONE)).isEqualTo("/en/über-uns/draft-plan/");
        assertThat(path(router, "en/old.mdx", front("slug: en/new-place"))).isEqualTo("/en/new-place/");
    }

    @Test
    void starlight_pointedAtLocaleFolder_localeStillInUrl() throws IOException {
        Path en = Files.createDirectories(tmp.resolve("src/content/docs/en"));
        assertThat(path(new PageRouter(Framework.STARLIGHT, en), "basics/layouts.mdx", NONE)).isEqualTo("/en/basics/layouts/");
    }

    @Test
    void mkdocs_directoryUrls_everyPageEndsWithSlash() throws IOException {
        Files.writeString(tmp.resolve("mkdocs.yml"), "site_name: X\n");
        Path docs = Files.createDirectories(tmp.resolve("docs"));
        PageRouter router = new PageRouter(Framework.MKDOCS, tmp);
        assertThat(path(router, "docs/user-guide/writing.md", NONE)).isEqualTo("/user-guide/writing/");
        assertThat(path(router, "docs/index.md", NONE)).isEqualTo("/");
        assertThat(router.route("README.md", NONE)).isEmpty();
        assertThat(path(new PageRouter(Framework.MKDOCS, docs), "about/README.md", NONE)).isEqualTo("/about/");
    }

    @Test
    void mkdocs_useDirectoryUrlsFalse_everyPageIsItsHtmlFile() throws IOException {
        Files.writeString(tmp.resolve("mkdocs.yml"), "site_name: X\nuse_directory_urls: false  # served from a file share\n");
        Path docs = Files.createDirectories(tmp.resolve("docs"));
        PageRouter router = new PageRouter(Framework.MKDOCS, tmp);
        assertThat(path(router, "docs/user-guide/writing.md", NONE)).isEqualTo("/user-guide/writing.html");
        assertThat(path(router, "docs/index.md", NONE)).isEqualTo("/index.html");
        assertThat(path(new PageRouter(Framework.MKDOCS, docs), "about/README.md", NONE)).isEqualTo("/about/index.html");
    }

    @Test
    void markdown_numberPrefixesDroppedAndReadmeIsFolder() {
        PageRouter router = new PageRouter(Framework.MARKDOWN, tmp);
        assertThat(path(router, "getting-started/01-installation.md", NONE)).isEqualTo("/getting-started/installation");
        assertThat(path(router, "README.md", NONE)).isEqualTo("/");
        assertThat(path(router, "api/README.md", NONE)).isEqualTo("/api/");
        assertThat(path(router, "a/b.md", front("permalink: /elsewhere"))).isEqualTo("/elsewhere");
    }

    @Test
    void html_filePathKeptAndIndexIsFolder() {
        PageRouter router = new PageRouter(Framework.HTML, tmp);
        assertThat(path(router, "guide/intro.html", NONE)).isEqualTo("/guide/intro.html");
        assertThat(path(router, "guide/index.html", NONE)).isEqualTo("/guide/");
    }

    @Test
    void route_underscoreFolderAnywhere_noUrlInEveryFramework() {
        for (Framework f : Framework.values()) {
            assertThat(new PageRouter(f, tmp).route("_partials/x.md", NONE)).as(f.name()).isEqualTo(Optional.empty());
        }
    }

    @Test
    void docusaurus_hashQuestionMarkPercentOrBracketsInName_partOfTheRoute() {
        PageRouter router = new PageRouter(Framework.DOCUSAURUS, tmp);
        assertThat(path(router, "hash#tag.md", NONE)).isEqualTo("/docs/hash#tag");
        assertThat(path(router, "guide/q?mark.md", NONE)).isEqualTo("/docs/guide/q?mark");
        assertThat(path(router, "100%.md", NONE)).isEqualTo("/docs/100%");
        assertThat(path(router, "a[1] b.md", NONE)).isEqualTo("/docs/a[1] b");
        assertThat(path(router, "api/@scope.md", NONE)).isEqualTo("/docs/api/@scope");
    }

    @Test
    void markdown_fileNamedOnlyByANumber_keepsIt() {
        PageRouter router = new PageRouter(Framework.MARKDOWN, tmp);
        assertThat(path(router, "1-setup/1.mdx", NONE)).isEqualTo("/setup/1");
        assertThat(path(router, "1-setup/02-next.md", NONE)).isEqualTo("/setup/next");
    }

    @Test
    void markdown_backslashInLinuxFileName_oneSegment() {
        org.junit.jupiter.api.Assumptions.assumeTrue(tmp.getFileSystem().getSeparator().equals("/"));
        PageRouter router = new PageRouter(Framework.MARKDOWN, tmp);
        assertThat(path(router, "a\\b.md", NONE)).isEqualTo("/a\\b");
    }
}
