package dev.docask.crawl;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.docask.crawl.SiteCrawler.Outcome;
import dev.docask.ingest.Chunk;
import dev.docask.ingest.Corpus.Problem;
import org.jspecify.annotations.Nullable;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/*
 * A crawl of a large site takes hours at a polite pace, and a crawl stopped part way (Ctrl-C, SIGTERM from a
 * pipeline, a reboot) used to keep nothing. Each page is written here as it arrives, in crawl-pages.jsonl in the
 * index folder (one of the files of its own an index folder may hold, docs/design.md, "Crawl"), so the same crawl
 * run again takes those pages from here without a request and fetches only the rest (docs/reliability.md, "A
 * stopped crawl keeps the pages it read"). Readers never look at it, and nothing in it goes live until a build
 * publishes a generation, so the index the folder serves is untouched.
 *
 * The file is one JSON header line (what the crawl is: start URL, --include/--exclude, chunking, the docask that
 * read the pages, when it started), then one line per page: its outcome, its chunks as they go into the index, its
 * links, its crawl state. A line is written and flushed whole once its page is read, so a kill leaves at most one
 * line cut short, which is dropped (and cut off the file before more are added). A crawl with another header, or
 * one started more than MAX_AGE ago, is not resumed: its pages are no longer what the site serves. Failures are not
 * kept, so they are tried again. Once the crawl's index is live (Result.saveState) or the crawl found nothing to
 * index, the file is deleted.
 */

