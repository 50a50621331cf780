package dev.docask.crawl;

import dev.docask.ingest.Chunk;
import dev.docask.testsupport.SiteServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** How pages are found: sitemaps named or guessed, links followed when there is none; and bad input. */
@Timeout(60)
class DiscoveryTest {

    private static List<String> pages(SiteCrawler.Result r, SiteServer site) {
        return r.corpus().chunks().stream().map(Chunk::pageUrl).distinct().map(u -> u.replace(site.origin(), "")).sorted().toList();
    }

    @Test
    void crawl_noSitemap_followsLinksUnderTheStartPath() {
        try (SiteServer site = SiteServer.serving(SiteServer.DOCS)
                .text("/robots.txt", "text/plain", "User-agent: *\nDisallow: /private/\n")) {
            SiteCrawler.Result r = SiteCrawler.builder(site.origin()).build().crawl();
            assertThat(r.summary()).contains("by following links");
            assertThat(pages(r, site)).containsExactly(DocsSite.INDEXED);
            assertThat(site.paths()).contains("/sitemap.xml").noneMatch(p -> p.startsWith("/private/") || p.contains("?"));
        }
    }

    @Test
    void crawl_startPageThatIsARedirectStub_isFollowedByItsRefresh() {
        // mike's and GitHub Pages' root: no link, only <meta http-equiv="refresh">; not a page, but the way in
        String stub = "<!DOCTYPE html><html><head><title>Redirecting</title>"
                + "<meta http-equiv=\"Refresh\" content=\"0; URL='guide/'\"></head><body></body></html>";
        try (SiteServer site = SiteServer.serving(SiteServer.DOCS).route("/", SiteServer.answer(200, "text/html", x -> stub))) {
            SiteCrawler.Result r = SiteCrawler.builder(site.origin()).build().crawl();

            assertThat(pages(r, site)).contains("/guide/", "/guide/mocking.html").doesNotContain("/");
            assertThat(r.count(SiteCrawler.Outcome.NOINDEX)).isGreaterThanOrEqualTo(1);
        }
    }

    @Test
    void refreshUrl_readsTheWaysHtmlWritesIt() {
        assertThat(LinkFinder.refreshUrl("0; url=/docs/intro")).contains("/docs/intro");
        assertThat(LinkFinder.refreshUrl("0;URL='latest/'")).contains("latest/");
        assertThat(LinkFinder.refreshUrl("5, \"/a?b=c\"")).contains("/a?b=c");
        assertThat(LinkFinder.refreshUrl("0; /plain")).contains("/plain");
        assertThat(LinkFinder.refreshUrl("30")).isEmpty();
        assertThat(LinkFinder.refreshUrl("0; url=")).isEmpty();
    }

    @Test
    void crawl_startPath_keepsTheCrawlBelowIt() {
        try (SiteServer site = SiteServer.serving(SiteServer.DOCS)) {
            SiteCrawler.Result r = SiteCrawler.builder(site.origin() + "/guide").build().crawl();
            assertThat(pages(r, site)).allMatch(p -> p.startsWith("/guide/")).contains("/guide/", "/guide/mocking.html");
            assertThat(site.paths()).contains("/sitemap.xml", "/guide/sitemap.xml").doesNotContain("/api/reference.html");
        }
    }

    @Test
    void crawl_sitemapAtSitemapXml_isFoundWithoutRobotsTxt() {
        try (SiteServer site = SiteServer.serving(SiteServer.DOCS).sitemap("/sitemap.xml", "/guide/mocking.html")) {
            SiteCrawler.Result r = SiteCrawler.builder(site.origin()).build().crawl();
            assertThat(pages(r, site)).containsExactly("/guide/mocking.html");
        }
    }

    @Test
    void crawl_includeAndExclude_pickPagesByPath() {
        try (SiteServer site = SiteServer.serving(SiteServer.DOCS).sitemap("/sitemap.xml", DocsSite.INDEXED)) {
            SiteCrawler.Result r = SiteCrawler.builder(site.origin()).include("/guide/**").exclude("config.html").build().crawl();
            assertThat(pages(r, site)).containsExactly("/guide/", "/guide/latin1.html", "/guide/mocking.html");
        }
    }

