package dev.docask.crawl;

import dev.docask.testsupport.SiteServer;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * The test site on a {@link SiteServer}: the built pages of {@link SiteServer#DOCS} behind a
 * robots.txt that disallows /private/ and sets a Crawl-delay, a sitemap index listing a gzipped
 * sitemap and a plain one, and the pages that go wrong: a redirect to another host, a redirect
 * chain, a 500, a 429 with Retry-After, a page that stops answering, a 50 MB page, a PDF, a page
 * with X-Robots-Tag noindex.
 */
final class DocsSite {
    /** The pages a crawl indexes, by page URL path (the canonical link of old-name.html names webhooks.html). */
    static final String[] INDEXED = {"/", "/api/reference.html", "/guide/", "/guide/config.html",
            "/guide/latin1.html", "/guide/mocking.html", "/guide/webhooks.html"};

    final AtomicInteger hugeBytes = new AtomicInteger();

    private DocsSite() {
    }

    /** Starts the site; {@code otherHost} is where its off-site redirect leads. */
    static SiteServer start(SiteServer otherHost, DocsSite counters) {
        SiteServer site = SiteServer.serving(SiteServer.DOCS);
        site.text("/robots.txt", "text/plain", "User-agent: *\nDisallow: /private/\nCrawl-delay: 0.05\n\n"
                        + "User-agent: otherbot\nDisallow: /\n\nSitemap: {origin}/sitemap-index.xml\n")
                .sitemapIndex("/sitemap-index.xml", "/sitemaps/pages.xml.gz", "/sitemaps/trouble.xml")
                .sitemap("/sitemaps/pages.xml.gz", "/", "/guide/", "/guide/mocking.html", "/guide/config.html",
                        "/guide/latin1.html", "/guide/old-name.html", "/guide/hidden.html", "/api/reference.html",
                        "/private/secret.html", "http://elsewhere.invalid/page.html")
                .sitemap("/sitemaps/trouble.xml", "/moved.html", "/chain/1.html", "/error.html", "/slow.html",
                        "/huge.html", "/manual.pdf", "/tagged.html", "/missing.html")
                .route("/guide/config.html", SiteServer.busy(1, 429, "1", site.file("/guide/config.html")))
                .route("/moved.html", SiteServer.redirect(302, otherHost.origin() + "/moved.html"))
                .route("/chain/1.html", SiteServer.redirect(301, "/chain/2.html"))
                .route("/chain/2.html", SiteServer.redirect(307, "/guide/mocking.html"))
                .route("/error.html", SiteServer.answer(500, "text/html", x -> "<h1>Internal error</h1>"))
                .route("/slow.html", SiteServer.silentAfterHeaders())
                .route("/huge.html", SiteServer.huge("text/html", 50, counters.hugeBytes))
                .abandonedByDesign("/slow.html", "/huge.html")
                .route("/manual.pdf", SiteServer.answer(200, "application/pdf", x -> "%PDF-1.4 " + "x".repeat(100_000)))
                .route("/tagged.html", x -> {
                    x.getResponseHeaders().add("X-Robots-Tag", "googlebot: nofollow");
                    x.getResponseHeaders().add("X-Robots-Tag", "noindex");
                    SiteServer.send(x, 200, "text/html; charset=utf-8",
                            "<html><main><h1>Tagged</h1><p>Kept out by a header.</p></main></html>".getBytes(java.nio.charset.StandardCharsets.UTF_8));
                });
        return site;
    }

    static DocsSite counters() {
        return new DocsSite();
    }
}
