package dev.docask.crawl;

import com.google.errorprone.annotations.CanIgnoreReturnValue;
import com.google.errorprone.annotations.CheckReturnValue;
import dev.docask.index.DocIndex;
import dev.docask.index.Manifest;
import dev.docask.index.internal.DocaskVersion;
import dev.docask.index.internal.OtherSite;
import dev.docask.ingest.internal.SiteUrls;
import dev.docask.ingest.Chunk;
import dev.docask.ingest.Corpus;
import dev.docask.ingest.Corpus.Problem;
import dev.docask.ingest.Framework;
import dev.docask.ingest.IngestOptions;
import dev.docask.ingest.internal.SiteNames;
import org.jspecify.annotations.Nullable;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletionService;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.Collectors;

/*
 * The crawl reads top-down: robots.txt (the first request: a site that cannot be reached fails here)
 * → page URLs from the sitemaps (--sitemap, else robots.txt's Sitemap: lines, else /sitemap.xml), or,
 * with no sitemap, by following links from the start URL → each page fetched (at most `concurrency`
 * at once, starts `delay` apart) and read by the folder reader's HTML path → pages in file order,
 * one per page URL. Each page is read as it arrives; only its chunks are kept, so a large site does
 * not sit in memory as HTML. The defaults: 2 requests at once (the issue's, a polite number for one
 * site), no delay but robots.txt's, 20 s per exchange, 5 MB per page (a folder's page limit), 30 s at
 * most waited for a Retry-After, 10,000 pages.
 */

/**
 * Reads a deployed documentation site into a {@link Corpus}, as {@link dev.docask.ingest.SiteReader}
 * reads a folder of its built HTML: the same chunks, with page URLs on the site. Polite: robots.txt
 * for the agent {@code docask} and its Crawl-delay, a bound on requests at once, Retry-After, one site
 * only. A re-crawl into the same index sends conditional requests and reuses unchanged pages.
 *
 * <pre>{@code
 * SiteCrawler.Result r = SiteCrawler.builder("https://docs.example.com/")
 *         .maxPages(500).exclude("/blog/**").previous(Path.of("docs-index")).build().crawl();
 * IndexBuilder.build(r.corpus(), embedder, settings, Path.of("docs-index"), n -> { });
 * r.saveState(Path.of("docs-index")); // ETags and Last-Modified for the next crawl
 * System.out.println(r.summary());
 * }</pre>
 */
public final class SiteCrawler {

    /** What became of one URL the crawl found. */
    public enum Outcome {
        /** Fetched and read into chunks. */
        INDEXED,
        /** Not modified since the last crawl (HTTP 304): its chunks were kept from the index. */
        UNCHANGED,
        /** Disallowed by robots.txt: never requested. */
        ROBOTS,
        /** A {@code noindex} meta tag or {@code X-Robots-Tag}, or a redirect stub. */
        NOINDEX,
        /** Not {@code text/html} (a PDF, an image). */
        NOT_HTML,
        /** Over the size limit for a page. */
        TOO_BIG,
        /** An HTTP error, a timeout, a network error, an unreadable page. */
        FAILED,
        /**
         * Failed this time for a reason that passes (a timeout, a network error, HTTP 5xx, 429 or 408) and read by the
         * last crawl: its chunks from then are kept, so a site's bad minute does not empty the index.
         */
        KEPT,
        /**
         * Redirected to another site, or to a page the crawl leaves out (robots.txt disallows it, it is not below the
         * start path, {@code include} or {@code exclude} leaves it out): not followed.
         */
        OFF_SITE,
        /** Another URL of a page already read (its canonical link or a redirect leads there). */
        DUPLICATE,
        /**
         * The start URL, left out by {@code include} or {@code exclude}: read only for its links when the crawl follows
         * links, not indexed.
         */
        EXCLUDED,
        /** Left out by {@code maxPages}. */
        OVER_MAX_PAGES
    }

    /**
     * Told after each page, e.g. to drive a progress bar; calls come from one thread.
     *
     * <pre>{@code
     * crawler.crawl((done, known) -> bar.maxHint(known).stepTo(done));
     * }</pre>
     */
    @FunctionalInterface
    public interface Progress {
        /** {@code done} of the {@code known} pages so far have been fetched. */
        void pagesFetched(int done, int known);
    }

    /** The contact the User-Agent names unless {@link Builder#contact} gives one: docask's own page. */
    public static final String DEFAULT_CONTACT = "https://github.com/docask/docask";

