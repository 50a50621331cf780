package dev.docask.crawl;

import org.junit.jupiter.api.Test;

import java.net.URI;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class CrawlScopeTest {
    private static CrawlScope scope(String start) {
        return new CrawlScope(CrawlScope.requireStartUrl(start), List.of(), List.of());
    }

    @Test
    void requireStartUrl_normalisesHostPortAndPath() {
        assertThat(CrawlScope.requireStartUrl("HTTPS://Docs.Example.com:443")).isEqualTo(URI.create("https://docs.example.com/"));
        assertThat(CrawlScope.requireStartUrl("http://a.example/docs/#top")).isEqualTo(URI.create("http://a.example/docs/"));
    }

    @Test
    void contains_startPathWithoutSlash_isAFolder() {
        CrawlScope s = scope("https://a.example/docs");
        assertThat(s.prefix()).isEqualTo("/docs/");
        assertThat(s.contains(URI.create("https://a.example/docs/intro"))).isTrue();
        assertThat(s.contains(URI.create("https://a.example/docs"))).isTrue();
        assertThat(s.contains(URI.create("https://a.example/blog/"))).isFalse();
        assertThat(scope("https://a.example/docs/index.html").prefix()).isEqualTo("/docs/");
    }

    @Test
    void requireStartUrl_pdfDocument_isRefusedSayingHtmlPagesOnlyInsteadOfCrawlingItsFolder() {
        assertThatThrownBy(() -> CrawlScope.requireStartUrl("https://x.dev/guide/manual.PDF"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("'https://x.dev/guide/manual.PDF' is not a site to crawl: it names a PDF (manual.PDF), and docask"
                        + " reads HTML pages only; give the address of the docs site or of one of its pages, e.g. https://x.dev/guide/");
        assertThatThrownBy(() -> SiteCrawler.builder("https://x.dev/files/docs.zip")).hasMessageContaining("it names an archive");
    }

    @Test
    void requireStartUrl_pageOrFolderWithADot_isAccepted() {
        assertThat(CrawlScope.requireStartUrl("https://x.dev/guide/intro.html")).hasPath("/guide/intro.html");
        assertThat(CrawlScope.requireStartUrl("https://x.dev/docs/v1.2")).hasPath("/docs/v1.2");
    }

    @Test
    void contains_otherSchemeHostPortOrAQuery_isOutOfScope() {
        CrawlScope s = scope("https://a.example/");
        assertThat(s.contains(URI.create("http://a.example/x"))).isFalse();
        assertThat(s.contains(URI.create("https://b.example/x"))).isFalse();
        assertThat(s.contains(URI.create("https://a.example:8443/x"))).isFalse();
        assertThat(s.contains(URI.create("https://a.example/search?q=x"))).isFalse();
    }

    @Test
    void resolve_dropsTheFragmentAndRefusesOtherSchemes() {
        URI base = URI.create("https://a.example/guide/");
        assertThat(CrawlScope.resolve(base, "mocking.html#timers")).contains(URI.create("https://a.example/guide/mocking.html"));
        assertThat(CrawlScope.resolve(base, "mailto:me@a.example")).isEmpty();
        assertThat(CrawlScope.resolve(base, "javascript:void(0)")).isEmpty();
    }
}
