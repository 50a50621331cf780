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