    private final CrawlScope scope;
    private final Optional<URI> sitemap;
    private final int maxPages;
    private final Duration delay;
    private final int concurrency;
    private final String userAgent;
    private final Duration timeout;
    private final Duration maxRetryWait;
    private final IngestOptions options;
    private final Optional<Path> previous;
    private final Optional<Path> keepPagesIn;
    private final PageCache.Key cacheKey;
    private volatile PageCache cache = PageCache.none();

    private SiteCrawler(Builder b) {
        this.scope = new CrawlScope(b.start, b.include, b.exclude);
        this.sitemap = Optional.ofNullable(b.sitemap);
        this.maxPages = b.maxPages;
        this.delay = b.delay;
        this.concurrency = b.concurrency;
        this.userAgent = "docask/" + version() + " (+" + b.contact + ")";
        this.timeout = b.timeout;
        this.maxRetryWait = b.maxRetryWait;
        this.options = new IngestOptions(scope.origin(), Framework.HTML, b.chunkSize, b.chunkOverlap, List.of());
        this.previous = Optional.ofNullable(b.previous);
        this.keepPagesIn = Optional.ofNullable(b.keepPagesIn);
        this.cacheKey = new PageCache.Key(scope.start().toString(), b.include.stream().map(UrlGlob::toString).toList(),
                b.exclude.stream().map(UrlGlob::toString).toList(), b.chunkSize, b.chunkOverlap, DocaskVersion.build());
    }

    /**
     * A crawl of the site at {@code url}: its scheme, host and port, below its path.
     *
     * @throws IllegalArgumentException if {@code url} is not an absolute http(s) URL with a host, quoting it
     */
    public static Builder builder(String url) {
        return new Builder(CrawlScope.requireStartUrl(Objects.requireNonNull(url, "url")));
    }

    /**
     * What {@code indexDir} holds when it is the index of another site than this crawl reads, e.g. {@code the index of
     * Relay (https://relay.example/)}; empty when it holds no index, or one of this site. The same site is the same
     * scheme, host and port, below the same path or above it ({@code https://x.dev/docs/} and {@code https://x.dev/}
     * are one site, {@code https://u.github.io/a/} and {@code https://u.github.io/b/} are two), as the start URL its
     * last crawl recorded, or as the base URL of an index built from a folder; an index with no base URL (site-relative
     * URLs) cannot be told to be this site, so it counts as another. Reads no page.
     */
    public Optional<String> otherSiteIn(Path indexDir) {
        Optional<Manifest> manifest = DocIndex.findManifest(indexDir);
        if (manifest.isEmpty()) {
            return Optional.empty();
        }
        Optional<String> there = siteIn(indexDir);
        return there.filter(url -> SiteUrls.sameSite(scope.start().toString(), url)).isPresent() ? Optional.empty()
                : Optional.of(OtherSite.describe(manifest.get(), there));
    }

    /**
     * The URL of the site whose index {@code indexDir} holds: the start URL of the crawl that built it, else the base URL
     * it records; empty when it holds no index, or one with site-relative URLs. Reads no page.
     */
    public static Optional<String> siteIn(Path indexDir) {
        return CrawlState.start(indexDir).or(() -> DocIndex.findManifest(indexDir).flatMap(Manifest::baseUrl));
    }

    /** The User-Agent sent with every request. */
    public String userAgent() {
        return userAgent;
    }

    /** Crawls the site. */
    public Result crawl() {
        return crawl((done, known) -> { });
    }

    /**
     * Crawls the site, reporting progress after each page.
     *
     * @throws CrawlException if the site cannot be reached, its robots.txt fails, or the sitemap given holds no page
     */
    public Result crawl(Progress progress) {
        Objects.requireNonNull(progress, "progress");
        Pacer pacer = new Pacer(concurrency, delay);
        PageCache kept = keepPagesIn.map(dir -> PageCache.open(dir, cacheKey, Instant.now())).orElseGet(PageCache::none);
        cache = kept;
        try (Fetcher fetcher = new Fetcher(pacer, userAgent, timeout, maxRetryWait)) {
            Robots robots = Robots.fetch(fetcher, scope);
            robots.crawlDelay().ifPresent(pacer::atLeast);
            Sitemaps.Found found = discover(fetcher, robots);
            boolean follow = found.pages().isEmpty();
            CrawlState state = previous.map(dir -> CrawlState.load(dir, options)).orElseGet(CrawlState::none);
            PageFetch pages = new PageFetch(fetcher, scope, robots, options, state, follow);
            List<PageFetch.Result> results = fetchAll(pages, robots, follow ? List.of(scope.start()) : found.pages(), follow,
                    kept, progress);
            Result r = Result.of(results, found, follow, options, pacer.delay(), kept, scope.start());
            if (r.corpus().chunks().isEmpty()) {
                r.forgetKeptPages(); // nothing worth resuming: the next run asks the site again
            }
            return r;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CrawlException("the crawl of " + scope.start() + " was interrupted" + kept.file()
                    .filter(f -> kept.kept() > 0).map(f -> "; the " + pages(kept.kept()) + " read so far " + (kept.kept() == 1 ? "is" : "are")
                            + " kept in " + f + ", and the same crawl resumes from " + (kept.kept() == 1 ? "it" : "them"))
                    .orElse(""), e);
        } finally {
            kept.close();
        }
    }

