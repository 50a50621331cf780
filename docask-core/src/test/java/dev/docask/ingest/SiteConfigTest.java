package dev.docask.ingest;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class SiteConfigTest {
    @TempDir
    Path tmp;

    @Test
    void siteName_builtHtml_isWhatMostPageTitlesAgreeOn() throws IOException {
        Files.writeString(tmp.resolve("index.html"), "<title>Quayside</title><h1>Quayside</h1><p>Home.</p>");
        Files.createDirectories(tmp.resolve("guide"));
        Files.writeString(tmp.resolve("guide/index.html"), "<title>Getting started | Quayside</title><h1>Getting started</h1>");
        Files.writeString(tmp.resolve("guide/mocking.html"), "<title>Mocking | Quayside</title><h1>Mocking</h1>");
        assertThat(SiteReader.siteName(tmp, Framework.HTML)).hasValue("Quayside");
        Files.writeString(tmp.resolve("guide/mocking.html"), "<title>Mocking</title><h1>Mocking</h1>");
        assertThat(SiteReader.siteName(tmp, Framework.HTML)).as("one page of three is no agreement").isEmpty();
    }

    @Test
    void siteName_mkdocs_isSiteNameOfMkdocsYml() throws IOException {
        Files.writeString(tmp.resolve("mkdocs.yml"), "# the site\nsite_name: 'Relay Docs'  # shown in the header\nnav:\n  - title: Home\n");
        Path docs = Files.createDirectories(tmp.resolve("docs"));
        assertThat(SiteReader.siteName(docs, Framework.MKDOCS)).hasValue("Relay Docs");
        assertThat(SiteReader.siteName(tmp, Framework.MKDOCS)).hasValue("Relay Docs");
    }

    @Test
    void siteName_docusaurus_isTheConfigsTitle_notTheNavbars() throws IOException {
        Files.writeString(tmp.resolve("docusaurus.config.ts"), """
                const config: Config = {
                  title: 'Docusaurus',
                  tagline: 'Build optimized websites quickly',
                  themeConfig: { navbar: { title: 'Docs' } },
                };
                """);
        Path docs = Files.createDirectories(tmp.resolve("docs"));
        assertThat(SiteReader.siteName(docs, Framework.DOCUSAURUS)).hasValue("Docusaurus");
    }

    @Test
    void siteName_vitepress_isTheTitleInVitepressConfig() throws IOException {
        Files.createDirectories(tmp.resolve(".vitepress"));
        Files.writeString(tmp.resolve(".vitepress/config.mts"), "export default defineConfig({\n  title: \"Vitest\",\n  lang: 'en-US',\n})\n");
        assertThat(SiteReader.siteName(tmp, Framework.VITEPRESS)).hasValue("Vitest");
    }

    @Test
    void siteName_starlight_isTheTitleInsideStarlight() throws IOException {
        Files.writeString(tmp.resolve("astro.config.mjs"), """
                export default defineConfig({
                  site: 'https://docs.astro.build/',
                  integrations: [starlight({ title: 'Docs With Astro', logo: { src: './logo.svg' } })],
                });
                """);
        Path content = Files.createDirectories(tmp.resolve("src/content/docs"));
        assertThat(SiteReader.siteName(content, Framework.STARLIGHT)).hasValue("Docs With Astro");
    }

    @Test
    void siteName_noConfig_orAComputedTitle_isEmpty() throws IOException {
        assertThat(SiteReader.siteName(tmp, Framework.MARKDOWN)).isEmpty();
        assertThat(SiteReader.siteName(tmp, Framework.VITEPRESS)).isEmpty();
        Files.writeString(tmp.resolve("docusaurus.config.js"), "module.exports = { title: pkg.name, url: 'https://x.dev' };\n");
        assertThat(SiteReader.siteName(tmp, Framework.DOCUSAURUS)).isEmpty();
        Files.writeString(tmp.resolve("mkdocs.yml"), "site_name: \n");
        assertThat(SiteReader.siteName(tmp, Framework.MKDOCS)).isEmpty();
    }
}
