package dev.docask.ingest;

import com.google.errorprone.annotations.CheckReturnValue;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What reading a documentation folder produced.
 *
 * <pre>{@code
 * Corpus corpus = SiteReader.read(Path.of("docs"), IngestOptions.defaults("https://vitest.dev"));
 * corpus.problems().forEach(p -> System.err.println(p.file() + ": " + p.reason()));  // skipped pages, the run goes on
 * System.out.println(corpus.pages() + " pages, " + corpus.chunks().size() + " chunks, read as " + corpus.framework());
 * }</pre>
 *
 * @param framework  the framework whose routing was applied (detected or given)
 * @param pages      how many pages were read and indexed (skipped drafts and problems excluded)
 * @param chunks     the chunks, in file order then document order; a chunk under a version folder (a path segment
 *                   such as {@code next}, {@code v3} or {@code 3.8.1}, two of whose pages sit under another such
 *                   segment too, or that mirrors the pages beside the folder: those are then {@code latest}) gets
 *                   that folder's {@code version} metadata, docs/retrieval.md "Versions"
 * @param problems   pages that were skipped because they could not be read
 * @param options    the options the folder was read with: its base URL and chunking are what an index records; the base
 *                   URL is the one the chunks' URLs start with, the given one joined with the base path the site's config
 *                   deploys it under when it had no path of its own ({@link SiteReader#basePathNote})
 * @param leftOut    pages of the other kind, not read: HTML files when the framework reads Markdown, Markdown
 *                   files when it is {@link Framework#HTML} (a run reads one kind, see {@link SiteReader})
 * @param sourceHash hash over the files read (path and text); equal hashes mean the same pages.
 *                   Empty for a corpus made by hand, whose files are unknown
 * @param siteName   the name the site gives itself: its config's ({@code site_name}, {@code title}), or what most of its
 *                   built pages' {@code <title>}s and {@code og:site_name} agree on, a crawled site's too; for a folder
 *                   read without a base URL, else the folder's name. Empty when none gives one: {@link
 *                   dev.docask.index.IndexBuilder} then names the site by the base URL's host, as {@code docask index} does
 */
@CheckReturnValue
public record Corpus(Framework framework, int pages, List<Chunk> chunks, List<Problem> problems,
                     IngestOptions options, List<String> leftOut, String sourceHash, Optional<String> siteName) {
    public Corpus {
        Objects.requireNonNull(framework, "framework");
        Objects.requireNonNull(options, "options");
        chunks = List.copyOf(VersionFolders.mark(chunks)); // version folders of any layout, however the pages were read
        problems = List.copyOf(problems);
        leftOut = List.copyOf(leftOut);
        sourceHash = sourceHash == null ? "" : sourceHash;
        siteName = Objects.requireNonNull(siteName, "siteName").map(String::strip).filter(n -> !n.isEmpty());
    }

    /** A corpus whose site gives itself no name. */
    public Corpus(Framework framework, int pages, List<Chunk> chunks, List<Problem> problems,
                  IngestOptions options, List<String> leftOut, String sourceHash) {
        this(framework, pages, chunks, problems, options, leftOut, sourceHash, Optional.empty());
    }

    /** A corpus made by hand from chunks: no base URL, default chunking, nothing left out, files unknown, no name. */
    public Corpus(Framework framework, int pages, List<Chunk> chunks, List<Problem> problems) {
        this(framework, pages, chunks, problems, IngestOptions.defaults(""), List.of(), "");
    }

    /**
     * Several folders read with the same options as one corpus; the framework, options and site name are the first's.
     *
     * <pre>{@code
     * Corpus all = Corpus.merge(List.of(SiteReader.read(docs, options), SiteReader.read(blog, options)));
     * }</pre>
     */
    public static Corpus merge(List<Corpus> parts) {
        if (parts.isEmpty()) {
            throw new IllegalArgumentException("nothing to merge: no corpus given");
        }
        if (parts.size() == 1) {
            return parts.get(0);
        }
        List<Chunk> chunks = new ArrayList<>();
        List<Problem> problems = new ArrayList<>();
        List<String> leftOut = new ArrayList<>();
        int pages = 0;
        MessageDigest md = sha256();
        for (Corpus c : parts) {
            chunks.addAll(c.chunks());
            problems.addAll(c.problems());
            leftOut.addAll(c.leftOut());
            pages += c.pages();
            md.update(c.sourceHash().getBytes(StandardCharsets.UTF_8));
            md.update((byte) 0);
        }
        boolean known = parts.stream().noneMatch(c -> c.sourceHash().isEmpty());
        Corpus first = parts.get(0);
        return new Corpus(first.framework(), pages, chunks, problems, first.options(), leftOut,
                known ? HexFormat.of().formatHex(md.digest()) : "", first.siteName());
    }

    static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }

    /**
     * Something wrong with one file, reported instead of failing the run: mostly a page that could not
     * be read (and was left out), sometimes one that was read but clashes with another (a shared URL).
     *
     * @param file   the file, relative to the indexed folder
     * @param reason what was wrong, in plain words (e.g. {@code "invalid UTF-8 at byte 1024"})
     */
    @CheckReturnValue
    public record Problem(String file, String reason) {
        public Problem {
            Objects.requireNonNull(file, "file");
            Objects.requireNonNull(reason, "reason");
        }
    }
}