    /**
     * How many pages are kept so far for a crawl run again to resume from (those of a crawl stopped before and this
     * one's, with {@link Builder#keepPagesIn}; 0 without, and 0 once {@link Result#saveState} or
     * {@link Result#forgetKeptPages} deleted them): what to tell a user who stops the crawl now.
     */
    public int keptPages() {
        return cache.kept();
    }

    private static String pages(int n) {
        return n + (n == 1 ? " page" : " pages");
    }

    private Sitemaps.Found discover(Fetcher fetcher, Robots robots) throws InterruptedException {
        Sitemaps sitemaps = new Sitemaps(fetcher, scope, robots);
        if (sitemap.isPresent()) {
            Sitemaps.Found found = sitemaps.read(List.of(sitemap.get()), false);
            if (found.pages().isEmpty()) {
                throw new CrawlException("no pages in the sitemap " + sitemap.get() + ": " + found.problems().stream()
                        .findFirst().map(p -> p.file() + ": " + p.reason())
                        .orElse("it lists no page under " + scope.origin() + scope.prefix()));
            }
            return found;
        }
        List<URI> named = robots.sitemaps().stream().map(CrawlScope::parse).flatMap(Optional::stream).toList();
        if (!named.isEmpty()) {
            return sitemaps.read(named, false);
        }
        List<URI> guesses = new ArrayList<>(List.of(scope.resolveOnSite("/sitemap.xml")));
        if (!scope.prefix().equals("/")) {
            guesses.add(scope.resolveOnSite(scope.prefix() + "sitemap.xml"));
        }
        return sitemaps.read(guesses, true);
    }

    private List<PageFetch.Result> fetchAll(PageFetch pages, Robots robots, List<URI> start, boolean follow,
                                            PageCache kept, Progress progress) throws InterruptedException {
        List<PageFetch.Result> results = new ArrayList<>();
        Deque<PageFetch.Result> fromCache = new ArrayDeque<>();
        Deque<URI> queue = new ArrayDeque<>(start);
        Set<URI> seen = new HashSet<>(start);
        ExecutorService pool = Executors.newFixedThreadPool(concurrency, r -> {
            Thread t = new Thread(r, "docask-crawl");
            t.setDaemon(true);
            return t;
        });
        try {
            CompletionService<PageFetch.Result> done = new ExecutorCompletionService<>(pool);
            int fetched = 0;
            int running = 0;
            while (true) {
                while (running < concurrency && !queue.isEmpty()) {
                    URI url = queue.poll();
                    if (!robots.allows(url)) {
                        results.add(PageFetch.Result.of(url, Outcome.ROBOTS));
                    } else if (fetched == maxPages) {
                        results.add(PageFetch.Result.of(url, Outcome.OVER_MAX_PAGES));
                    } else {
                        fetched++;
                        Optional<PageFetch.Result> before = kept.result(url);
                        if (before.isPresent()) {
                            fromCache.add(before.get()); // read by the crawl stopped before: no request
                        } else {
                            running++;
                            done.submit(() -> pages.fetch(url));
                        }
                    }
                }
                PageFetch.Result r;
                if (!fromCache.isEmpty()) {
                    r = fromCache.poll();
                } else if (running == 0) {
                    return results;
                } else {
                    r = done.take().get();
                    running--;
                    kept.keep(r);
                }
                results.add(r);
                for (URI link : follow ? r.links() : List.<URI>of()) {
                    if (scope.contains(link) && seen.add(link)) {
                        queue.add(link);
                    }
                }
                progress.pagesFetched(fetched - running - fromCache.size(), fetched + queue.size());
            }
        } catch (ExecutionException e) {
            throw new IllegalStateException("a page fetch failed outside its own handling", e.getCause());
        } finally {
            pool.shutdownNow();
        }
    }