/** The pages a crawl has read so far, kept beside the index so that the same crawl stopped part way resumes. */
final class PageCache {
    static final String FILE = "crawl-pages.jsonl";
    /** How old a stopped crawl may be and still be resumed: a week covers a crawl stopped on Friday and run again on Monday. */
    static final Duration MAX_AGE = Duration.ofDays(7);
    private static final int FORMAT = 1;
    /** What the same crawl would get again; failures (which may pass) and pages kept from the last crawl after one are fetched anew. */
    private static final Set<Outcome> KEPT = EnumSet.of(Outcome.INDEXED, Outcome.UNCHANGED, Outcome.NOINDEX,
            Outcome.NOT_HTML, Outcome.TOO_BIG, Outcome.OFF_SITE, Outcome.EXCLUDED);
    private static final ObjectMapper JSON = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false)
            .configure(SerializationFeature.INDENT_OUTPUT, false);

    /** What makes two crawls the same one: only then are one's pages the other's. */
    record Key(String start, List<String> include, List<String> exclude, int chunkSize, int chunkOverlap, String docask) {
    }

    record Header(int format, Key key, String started) {
    }

    record Piece(String url, String title, String heading, String text, String source, Map<String, String> metadata) {
        static Piece of(Chunk c) {
            return new Piece(c.url(), c.title(), c.heading(), c.text(), c.source(), c.metadata());
        }

        Chunk chunk() {
            return new Chunk(url, title, heading, text, source, metadata);
        }
    }

    record Entry(String url, Outcome outcome, List<Piece> chunks, @Nullable String problem, List<String> links,
                 CrawlState.@Nullable Page state) {
        static Entry of(PageFetch.Result r) {
            return new Entry(r.url().toString(), r.outcome(), r.chunks().stream().map(Piece::of).toList(),
                    r.problem().map(Problem::reason).orElse(null), r.links().stream().map(URI::toString).toList(),
                    r.state().orElse(null));
        }

        PageFetch.Result result() {
            URI u = URI.create(url);
            return new PageFetch.Result(u, outcome, chunks == null ? List.of() : chunks.stream().map(Piece::chunk).toList(),
                    Optional.ofNullable(problem).map(p -> new Problem(url, p)),
                    links == null ? List.of() : links.stream().map(URI::create).toList(), Optional.ofNullable(state));
        }
    }

    private final @Nullable Path file;
    private final Header header;
    private final Map<URI, PageFetch.Result> resumed;
    /** The length of the resumed file's whole lines: where this crawl's pages go; 0 for a new file. */
    private final long append;
    private @Nullable OutputStream out;
    private boolean off;
    private volatile int kept;

    private PageCache(@Nullable Path file, Header header, Map<URI, PageFetch.Result> resumed, long append, boolean off) {
        this.file = file;
        this.header = header;
        this.resumed = resumed;
        this.append = append;
        this.off = off;
        this.kept = resumed.size();
    }

    /** A cache that keeps nothing: a crawl without a folder to keep its pages in. */
    static PageCache none() {
        return new PageCache(null, new Header(FORMAT, new Key("", List.of(), List.of(), 0, 0, ""), Instant.EPOCH.toString()),
                Map.of(), 0, true);
    }

    /**
     * The pages of the same crawl stopped before, from {@code dir}, if any; a file of another crawl, or too old, is
     * replaced once this crawl keeps its first page. Reads what is whole and never fails: a damaged file only costs
     * a crawl from the start.
     */
    static PageCache open(Path dir, Key key, Instant now) {
        Path file = dir.resolve(FILE);
        Map<URI, PageFetch.Result> pages = new LinkedHashMap<>();
        Header header = new Header(FORMAT, key, now.toString());
        long whole = 0;
        boolean same = false;
        if (Files.isRegularFile(file)) {
            try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
                String first = in.readLine();
                Header found = first == null ? null : JSON.readValue(first, Header.class);
                if (found != null && found.format() == FORMAT && key.equals(found.key())
                        && Instant.parse(found.started()).plus(MAX_AGE).isAfter(now)) {
                    header = found;
                    same = true;
                    whole = lineBytes(first);
                    for (String line = in.readLine(); line != null; line = in.readLine()) {
                        PageFetch.Result r = JSON.readValue(line, Entry.class).result();
                        pages.put(r.url(), r);
                        whole += lineBytes(line);
                    }
                }
            } catch (IOException | RuntimeException e) {
                // a line cut short by a kill, or damage: what came before it is kept, the rest is fetched again
            }
        }
        return new PageCache(file, header, pages, same ? whole : 0, false);
    }

    private static long lineBytes(String line) {
        return line.getBytes(StandardCharsets.UTF_8).length + 1L;
    }

    /** The page as the stopped crawl read it, if it did. */
    Optional<PageFetch.Result> result(URI url) {
        return Optional.ofNullable(resumed.get(url));
    }

    /** How many pages the stopped crawl had read. */
    int resumed() {
        return resumed.size();
    }

    /** How many pages are kept now: the stopped crawl's and this one's; 0 once deleted. */
    int kept() {
        return kept;
    }

    /** Where the pages are kept; empty for {@link #none()}. */
    Optional<Path> file() {
        return Optional.ofNullable(file);
    }

    /** When the crawl these pages belong to started (the first run of a crawl resumed since). */
    Instant started() {
        return Instant.parse(header.started());
    }

    /**
     * Keeps {@code r}, a page just read, when the same crawl would read it so again; called from one thread. A
     * file that cannot be written stops the keeping, not the crawl.
     */
    synchronized void keep(PageFetch.Result r) {
        if (off || !KEPT.contains(r.outcome()) || resumed.containsKey(r.url())) {
            return;
        }
        try {
            if (out == null) {
                out = start();
            }
            out.write((JSON.writeValueAsString(Entry.of(r)) + "\n").getBytes(StandardCharsets.UTF_8));
            out.flush();
            kept++;
        } catch (IOException | RuntimeException e) {
            off = true;
        }
    }

    /** Opens the file for appending: after the resumed pages, or anew with this crawl's header. */
    private OutputStream start() throws IOException {
        Path file = java.util.Objects.requireNonNull(this.file, "file");
        Files.createDirectories(file.toAbsolutePath().getParent());
        if (append > 0) {
            boolean ended;
            try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
                ch.truncate(append); // a line cut short by the kill goes, so the next one starts on a line of its own
                ended = ch.size() >= append; // a kill between a whole page's text and its newline leaves it without one
            }
            OutputStream o = Files.newOutputStream(file, StandardOpenOption.APPEND);
            if (!ended) {
                o.write('\n');
            }
            return o;
        }
        OutputStream o = Files.newOutputStream(file, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
                StandardOpenOption.WRITE);
        try {
            o.write((JSON.writeValueAsString(header) + "\n").getBytes(StandardCharsets.UTF_8));
        } catch (JsonProcessingException e) {
            o.close();
            throw e;
        }
        return o;
    }

    /** Deletes the kept pages: the crawl is in a live index now, or found nothing worth resuming. */
    synchronized void delete() throws IOException {
        close();
        off = true;
        kept = 0;
        if (file != null) {
            Files.deleteIfExists(file);
        }
    }

    synchronized void close() {
        if (out != null) {
            try {
                out.close();
            } catch (IOException ignored) {
                // every line was flushed as it was written
            }
            out = null;
        }
    }
}
