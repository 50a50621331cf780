package dev.docask.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;

/**
 * A site of {@code n} pages listed in its sitemap, on a {@link SiteServer}, that can hold every page request after the
 * first {@code k} until released: a crawl is stopped there, with exactly {@code k} pages read, whatever the machine's
 * speed. Counts the page requests it answers.
 *
 * <pre>{@code
 * try (StoppableSite s = StoppableSite.start(folder, 12)) {
 *     s.holdAfter(5);            // the 6th page request waits
 *     ... stop the crawl once it has read 5 pages ...
 *     s.release();
 * }
 * }</pre>
 */
public final class StoppableSite implements AutoCloseable {
    private final SiteServer server;
    private final Path folder;
    private final List<String> pages;
    private final AtomicInteger served = new AtomicInteger();
    private volatile int holdAfter = Integer.MAX_VALUE;
    private volatile CountDownLatch released = new CountDownLatch(1);

    private StoppableSite(SiteServer server, Path folder, List<String> pages) {
        this.server = server;
        this.folder = folder;
        this.pages = pages;
    }

    /** Writes {@code n} pages of the site "Ledger" into {@code folder} and serves them. */
    public static StoppableSite start(Path folder, int n) {
        List<String> pages = IntStream.rangeClosed(1, n).mapToObj(i -> String.format("/page-%02d.html", i)).toList();
        write(folder, pages, "first");
        SiteServer server = SiteServer.serving(folder).text("/robots.txt", "text/plain",
                "User-agent: *\nAllow: /\nSitemap: {origin}/sitemap.xml\n").sitemap("/sitemap.xml", pages.toArray(String[]::new));
        StoppableSite site = new StoppableSite(server, folder, pages);
        for (String p : pages) {
            server.route(p, x -> {
                CountDownLatch latch = site.released;
                if (site.served.incrementAndGet() > site.holdAfter) {
                    try {
                        latch.await(60, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        return;
                    }
                }
                server.file(p).handle(x);
            });
        }
        return site;
    }

    /** Writes every page anew, as of this {@code edition} (a word in each page's text). */
    public StoppableSite edition(String edition) {
        write(folder, pages, edition);
        return this;
    }

    private static void write(Path folder, List<String> pages, String edition) {
        try {
            Files.createDirectories(folder);
            for (int i = 1; i <= pages.size(); i++) {
                Files.writeString(folder.resolve(pages.get(i - 1).substring(1)), "<!doctype html><html><head><title>Topic " + i
                        + " | Ledger</title></head><body><main><h1>Topic " + i + "</h1><p>Ledger entry " + i + " of the " + edition
                        + " edition explains how the balance of account " + i + " is carried over.</p><h2 id=\"close\">Closing</h2>"
                        + "<p>Closing period " + i + " locks the ledger.</p></main></body></html>");
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** From now on, page requests after the first {@code k} (counted since the start or {@link #forget}) wait. */
    public StoppableSite holdAfter(int k) {
        this.released = new CountDownLatch(1);
        this.holdAfter = k;
        return this;
    }

    /** Lets every held request, and every later one, through. */
    public void release() {
        holdAfter = Integer.MAX_VALUE;
        released.countDown();
    }

    /** The page requests that reached the site since the start or {@link #forget}. */
    public int pageRequests() {
        return served.get();
    }

    /** The paths of the pages requested, in order of arrival. */
    public List<String> pagesRequested() {
        return server.paths().stream().filter(pages::contains).toList();
    }

    public void forget() {
        served.set(0);
        server.forget();
    }

    public List<String> pages() {
        return pages;
    }

    public String origin() {
        return server.origin();
    }

    @Override
    public void close() {
        release();
        server.close();
    }
}