    private static String version() {
        String v = SiteCrawler.class.getPackage().getImplementationVersion();
        return v == null ? "dev" : v;
    }

    /** What a crawl found: the corpus to index, what became of each URL, and the state for the next crawl. */
    @CheckReturnValue
    public static final class Result {
        private final Corpus corpus;
        private final Map<Outcome, Integer> counts;
        private final Map<URI, CrawlState.Page> state;
        private final String discovery;
        private final Duration delay;
        private final PageCache kept;
        private final URI start;

        private Result(Corpus corpus, Map<Outcome, Integer> counts, Map<URI, CrawlState.Page> state, String discovery,
                       Duration delay, PageCache kept, URI start) {
            this.corpus = corpus;
            this.counts = counts;
            this.state = state;
            this.discovery = discovery;
            this.delay = delay;
            this.kept = kept;
            this.start = start;
        }

        static Result of(List<PageFetch.Result> results, Sitemaps.Found found, boolean followed, IngestOptions options,
                         Duration delay, PageCache kept, URI start) {
            Map<Outcome, Integer> counts = new EnumMap<>(Outcome.class);
            results.forEach(r -> counts.merge(r.outcome(), 1, Integer::sum));
            // File order, as a folder is read; one page per page URL (a canonical link or redirect can lead two URLs to one).
            List<PageFetch.Result> read = results.stream().filter(r -> !r.chunks().isEmpty())
                    .sorted(Comparator.comparing((PageFetch.Result r) -> r.chunks().get(0).source())
                            .thenComparing(r -> r.url().toString()))
                    .toList();
            Set<String> pageUrls = new HashSet<>();
            List<Chunk> chunks = new ArrayList<>();
            Map<URI, CrawlState.Page> state = new LinkedHashMap<>();
            var hash = new StringBuilder();
            List<List<String>> siteNames = new ArrayList<>();
            for (PageFetch.Result r : read) {
                r.state().ifPresent(s -> state.put(r.url(), s));
                if (!pageUrls.add(r.chunks().get(0).pageUrl())) {
                    counts.merge(r.outcome(), -1, Integer::sum);
                    counts.merge(Outcome.DUPLICATE, 1, Integer::sum);
                    continue;
                }
                chunks.addAll(r.chunks());
                r.state().map(CrawlState.Page::siteNames).ifPresent(siteNames::add);
                r.state().ifPresent(s -> hash.append(s.source()).append('\0').append(s.hash()).append('\0'));
            }
            List<Problem> problems = new ArrayList<>(found.problems());
            results.forEach(r -> r.problem().ifPresent(problems::add));
            problems.sort(Comparator.comparing(Problem::file));
            Corpus corpus = new Corpus(Framework.HTML, pageUrls.size(), chunks, problems, options, List.of(),
                    PageFetch.sha256(hash.toString().getBytes(StandardCharsets.UTF_8)), SiteNames.agreed(siteNames));
            String discovery = followed ? "by following links" : "from " + found.files() + " sitemap" + (found.files() == 1 ? "" : "s");
            return new Result(corpus, counts, state, discovery, delay, kept, start);
        }

        /**
         * The pages read, as {@link dev.docask.ingest.SiteReader} reads a folder: problems name the URL; the corpus
         * carries {@link #siteName()}, which {@code IndexBuilder} records unless its settings name the site.
         */
        public Corpus corpus() {
            return corpus;
        }

        /**
         * The site's name as most pages give it in their {@code <title>} ("Mocking | Quayside") or
         * {@code og:site_name}, as {@link dev.docask.ingest.SiteReader#siteName} names a folder of built HTML;
         * empty when they do not agree ({@code IndexBuilder} names it by its host then). The same as
         * {@code corpus().siteName()}.
         */
        public Optional<String> siteName() {
            return corpus.siteName();
        }

        /** How many URLs ended with {@code outcome}. */
        public int count(Outcome outcome) {
            return counts.getOrDefault(outcome, 0);
        }

        /**
         * How many pages were taken from a crawl of the same site stopped before ({@link Builder#keepPagesIn}), without a
         * request; they are counted with their outcome as well.
         */
        public int resumed() {
            return kept.resumed();
        }

