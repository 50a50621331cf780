package dev.docask.ingest;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class HtmlPagesTest {

    private static final String PAGE = """
            <html><head><title>Mocking | Vitest</title>
            <link rel="canonical" href="https://vitest.dev/guide/mocking"></head>
            <body>
            <header class="nav"><nav><a href="/">Home</a> Site navigation</nav></header>
            <aside>Sidebar link list</aside>
            <main><div class="vp-doc">
              <h1 id="mocking">Mocking <a class="header-anchor" href="#mocking">#</a></h1>
              <p>Intro with <code>vi.fn()</code>.</p>
              <h2 id="modules">Modules</h2>
              <p>Use vi.mock.</p>
              <pre><code class="language-ts">vi.mock('./path')
            const x = 1</code></pre>
              <h3>No id here</h3>
              <ul><li>first</li><li>second</li></ul>
              <div class="edit-link"><a href="https://github.com/x/edit">Edit this page</a></div>
            </div></main>
            <footer>Copyright footer</footer>
            </body></html>
            """;

    @Test
    void parse_docsTheme_mainContentOnly() {
        HtmlPages.HtmlPage page = HtmlPages.parse(PAGE);
        assertThat(page.markdown()).doesNotContain("Site navigation", "Sidebar", "Edit this page", "Copyright", "#\n");
        assertThat(page.markdown()).contains("Intro with `vi.fn()`.", "Use vi.mock.", "- first", "- second");
    }

    @Test
    void parse_headings_keepTheirIds() {
        String md = HtmlPages.parse(PAGE).markdown();
        assertThat(md).contains("# Mocking {#mocking}", "## Modules {#modules}", "### No id here\n");
    }

    @Test
    void parse_preCode_becomesFenceWithLanguage() {
        assertThat(HtmlPages.parse(PAGE).markdown()).contains("```ts\nvi.mock('./path')\nconst x = 1\n```");
    }

    @Test
    void parse_titleAndCanonical_fromH1AndLink() {
        HtmlPages.HtmlPage page = HtmlPages.parse(PAGE);
        assertThat(page.title()).isEqualTo("Mocking");
        assertThat(page.canonicalPath()).contains("/guide/mocking");
        assertThat(page.noindex()).isFalse();
    }

    @Test
    void parse_noH1_titleFromTitleTag() {
        assertThat(HtmlPages.parse("<title>Plain</title><article><p>x</p></article>").title()).isEqualTo("Plain");
    }

    @Test
    void parse_docusaurusArticleHeader_keepsItsH1() {
        String html = "<article><header><h1>Intro</h1></header><div class=\"theme-doc-markdown\"><p>Body</p></div></article>";
        assertThat(HtmlPages.parse(html).markdown()).contains("Body");
        String article = "<article><header><h1>Intro</h1></header><p>Body</p></article>";
        assertThat(HtmlPages.parse(article).title()).isEqualTo("Intro");
    }

    @Test
    void parse_robotsNoindex_flagged() {
        assertThat(HtmlPages.parse("<meta name=\"robots\" content=\"noindex, follow\"><main>x</main>").noindex()).isTrue();
    }

    @Test
    void parse_redirectStub_skipped() {
        assertThat(HtmlPages.parse("<meta http-equiv=\"refresh\" content=\"0; url=/new\"><p>Moved</p>").noindex()).isTrue();
    }
}
