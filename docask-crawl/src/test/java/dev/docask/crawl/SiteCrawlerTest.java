package dev.docask.crawl;

import dev.docask.crawl.SiteCrawler.Outcome;
import dev.docask.ingest.Chunk;
import dev.docask.ingest.Corpus;
import dev.docask.ingest.Corpus.Problem;
import dev.docask.ingest.Framework;
import dev.docask.ingest.IngestOptions;
import dev.docask.ingest.SiteReader;
import dev.docask.index.DocIndex;
import dev.docask.index.IndexBuilder;
import dev.docask.testsupport.SiteServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/** One crawl of the test site (DocsSite), checked rule by rule. */
@Timeout(60)
class SiteCrawlerTest {
    private static SiteServer otherHost;
    private static SiteServer site;
    private static DocsSite counters;
    private static SiteCrawler.Result result;

    @BeforeAll
    static void crawlOnce() {
        otherHost = SiteServer.serving(SiteServer.DOCS);
        counters = DocsSite.counters();
        site = DocsSite.start(otherHost, counters);
        // 4 s: long enough for any page on a loaded machine, short enough for the page that never finishes
        result = SiteCrawler.builder(site.origin() + "/").timeout(Duration.ofSeconds(4)).build().crawl();
    }

    @AfterAll
    static void stop() {
        site.close();
        otherHost.close();
    }

    private static Map<String, String> problems() {
        return result.corpus().problems().stream().collect(Collectors.toMap(
                p -> p.file().replace(site.origin(), ""), Problem::reason, (a, b) -> a + "; " + b));
    }

    @Test
    void crawl_docsSite_indexesExactlyTheAllowedHtmlPages() {
        List<String> pages = result.corpus().chunks().stream().map(Chunk::pageUrl).distinct()
                .map(u -> u.replace(site.origin(), "")).sorted().toList();
        assertThat(pages).as(result.toString()).containsExactly(DocsSite.INDEXED);
        assertThat(result.corpus().pages()).isEqualTo(DocsSite.INDEXED.length);
        assertThat(result.corpus().framework()).isEqualTo(Framework.HTML);
    }

    @Test
    void crawl_headingIds_becomeAnchors() {
        List<String> urls = result.corpus().chunks().stream().map(c -> c.url().replace(site.origin(), "")).toList();
        // a tiny intro and the section after it are one chunk, cited at the page top (docs/design.md, sizing)
        assertThat(urls).contains("/guide/mocking.html", "/guide/mocking.html#retries", "/guide/mocking.html#timers",
                "/guide/#first-relay", "/api/reference.html#define-route");
    }

    @Test
    void crawl_sameBuiltHtml_equalsTheFolderReadAsHtmlChunkForChunk() {
        Corpus folder = SiteReader.read(SiteServer.DOCS, new IngestOptions(site.origin(), Framework.HTML,
                IngestOptions.DEFAULT_CHUNK_SIZE, IngestOptions.DEFAULT_CHUNK_OVERLAP, List.of("private/**")));
        assertThat(result.corpus().chunks()).isEqualTo(folder.chunks());
        assertThat(result.corpus().pages()).isEqualTo(folder.pages());
        assertThat(result.corpus().siteName()).isEqualTo(folder.siteName()).hasValue("Quayside");
    }

    @Test
    void crawl_sitemapIndexWithGzippedSitemap_findsEveryListedPage() {
        assertThat(site.paths()).contains("/robots.txt", "/sitemap-index.xml", "/sitemaps/pages.xml.gz",
                "/sitemaps/trouble.xml", "/guide/latin1.html", "/tagged.html");
        assertThat(result.summary()).startsWith("17 pages from 3 sitemaps: 7 indexed");
    }

    @Test
    void crawl_robotsDisallow_neverRequestsThePath() {
        assertThat(site.paths()).noneMatch(p -> p.startsWith("/private/"));
        assertThat(result.count(Outcome.ROBOTS)).isEqualTo(1);
    }

    @Test
    void crawl_pageOnAnotherHostInTheSitemap_isNeverRequested() {
        assertThat(problems()).doesNotContainKey("http://elsewhere.invalid/page.html");
        assertThat(result.corpus().chunks()).noneMatch(c -> c.url().contains("elsewhere"));
    }

    @Test
    void crawl_redirectToAnotherHost_isNotFollowed() {
        assertThat(otherHost.paths()).isEmpty();
        assertThat(problems().get("/moved.html")).startsWith("redirects to " + otherHost.origin() + "/moved.html, not followed");
        assertThat(result.count(Outcome.OFF_SITE)).isEqualTo(1);
    }