    @Test
    void crawl_startUrlLeftOutByIncludeOrExclude_isReadForItsLinksOnly_notIndexed() {
        try (SiteServer site = SiteServer.serving(SiteServer.DOCS)) {
            SiteCrawler.Result included = SiteCrawler.builder(site.origin()).include("/guide/**").build().crawl();
            SiteCrawler.Result excluded = SiteCrawler.builder(site.origin()).exclude("/").build().crawl();

            assertThat(pages(included, site)).isNotEmpty().allMatch(p -> p.startsWith("/guide/"));
            assertThat(pages(excluded, site)).isNotEmpty().doesNotContain("/");
            for (SiteCrawler.Result r : List.of(included, excluded)) {
                assertThat(r.count(SiteCrawler.Outcome.EXCLUDED)).isEqualTo(1);
                assertThat(r.summary()).contains("skipped 1 left out by --include/--exclude");
            }
        }
    }

    @Test
    void crawl_redirectToAPageTheCrawlLeavesOut_isNotFollowed_norIndexedUnderItsUrl() {
        try (SiteServer site = SiteServer.serving(SiteServer.DOCS)
                .sitemap("/sitemap.xml", "/guide/moved.html", "/guide/mocking.html")
                .route("/guide/moved.html", SiteServer.redirect(301, "/api/reference.html"))) {
            SiteCrawler.Result excluded = SiteCrawler.builder(site.origin()).exclude("/api/**").build().crawl();
            SiteCrawler.Result below = SiteCrawler.builder(site.origin() + "/guide/").build().crawl();

            for (SiteCrawler.Result r : List.of(excluded, below)) {
                assertThat(pages(r, site)).containsExactly("/guide/mocking.html");
                assertThat(r.count(SiteCrawler.Outcome.OFF_SITE)).isEqualTo(1);
                assertThat(r.summary()).contains("1 redirected out of the crawl");
            }
            assertThat(excluded.corpus().problems()).extracting(p -> p.reason()).containsExactly("redirects to " + site.origin()
                    + "/api/reference.html, not followed: the crawl leaves it out (pages below / that --include and --exclude keep)");
            assertThat(site.paths()).doesNotContain("/api/reference.html");
        }
    }

    @Test
    void crawl_redirectToAUrlWithAQuery_isNotFollowed_asALinkWithOneIsNot() {
        try (SiteServer site = SiteServer.serving(SiteServer.DOCS)
                .sitemap("/sitemap.xml", "/guide/moved.html", "/guide/mocking.html")
                .route("/guide/moved.html", SiteServer.redirect(302, "/guide/mocking.html?utm_source=docs"))) {
            SiteCrawler.Result r = SiteCrawler.builder(site.origin()).build().crawl();
            assertThat(pages(r, site)).containsExactly("/guide/mocking.html");
            assertThat(r.corpus().problems()).extracting(p -> p.reason()).containsExactly("redirects to " + site.origin()
                    + "/guide/mocking.html?utm_source=docs, not followed: a URL with a ?query is not a docs page of its own");
            assertThat(r.corpus().chunks()).noneMatch(c -> c.url().contains("?"));
        }
    }

    @Test
    void crawl_maxPages_stopsFetchingThere() {
        try (SiteServer site = SiteServer.serving(SiteServer.DOCS).sitemap("/sitemap.xml", "/", "/guide/", "/guide/mocking.html")) {
            SiteCrawler.Result r = SiteCrawler.builder(site.origin()).maxPages(2).build().crawl();
            assertThat(r.count(SiteCrawler.Outcome.INDEXED)).isEqualTo(2);
            assertThat(r.count(SiteCrawler.Outcome.OVER_MAX_PAGES)).isEqualTo(1);
        }
    }