        /**
         * One line for people, e.g. {@code 12 pages from 1 sitemap: 10 indexed, 2 unchanged; skipped 1
         * by robots.txt, 1 not HTML; 1 failed}.
         */
        public String summary() {
            int pages = counts.values().stream().mapToInt(Integer::intValue).sum();
            List<String> read = parts(Outcome.INDEXED, "indexed", Outcome.UNCHANGED, "unchanged",
                    Outcome.KEPT, "failed now and kept from the last crawl");
            List<String> skipped = parts(Outcome.ROBOTS, "by robots.txt", Outcome.NOINDEX, "noindex",
                    Outcome.NOT_HTML, "not HTML", Outcome.TOO_BIG, "too big", Outcome.OFF_SITE, "redirected out of the crawl",
                    Outcome.DUPLICATE, "duplicate", Outcome.EXCLUDED, "left out by --include/--exclude",
                    Outcome.OVER_MAX_PAGES, "over --max-pages");
            return String.format(Locale.ROOT, "%d page%s %s: %s%s%s%s%s", pages, pages == 1 ? "" : "s", discovery,
                    read.isEmpty() ? "none read" : String.join(", ", read),
                    skipped.isEmpty() ? "" : "; skipped " + String.join(", ", skipped),
                    count(Outcome.FAILED) == 0 ? "" : "; " + count(Outcome.FAILED) + " failed",
                    resumed() == 0 ? "" : "; " + resumed() + " of them read by the crawl stopped before, not fetched again",
                    delay.isZero() ? "" : " (" + Fetcher.seconds(delay) + " between requests)");
        }

        private List<String> parts(Object... outcomeThenWords) {
            List<String> out = new ArrayList<>();
            for (int i = 0; i < outcomeThenWords.length; i += 2) {
                int n = count((Outcome) outcomeThenWords[i]);
                if (n > 0) {
                    out.add(n + " " + outcomeThenWords[i + 1]);
                }
            }
            return out;
        }

        /**
         * Keeps what the next crawl needs (each page's ETag, Last-Modified and body hash, and the start URL) beside the
         * index just built from {@link #corpus()} in {@code indexDir}, and deletes the pages kept for a resume
         * ({@link Builder#keepPagesIn}): they are in the index now. Call it after the index is built.
         *
         * @throws CrawlException if there is no index in {@code indexDir} or the file cannot be written
         */
        public void saveState(Path indexDir) {
            try {
                CrawlState.save(indexDir, state, start);
                kept.delete();
            } catch (IOException e) {
                throw new CrawlException("cannot keep the crawl state in " + indexDir + ": " + e.getMessage(), e);
            }
        }

        /**
         * Deletes the pages kept for a resume ({@link Builder#keepPagesIn}) without building an index of them, so that
         * the next crawl asks the site for every page again. A crawl whose pages give no text does it itself.
         */
        public void forgetKeptPages() {
            try {
                kept.delete();
            } catch (IOException e) {
                throw new CrawlException("cannot delete the pages kept in " + kept.file().map(Path::toString).orElse("?")
                        + ": " + e.getMessage(), e);
            }
        }

        @Override
        public String toString() {
            return summary() + counts.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                    .collect(Collectors.joining(", ", " {", "}"));
        }
    }

    /** Options of a crawl; each setter checks its value and names it when it is wrong. */
    public static final class Builder {
        private final URI start;
        private @Nullable URI sitemap;
        private int maxPages = 10_000;
        private Duration delay = Duration.ZERO;
        private int concurrency = 2;
        private String contact = DEFAULT_CONTACT;
        private Duration timeout = Duration.ofSeconds(20);
        private Duration maxRetryWait = Duration.ofSeconds(30);
        private int chunkSize = IngestOptions.DEFAULT_CHUNK_SIZE;
        private int chunkOverlap = IngestOptions.DEFAULT_CHUNK_OVERLAP;
        private final List<UrlGlob> include = new ArrayList<>();
        private final List<UrlGlob> exclude = new ArrayList<>();
        private @Nullable Path previous;
        private @Nullable Path keepPagesIn;

        private Builder(URI start) {
            this.start = start;
        }

        /** Reads this sitemap (or sitemap index) instead of looking for one; it must be on the site. */
        @CanIgnoreReturnValue
        public Builder sitemap(String url) {
            URI u = CrawlScope.parse(url).orElseThrow(() -> new IllegalArgumentException(
                    "sitemap '" + url + "' is not an absolute http(s) URL"));
            if (!new CrawlScope(start, List.of(), List.of()).onSite(u)) {
                throw new IllegalArgumentException("sitemap '" + url + "' is on another site than " + start
                        + "; docask reads one site");
            }
            this.sitemap = u;
            return this;
        }

