package dev.docask.crawl;

import dev.docask.embed.Embedders;
import dev.docask.index.IndexBuilder;
import dev.docask.testsupport.SiteServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Incremental re-crawls: conditional requests, reused chunks, pages gone from the sitemap removed. */
@Timeout(60)
class RecrawlTest {
    private static final String[] PAGES = {"/", "/guide/", "/guide/mocking.html", "/guide/config.html", "/api/reference.html"};

    private static IndexBuilder.BuildReport build(SiteCrawler.Result r, Path out) {
        IndexBuilder.BuildReport report = IndexBuilder.build(r.corpus(), Embedders.fromSpec("mock", Map.of()),
                IndexBuilder.Settings.defaults("mock"), out, n -> { });
        r.saveState(out);
        return report;
    }

    @Test
    void recrawl_unchangedSite_getsOnly304sAndEmbedsNothing(@TempDir Path tmp) {
        Path out = tmp.resolve("index");
        try (SiteServer site = SiteServer.serving(SiteServer.DOCS).sitemap("/sitemap.xml", PAGES)) {
            SiteCrawler.Result first = SiteCrawler.builder(site.origin() + "/").build().crawl();
            assertThat(build(first, out).embedded()).isPositive();
            assertThat(Files.exists(out.resolve("crawl.json"))).isTrue();
            site.forget();

            SiteCrawler.Result again = SiteCrawler.builder(site.origin() + "/").previous(out).build().crawl();
            List<SiteServer.Request> pages = site.requests().stream()
                    .filter(req -> !req.path().endsWith(".txt") && !req.path().endsWith(".xml")).toList();
            assertThat(pages).hasSize(PAGES.length).allMatch(req -> req.status() == 304)
                    .allMatch(req -> !req.header("If-None-Match").isEmpty());
            assertThat(again.count(SiteCrawler.Outcome.UNCHANGED)).isEqualTo(PAGES.length);
            assertThat(again.siteName()).as("unchanged pages keep their say in the name").hasValue("Quayside");
            assertThat(again.corpus().chunks()).isEqualTo(first.corpus().chunks());
            assertThat(again.corpus().sourceHash()).isEqualTo(first.corpus().sourceHash());
            assertThat(IndexBuilder.differences(again.corpus(), IndexBuilder.Settings.defaults("mock"), out)).isEmpty();
            assertThat(build(again, out).embedded()).isZero();
        }
    }

    @Test
    void recrawl_pageGoneFromTheSitemap_isRemovedAndTheChangeIsSeen(@TempDir Path tmp) {
        Path out = tmp.resolve("index");
        try (SiteServer site = SiteServer.serving(SiteServer.DOCS).sitemap("/sitemap.xml", PAGES)) {
            build(SiteCrawler.builder(site.origin() + "/").build().crawl(), out);
            site.sitemap("/sitemap.xml", "/", "/guide/", "/guide/mocking.html", "/guide/config.html");
            SiteCrawler.Result again = SiteCrawler.builder(site.origin() + "/").previous(out).build().crawl();
            assertThat(again.corpus().chunks()).noneMatch(c -> c.url().contains("/api/"));
            assertThat(IndexBuilder.differences(again.corpus(), IndexBuilder.Settings.defaults("mock"), out))
                    .singleElement().asString().startsWith("pages changed: 1 removed (").contains("reference");
        }
    }

    @Test
    void recrawl_stateOfAnotherGeneration_isNotUsed(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("index");
        try (SiteServer site = SiteServer.serving(SiteServer.DOCS).sitemap("/sitemap.xml", PAGES)) {
            build(SiteCrawler.builder(site.origin() + "/").build().crawl(), out);
            String state = Files.readString(out.resolve("crawl.json"));
            Files.writeString(out.resolve("crawl.json"), state.replaceFirst("gen-\\d+", "gen-999999"));
            site.forget();
            SiteCrawler.Result again = SiteCrawler.builder(site.origin() + "/").previous(out).build().crawl();
            assertThat(again.count(SiteCrawler.Outcome.INDEXED)).isEqualTo(PAGES.length);
            assertThat(site.requests()).noneMatch(req -> req.status() == 304);
        }
    }

    @Test
    void recrawl_aPageThatFailsForAReasonThatPasses_keepsItsLastVersion_aPageGoneIsDropped(@TempDir Path tmp) {
        Path out = tmp.resolve("index");
        try (SiteServer site = SiteServer.serving(SiteServer.DOCS).sitemap("/sitemap.xml", PAGES)) {
            SiteCrawler.Result first = SiteCrawler.builder(site.origin() + "/").build().crawl();
            build(first, out);
            site.route("/guide/config.html", exchange -> {
                exchange.sendResponseHeaders(503, -1);
                exchange.close();
            });
            site.route("/api/reference.html", exchange -> {
                exchange.sendResponseHeaders(404, -1);
                exchange.close();
            });
            SiteCrawler.Result again = SiteCrawler.builder(site.origin() + "/").previous(out).build().crawl();

            assertThat(again.count(SiteCrawler.Outcome.KEPT)).isEqualTo(1);
            assertThat(again.count(SiteCrawler.Outcome.FAILED)).isEqualTo(1);
            assertThat(again.corpus().chunks()).anyMatch(c -> c.url().contains("/guide/config"))
                    .noneMatch(c -> c.url().contains("/api/reference"));
            assertThat(again.corpus().problems()).anyMatch(p -> p.file().endsWith("/guide/config.html")
                    && p.reason().equals("HTTP 503; its version from the last crawl is kept"));
            assertThat(again.summary()).contains("1 failed now and kept from the last crawl").contains("; 1 failed");
        }
    }
}