    @Test
    void crawl_sitemapOfAnotherHost_isAProblemNamingIt_andLinksAreFollowedInstead() {
        String otherHost = "<?xml version=\"1.0\"?><urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">"
                + "<url><loc>https://docs.example.com/</loc></url><url><loc>https://docs.example.com/guide/</loc></url></urlset>";
        try (SiteServer site = SiteServer.serving(SiteServer.DOCS).text("/sitemap.xml", "application/xml", otherHost)) {
            SiteCrawler.Result r = SiteCrawler.builder(site.origin()).build().crawl();

            assertThat(r.summary()).contains("by following links");
            assertThat(pages(r, site)).contains("/guide/mocking.html");
            assertThat(r.corpus().problems()).filteredOn(p -> p.file().endsWith("/sitemap.xml")).extracting(p -> p.reason())
                    .containsExactly("all its 2 pages are on another site, not read (the first: https://docs.example.com/);"
                            + " docask reads " + site.origin() + " only: to crawl them, give https://docs.example.com/");
            assertThatThrownBy(() -> SiteCrawler.builder(site.origin()).sitemap(site.origin() + "/sitemap.xml").build().crawl())
                    .isInstanceOf(CrawlException.class).hasMessageContaining("all its 2 pages are on another site");
        }
    }

    @Test
    void crawl_sitemapWithSomePagesOfAnotherHost_readsTheRest_andSaysHowManyWereNot() {
        String mixed = "<?xml version=\"1.0\"?><urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">"
                + "<url><loc>https://www.example.com/a</loc></url><url><loc>%s/guide/mocking.html</loc></url></urlset>";
        try (SiteServer site = SiteServer.serving(SiteServer.DOCS)) {
            site.text("/sitemap.xml", "application/xml", mixed.formatted(site.origin()));
            SiteCrawler.Result r = SiteCrawler.builder(site.origin()).build().crawl();

            assertThat(pages(r, site)).containsExactly("/guide/mocking.html");
            assertThat(r.corpus().problems()).extracting(p -> p.reason()).containsExactly("1 of its 2 pages is on another"
                    + " site, not read (the first: https://www.example.com/a); docask reads " + site.origin() + " only");
        }
    }

    @Test
    void crawl_guessedSitemapTheSiteDoesNotHave_403OrTheHomePageForEveryPath_isNoProblem() {
        String spaHome = "<!DOCTYPE html><html><head><title>App</title></head><body><div id=root></div></body></html>";
        try (SiteServer spa = SiteServer.serving(SiteServer.DOCS).text("/sitemap.xml", "text/html", spaHome);
             SiteServer s3 = SiteServer.serving(SiteServer.DOCS)
                     .route("/sitemap.xml", SiteServer.answer(403, "application/xml", x -> "<Error>AccessDenied</Error>"))) {
            for (SiteServer site : List.of(spa, s3)) {
                SiteCrawler.Result r = SiteCrawler.builder(site.origin()).build().crawl();

                assertThat(r.summary()).contains("by following links");
                assertThat(r.corpus().problems()).as(site.origin()).isEmpty();
            }
            assertThatThrownBy(() -> SiteCrawler.builder(spa.origin()).sitemap(spa.origin() + "/sitemap.xml").build().crawl())
                    .as("a sitemap named is one").isInstanceOf(CrawlException.class).hasMessageContaining("not a sitemap");
        }
    }

    @Test
    void crawl_sitemapThatIsNotXml_saysSo() {
        try (SiteServer site = SiteServer.serving(SiteServer.DOCS)
                .text("/sitemap.xml", "text/html", "<!-- --> hello, not a sitemap")) {
            site.text("/map.json", "application/json", "{\"urls\": []}");
            assertThatThrownBy(() -> SiteCrawler.builder(site.origin()).sitemap(site.origin() + "/map.json").build().crawl())
                    .isInstanceOf(CrawlException.class)
                    .hasMessage("no pages in the sitemap " + site.origin() + "/map.json: " + site.origin()
                            + "/map.json: not a sitemap: the file is not XML (Content-Type application/json)");
        }
    }