        /** Fetch at most this many pages (default 10000). */
        @CanIgnoreReturnValue
        public Builder maxPages(int n) {
            this.maxPages = positive("maxPages", n);
            return this;
        }

        /** Only pages whose URL path matches one of these globs, e.g. {@code /docs/**}; repeatable. */
        @CanIgnoreReturnValue
        public Builder include(String glob) {
            include.add(UrlGlob.parse("include", Objects.requireNonNull(glob, "include")));
            return this;
        }

        /** Leave out pages whose URL path matches, e.g. {@code /blog/**} or {@code *.pdf}; repeatable. */
        @CanIgnoreReturnValue
        public Builder exclude(String glob) {
            exclude.add(UrlGlob.parse("exclude", Objects.requireNonNull(glob, "exclude")));
            return this;
        }

        /** The least time between two requests' starts (default none; robots.txt's Crawl-delay wins when longer). */
        @CanIgnoreReturnValue
        public Builder delay(Duration d) {
            if (d.isNegative()) {
                throw new IllegalArgumentException("delay must not be negative, got " + d.toMillis() + " ms");
            }
            this.delay = d;
            return this;
        }

        /** Requests at once, 1 to 16 (default 2). */
        @CanIgnoreReturnValue
        public Builder concurrency(int n) {
            if (n < 1 || n > 16) {
                throw new IllegalArgumentException("concurrency must be between 1 and 16 (a polite crawl), got " + n);
            }
            this.concurrency = n;
            return this;
        }

        /** A URL or address where site owners can reach whoever runs the crawl; it goes in the User-Agent. */
        @CanIgnoreReturnValue
        public Builder contact(String urlOrEmail) {
            String c = Objects.requireNonNull(urlOrEmail, "contact").strip();
            if (c.isEmpty() || !c.chars().allMatch(ch -> ch > 0x20 && ch < 0x7F && ch != '(' && ch != ')')) {
                throw new IllegalArgumentException("contact '" + urlOrEmail + "' must be a URL or e-mail address (printable ASCII, no spaces)");
            }
            this.contact = c;
            return this;
        }

        /** The longest one exchange may take, body included (default 20 s). */
        @CanIgnoreReturnValue
        public Builder timeout(Duration d) {
            if (d.isNegative() || d.isZero()) {
                throw new IllegalArgumentException("timeout must be positive, got " + d.toMillis() + " ms");
            }
            this.timeout = d;
            return this;
        }

        /** The longest Retry-After that is waited for before a retry (default 30 s); a longer one fails the page. */
        @CanIgnoreReturnValue
        public Builder maxRetryWait(Duration d) {
            if (d.isNegative()) {
                throw new IllegalArgumentException("maxRetryWait must not be negative, got " + d.toMillis() + " ms");
            }
            this.maxRetryWait = d;
            return this;
        }

        /** Chunking, as {@link IngestOptions} has it (defaults 1200 and 150). */
        @CanIgnoreReturnValue
        public Builder chunking(int size, int overlap) {
            IngestOptions checked = new IngestOptions("", Framework.HTML, size, overlap, List.of());
            this.chunkSize = checked.chunkSize();
            this.chunkOverlap = checked.chunkOverlap();
            return this;
        }

        /**
         * The index folder of the last crawl of this site: pages are asked for only if changed since
         * (ETag, Last-Modified), and unchanged ones keep their chunks. A folder without a usable
         * crawl state gives a full crawl.
         */
        @CanIgnoreReturnValue
        public Builder previous(Path indexDir) {
            this.previous = Objects.requireNonNull(indexDir, "indexDir");
            return this;
        }

        /**
         * Keeps each page in {@code indexDir} as soon as it is read ({@code crawl-pages.jsonl}, a file of the index
         * folder's own that readers never look at), so that this crawl, stopped part way (Ctrl-C, SIGTERM, a thread
         * interrupted), run again with the same start URL, {@code include}, {@code exclude} and chunking within a
         * week, takes those pages from there without a request and fetches only the rest. Failed pages are not kept.
         * {@link Result#saveState} deletes them once the index is built.
         */
        @CanIgnoreReturnValue
        public Builder keepPagesIn(Path indexDir) {
            this.keepPagesIn = Objects.requireNonNull(indexDir, "indexDir");
            return this;
        }

        public SiteCrawler build() {
            return new SiteCrawler(this);
        }
    }

    private static int positive(String name, int n) {
        if (n < 1) {
            throw new IllegalArgumentException(name + " must be at least 1, got " + n);
        }
        return n;
    }
}
