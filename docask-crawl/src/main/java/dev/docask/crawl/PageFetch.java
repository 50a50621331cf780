package dev.docask.crawl;

import dev.docask.crawl.SiteCrawler.Outcome;
import dev.docask.ingest.Chunk;
import dev.docask.ingest.Corpus.Problem;
import dev.docask.ingest.IngestOptions;
import dev.docask.ingest.SiteReader;
import dev.docask.ingest.internal.SiteNames;
import org.jsoup.nodes.Document;

import java.net.URI;
import java.net.http.HttpHeaders;
import java.net.http.HttpResponse;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/*
 * One page from URL to chunks. Only text/html (and XHTML) is read; its body stops at MAX_BYTES, the
 * limit a page file has in a folder, so a crawl and a folder of the same site keep the same pages.
 * X-Robots-Tag is read as Google reads it: "noindex" or "none", for every agent or for "docask:".
 * The rest (noindex meta, canonical link, main content, anchors) is the folder reader's, through
 * SiteReader.readPage.
 */

/** Fetches one page and reads it into chunks, or says why not. */
final class PageFetch {
    static final long MAX_BYTES = 5L * 1024 * 1024;

    /** What happened to one URL. {@code state} is what the next crawl keeps of it (indexed pages only). */
    record Result(URI url, Outcome outcome, List<Chunk> chunks, Optional<Problem> problem, List<URI> links,
                  Optional<CrawlState.Page> state) {
        static Result of(URI url, Outcome outcome) {
            return new Result(url, outcome, List.of(), Optional.empty(), List.of(), Optional.empty());
        }

        static Result problem(URI url, Outcome outcome, String reason) {
            return new Result(url, outcome, List.of(), Optional.of(new Problem(url.toString(), reason)), List.of(), Optional.empty());
        }

        Result withLinks(List<URI> found) {
            return new Result(url, outcome, chunks, problem, List.copyOf(found), state);
        }
    }

    private final Fetcher fetcher;
    private final CrawlScope scope;
    private final Robots robots;
    private final IngestOptions options;
    private final CrawlState previous;
    private final boolean followLinks;

    PageFetch(Fetcher fetcher, CrawlScope scope, Robots robots, IngestOptions options, CrawlState previous, boolean followLinks) {
        this.fetcher = fetcher;
        this.scope = scope;
        this.robots = robots;
        this.options = options;
        this.previous = previous;
        this.followLinks = followLinks;
    }

    /** Never throws: a page that fails is a result with its problem. */
    Result fetch(URI url) {
        try {
            return fetchOrFail(url);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Result.problem(url, Outcome.FAILED, "interrupted");
        } catch (RuntimeException e) {
            return Result.problem(url, Outcome.FAILED, Fetcher.describe(e));
        }
    }

    private Result fetchOrFail(URI url) throws InterruptedException {
        // the start URL, which --include or --exclude leaves out, is read for its links only: never its last version
        boolean indexed = scope.contains(url);
        Optional<CrawlState.Page> before = indexed ? previous.page(url) : Optional.empty();
        Fetcher.Fetched f;
        try {
            f = fetcher.get(url, conditional(before), PageFetch::cap, target -> refusal(target, indexed));
        } catch (Fetcher.FetchFailure e) {
            if (!e.offSite() && before.isPresent()) {
                return kept(url, before.get(), e.reason());
            }
            return Result.problem(url, e.offSite() ? Outcome.OFF_SITE : Outcome.FAILED, e.reason());
        }
        if (f.status() == 304 && before.isPresent()) {
            return new Result(url, Outcome.UNCHANGED, previous.chunks(before.get()), Optional.empty(), linksOf(before.get()),
                    before);
        }
        if (f.status() != 200) {
            String retry = f.header("Retry-After").map(v -> " (Retry-After " + v.strip() + ", longer or more often than docask waits)")
                    .filter(v -> f.status() == 429 || f.status() == 503).orElse("");
            boolean passes = f.status() >= 500 || f.status() == 429 || f.status() == 408; // 404 and 410: the page is gone
            if (passes && before.isPresent()) {
                return kept(url, before.get(), "HTTP " + f.status() + retry);
            }
            return Result.problem(url, Outcome.FAILED, "HTTP " + f.status() + retry);
        }
        Optional<String> type = f.header("Content-Type");
        if (!isHtml(type)) {
            return Result.problem(url, Outcome.NOT_HTML, "not an HTML page (Content-Type " + type.orElse("none") + ")");
        }
        if (f.body().overCap()) {
            return Result.problem(url, Outcome.TOO_BIG, "page is over the " + MAX_BYTES / 1048576 + " MB limit for a page");
        }
        if (noindex(f.headers())) {
            return Result.of(url, Outcome.NOINDEX);
        }
        byte[] body = f.body().data();
        Optional<Document> doc = LinkFinder.parse(f.url(), body, type.flatMap(PageFetch::charsetLabel));
        List<URI> links = followLinks ? doc.map(LinkFinder::links).orElse(List.of()) : List.of();
        if (!indexed) {
            return Result.of(url, Outcome.EXCLUDED).withLinks(links);
        }
        Optional<List<Chunk>> chunks;
        try {
            chunks = SiteReader.readPage(f.url(), body, type, options);
        } catch (IllegalArgumentException e) {
            return Result.problem(url, Outcome.FAILED, String.valueOf(e.getMessage())).withLinks(links);
        }
        if (chunks.isEmpty() || chunks.get().isEmpty()) {
            return Result.of(url, Outcome.NOINDEX).withLinks(links);
        }
        CrawlState.Page page = new CrawlState.Page(f.header("ETag").orElse(null), f.header("Last-Modified").orElse(null),
                sha256(body), chunks.get().get(0).source(), followLinks ? links.stream().map(URI::toString).toList() : null,
                doc.map(SiteNames::claims).orElse(List.of()));
        return new Result(url, Outcome.INDEXED, chunks.get(), Optional.empty(), links, Optional.of(page));
    }