    @Test
    void crawl_sitemapOver50Mb_isNotRead() {
        try (SiteServer site = SiteServer.serving(SiteServer.DOCS)) {
            site.route("/big.xml", SiteServer.huge("application/xml", 100, new java.util.concurrent.atomic.AtomicInteger()));
            assertThatThrownBy(() -> SiteCrawler.builder(site.origin()).sitemap(site.origin() + "/big.xml").build().crawl())
                    .isInstanceOf(CrawlException.class).hasMessageEndingWith("sitemap is over 50 MB, the protocol's limit; not read");
        }
    }

    @Test
    void crawl_sitemapLoop_endsAndSaysSo() {
        try (SiteServer site = SiteServer.serving(SiteServer.DOCS)
                .sitemapIndex("/a.xml", "/b.xml").sitemapIndex("/b.xml", "/a.xml")) {
            assertThatThrownBy(() -> SiteCrawler.builder(site.origin()).sitemap(site.origin() + "/a.xml").build().crawl())
                    .isInstanceOf(CrawlException.class).hasMessageContaining("sitemap loop");
        }
    }

    @Test
    void crawl_siteWithNoPages_givesAnEmptyCorpusWithTheReason() {
        try (SiteServer site = SiteServer.serving(SiteServer.DOCS.resolve("private"))) {
            SiteCrawler.Result r = SiteCrawler.builder(site.origin() + "/").build().crawl();
            assertThat(r.corpus().chunks()).isEmpty();
            assertThat(r.corpus().problems()).extracting(p -> p.reason()).containsExactly("HTTP 404");
        }
    }

    @Test
    void crawl_hostThatDoesNotResolve_failsWithOneLine() {
        assertThatThrownBy(() -> SiteCrawler.builder("http://docask-no-such-host.invalid/").build().crawl())
                .isInstanceOf(CrawlException.class)
                .hasMessage("cannot reach docask-no-such-host.invalid: the host name does not resolve"
                        + " (http://docask-no-such-host.invalid/robots.txt)");
    }

    @Test
    void crawl_nothingListening_failsWithOneLine() throws Exception {
        int port;
        try (java.net.ServerSocket s = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        String origin = "http://127.0.0.1:" + port;
        assertThatThrownBy(() -> SiteCrawler.builder(origin).build().crawl())
                .isInstanceOf(CrawlException.class).hasMessageStartingWith("cannot reach 127.0.0.1: connection refused");
    }

    @Test
    void crawl_robotsTxtThatFails_stopsTheCrawl() {
        try (SiteServer site = SiteServer.serving(SiteServer.DOCS)
                .route("/robots.txt", SiteServer.answer(503, "text/plain", x -> "down"))) {
            assertThatThrownBy(() -> SiteCrawler.builder(site.origin()).build().crawl())
                    .isInstanceOf(CrawlException.class).hasMessageContaining("answered HTTP 503");
        }
    }

    @Test
    void builder_badValues_areRefusedWithTheirName() {
        assertThatThrownBy(() -> SiteCrawler.builder("ftp://docs.example.com")).hasMessage(
                "'ftp://docs.example.com' is not a site to crawl: docask crawls http:// and https:// sites only");
        assertThatThrownBy(() -> SiteCrawler.builder("docs.example.com")).hasMessageContaining("not a site to crawl");
        assertThatThrownBy(() -> SiteCrawler.builder("https://a.example").concurrency(0)).hasMessageStartingWith("concurrency must be");
        assertThatThrownBy(() -> SiteCrawler.builder("https://a.example").maxPages(0)).hasMessageStartingWith("maxPages must be");
        assertThatThrownBy(() -> SiteCrawler.builder("https://a.example").sitemap("https://b.example/sitemap.xml"))
                .hasMessageContaining("on another site");
        assertThatThrownBy(() -> SiteCrawler.builder("https://a.example").include("/{a")).hasMessage("include '/{a': a '{' is not closed");
        assertThatThrownBy(() -> SiteCrawler.builder("https://a.example").contact("me at home")).hasMessageStartingWith("contact");
    }
}
