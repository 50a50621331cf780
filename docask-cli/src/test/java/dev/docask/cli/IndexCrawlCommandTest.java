package dev.docask.cli;

import dev.docask.testsupport.SiteServer;
import dev.docask.testsupport.StoppableSite;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static dev.docask.cli.CliRun.run;
import static org.assertj.core.api.Assertions.assertThat;

/** docask index URL through the real command line, against a docs site on 127.0.0.1. */
@Timeout(120)
class IndexCrawlCommandTest {
    private static SiteServer site;

    @TempDir
    Path tmp;

    @BeforeAll
    static void start() {
        site = SiteServer.serving(SiteServer.DOCS)
                .text("/robots.txt", "text/plain", "User-agent: *\nDisallow: /private/\nSitemap: {origin}/sitemap.xml\n")
                .sitemap("/sitemap.xml", "/", "/guide/", "/guide/mocking.html", "/guide/config.html", "/private/secret.html",
                        "/missing.html");
    }

    @AfterAll
    static void stop() {
        site.close();
    }

    @Test
    void index_url_crawlsTheSiteAndSearchFindsItsPages() {
        String out = tmp.resolve("idx").toString();
        CliRun r = run("index", site.origin() + "/", "--out", out, "--embedder", "mock", "-q");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("Crawled " + site.origin() + "/: 6 pages from 1 sitemap: 4 indexed; skipped 1 by robots.txt; 1 failed")
                .contains("Indexed 4 pages: ");
        assertThat(r.err()).contains("problem " + site.origin() + "/missing.html: HTTP 404");
        assertThat(Files.exists(Path.of(out, "crawl.json"))).isTrue();
        assertThat(run("inspect", "--index", out).out()).as("named by its pages' titles, not by 127.0.0.1").startsWith("Quayside (");
        CliRun s = run("search", "--index", out, "retryLimit dead-lettered");
        assertThat(s.out()).contains(site.origin() + "/guide/config.html"); // its tiny intro leads into #retry-limit (#14)
    }

    @Test
    void index_urlCheck_saysUpToDateWhenNothingChanged() {
        String out = tmp.resolve("idx").toString();
        assertThat(run("index", site.origin(), "--out", out, "--embedder", "mock", "-q").code()).isZero();
        CliRun c = run("index", site.origin(), "--out", out, "--embedder", "mock", "--check");
        assertThat(c.out()).as(c.err()).isEqualTo("up to date: " + out + "\n");
        assertThat(c.code()).isZero();
    }

