package dev.docask.testsupport;

import dev.docask.embed.Embedders;
import dev.docask.index.IndexBuilder;
import dev.docask.index.IndexException;
import dev.docask.ingest.Chunk;
import dev.docask.ingest.Corpus;
import dev.docask.ingest.Framework;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * A second JVM for lock tests: a file lock is per process, so only another process tests it
 * honestly. {@code build DIR WAIT_MS TEXT} builds a two-chunk index into DIR holding the folder's
 * lock (exit 0, or 3 with the lock message on stdout); {@code hold DIR} takes the lock, prints
 * "locked" and sleeps until killed.
 */
public final class WriterProcess {
    private WriterProcess() {
    }

    /** The command line that runs this class in a new JVM with the test class path. */
    public static List<String> command(String... args) {
        List<String> cmd = new java.util.ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "-Xmx256m", "-XX:TieredStopAtLevel=1",
                WriterProcess.class.getName()));
        cmd.addAll(List.of(args));
        return cmd;
    }

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[1]);
        if (args[0].equals("hold")) {
            try (IndexBuilder.WriteLock lock = IndexBuilder.lock(dir, Duration.ZERO)) {
                System.out.println("locked");
                System.out.flush();
                Thread.sleep(Long.MAX_VALUE);
            }
            return;
        }
        List<Chunk> chunks = List.of(TestIndexes.chunk("https://x.dev/a", "A", "", "alpha " + args[3]),
                TestIndexes.chunk("https://x.dev/b", "B", "", "beta " + args[3]));
        try (IndexBuilder.WriteLock lock = IndexBuilder.lock(dir, Duration.ofMillis(Long.parseLong(args[2])))) {
            IndexBuilder.BuildReport r = IndexBuilder.build(new Corpus(Framework.MARKDOWN, 2, chunks, List.of()),
                    Embedders.fromSpec("mock"), IndexBuilder.Settings.defaults("mock"), dir, n -> { });
            System.out.println("built " + r.manifest().chunks());
        } catch (IndexException e) {
            System.out.println(e.getMessage());
            System.exit(3);
        }
    }
}
