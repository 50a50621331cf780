package dev.docask.server;

import dev.docask.ingest.Chunk;
import dev.docask.testsupport.TestIndexes;

import java.nio.file.Path;
import java.util.List;

import static dev.docask.testsupport.TestIndexes.chunk;

/** A small real index about a test runner, built with the mock embedder, for the server tests. */
final class Docs {
    static final List<Chunk> CHUNKS = List.of(
            chunk("https://x.dev/guide/mocking#vi-mock", "Mocking", "Mocking › vi.mock",
                    "Use vi.mock to replace a module with a fake implementation in tests."),
            chunk("https://x.dev/config/retry", "Retry", "",
                    "The retry option sets how many times a failing test is run again."),
            chunk("https://x.dev/guide/cli#watch", "Command line", "Command line › Watch",
                    "Run the runner with --watch to rerun tests when files change."));

    /** The same site after an edit: the retry page now talks about flaky tests. */
    static final List<Chunk> EDITED = List.of(CHUNKS.get(0), CHUNKS.get(2),
            chunk("https://x.dev/config/retry", "Retry", "",
                    "The retry option reruns flaky tests; set it to 2 in CI."));

    private Docs() {
    }

    static Path build(Path dir) {
        TestIndexes.build(dir, "mock", CHUNKS).close();
        return dir;
    }

    static void rebuild(Path dir, List<Chunk> chunks) {
        TestIndexes.build(dir, "mock", chunks).close();
    }
}
