package dev.docask.cli;

import dev.docask.crawl.SiteCrawler;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** The options of {@code docask index URL}: how the deployed site is crawled. */
final class CrawlArgs {
    @Option(names = "--sitemap", paramLabel = "URL", description = "Read this sitemap (default: robots.txt's Sitemap: lines, else /sitemap.xml, else links from the URL).")
    String sitemap;

    @Option(names = "--max-pages", paramLabel = "N", description = "Fetch at most N pages (default 10000).")
    Integer maxPages;

    @Option(names = "--include", paramLabel = "GLOB", description = "Only pages whose URL path matches, e.g. '/docs/**' (repeatable).")
    List<String> include = new ArrayList<>();

    @Option(names = "--exclude", paramLabel = "GLOB", description = "Leave out pages whose URL path matches, e.g. '/blog/**' or '*.pdf' (repeatable).")
    List<String> exclude = new ArrayList<>();

    @Option(names = "--delay-ms", paramLabel = "N", description = "At least N ms between requests (default 0; robots.txt's Crawl-delay wins when longer).")
    Long delayMs;

    @Option(names = "--concurrency", paramLabel = "N", description = "Requests at once, 1 to 16 (default 2).")
    Integer concurrency;

    @Option(names = "--contact", paramLabel = "URL", description = "Where site owners can reach you; sent in the User-Agent (default: docask's own page, "
            + SiteCrawler.DEFAULT_CONTACT + ").")
    String contact;

    /** Whether any crawl option was given (they mean nothing for a folder). */
    List<String> given() {
        List<String> names = new ArrayList<>();
        if (sitemap != null) {
            names.add("--sitemap");
        }
        if (maxPages != null) {
            names.add("--max-pages");
        }
        if (!include.isEmpty()) {
            names.add("--include");
        }
        if (!exclude.isEmpty()) {
            names.add("--exclude");
        }
        if (delayMs != null) {
            names.add("--delay-ms");
        }
        if (concurrency != null) {
            names.add("--concurrency");
        }
        if (contact != null) {
            names.add("--contact");
        }
        return names;
    }

    /**
     * The crawler these options describe; a bad value is a usage error naming its option. {@code keepPages}: the pages
     * it reads are kept in {@code previous} as they arrive, so that the same command stopped part way resumes.
     */
    SiteCrawler crawler(CommandSpec spec, String url, int chunkSize, int chunkOverlap, Path previous, boolean keepPages) {
        SiteCrawler.Builder b = OptionCheck.convert(spec, () -> SiteCrawler.builder(url));
        if (sitemap != null) {
            flag(spec, "--sitemap", () -> b.sitemap(sitemap));
        }
        if (maxPages != null) {
            flag(spec, "--max-pages", () -> b.maxPages(maxPages));
        }
        include.forEach(g -> flag(spec, "--include", () -> b.include(g)));
        exclude.forEach(g -> flag(spec, "--exclude", () -> b.exclude(g)));
        if (delayMs != null) {
            flag(spec, "--delay-ms", () -> b.delay(Duration.ofMillis(delayMs)));
        }
        if (concurrency != null) {
            flag(spec, "--concurrency", () -> b.concurrency(concurrency));
        }
        if (contact != null) {
            flag(spec, "--contact", () -> b.contact(contact));
        }
        if (keepPages) {
            b.keepPagesIn(previous);
        }
        return OptionCheck.convert(spec, () -> b.chunking(chunkSize, chunkOverlap)).previous(previous).build();
    }

    /** The builder's message names its method ("maxPages must be …"); the user typed the flag. */
    private static void flag(CommandSpec spec, String name, Runnable set) {
        try {
            set.run();
        } catch (IllegalArgumentException e) {
            throw OptionCheck.fail(spec, name + ": " + e.getMessage());
        }
    }
}
