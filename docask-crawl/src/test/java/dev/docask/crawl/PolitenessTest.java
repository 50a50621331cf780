package dev.docask.crawl;

import dev.docask.testsupport.SiteServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The server counts: requests at once, gaps between them, and what robots.txt keeps out. */
@Timeout(60)
class PolitenessTest {
    private static final String[] PAGES = {"/", "/guide/", "/guide/mocking.html", "/guide/config.html",
            "/guide/latin1.html", "/guide/old-name.html", "/api/reference.html"};

    private static SiteServer site(String robots) {
        return SiteServer.serving(SiteServer.DOCS).text("/robots.txt", "text/plain", robots)
                .sitemap("/sitemap.xml", PAGES);
    }

    private static List<Long> pageStarts(SiteServer site) {
        return site.requests().stream().filter(r -> !r.path().endsWith(".txt") && !r.path().endsWith(".xml"))
                .map(SiteServer.Request::startNanos).sorted().toList();
    }

    /**
     * The time from the first page request to the last, as the server saw them. The crawler starts
     * requests at least the delay apart; the server sees each a little later than it was sent, by a
     * varying amount on a busy machine, so single gaps can look shorter, but the whole span cannot by
     * more than the first request's lag.
     */
    private static Duration span(List<Long> starts) {
        return Duration.ofNanos(starts.get(starts.size() - 1) - starts.get(0));
    }

    /**
     * The least span of {@code pages} page starts {@code delay} apart, as the server sees them: one interval short of
     * the ideal, since a request's arrival lags its start by its connection's set-up, which a loaded machine stretches
     * (one arrival 180 ms late was seen). A crawler that ignored the delay would start them all within a few ms.
     */
    private static Duration leastSpan(long delayMillis, int pages) {
        return Duration.ofMillis(delayMillis * (pages - 2));
    }

    @Test
    void crawl_concurrencyN_neverMoreThanNRequestsAtOnce() {
        for (int n : new int[] {1, 3}) {
            try (SiteServer site = site("User-agent: *\nAllow: /\n").pause(Duration.ofMillis(80))) {
                SiteCrawler.Result r = SiteCrawler.builder(site.origin() + "/").concurrency(n).build().crawl();
                assertThat(r.count(SiteCrawler.Outcome.INDEXED)).isEqualTo(PAGES.length);
                // exactly n: never more, and the 80 ms pause lets n overlap, so a counter that saw none would fail
                assertThat(site.mostAtOnce()).as("concurrency " + n).isEqualTo(n);
            }
        }
    }

    @Test
    void crawl_crawlDelay_requestStartsAtLeastThatApart() {
        try (SiteServer site = site("User-agent: docask\nCrawl-delay: 0.25\nDisallow: /private/\n")) {
            SiteCrawler.Result r = SiteCrawler.builder(site.origin() + "/").concurrency(3).build().crawl();
            assertThat(r.summary()).endsWith("(250 ms between requests)");
            assertThat(span(pageStarts(site))).isGreaterThan(leastSpan(250, PAGES.length));
        }
    }

    @Test
    void crawl_delayOption_requestStartsAtLeastThatApart() {
        try (SiteServer site = site("User-agent: *\nDisallow:\n")) {
            SiteCrawler.builder(site.origin() + "/").delay(Duration.ofMillis(200)).concurrency(4).build().crawl();
            assertThat(span(pageStarts(site))).isGreaterThan(leastSpan(200, PAGES.length));
        }
    }

    @Test
    void crawl_robotsGroupForDocask_winsOverTheStarGroup() {
        try (SiteServer site = site("User-agent: *\nDisallow: /\n\nUser-agent: docask\nDisallow: /guide/\n")) {
            SiteCrawler.Result r = SiteCrawler.builder(site.origin() + "/").build().crawl();
            assertThat(site.paths()).noneMatch(p -> p.startsWith("/guide/")).contains("/", "/api/reference.html");
            assertThat(r.count(SiteCrawler.Outcome.ROBOTS)).isEqualTo(5);
        }
    }

    @Test
    void crawl_429WithoutRetryAfter_waitsOneSecondThenTwoBeforeItsRetries_andReadsThePage() {
        try (SiteServer site = site("User-agent: *\nDisallow:\n")) {
            site.route("/guide/config.html", SiteServer.busy(2, 429, null, site.file("/guide/config.html")));
            long start = System.nanoTime();
            SiteCrawler.Result r = SiteCrawler.builder(site.origin() + "/").build().crawl();
            assertThat(r.count(SiteCrawler.Outcome.INDEXED)).isEqualTo(PAGES.length);
            assertThat(site.paths().stream().filter(p -> p.equals("/guide/config.html"))).hasSize(3);
            assertThat(Duration.ofNanos(System.nanoTime() - start)).as("1 s + 2 s waited").isGreaterThan(Duration.ofMillis(2900));
        }
    }

    @Test
    void crawl_503WithoutRetryAfter_failsThePageWithoutWaiting() {
        try (SiteServer site = site("User-agent: *\nDisallow:\n")) {
            site.route("/guide/config.html", SiteServer.busy(5, 503, null, site.file("/guide/config.html")));
            SiteCrawler.Result r = SiteCrawler.builder(site.origin() + "/").build().crawl();
            assertThat(r.corpus().problems()).anyMatch(p -> p.file().endsWith("/guide/config.html") && p.reason().startsWith("HTTP 503"));
            assertThat(site.paths().stream().filter(p -> p.equals("/guide/config.html"))).hasSize(1);
        }
    }

    @Test
    void crawl_retryAfterLongerThanDocaskWaits_failsThePageWithoutWaiting() {
        try (SiteServer site = site("User-agent: *\nDisallow:\n")) {
            site.route("/guide/config.html", SiteServer.busy(5, 503, "3600", site.file("/guide/config.html")));
            SiteCrawler.Result r = SiteCrawler.builder(site.origin() + "/").build().crawl();
            assertThat(r.corpus().problems()).anyMatch(p -> p.file().endsWith("/guide/config.html")
                    && p.reason().equals("HTTP 503 (Retry-After 3600, longer or more often than docask waits)"));
            assertThat(site.paths().stream().filter(p -> p.equals("/guide/config.html"))).hasSize(1);
        }
    }
}