    /** A page that failed for a reason that passes, with its chunks and state from the last crawl ({@link Outcome#KEPT}). */
    private Result kept(URI url, CrawlState.Page before, String reason) {
        return new Result(url, Outcome.KEPT, previous.chunks(before),
                Optional.of(new Problem(url.toString(), reason + "; its version from the last crawl is kept")), linksOf(before),
                Optional.of(before));
    }

    /** The links a page had at the last crawl, to follow again when it is not read anew. */
    private static List<URI> linksOf(CrawlState.Page before) {
        return before.links() == null ? List.of() : before.links().stream().map(URI::create).toList();
    }

    private static Map<String, String> conditional(Optional<CrawlState.Page> before) {
        Map<String, String> headers = new LinkedHashMap<>();
        before.map(CrawlState.Page::etag).ifPresent(e -> headers.put("If-None-Match", e));
        before.map(CrawlState.Page::lastModified).ifPresent(m -> headers.put("If-Modified-Since", m));
        return headers;
    }

    private static long cap(HttpResponse.ResponseInfo info) {
        return info.statusCode() == 200 && isHtml(info.headers().firstValue("Content-Type")) ? MAX_BYTES : 0;
    }

    /** Why a redirect to {@code target} is not followed; {@code kept}: to a page the crawl keeps (else read for links). */
    private Optional<String> refusal(URI target, boolean kept) {
        return !scope.onSite(target) ? Optional.of("it is another site (docask reads " + scope.origin() + " only)")
                : !robots.allows(target) ? Optional.of("robots.txt disallows it")
                : kept && !scope.keeps(target) ? Optional.of("the crawl leaves it out (pages below " + scope.prefix()
                        + " that --include and --exclude keep)")
                // as a link with a query is not followed (CrawlScope): a search page or a tracking link, not a page of its own
                : kept && target.getRawQuery() != null ? Optional.of("a URL with a ?query is not a docs page of its own")
                : Optional.empty();
    }

    /** HTML or XHTML; a response without a Content-Type is read as HTML, as browsers sniff it. */
    static boolean isHtml(Optional<String> contentType) {
        String type = contentType.orElse("text/html").toLowerCase(Locale.ROOT).split(";", 2)[0].strip();
        return type.equals("text/html") || type.equals("application/xhtml+xml");
    }

    static boolean noindex(HttpHeaders headers) {
        for (String value : headers.allValues("X-Robots-Tag")) {
            String v = value.toLowerCase(Locale.ROOT).strip();
            int colon = v.indexOf(':');
            if (colon > 0 && v.substring(0, colon).matches("[a-z0-9_-]+") && !v.substring(0, colon).equals("unavailable_after")) {
                if (!v.substring(0, colon).equals(Robots.AGENT)) {
                    continue; // "googlebot: noindex" is for another crawler
                }
                v = v.substring(colon + 1);
            }
            for (String directive : v.split(",")) {
                if (directive.strip().equals("noindex") || directive.strip().equals("none")) {
                    return true;
                }
            }
        }
        return false;
    }

    private static Optional<String> charsetLabel(String contentType) {
        for (String part : contentType.split(";")) {
            String p = part.strip();
            if (p.toLowerCase(Locale.ROOT).startsWith("charset=")) {
                return Optional.of(p.substring("charset=".length()).replace("\"", "").strip());
            }
        }
        return Optional.empty();
    }

    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }
}
