package dev.docask.cli;

import dev.docask.index.DocIndex;
import dev.docask.ingest.Chunk;
import dev.docask.testsupport.StoppableSite;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;

import static dev.docask.cli.CliRun.run;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code docask index URL} in its own process, stopped with SIGTERM part way through a crawl, as a pipeline cancelling
 * a run or Ctrl-C stops it: it says what it kept, the index already in --out still opens as it was, and the same
 * command run again fetches only the pages not read before the stop, into the index a whole crawl gives.
 */
@Timeout(180)
class IndexCrawlStopIT {
    private static final int PAGES = 12;
    private static final int READ_BEFORE_THE_STOP = 5;

    @TempDir
    Path tmp;

    @Test
    void index_url_stoppedBySigterm_keepsThePagesRead_andTheSameCommandFetchesOnlyTheRest() throws Exception {
        Path out = tmp.resolve("idx");
        try (StoppableSite site = StoppableSite.start(tmp.resolve("site"), PAGES)) {
            String[] command = {"index", site.origin() + "/", "--out", out.toString(), "--embedder", "mock", "-q",
                    "--concurrency", "1"};
            CliRun first = run(command);
            assertThat(first.code()).as(first.err()).isZero();
            String before = DocIndex.generation(out).orElseThrow();

            site.edition("second").forget();
            site.holdAfter(READ_BEFORE_THE_STOP);
            Path err = tmp.resolve("stderr.txt");
            Process p = start(command, err);
            try {
                long deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
                // the 6th page request waits at the site: the crawl has kept 5 pages, and reads no more before the stop
                while ((keptLines(out) < READ_BEFORE_THE_STOP || site.pageRequests() <= READ_BEFORE_THE_STOP)
                        && System.nanoTime() < deadline && p.isAlive()) {
                    Thread.sleep(20);
                }
                assertThat(keptLines(out)).as(Files.readString(err)).isEqualTo(READ_BEFORE_THE_STOP);
                p.destroy(); // SIGTERM
                assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
            } finally {
                p.destroyForcibly();
            }
            assertThat(Files.readString(err, StandardCharsets.UTF_8)).contains("docask index: stopped; the 5 pages read from the"
                    + " site so far are kept in " + out + ", and the same command resumes from them, fetching only the rest\n");
            assertThat(DocIndex.generation(out)).as("the index there before is the live one still").contains(before);
            try (DocIndex index = DocIndex.open(out)) {
                assertThat(texts(index)).allMatch(t -> !t.contains("second edition"));
            }

            site.release();
            site.forget();
            CliRun resumed = run(command);
            assertThat(resumed.code()).as(resumed.err()).isZero();
            assertThat(site.pageRequests()).as("only the pages not read before the stop").isEqualTo(PAGES - READ_BEFORE_THE_STOP);
            assertThat(resumed.out()).contains(": 12 pages from 1 sitemap: 12 indexed; 5 of them read by the crawl stopped"
                    + " before, not fetched again").contains("Indexed 12 pages");
            assertThat(out.resolve("crawl-pages.jsonl")).as("in the index now").doesNotExist();

            Path clean = tmp.resolve("clean");
            CliRun whole = run("index", site.origin() + "/", "--out", clean.toString(), "--embedder", "mock", "-q");
            assertThat(whole.code()).as(whole.err()).isZero();
            try (DocIndex a = DocIndex.open(out); DocIndex b = DocIndex.open(clean)) {
                assertThat(chunks(a)).isEqualTo(chunks(b));
                assertThat(texts(a)).allMatch(t -> !t.contains("first edition"));
                assertThat(a.manifest().contentHash()).isEqualTo(b.manifest().contentHash());
            }
        }
    }

    private static Process start(String[] command, Path err) throws Exception {
        List<String> args = new java.util.ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "-Xmx512m", "--add-modules", "jdk.incubator.vector",
                Main.class.getName()));
        args.addAll(List.of(command));
        return new ProcessBuilder(args).redirectError(err.toFile()).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    }

    /** The pages the crawl has kept so far: the lines after the header of its file. */
    private static int keptLines(Path out) throws Exception {
        Path kept = out.resolve("crawl-pages.jsonl");
        if (!Files.exists(kept)) {
            return 0;
        }
        String s = Files.readString(kept, StandardCharsets.UTF_8);
        return (int) Math.max(0, s.chars().filter(c -> c == '\n').count() - 1);
    }

    private static List<Chunk> chunks(DocIndex index) {
        return IntStream.range(0, index.size()).mapToObj(index::chunk).toList();
    }

    private static List<String> texts(DocIndex index) {
        return chunks(index).stream().map(Chunk::text).toList();
    }
}
