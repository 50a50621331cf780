package dev.docask.crawl;

import dev.docask.ingest.Chunk;
import dev.docask.testsupport.SiteServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.zip.GZIPOutputStream;

import static org.assertj.core.api.Assertions.assertThat;

/** Answers a server sends gzipped though docask did not ask (files stored gzipped on S3 or a CDN), and other encodings. */
@Timeout(60)
class ContentEncodingTest {

    private static byte[] gzip(String text) {
        var out = new ByteArrayOutputStream();
        try (var gz = new GZIPOutputStream(out)) {
            gz.write(text.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    private static com.sun.net.httpserver.HttpHandler encoded(String encoding, String contentType, byte[] body) {
        return x -> {
            x.getResponseHeaders().set("Content-Encoding", encoding);
            SiteServer.send(x, 200, contentType, body);
        };
    }

    @Test
    void crawl_pagesAndRobotsTxtSentGzipped_areUnpackedAndRead() {
        String page = "<html><head><title>Gzipped | Docs</title></head><body><main><h1>Gzipped</h1>"
                + "<p>This page about sprockets came gzipped without being asked to.</p></main></body></html>";
        try (SiteServer site = SiteServer.serving(SiteServer.DOCS)) {
            site.route("/robots.txt", encoded("gzip", "text/plain", gzip("User-agent: *\nDisallow: /guide/\n")))
                    .sitemap("/sitemap.xml", "/gz.html", "/guide/mocking.html")
                    .route("/gz.html", encoded("gzip", "text/html; charset=utf-8", gzip(page)));

            SiteCrawler.Result r = SiteCrawler.builder(site.origin()).build().crawl();

            assertThat(r.corpus().chunks()).extracting(Chunk::text).anyMatch(t -> t.contains("sprockets came gzipped"));
            assertThat(r.corpus().problems()).isEmpty();
            assertThat(r.count(SiteCrawler.Outcome.ROBOTS)).as("robots.txt read unpacked").isEqualTo(1);
            assertThat(site.paths()).doesNotContain("/guide/mocking.html");
        }
    }

    @Test
    void crawl_pageInAnEncodingDocaskCannotRead_isAProblemNamingIt_notABinaryFile() {
        try (SiteServer site = SiteServer.serving(SiteServer.DOCS)) {
            site.sitemap("/sitemap.xml", "/br.html", "/broken.html")
                    .route("/br.html", encoded("br", "text/html", new byte[] {0x1b, 0, 0, 0, 'x'}))
                    .route("/broken.html", encoded("gzip", "text/html", "not gzip at all".getBytes(StandardCharsets.UTF_8)));

            SiteCrawler.Result r = SiteCrawler.builder(site.origin()).build().crawl();

            assertThat(r.corpus().problems()).extracting(p -> p.file().replace(site.origin(), "") + ": " + p.reason())
                    .containsExactly("/br.html: the answer is compressed as 'br' (Content-Encoding), which docask does not ask"
                                    + " for and cannot read",
                            "/broken.html: a damaged gzipped answer (Content-Encoding gzip): Not in GZIP format");
        }
    }
}
