package dev.docask.ingest;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class DocusaurusRoutesTest {

    private static final FrontMatter NONE = FrontMatter.parse("");

    @TempDir
    Path site;

    private DocusaurusRoutes routes() throws IOException {
        Files.writeString(site.resolve("docusaurus.config.js"), "module.exports = {}");
        return new DocusaurusRoutes(site);
    }

    private static String path(DocusaurusRoutes routes, String file, FrontMatter fm) {
        return routes.route(List.of(file.split("/")), fm).map(Route::path).orElse(null);
    }

    @Test
    void route_unversionedSite_docsAtDocs() throws IOException {
        assertThat(routes().route(List.of("docs", "intro.md"), NONE)).contains(new Route("/docs/intro", null, null));
    }

    @Test
    void route_blogPostWithDateInName_datedUrl() throws IOException {
        DocusaurusRoutes routes = routes();
        assertThat(path(routes, "blog/2024-05-01-launch.md", NONE)).isEqualTo("/blog/2024/05/01/launch");
        assertThat(path(routes, "blog/2024-05-01-launch/index.md", NONE)).isEqualTo("/blog/2024/05/01/launch");
        assertThat(path(routes, "blog/releases/3.0/index.mdx", NONE)).isEqualTo("/blog/releases/3.0");
        assertThat(path(routes, "blog/welcome.md", FrontMatter.parse("---\nslug: hello\n---\n"))).isEqualTo("/blog/hello");
    }

    @Test
    void route_blogPluginInstance_postsDatedUnderItsRouteBasePath() throws IOException {
        Files.writeString(site.resolve("docusaurus.config.js"), """
                module.exports = {
                  presets: [['classic', {blog: {routeBasePath: 'news'}}]],
                  plugins: [['@docusaurus/plugin-content-blog', {id: 'changelog', path: 'changelog', routeBasePath: 'changelog'}]],
                };
                """);
        DocusaurusRoutes routes = new DocusaurusRoutes(site);
        assertThat(routes.route(List.of("changelog", "2024-05-01-3.3.md"), NONE))
                .contains(new Route("/changelog/2024/05/01/3.3", null, "changelog"));
        assertThat(path(routes, "changelog/2023-10-02-3.0/index.md", NONE)).isEqualTo("/changelog/2023/10/02/3.0");
        assertThat(path(routes, "changelog/old.md", FrontMatter.parse("---\nslug: /v1\n---\n"))).isEqualTo("/changelog/v1");
        assertThat(routes.route(List.of("blog", "2024-05-01-launch.md"), NONE))
                .contains(new Route("/news/2024/05/01/launch", null, "blog"));
        assertThat(routes.problems()).isEmpty();
    }

    @Test
    void route_srcPages_servedFromSiteRoot() throws IOException {
        DocusaurusRoutes routes = routes();
        assertThat(path(routes, "src/pages/markdown-page.md", NONE)).isEqualTo("/markdown-page");
        assertThat(path(routes, "src/pages/showcase/index.md", NONE)).isEqualTo("/showcase");
        assertThat(routes.route(List.of("src", "components", "x.md"), NONE)).isEmpty();
    }

    @Test
    void route_siteRootFilesAndTranslations_noUrl() throws IOException {
        DocusaurusRoutes routes = routes();
        assertThat(routes.route(List.of("README.md"), NONE)).isEmpty();
        assertThat(routes.route(List.of("i18n", "fr", "docusaurus-plugin-content-docs", "current", "intro.md"), NONE)).isEmpty();
    }

    @Test
    void route_otherTopLevelFolder_isADocsInstance() throws IOException {
        assertThat(path(routes(), "community/support.mdx", NONE)).isEqualTo("/community/support");
    }
}
