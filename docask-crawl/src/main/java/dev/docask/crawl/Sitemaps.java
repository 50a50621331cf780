package dev.docask.crawl;

import crawlercommons.sitemaps.AbstractSiteMap;
import crawlercommons.sitemaps.SiteMap;
import crawlercommons.sitemaps.SiteMapIndex;
import crawlercommons.sitemaps.SiteMapParser;
import crawlercommons.sitemaps.SiteMapURL;
import crawlercommons.sitemaps.UnknownFormatException;
import dev.docask.ingest.Corpus.Problem;

import java.io.IOException;
import java.net.URI;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/*
 * The sitemaps protocol caps a sitemap at 50 MB uncompressed and 50,000 URLs; we read no more than
 * that from one file, gzipped or not (a small .gz can unpack to gigabytes). A sitemap index may list
 * other indexes; each file is read once (an index listing itself, or two listing each other, is a
 * loop that ends there) and at most MAX_FILES files in all. A file that is not a sitemap is a
 * reported problem; the crawl fails only when no sitemap gave a page.
 */

/** The page URLs of a site's sitemaps, indexes and gzipped files included. */
final class Sitemaps {
    static final long MAX_BYTES = 50L * 1024 * 1024;
    static final int MAX_FILES = 1000;

    /** What the sitemaps gave: page URLs in their order, and the files that could not be read. */
    record Found(List<URI> pages, List<Problem> problems, int files) {
    }

    private final Fetcher fetcher;
    private final CrawlScope scope;
    private final Robots robots;

    Sitemaps(Fetcher fetcher, CrawlScope scope, Robots robots) {
        this.fetcher = fetcher;
        this.scope = scope;
        this.robots = robots;
    }

    /**
     * Reads {@code sitemaps} and the sitemaps they list. {@code missingIsQuiet}: a 404 is no sitemap
     * rather than a problem (for /sitemap.xml, tried when robots.txt names none).
     */
    Found read(List<URI> sitemaps, boolean missingIsQuiet) throws InterruptedException {
        Set<URI> pages = new LinkedHashSet<>();
        List<Problem> problems = new ArrayList<>();
        Set<URI> seen = new LinkedHashSet<>();
        Deque<URI> queue = new ArrayDeque<>(sitemaps);
        int files = 0;
        SiteMapParser parser = new SiteMapParser(false);
        while (!queue.isEmpty()) {
            URI url = queue.poll();
            if (!seen.add(url)) {
                problems.add(new Problem(url.toString(), "sitemap loop: this sitemap is listed again by a sitemap index; read once"));
                continue;
            }
            if (!scope.onSite(url)) {
                problems.add(new Problem(url.toString(), "sitemap on another site, not read (docask reads " + scope.origin() + " only)"));
                continue;
            }
            if (files++ == MAX_FILES) {
                problems.add(new Problem(url.toString(), "more than " + MAX_FILES + " sitemap files; the rest are not read"));
                break;
            }
            try {
                AbstractSiteMap map = parse(parser, url, missingIsQuiet && sitemaps.contains(url));
                if (map instanceof SiteMapIndex index) {
                    index.getSitemaps().forEach(s -> toUri(s.getUrl().toString()).ifPresent(queue::add));
                } else if (map instanceof SiteMap site) {
                    List<URI> elsewhere = new ArrayList<>();
                    for (SiteMapURL u : site.getSiteMapUrls()) {
                        Optional<URI> page = toUri(u.getUrl().toString());
                        page.filter(scope::contains).ifPresent(pages::add);
                        page.filter(p -> !scope.onSite(p)).ifPresent(elsewhere::add);
                    }
                    if (!elsewhere.isEmpty()) {
                        problems.add(new Problem(url.toString(), elsewhere(elsewhere, site.getSiteMapUrls().size())));
                    }
                }
            } catch (NotASitemap e) {
                e.problem().ifPresent(problems::add);
            }
        }
        return new Found(List.copyOf(pages), problems, files);
    }

    /*
     * A sitemap that names another host (the production one while a preview is crawled, www. or not, http for https)
     * gives no page here; said, so that a crawl that falls back to following links, or finds nothing, says why.
     */
    private String elsewhere(List<URI> pages, int listed) {
        URI first = pages.getFirst();
        String site = first.getScheme() + "://" + first.getRawAuthority();
        return (pages.size() == listed ? (listed == 1 ? "its one page is" : "all its " + listed + " pages are")
                : pages.size() + " of its " + listed + " pages " + (pages.size() == 1 ? "is" : "are")) + " on another site, not read (the first: " + first
                + "); docask reads " + scope.origin() + " only" + (pages.size() == listed ? ": to crawl them, give " + site
                + "/" : "");
    }

