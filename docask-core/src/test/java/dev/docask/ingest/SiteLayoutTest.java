package dev.docask.ingest;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class SiteLayoutTest {

    @TempDir
    Path tmp;

    @Test
    void detect_docusaurusSubfolders_fromVersionsJsonOrConfig() throws IOException {
        Path website = Files.createDirectories(tmp.resolve("website"));
        Files.writeString(website.resolve("versions.json"), "[\"2.0\"]");
        Path docs = Files.createDirectories(website.resolve("docs/guides"));
        assertThat(SiteLayout.detect(website, List.of("docs/a.md"))).isEqualTo(Framework.DOCUSAURUS);
        assertThat(SiteLayout.detect(docs, List.of("a.md"))).isEqualTo(Framework.DOCUSAURUS);
        Path other = Files.createDirectories(tmp.resolve("other"));
        Files.writeString(other.resolve("docusaurus.config.ts"), "export default {}");
        assertThat(SiteLayout.detect(other, List.of("docs/a.md"))).isEqualTo(Framework.DOCUSAURUS);
    }

    @Test
    void detect_vitepressConfigFolderOrHomeLayout() throws IOException {
        Path docs = Files.createDirectories(tmp.resolve("a/docs/.vitepress"));
        assertThat(SiteLayout.detect(docs.getParent(), List.of("index.md"))).isEqualTo(Framework.VITEPRESS);
        Path home = Files.createDirectories(tmp.resolve("b/docs"));
        Files.writeString(home.resolve("index.md"), "---\nlayout: home\n---\n");
        assertThat(SiteLayout.detect(home, List.of("index.md"))).isEqualTo(Framework.VITEPRESS);
    }

    @Test
    void detect_starlightContentFolderOrBelowIt() throws IOException {
        Path content = Files.createDirectories(tmp.resolve("src/content/docs/en"));
        assertThat(SiteLayout.detect(content.getParent(), List.of("en/a.mdx"))).isEqualTo(Framework.STARLIGHT);
        assertThat(SiteLayout.detect(content, List.of("a.mdx"))).isEqualTo(Framework.STARLIGHT);
    }

    @Test
    void detect_mkdocsYamlInFolderOrParent() throws IOException {
        Files.writeString(tmp.resolve("mkdocs.yml"), "site_name: x\ndocs_dir: pages\n");
        Path pages = Files.createDirectories(tmp.resolve("pages"));
        assertThat(SiteLayout.detect(pages, List.of("index.md"))).isEqualTo(Framework.MKDOCS);
        assertThat(SiteLayout.routingRoot(Framework.MKDOCS, tmp)).isEqualTo(pages);
        assertThat(SiteLayout.routingRoot(Framework.MKDOCS, pages)).isEqualTo(pages);
    }

    @Test
    void detect_onlyHtmlFiles_html() {
        assertThat(SiteLayout.detect(tmp, List.of("index.html", "guide/a.html", "app.css"))).isEqualTo(Framework.HTML);
    }

    @Test
    void detect_noMarkers_plainMarkdown() {
        assertThat(SiteLayout.detect(tmp, List.of("README.md", "index.html"))).isEqualTo(Framework.MARKDOWN);
    }

    @Test
    void docusaurusVersions_listedLatestFirst() throws IOException {
        Files.writeString(tmp.resolve("versions.json"), "[\n  \"3.8.1\",\n  \"3.7.0\"\n]");
        assertThat(SiteLayout.docusaurusVersions(tmp)).containsExactly("3.8.1", "3.7.0");
    }
}