    @Test
    void crawl_redirectChainOnTheSite_leadsToThePageReadOnce() {
        assertThat(site.paths()).contains("/chain/1.html", "/chain/2.html");
        assertThat(result.count(Outcome.DUPLICATE)).isEqualTo(1);
        assertThat(result.corpus().chunks().stream().filter(c -> c.url().endsWith("/guide/mocking.html")
                && c.text().contains("mockRelay()"))).hasSize(1);
    }

    @Test
    void crawl_serverError_isAReportedProblemAndTheCrawlGoesOn() {
        assertThat(problems()).containsEntry("/error.html", "HTTP 500").containsEntry("/missing.html", "HTTP 404");
        assertThat(result.count(Outcome.FAILED)).isEqualTo(3); // 500, 404 and the page that never finishes
    }

    @Test
    void crawl_429WithRetryAfter_waitsAndRetries() {
        List<SiteServer.Request> config = site.requests().stream().filter(r -> r.path().equals("/guide/config.html")).toList();
        assertThat(config).extracting(SiteServer.Request::status).containsExactly(429, 200);
        assertThat(Duration.ofNanos(config.get(1).startNanos() - config.get(0).startNanos())).isGreaterThan(Duration.ofMillis(800));
    }

    @Test
    void crawl_pageThatNeverFinishes_timesOutWithoutHoldingTheCrawl() {
        assertThat(problems().get("/slow.html")).isEqualTo("no complete answer within 4 s");
    }

    @Test
    void crawl_pageOverTheSizeCap_isNotDownloadedWhole() {
        assertThat(problems().get("/huge.html")).isEqualTo("page is over the 5 MB limit for a page");
        assertThat(result.count(Outcome.TOO_BIG)).isEqualTo(1);
        assertThat(counters.hugeBytes.get()).isLessThan(50 * 1048576);
    }

    @Test
    void crawl_pageTitlesNameTheProduct_siteIsNamedByThemNotByTheHost() {
        // "Getting started | Quayside", "Mocking | Quayside" …; the host is 127.0.0.1
        assertThat(result.siteName()).hasValue("Quayside");
    }

    @Test
    void crawl_indexedWithoutASiteName_isNamedAsItsPagesAgree_asDocaskIndexNamesIt(@TempDir Path out) {
        IndexBuilder.build(result.corpus(), IndexBuilder.Settings.defaults("none"), out);
        try (DocIndex index = DocIndex.open(out)) {
            assertThat(index.manifest().siteName()).isEqualTo("Quayside");
        }
        IndexBuilder.build(result.corpus(), IndexBuilder.Settings.defaults("none").withSiteName("Relay docs"), out);
        try (DocIndex index = DocIndex.open(out)) {
            assertThat(index.manifest().siteName()).as("a name the user gives wins").isEqualTo("Relay docs");
        }
    }

    @Test
    void crawl_pdf_isSkippedAsNotHtml() {
        assertThat(problems().get("/manual.pdf")).isEqualTo("not an HTML page (Content-Type application/pdf)");
        assertThat(result.count(Outcome.NOT_HTML)).isEqualTo(1);
    }

    @Test
    void crawl_noindexMetaAndXRobotsTag_areLeftOut() {
        assertThat(result.count(Outcome.NOINDEX)).isEqualTo(2);
        assertThat(result.corpus().chunks()).noneMatch(c -> c.url().contains("hidden") || c.url().contains("tagged"));
    }

    @Test
    void crawl_canonicalLink_isThePageUrl() {
        List<Chunk> webhooks = result.corpus().chunks().stream().filter(c -> c.source().equals("guide/old-name.html")).toList();
        assertThat(webhooks).isNotEmpty().allMatch(c -> c.pageUrl().equals(site.origin() + "/guide/webhooks.html"));
    }

    @Test
    void crawl_pageInIso88591_isDecodedByItsMetaCharset() {
        assertThat(result.corpus().chunks()).anyMatch(c -> c.text().contains("Cais do Sodré") && c.text().contains("Münster-Übersee"));
    }

    @Test
    void crawl_everyRequest_carriesDocasksUserAgent() {
        assertThat(site.requests()).allMatch(r -> r.header("User-Agent").startsWith("docask/")
                && r.header("User-Agent").contains("(+https://github.com/docask/docask)"));
    }

    @Test
    void crawl_politeByDefault_neverMoreThanTwoRequestsAtOnce() {
        assertThat(site.mostAtOnce()).isBetween(1, 2);
    }
}