    private AbstractSiteMap parse(SiteMapParser parser, URI url, boolean missingIsQuiet)
            throws NotASitemap, InterruptedException {
        Fetcher.Fetched f;
        try {
            f = fetcher.get(url, Map.of(), info -> info.statusCode() == 200 ? MAX_BYTES : 0,
                    target -> scope.onSite(target) ? Optional.empty() : Optional.of("another site"));
        } catch (Fetcher.FetchFailure e) {
            throw new NotASitemap(url, e.reason());
        }
        // a guessed sitemap the site does not have: a 404, S3's 403 for a missing file, or the home page a single-page
        // app's host serves for every path; a problem only for a sitemap robots.txt or --sitemap names
        if (missingIsQuiet && (f.status() / 100 == 4 || f.status() == 200 && isHtmlPage(f.body().data()))) {
            throw new NotASitemap();
        }
        if (f.status() != 200) {
            throw new NotASitemap(url, "HTTP " + f.status());
        }
        if (f.body().overCap()) {
            throw new NotASitemap(url, "sitemap is over " + MAX_BYTES / 1048576 + " MB, the protocol's limit; not read");
        }
        byte[] xml = gunzipped(url, f.body().data());
        String type = f.header("Content-Type").orElse("").toLowerCase(Locale.ROOT);
        boolean text = type.startsWith("text/plain") && !startsWithMarkup(xml);
        if (!text && !startsWithMarkup(xml)) {
            throw new NotASitemap(url, "not a sitemap: the file is not XML (Content-Type " + (type.isEmpty() ? "none" : type) + ")");
        }
        try {
            return parser.parseSiteMap(text ? "text/plain" : "text/xml", xml, f.url().toURL());
        } catch (UnknownFormatException | IOException | RuntimeException e) {
            String why = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            throw new NotASitemap(url, "not a sitemap: " + why);
        }
    }

    private static byte[] gunzipped(URI url, byte[] data) throws NotASitemap {
        if (data.length < 2 || (data[0] & 0xFF) != 0x1F || (data[1] & 0xFF) != 0x8B) {
            return data;
        }
        try {
            byte[] out = Fetcher.gunzip(data, MAX_BYTES);
            if (out.length > MAX_BYTES) {
                throw new NotASitemap(url, "gzipped sitemap unpacks to over " + MAX_BYTES / 1048576 + " MB, the protocol's limit; not read");
            }
            return out;
        } catch (IOException e) {
            throw new NotASitemap(url, "damaged gzip file: " + e.getMessage());
        }
    }

    /** Whether {@code data} starts as an HTML page ({@code <!doctype html>} or {@code <html>}), not as a sitemap. */
    private static boolean isHtmlPage(byte[] data) {
        int i = firstText(data);
        String head = new String(data, i, Math.min(data.length - i, 14), java.nio.charset.StandardCharsets.ISO_8859_1)
                .toLowerCase(Locale.ROOT);
        return head.startsWith("<!doctype html") || head.startsWith("<html");
    }

    private static boolean startsWithMarkup(byte[] data) {
        int i = firstText(data);
        return i < data.length && data[i] == '<';
    }

    /** Where {@code data}'s text starts, past a UTF-8 byte order mark and white space. */
    private static int firstText(byte[] data) {
        int i = data.length >= 3 && (data[0] & 0xFF) == 0xEF && (data[1] & 0xFF) == 0xBB && (data[2] & 0xFF) == 0xBF ? 3 : 0;
        while (i < data.length && Character.isWhitespace(data[i])) {
            i++;
        }
        return i;
    }

    private static Optional<URI> toUri(String url) {
        return CrawlScope.parse(url);
    }

    /** Why one sitemap gave nothing; no problem for a quietly missing one. */
    private static final class NotASitemap extends Exception {
        private final Optional<Problem> problem;

        NotASitemap() {
            super(null, null, false, false);
            this.problem = Optional.empty();
        }

        NotASitemap(URI url, String reason) {
            super(reason, null, false, false);
            this.problem = Optional.of(new Problem(url.toString(), reason));
        }

        Optional<Problem> problem() {
            return problem;
        }
    }
}