    @Test
    void index_url_withAnOutThatIsAFile_failsBeforeFetchingAnything() throws Exception {
        java.nio.file.Path file = java.nio.file.Files.writeString(tmp.resolve("notes.txt"), "mine");
        int before = site.paths().size();
        CliRun r = run("index", site.origin() + "/", "--out", file.toString(), "--embedder", "mock", "-q");
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.err()).contains("is a file").contains("--out").doesNotContain("\tat ");
        assertThat(site.paths()).as("no request reached the site").hasSize(before);
        assertThat(java.nio.file.Files.readString(file)).isEqualTo("mine");
    }

    @Test
    void index_url_intoAnOutHoldingAnotherSitesIndex_failsNamingBoth_beforeAnyRequest_andReplaceReplacesIt() throws Exception {
        Path out = tmp.resolve("idx");
        assertThat(run("index", site.origin() + "/", "--out", out.toString(), "--embedder", "mock", "-q").code()).isZero();
        String live = dev.docask.index.DocIndex.generation(out).orElseThrow();
        try (StoppableSite ledger = StoppableSite.start(tmp.resolve("ledger"), 3)) {
            CliRun r = run("index", ledger.origin() + "/", "--out", out.toString(), "--embedder", "mock", "-q");
            assertThat(r.code()).isEqualTo(1);
            assertThat(r.err()).isEqualTo("docask index: " + out + " holds the index of Quayside (" + site.origin() + "/), and this"
                    + " crawl of " + ledger.origin() + "/ would replace it; give another --out, or --replace to replace it\n");
            assertThat(ledger.pagesRequested()).as("no page of the other site was asked for").isEmpty();
            assertThat(dev.docask.index.DocIndex.generation(out)).contains(live);
            assertThat(run("inspect", "--index", out.toString()).out()).startsWith("Quayside (");

            CliRun replaced = run("index", ledger.origin() + "/", "--out", out.toString(), "--embedder", "mock", "-q", "--replace");
            assertThat(replaced.code()).as(replaced.err()).isZero();
            assertThat(replaced.out()).contains("Indexed 3 pages");
            assertThat(run("inspect", "--index", out.toString()).out()).startsWith("Ledger (");

            CliRun same = run("index", ledger.origin() + "/", "--out", out.toString(), "--embedder", "mock", "-q");
            assertThat(same.code()).as("the same site, as recorded, proceeds as before: " + same.err()).isZero();
            assertThat(same.out()).contains("Up to date: ");
        }
    }

    @Test
    void index_url_intoAnOutHoldingAFolderIndexWithSiteRelativeUrls_failsSayingSo() throws Exception {
        Path docs = Files.createDirectories(tmp.resolve("docs"));
        Files.writeString(docs.resolve("intro.md"), "# Intro\n\nThe retry limit is three attempts.");
        Path out = tmp.resolve("idx");
        assertThat(run("index", docs.toString(), "--out", out.toString(), "--embedder", "mock", "-q").code()).isZero();
        CliRun r = run("index", site.origin() + "/", "--out", out.toString(), "--embedder", "mock", "-q");
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.err()).contains(" (built from a folder, with site-relative URLs), and this crawl of " + site.origin()
                + "/ would replace it; give another --out, or --replace to replace it");
    }

    @Test
    void index_url_intoAnOutWhereAFolderReplacedTheCrawledIndex_comparesWithTheFoldersSite() throws Exception {
        Path out = tmp.resolve("idx");
        assertThat(run("index", site.origin() + "/", "--out", out.toString(), "--embedder", "mock", "-q").code()).isZero();
        Path docs = Files.createDirectories(tmp.resolve("docs"));
        Files.writeString(docs.resolve("intro.md"), "# Intro\n\nThe retry limit is three attempts.");
        CliRun folder = run("index", docs.toString(), "--out", out.toString(), "--base-url", "https://relay.example", "-q", "--replace");
        assertThat(folder.code()).as(folder.err()).isZero();
        int before = site.paths().size();

        CliRun r = run("index", site.origin() + "/", "--out", out.toString(), "--embedder", "mock", "-q");

        assertThat(r.code()).as("crawl.json of the crawl replaced since names no site there").isEqualTo(1);
        assertThat(r.err()).contains(" holds the index of Relay (https://relay.example/), and this crawl of " + site.origin() + "/");
        assertThat(site.paths()).hasSize(before);
    }

    @Test
    void index_replace_withCheck_isAUsageError() {
        CliRun check = run("index", site.origin(), "--replace", "--check");
        assertThat(check.code()).isEqualTo(2);
        assertThat(check.err()).startsWith("docask index: --replace writes over another site's index and --check writes nothing");
    }

    @Test
    void index_urlThatIsNotHttp_isAUsageError() {
        CliRun r = run("index", "ftp://docs.example.com/", "--out", tmp.resolve("x").toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).startsWith("docask index: 'ftp://docs.example.com/' is not a site to crawl: docask crawls http:// and https:// sites only\n")
                .doesNotContain("Exception");
    }

    @Test
    void index_hostThatDoesNotResolve_failsWithOneLine() {
        CliRun r = run("index", "http://docask-no-such-host.invalid/", "--out", tmp.resolve("x").toString(), "--embedder", "mock");
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.err()).isEqualTo("docask index: cannot reach docask-no-such-host.invalid: the host name does not resolve"
                + " (http://docask-no-such-host.invalid/robots.txt)\n");
    }

    @Test
    void index_siteWithNoPages_failsWithOneLineAndNoIndex() {
        try (SiteServer empty = SiteServer.serving(SiteServer.DOCS.resolve("private"))) {
            Path out = tmp.resolve("x");
            CliRun r = run("index", empty.origin(), "--out", out.toString(), "--embedder", "mock");
            assertThat(r.code()).isEqualTo(1);
            assertThat(r.err()).endsWith("docask index: nothing was indexed from " + empty.origin()
                    + ": no page gave any text (1 problem above)\n").doesNotContain("Exception");
            assertThat(Files.exists(out)).isFalse();
        }
    }

    @Test
    void index_crawlOptionsWithAFolderOrFolderOptionsWithAUrl_areUsageErrors() {
        CliRun a = run("index", tmp.toString(), "--max-pages", "3");
        assertThat(a.code()).isEqualTo(2);
        assertThat(a.err()).startsWith("docask index: --max-pages is an option for crawling a site: give the site's URL instead "
                + "of a folder, or leave it out");
        CliRun b = run("index", site.origin(), "--framework", "html");
        assertThat(b.code()).isEqualTo(2);
        assertThat(b.err()).startsWith("docask index: these options are for folders, not for a crawl: --framework");
        CliRun c = run("index", site.origin(), "--concurrency", "99");
        assertThat(c.code()).isEqualTo(2);
        assertThat(c.err()).startsWith("docask index: --concurrency: concurrency must be between 1 and 16");
    }
}
