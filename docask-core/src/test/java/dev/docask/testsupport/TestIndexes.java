package dev.docask.testsupport;

import dev.docask.embed.Embedder;
import dev.docask.embed.Embedders;
import dev.docask.index.DocIndex;
import dev.docask.index.IndexBuilder;
import dev.docask.ingest.Chunk;
import dev.docask.ingest.Corpus;
import dev.docask.ingest.Framework;
import dev.docask.retrieve.HybridRetriever;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/** Builds real indexes from hand-written chunks in a temp folder. */
public final class TestIndexes {
    private TestIndexes() {
    }

    public static Chunk chunk(String url, String title, String heading, String text) {
        String path = url.replaceFirst("https?://[^/]+/", "").replaceFirst("#.*", "");
        return new Chunk(url, title, heading, text, (path.isEmpty() ? "index" : path) + ".md", Map.of());
    }

    public static Chunk chunk(String url, String title, String heading, String text, Map<String, String> metadata) {
        Chunk c = chunk(url, title, heading, text);
        return new Chunk(c.url(), c.title(), c.heading(), c.text(), c.source(), metadata);
    }

    public static DocIndex build(Path dir, String embedderSpec, List<Chunk> chunks) {
        Optional<Embedder> embedder = Embedders.fromSpec(embedderSpec);
        IndexBuilder.build(new Corpus(Framework.MARKDOWN, chunks.size(), chunks, List.of()), embedder,
                IndexBuilder.Settings.defaults(embedderSpec).withSiteName("Test"), dir, n -> { });
        return DocIndex.open(dir);
    }

    /**
     * An index over {@code chunks} shared by the tests of one class, with a hybrid retriever on it.
     * Register it on a static field:
     * {@code @RegisterExtension static final TestIndexes.Shared INDEX = TestIndexes.shared("mock", chunks);}
     */
    public static Shared shared(String embedderSpec, List<Chunk> chunks) {
        return new Shared(embedderSpec, List.copyOf(chunks));
    }

    /**
     * A JUnit extension that builds a real index in a temp folder of its own before the tests of the class
     * it is registered on (and of its {@code @Nested} classes), and closes and deletes it after them.
     */
    public static final class Shared implements BeforeAllCallback, AfterAllCallback {
        private final String embedderSpec;
        private final List<Chunk> chunks;
        private String builtFor;
        private Path dir;
        private DocIndex index;
        private HybridRetriever retriever;

        private Shared(String embedderSpec, List<Chunk> chunks) {
            this.embedderSpec = embedderSpec;
            this.chunks = chunks;
        }

        public DocIndex index() {
            return index;
        }

        public HybridRetriever retriever() {
            return retriever;
        }

        @Override
        public void beforeAll(ExtensionContext context) throws IOException {
            if (builtFor != null) {
                return; // a @Nested class inherits the extension: the outer class's index serves it
            }
            builtFor = context.getUniqueId();
            dir = Files.createTempDirectory("docask-test-index");
            index = build(dir.resolve("idx"), embedderSpec, chunks);
            retriever = HybridRetriever.create(index, Embedders.fromSpec(embedderSpec));
        }

        @Override
        public void afterAll(ExtensionContext context) throws IOException {
            if (!context.getUniqueId().equals(builtFor)) {
                return;
            }
            builtFor = null;
            index.close();
            try (Stream<Path> walk = Files.walk(dir)) {
                for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            }
        }
    }
}
