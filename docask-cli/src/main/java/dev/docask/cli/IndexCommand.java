package dev.docask.cli;

import dev.docask.embed.Embedder;
import dev.docask.embed.Embedders;
import dev.docask.index.IndexException;
import dev.docask.index.IndexBuilder.BuildReport;
import dev.docask.index.DocIndex;
import dev.docask.index.IndexBuilder;
import dev.docask.index.Manifest;
import dev.docask.index.internal.OtherSite;
import dev.docask.ingest.Corpus;
import dev.docask.ingest.Framework;
import dev.docask.ingest.IngestOptions;
import dev.docask.mcp.LlmsTxt;
import dev.docask.ingest.Corpus.Problem;
import dev.docask.ingest.SiteReader;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import dev.docask.crawl.SiteCrawler;
import dev.docask.retrieve.HybridRetriever;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;

/** {@code docask index}: reads documentation folders and writes a hybrid index. */
@Command(name = "index", description = "Index documentation folders (Markdown/MDX or built HTML), or crawl a deployed site from its URL.",
        mixinStandardHelpOptions = true, versionProvider = BuildVersion.class)
final class IndexCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "FOLDER|URL", description = "Documentation folder(s) to index, or the URL of one deployed site to crawl.")
    List<String> sources;

    List<Path> folders;

    /** Whether --base-url was given, rather than kept from the index in --out. */
    private boolean baseUrlGiven;

    @Mixin
    CrawlArgs crawl;

    @Option(names = "--out", defaultValue = "docask-index", paramLabel = "DIR", description = "Index directory (default: ${DEFAULT-VALUE}).")
    Path out;

    @Option(names = "--base-url", paramLabel = "URL", description = "Public root of the site, e.g. https://vitest.dev"
            + " (default: the one the index in --out records; \"\" for site-relative URLs).")
    String baseUrl;

    @Option(names = "--lock-timeout", defaultValue = "10", paramLabel = "SECONDS",
            description = "How long to wait for another 'docask index' writing into --out, or publishing the same --backend --site"
                    + " (default ${DEFAULT-VALUE}).")
    int lockTimeout;

    @Option(names = "--framework", paramLabel = "NAME", description = "docusaurus, vitepress, starlight, mkdocs, html or markdown (default: detected).")
    String framework;

    @Option(names = "--embedder", paramLabel = "SPEC",
            description = "bge-small (local), bge-small:plain, e5-small (local), openai:<model>, mock[:dims] or none (default: the one "
                    + "the index in --out was "
                    + "built with, else bge-small).")
    String embedder;

    @Option(names = "--chunk-size", defaultValue = "" + IngestOptions.DEFAULT_CHUNK_SIZE, paramLabel = "N",
            description = "Longest chunk in characters; longer sections are cut (default ${DEFAULT-VALUE}).")
    int chunkSize;

    @Option(names = "--chunk-overlap", defaultValue = "" + IngestOptions.DEFAULT_CHUNK_OVERLAP, paramLabel = "N",
            description = "Characters repeated between consecutive pieces of a cut section (default ${DEFAULT-VALUE}).")
    int chunkOverlap;

    @Option(names = "--ignore", paramLabel = "GLOB", description = "Leave out files matching this glob (repeatable).")
    List<String> ignore = new ArrayList<>();

    @Option(names = "--site-name", paramLabel = "NAME", description = "Display name used in answers (default: the site's config names it, else from the base URL).")
    String siteName;

    @Option(names = "--backend", paramLabel = "URI",
            description = "Also publish the index to a Solr collection, solr://host:port/solr/<collection> (needs --site); "
                    + "incremental: unchanged chunks are not rewritten, removed pages are deleted.")
    String backend;

    @Option(names = "--site", paramLabel = "NAME", description = "The site's name in the --backend collection (a-z, 0-9, _).")
    String backendSite;

    @Option(names = "--llms-txt", paramLabel = "DIR",
            description = "Also write llms.txt and llms-full.txt of the new index into DIR (e.g. the site's static folder).")
    Path llmsTxt;

    @Option(names = "--check", description = "Exit 1 if the index is stale for these folders; calls no model.")
    boolean check;

    @Option(names = "--force", description = "Build again even when the index already holds these pages, built with these "
            + "options by this docask (by default such a run writes nothing).")
    boolean force;

    @Option(names = "--replace", description = "Index even when --out holds the index of another site, and replace it"
            + " (without it such a run stops, naming both sites: a crawl before its first request, folders before"
            + " embedding anything).")
    boolean replace;

    @Option(names = {"-q", "--quiet"}, description = "No progress bar.")
    boolean quiet;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        long start = System.nanoTime();
        if (lockTimeout < 0) {
            throw OptionCheck.fail(spec, "--lock-timeout must be 0 or more seconds, got " + lockTimeout);
        }
        Optional<String> site = siteUrl();
        // the options alone are checked first: a usage error is said before any note on what --out records
        Framework fw = framework == null ? null : OptionCheck.convert(spec, () -> Framework.requireByName(framework));
        ignore.forEach(g -> OptionCheck.convert(spec, () -> IngestOptions.requireGlob("--ignore", g)));
        if (llmsTxt != null && check) {
            throw OptionCheck.fail(spec, "--llms-txt writes files and --check writes nothing: give one of them");
        }
        if (force && check) {
            throw OptionCheck.fail(spec, "--force builds and --check writes nothing: give one of them");
        }
        if (replace && check) {
            throw OptionCheck.fail(spec, "--replace writes over another site's index and --check writes nothing: give one of them");
        }
        if (llmsTxt != null && Files.exists(llmsTxt) && !Files.isDirectory(llmsTxt)) {
            throw OptionCheck.fail(spec, "--llms-txt wants a folder to write llms.txt into, and " + llmsTxt + " is a file");
        }
        baseUrlGiven = baseUrl != null;
        if (baseUrl == null) {
            baseUrl = site.isPresent() ? "" : recordedBaseUrl(err);
        }
        if (embedder == null) {
            embedder = recordedEmbedder(err);
        }
        if (!baseUrl.isBlank()) {
            OptionCheck.convert(spec, () -> IngestOptions.requireBaseUrl("--base-url", baseUrl.strip()));
        }
        if (backend != null || backendSite != null) {
            if (backend == null) {
                throw OptionCheck.fail(spec, "--site names the site in a --backend collection: give --backend too");
            }
            OptionCheck.convert(spec, () -> {
                dev.docask.solr.SolrBackend.requireAddress(backend, backendSite);
                return backend;
            });
        }
        IngestOptions options = OptionCheck.convert(spec, () -> new IngestOptions(baseUrl, fw, chunkSize, chunkOverlap, ignore));
        // Checks the spec; no model is loaded yet. --check calls no model, so it needs no key either.
        Map<String, String> env = check ? Map.of("OPENAI_API_KEY", "unused by --check") : System.getenv();
        Optional<Embedder> e = OptionCheck.convert(spec, () -> Embedders.fromSpec(embedder, env));
        Optional<SiteCrawler> crawler = site.map(url -> crawl.crawler(spec, url, chunkSize, chunkOverlap, this.out, !check));
        for (Path f : folders) {
            if (!Files.isDirectory(f)) {
                boolean looksLikeAHost = !Files.exists(f) && f.getNameCount() == 1 && f.toString().matches("[\\w.-]+\\.[a-z]{2,}(:\\d+)?")
                        || f.toString().matches("\\d+\\.\\d+\\.\\d+\\.\\d+(:\\d+)?");
                throw new IllegalArgumentException("not a folder: " + f
                        + (looksLikeAHost ? "; to crawl a site, give its URL: https://" + f + "/" : ""));
            }
        }
        boolean created = !Files.exists(this.out);
        if (check || created && crawler.isEmpty()) {
            // a new folder is locked only once there is something to write: a run that indexes nothing leaves no folder
            return run(out, err, start, site, options, e, crawler, !check);
        }
        // one writer at a time for the whole run: a second run must not read, embed or publish meanwhile. A crawl
        // writes from its first page on (the pages it keeps for a resume), so it locks a new folder at once, and
        // removes it again if it is left empty (docs/reliability.md, "A stopped crawl keeps the pages it read")
        try (IndexBuilder.WriteLock lock = IndexBuilder.lock(this.out, Duration.ofSeconds(lockTimeout))) {
            return run(out, err, start, site, options, e, crawler, false);
        } finally {
            if (created) {
                removeIfOnlyTheLock(this.out);
            }
        }
    }

    /** Removes a folder this run created when it holds nothing but its lock file: a run that indexes nothing leaves no folder. */
    private static void removeIfOnlyTheLock(Path dir) {
        try (var entries = Files.list(dir)) {
            List<Path> left = entries.toList();
            if (left.size() == 1 && left.get(0).getFileName().toString().equals("LOCK")) {
                Files.delete(left.get(0));
                Files.delete(dir);
            }
        } catch (java.io.IOException ignored) {
            // an empty folder left behind is harmless: the next run writes into it
        }
    }

    private int run(PrintWriter out, PrintWriter err, long start, Optional<String> site, IngestOptions options,
                    Optional<Embedder> e, Optional<SiteCrawler> crawler, boolean lockBeforeWriting) {
        if (check && DocIndex.generation(this.out).isEmpty()) {
            out.println((DocIndex.exists(this.out) ? "damaged index in " + this.out + " (its CURRENT file names no generation)"
                    : "no index in " + this.out) + "; run 'docask index' without --check to build one");
            return 1;
        }
        if (!check && crawler.isPresent()) {
            IndexBuilder.requireIndexFolder(this.out); // a wrong --out must not wait for a whole crawl
            if (!replace) {
                crawler.get().otherSiteIn(this.out).ifPresent(other -> refuse(other, "this crawl of " + site.get()));
            }
        }
        Thread stopNotice = crawler.filter(c -> !check).map(c -> stopNotice(c, err)).orElse(null);
        try {
            return runStoppable(out, err, start, site, options, e, crawler, lockBeforeWriting);
        } finally {
            if (stopNotice != null) {
                try {
                    Runtime.getRuntime().removeShutdownHook(stopNotice);
                } catch (IllegalStateException stopping) {
                    // the JVM is stopping: the notice is being printed
                }
            }
        }
    }

    /**
     * Says, when the JVM is stopped (Ctrl-C, SIGTERM) while a crawl runs or before its pages are in the index, how many
     * pages are kept and that the same command resumes from them (docs/reliability.md, "A stopped crawl keeps the
     * pages it read").
     */
    private Thread stopNotice(SiteCrawler crawler, PrintWriter err) {
        Thread hook = new Thread(() -> {
            int kept = crawler.keptPages();
            if (kept > 0) {
                err.println("docask index: stopped; the " + kept + (kept == 1 ? " page" : " pages") + " read from the site so far"
                        + (kept == 1 ? " is" : " are") + " kept in " + this.out + ", and the same command resumes from them,"
                        + " fetching only the rest");
            } else if (!crawlEnded) {
                err.println("docask index: stopped before the crawl read a page; nothing is kept");
            }
            err.flush();
        }, "docask-crawl-stop-notice");
        Runtime.getRuntime().addShutdownHook(hook);
        return hook;
    }

    /** Whether the crawl has ended, for {@link #stopNotice}: read from the shutdown hook's thread. */
    private volatile boolean crawlEnded;

    private int runStoppable(PrintWriter out, PrintWriter err, long start, Optional<String> site, IngestOptions options,
                             Optional<Embedder> e, Optional<SiteCrawler> crawler, boolean lockBeforeWriting) {
        Optional<SiteCrawler.Result> crawled = crawler.map(c -> crawl(c, site.get()));
        crawlEnded = true;
        Corpus corpus = crawled.map(SiteCrawler.Result::corpus).orElseGet(() -> read(options));
        if (!check && !replace && crawled.isEmpty() && !corpus.chunks().isEmpty()) {
            // what the folders would record, compared before any embedding; a base URL kept from --out says nothing
            // about the folders (docs/reliability.md, "Another site's index is not replaced")
            Optional<String> ownName = Optional.ofNullable(siteName).or(() -> folders.stream()
                    .flatMap(f -> SiteReader.siteName(f, corpus.framework()).stream()).findFirst());
            OtherSite.ofFolders(this.out, SiteCrawler.siteIn(this.out), corpus, ownName, baseUrlGiven).ifPresent(other ->
                    refuse(other, "indexing " + String.join(" ", folders.stream().map(Object::toString).toList())
                            + ownName.or(() -> Optional.of(corpus.options().baseUrl()).filter(u -> baseUrlGiven && !u.isBlank()))
                            .map(n -> " (" + n + ")").orElse("")));
        }
        // without --site-name the build names the site as a library's does: by the name the corpus carries, else the host
        IndexBuilder.Settings settings = IndexBuilder.Settings.defaults(embedder)
                .withSiteName(siteName != null ? siteName : "");
        if (check) {
            List<String> differences = new java.util.ArrayList<>(IndexBuilder.differences(corpus, settings, this.out));
            if (differences.isEmpty() && backend != null) { // apart only if one changed without the other (published elsewhere, calibrated here)
                try (DocIndex local = DocIndex.open(this.out)) {
                    dev.docask.solr.SolrBackend.differsFrom(local, backend, backendSite).ifPresent(differences::add);
                }
            }
            out.println(differences.isEmpty() ? "up to date: " + this.out
                    : "stale: " + this.out + ": " + String.join("; ", differences) + "; run 'docask index' again");
            return differences.isEmpty() ? 0 : 1;
        }
        reportProblems(err, corpus.problems());
        reportLeftOut(err, corpus);
        if (framework == null && folders.size() == 1) {
            SiteReader.nestedSiteNote(folders.get(0), corpus).ifPresent(note -> err.println("note: " + note));
        }
        if (crawled.isEmpty()) {
            // a base path the site's config adds to --base-url, or that --base-url's own path overrides, is said once
            // (docs/design.md, "Ingest")
            folders.stream().flatMap(f -> SiteReader.basePathNote(f, corpus.framework(), options.baseUrl()).stream())
                    .distinct().forEach(note -> err.println("note: " + note));
        }
        crawled.ifPresent(r -> out.println("Crawled " + site.get() + ": " + r.summary()));
        if (corpus.chunks().isEmpty() && crawled.isPresent()) {
            err.println("docask index: nothing was indexed from " + site.get() + ": no page gave any text"
                    + (corpus.problems().isEmpty() ? "" : " (" + problemsAbove(corpus) + ")"));
            return 1;
        }
        if (corpus.chunks().isEmpty()) {
            err.println(!corpus.leftOut().isEmpty() ? "docask index: nothing was indexed: the pages found were left out (see above)"
                    : corpus.problems().isEmpty()
                    ? "docask index: no pages found in " + String.join(", ", folders.stream().map(Object::toString).toList())
                    + " (docask reads .md, .mdx, .markdown, .html and .htm files; hidden folders, node_modules,"
                    + " drafts and --ignore globs are left out)"
                    : "docask index: nothing was indexed: every page was skipped (" + problemsAbove(corpus) + ")");
            return 1;
        }
        try (IndexBuilder.WriteLock lock = lockBeforeWriting ? IndexBuilder.lock(this.out, Duration.ofSeconds(lockTimeout)) : null) {
            return write(out, err, start, corpus, e, settings, crawled);
        }
    }

    private int write(PrintWriter out, PrintWriter err, long start, Corpus corpus, Optional<Embedder> e,
                      IndexBuilder.Settings settings, Optional<SiteCrawler.Result> crawled) {
        Optional<Manifest> same = force ? Optional.empty() : IndexBuilder.upToDate(corpus, settings, this.out);
        if (same.isPresent() && backendHolds()) {
            // nothing to do: no new generation, no embedder loaded, no gate measured again (docs/reliability.md,
            // "A build with nothing to do writes nothing")
            crawled.ifPresent(r -> r.saveState(this.out));
            out.printf(Locale.ROOT, "Up to date: %s already holds %s (%s), built %s by docask %s with these"
                            + " options; nothing written, %.1f s ('--force' builds again)%n", this.out,
                    same.get().pages() == 1 ? "this page" : "these " + same.get().pages() + " pages",
                    count(same.get().chunks(), "chunk", "chunks"), same.get().createdAt(), same.get().builtBy().orElse("?"),
                    (System.nanoTime() - start) / 1e9);
            writeLlmsTxt(out);
            return 0;
        }
        BuildReport report;
        boolean embeds = e.map(x -> !x.matchesWordsOnly()).orElse(false);
        long[] measuring = {0};
        IndexBuilder.GateMeasure measure = built -> { // before the build is published: it goes live with its gate
            long t = System.nanoTime();
            try {
                return HybridRetriever.measureGate(built);
            } finally {
                measuring[0] = System.nanoTime() - t;
            }
        };
        List<String> published = new ArrayList<>(1);
        int[] embedded = {0};
        try (ProgressBar bar = progressBar("Embedding", corpus.chunks().size(), embeds)) {
            report = IndexBuilder.build(corpus, e, settings, this.out, n -> {
                embedded[0] = n;
                if (bar != null) {
                    bar.stepTo(n);
                }
            }, measure, built -> {
                if (backend != null) {
                    published.add(publish(built));
                }
            });
        } catch (dev.docask.embed.EmbeddingException failed) {
            if (embedded[0] == 0) {
                throw failed;
            }
            // the build keeps what it paid for (docs/reliability.md, "A stopped build keeps what it embedded")
            throw new IndexException(Failures.describe(failed) + "; the " + embedded[0] + " chunks embedded before it stopped"
                    + " are kept in " + this.out + ", and the next 'docask index' embeds only what is left", failed);
        } catch (IndexBuilder.GateNotMeasured failed) {
            // the index is published all the same: say so, so that an embedder that gave out late costs no rebuild
            crawled.ifPresent(r -> r.saveState(this.out));
            printIndexed(out, start, corpus, failed.report());
            published.forEach(out::println);
            err.println("docask index: " + failed.getMessage() + ". Until " + (backend != null
                    ? "'docask index' measures it again (here and on --backend),"
                    : "'docask calibrate --auto --index " + this.out + "' measures it,")
                    + (failed.report().manifest().gate().isPresent()
                    ? " the gate measured on the index it replaced applies" : " the embedder's default floors apply")
                    + (llmsTxt != null ? "; nothing was written to --llms-txt" : "") + ".");
            return 1;
        }
        crawled.ifPresent(r -> r.saveState(this.out));
        Manifest.Gate gate = report.manifest().gate().orElseThrow();
        double gateSecs = measuring[0] / 1e9;
        printIndexed(out, start, corpus, report);
        out.printf(Locale.ROOT, "Gate measured on the index in %.1f s: %s ('docask inspect' shows each rule's figures)%n",
                gateSecs, GateReport.brief(gate));
        published.forEach(out::println);
        writeLlmsTxt(out);
        return 0;
    }

    /** Stops a run that would replace the index of {@code other} in --out with {@code what} it was asked for. */
    private void refuse(String other, String what) {
        throw new IndexException(this.out + " holds " + other + ", and " + what
                + " would replace it; give another --out, or --replace to replace it");
    }

    /** "1 problem above", "3 problems above". */
    private static String problemsAbove(Corpus corpus) {
        int n = corpus.problems().size();
        return n + (n == 1 ? " problem above" : " problems above");
    }

    private void writeLlmsTxt(PrintWriter out) {
        if (llmsTxt != null) {
            try (DocIndex built = DocIndex.open(this.out)) {
                out.println("Wrote " + String.join(" and ", LlmsTxt.of(built).write(llmsTxt).stream().map(Path::toString).toList()));
            }
        }
    }

    /** Whether --backend, if given, serves what the local index holds: else the build runs, to publish it there. */
    private boolean backendHolds() {
        if (backend == null) {
            return true;
        }
        try (DocIndex local = DocIndex.open(this.out)) {
            return dev.docask.solr.SolrBackend.differsFrom(local, backend, backendSite).isEmpty();
        }
    }

    /**
     * Publishes the new generation to --backend before it goes live here, so that the two serve the same build: when
     * Solr fails, IndexBuilder discards the generation and the one before stays live, as the site keeps what it had.
     */
    private String publish(DocIndex built) {
        long t = System.nanoTime();
        dev.docask.solr.SolrBackend.Published p;
        try {
            p = dev.docask.solr.SolrBackend.publish(built, backend, backendSite, Duration.ofSeconds(lockTimeout));
        } catch (RuntimeException failed) {
            boolean had = DocIndex.generation(this.out).isPresent(); // the new build is not live yet: CURRENT names the one before
            throw new IndexException("nothing changed: publishing to Solr site " + backendSite + " at " + backend
                    + " failed (" + Failures.describe(failed) + "), so the new build was discarded; " + this.out
                    + (had ? " still holds the index it had" : " holds no index yet") + " (and the new build's embeddings, for"
                    + " the next run), and the Solr site keeps what it served, if anything. Run 'docask index' again once Solr"
                    + " can take it", failed);
        }
        return String.format(Locale.ROOT, "Published to %s site %s: %s written, %d unchanged, %d deleted, %.1f s",
                backend, backendSite, count(p.written(), "chunk", "chunks"), p.kept(), p.deleted(), (System.nanoTime() - t) / 1e9);
    }

    private void printIndexed(PrintWriter out, long start, Corpus corpus, BuildReport report) {
        out.printf(Locale.ROOT, "Indexed %s: %s (%s), %s, %s reused, "
                        + "%d embedded, %.1f s -> %s%n", count(corpus.pages(), "page", "pages"),
                count(corpus.chunks().size(), "chunk", "chunks"), count(report.manifest().copies(), "copy", "copies"),
                count(corpus.problems().size(), "problem", "problems"), count(report.reused(), "vector", "vectors"),
                report.embedded(), (System.nanoTime() - start) / 1e9, this.out);
    }

    /** "1 page", "2 pages". */
    private static String count(long n, String one, String many) {
        return n + " " + (n == 1 ? one : many);
    }

    /**
     * The base URL the index in --out was built with, said on stderr, so that a rebuild without
     * --base-url does not make every URL site-relative; "" when there is none.
     */
    /**
     * The embedder the index in --out was built with, said on stderr, as the base URL is kept: a rebuild or --check
     * without --embedder compares like with like; bge-small for a new index.
     */
    private String recordedEmbedder(PrintWriter err) {
        Optional<String> recorded = DocIndex.findManifest(this.out).map(m -> m.embedderSpec().toString())
                .filter(spec -> !spec.equals(Embedders.DEFAULT_SPEC));
        recorded.ifPresent(spec -> err.println("note: keeping the embedder " + spec + " recorded in " + this.out
                + " (--embedder changes it)"));
        return recorded.orElse(Embedders.DEFAULT_SPEC);
    }

    private String recordedBaseUrl(PrintWriter err) {
        Optional<String> recorded = DocIndex.findManifest(this.out).flatMap(Manifest::baseUrl);
        recorded.ifPresent(url -> err.println("note: keeping the base URL " + url + " recorded in " + this.out
                + " (--base-url changes it, --base-url \"\" makes URLs site-relative)"));
        return recorded.orElse("");
    }

    /**
     * The site to crawl when the one source is a URL; a folder otherwise (then {@code folders} is set).
     * Folder options with a URL, crawl options with folders, or a URL among folders are usage errors.
     */
    private Optional<String> siteUrl() {
        List<String> urls = sources.stream().filter(s -> s.contains("://") || s.matches("(?i)https?:.*")).toList();
        folders = sources.stream().filter(s -> !urls.contains(s)).map(Path::of).toList();
        if (urls.isEmpty()) {
            if (!crawl.given().isEmpty()) {
                throw OptionCheck.fail(spec, String.join(", ", crawl.given()) + (crawl.given().size() == 1 ? " is an option" : " are options")
                        + " for crawling a site: give the site's URL instead of a folder, or leave "
                        + (crawl.given().size() == 1 ? "it" : "them") + " out");
            }
            return Optional.empty();
        }
        if (sources.size() > 1) {
            throw OptionCheck.fail(spec, "a crawl reads one site: give one URL and no folder (got " + String.join(" ", sources) + ")");
        }
        List<String> folderOnly = new ArrayList<>();
        if (baseUrl != null && !baseUrl.isBlank()) {
            folderOnly.add("--base-url (a crawl cites the site's own URLs)");
        }
        if (framework != null) {
            folderOnly.add("--framework (a crawl reads built HTML)");
        }
        if (!ignore.isEmpty()) {
            folderOnly.add("--ignore (use --exclude)");
        }
        if (!folderOnly.isEmpty()) {
            throw OptionCheck.fail(spec, "these options are for folders, not for a crawl: " + String.join(", ", folderOnly));
        }
        return Optional.of(urls.get(0));
    }

    private SiteCrawler.Result crawl(SiteCrawler crawler, String url) {
        SiteCrawler.Result result;
        try (ProgressBar bar = progressBar("Crawling", 0, true)) {
            result = crawler.crawl((done, known) -> {
                if (bar != null) {
                    bar.maxHint(known);
                    bar.stepTo(done);
                }
            });
        }
        return result;
    }

    private Corpus read(IngestOptions options) {
        List<Corpus> parts = new ArrayList<>();
        for (Path f : folders) {
            Corpus c;
            try (ProgressBar bar = progressBar("Reading " + f.getFileName(), 0, true)) {
                c = SiteReader.read(f, options, (done, total) -> {
                    if (bar != null) {
                        bar.maxHint(total);
                        bar.stepTo(done);
                    }
                });
            }
            parts.add(c);
        }
        return Corpus.merge(parts);
    }

    /** A progress bar on stderr, or null when quiet, not on a terminal, or when the work is instant. */
    private ProgressBar progressBar(String task, int max, boolean worthShowing) {
        if (quiet || System.console() == null || !worthShowing) {
            return null;
        }
        return new ProgressBarBuilder().setTaskName(task).setInitialMax(max)
                .setConsumer(new ConsoleProgressBarConsumer(System.err)).setUpdateIntervalMillis(250)
                .clearDisplayOnFinish().build();
    }

    private static void reportProblems(PrintWriter err, List<Problem> problems) {
        int shown = 0;
        for (Problem p : problems) {
            if (shown++ == 20) {
                err.println("  ... and " + (problems.size() - 20) + " more (see 'docask inspect')");
                break;
            }
            err.println("problem " + p.file() + ": " + p.reason()); // most mean the file was not read; a route clash keeps both
        }
    }

    /** Pages of the other kind than the framework reads: how many, a few of them, and how to read them. */
    private void reportLeftOut(PrintWriter err, Corpus corpus) {
        List<String> files = corpus.leftOut();
        if (files.isEmpty()) {
            return;
        }
        boolean html = corpus.framework() == Framework.HTML;
        String examples = String.join(", ", files.subList(0, Math.min(3, files.size())))
                + (files.size() > 3 ? ", ..." : "");
        String how = framework == null ? "read as " + corpus.framework().cliName() + " (detected)"
                : "read with --framework " + corpus.framework().cliName();
        err.printf(Locale.ROOT, "left out %d %s file%s (%s): the folder%s %s, which reads %s only; %s%n",
                files.size(), html ? "Markdown" : "HTML", files.size() == 1 ? "" : "s", examples,
                folders.size() == 1 ? " was" : "s were", how, html ? ".html/.htm" : ".md/.mdx/.markdown",
                html ? "without --framework html (or with --framework markdown) docask reads the Markdown instead"
                        : "--framework html reads the HTML instead; --ignore leaves files out without this note");
    }
}
