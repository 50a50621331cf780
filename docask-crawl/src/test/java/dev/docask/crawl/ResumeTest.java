package dev.docask.crawl;

import dev.docask.embed.Embedders;
import dev.docask.index.DocIndex;
import dev.docask.index.IndexBuilder;
import dev.docask.ingest.IngestOptions;
import dev.docask.testsupport.SiteServer;
import dev.docask.testsupport.StoppableSite;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;

/** A crawl stopped part way keeps the pages it read, and the same crawl run again fetches only the rest. */
@Timeout(60)
class ResumeTest {
    private static final int PAGES = 12;
    private static final int READ_BEFORE_THE_STOP = 5;

    /** Starts the crawl on a thread of its own and interrupts it once {@code k} pages are kept; returns what it threw. */
    private static RuntimeException stopAfter(SiteCrawler crawler, StoppableSite site, int k) throws InterruptedException {
        return stopAfter(crawler, site, k, k);
    }

    /** The same, the site answering {@code requests} page requests: {@code k} less the pages the crawl resumes. */
    private static RuntimeException stopAfter(SiteCrawler crawler, StoppableSite site, int requests, int k) throws InterruptedException {
        site.holdAfter(requests);
        AtomicReference<RuntimeException> thrown = new AtomicReference<>();
        Thread t = new Thread(() -> {
            try {
                crawler.crawl();
            } catch (RuntimeException e) {
                thrown.set(e);
            }
        });
        t.start();
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (crawler.keptPages() < k && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertThat(crawler.keptPages()).as("pages kept before the stop").isEqualTo(k);
        while (site.pageRequests() <= requests && System.nanoTime() < deadline) {
            Thread.sleep(5); // the next request is held at the site: stopped now, none arrives after the stop
        }
        t.interrupt();
        t.join(30_000);
        assertThat(t.isAlive()).isFalse();
        site.release();
        return thrown.get();
    }

    private static SiteCrawler.Builder crawler(StoppableSite site) {
        return SiteCrawler.builder(site.origin() + "/").concurrency(1);
    }

    @Test
    void crawl_interrupted_keepsThePagesRead_andTheSameCrawlFetchesOnlyTheRest_intoTheIndexACleanCrawlGives(@TempDir Path tmp)
            throws Exception {
        Path out = tmp.resolve("index");
        try (StoppableSite site = StoppableSite.start(tmp.resolve("site"), PAGES)) {
            RuntimeException stopped = stopAfter(crawler(site).previous(out).keepPagesIn(out).build(), site, READ_BEFORE_THE_STOP);
            assertThat(stopped).isInstanceOf(CrawlException.class).hasMessage("the crawl of " + site.origin()
                    + "/ was interrupted; the 5 pages read so far are kept in " + out.resolve(PageCache.FILE)
                    + ", and the same crawl resumes from them");
            assertThat(out.resolve(PageCache.FILE)).exists();
            assertThat(DocIndex.exists(out)).as("nothing a reader would open").isFalse();
            IndexBuilder.requireIndexFolder(out); // the kept pages are the index folder's own: a build may go there

            site.forget();
            SiteCrawler.Result resumed = crawler(site).previous(out).keepPagesIn(out).build().crawl();
            assertThat(site.pageRequests()).as("only the pages not read before the stop").isEqualTo(PAGES - READ_BEFORE_THE_STOP);
            assertThat(site.pagesRequested()).doesNotContainAnyElementsOf(site.pages().subList(0, READ_BEFORE_THE_STOP));
            assertThat(resumed.resumed()).isEqualTo(READ_BEFORE_THE_STOP);
            assertThat(resumed.count(SiteCrawler.Outcome.INDEXED)).isEqualTo(PAGES);
            assertThat(resumed.summary()).isEqualTo("12 pages from 1 sitemap: 12 indexed; 5 of them read by the crawl stopped"
                    + " before, not fetched again");

            site.forget();
            SiteCrawler.Result clean = crawler(site).build().crawl();
            assertThat(site.pageRequests()).isEqualTo(PAGES);
            assertThat(resumed.corpus().chunks()).isEqualTo(clean.corpus().chunks());
            assertThat(resumed.corpus().sourceHash()).isEqualTo(clean.corpus().sourceHash());
            assertThat(resumed.siteName()).isEqualTo(clean.siteName()).hasValue("Ledger");

            IndexBuilder.build(resumed.corpus(), Embedders.fromSpec("mock", Map.of()), IndexBuilder.Settings.defaults("mock"),
                    out, n -> { });
            resumed.saveState(out);
            assertThat(out.resolve(PageCache.FILE)).as("in the index now").doesNotExist();
            assertThat(IndexBuilder.differences(clean.corpus(), IndexBuilder.Settings.defaults("mock"), out)).isEmpty();
        }
    }

    @Test
    void crawl_interruptedTwice_andALineCutShortByAKill_resumesFromEveryWholePage(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("index");
        try (StoppableSite site = StoppableSite.start(tmp.resolve("site"), PAGES)) {
            stopAfter(crawler(site).keepPagesIn(out).build(), site, 3);
            Files.writeString(out.resolve(PageCache.FILE), "{\"url\":\"" + site.origin() + "/page-09.ht", StandardOpenOption.APPEND);
            site.forget();
            SiteCrawler second = crawler(site).keepPagesIn(out).build();
            stopAfter(second, site, 1, 4); // 3 resumed, 1 more read

            site.forget();
            SiteCrawler.Result third = crawler(site).keepPagesIn(out).build().crawl();
            assertThat(third.resumed()).isEqualTo(4);
            assertThat(site.pageRequests()).isEqualTo(PAGES - 4);
            assertThat(third.count(SiteCrawler.Outcome.INDEXED)).isEqualTo(PAGES);
            PageCache all = PageCache.open(out, key(site), Instant.now());
            assertThat(all.resumed()).as("every page on a whole line of its own").isEqualTo(PAGES);
        }
    }

    @Test
    void crawl_pagesKeptByAnotherCrawl_areNotUsed(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("index");
        try (StoppableSite site = StoppableSite.start(tmp.resolve("site"), PAGES)) {
            stopAfter(crawler(site).keepPagesIn(out).build(), site, READ_BEFORE_THE_STOP);
            site.forget();
            SiteCrawler.Result other = crawler(site).exclude("/drafts/**").keepPagesIn(out).build().crawl();
            assertThat(other.resumed()).isZero();
            assertThat(site.pageRequests()).as("another --exclude is another crawl").isEqualTo(PAGES);
            site.forget();
            SiteCrawler.Result chunkedOtherwise = crawler(site).chunking(800, 100).keepPagesIn(out).build().crawl();
            assertThat(chunkedOtherwise.resumed()).isZero();
            assertThat(site.pageRequests()).isEqualTo(PAGES);
        }
    }

    @Test
    void keep_afterALastPageWithoutItsNewline_startsALineOfItsOwn(@TempDir Path tmp) throws Exception {
        PageCache.Key key = new PageCache.Key("https://x.dev/", List.of(), List.of(), 800, 100, "test");
        PageCache first = PageCache.open(tmp, key, Instant.now());
        first.keep(PageFetch.Result.of(URI.create("https://x.dev/a.pdf"), SiteCrawler.Outcome.NOT_HTML));
        first.close();
        Path file = tmp.resolve(PageCache.FILE);
        String text = Files.readString(file);
        Files.writeString(file, text.substring(0, text.length() - 1)); // killed just before the newline
        PageCache second = PageCache.open(tmp, key, Instant.now());
        assertThat(second.resumed()).isEqualTo(1);
        second.keep(PageFetch.Result.of(URI.create("https://x.dev/b.pdf"), SiteCrawler.Outcome.NOT_HTML));
        second.close();
        assertThat(PageCache.open(tmp, key, Instant.now()).resumed()).as("both pages, each on its line").isEqualTo(2);
    }

    @Test
    void open_pagesKeptLongerThanAWeekAgo_areNotUsed(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("index");
        try (StoppableSite site = StoppableSite.start(tmp.resolve("site"), PAGES)) {
            stopAfter(crawler(site).keepPagesIn(out).build(), site, READ_BEFORE_THE_STOP);
            assertThat(PageCache.open(out, key(site), Instant.now().plus(Duration.ofDays(6))).resumed()).isEqualTo(READ_BEFORE_THE_STOP);
            assertThat(PageCache.open(out, key(site), Instant.now().plus(Duration.ofDays(8))).resumed()).isZero();
        }
    }

    @Test
    void crawl_thatFindsNothingToIndex_keepsNoPages(@TempDir Path tmp) {
        Path out = tmp.resolve("index");
        try (SiteServer empty = SiteServer.serving(SiteServer.DOCS.resolve("private"))) {
            SiteCrawler.Result r = SiteCrawler.builder(empty.origin() + "/").keepPagesIn(out).build().crawl();
            assertThat(r.corpus().chunks()).isEmpty();
            assertThat(out.resolve(PageCache.FILE)).doesNotExist();
        }
    }

    @Test
    void otherSiteIn_namesTheSiteAnIndexHolds_unlessItIsThisOne(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("index");
        try (StoppableSite ledger = StoppableSite.start(tmp.resolve("site"), 3);
             SiteServer quayside = SiteServer.serving(SiteServer.DOCS).sitemap("/sitemap.xml", "/", "/guide/",
                     "/guide/mocking.html", "/guide/config.html")) {
            SiteCrawler crawlLedger = crawler(ledger).build();
            assertThat(crawlLedger.otherSiteIn(out)).as("no index").isEmpty();
            SiteCrawler.Result r = SiteCrawler.builder(quayside.origin() + "/guide/").build().crawl();
            IndexBuilder.build(r.corpus(), Embedders.fromSpec("mock", Map.of()), IndexBuilder.Settings.defaults("mock"), out, n -> { });
            r.saveState(out);

            assertThat(crawlLedger.otherSiteIn(out)).hasValue("the index of Quayside (" + quayside.origin() + "/guide/)");
            assertThat(SiteCrawler.builder(quayside.origin() + "/guide/").build().otherSiteIn(out)).isEmpty();
            assertThat(SiteCrawler.builder(quayside.origin()).build().otherSiteIn(out)).as("the site above its path").isEmpty();
            assertThat(SiteCrawler.builder(quayside.origin() + "/guide/mocking.html").build().otherSiteIn(out)).isEmpty();
            assertThat(SiteCrawler.builder(quayside.origin() + "/api/").build().otherSiteIn(out)).as("beside it: another site")
                    .hasValue("the index of Quayside (" + quayside.origin() + "/guide/)");

            Path folder = tmp.resolve("folder-index");
            IndexBuilder.build(r.corpus(), Embedders.fromSpec("mock", Map.of()), IndexBuilder.Settings.defaults("mock"), folder, n -> { });
            assertThat(SiteCrawler.builder(quayside.origin() + "/").build().otherSiteIn(folder))
                    .as("no crawl state: the base URL the manifest records").isEmpty();
        }
    }

    private static PageCache.Key key(StoppableSite site) {
        return new PageCache.Key(site.origin() + "/", List.of(), List.of(), IngestOptions.DEFAULT_CHUNK_SIZE,
                IngestOptions.DEFAULT_CHUNK_OVERLAP, dev.docask.index.internal.DocaskVersion.build());
    }
}
