package dev.docask.testsupport;

import dev.docask.embed.Embedder;
import dev.docask.embed.Embedders;
import dev.docask.index.DocIndex;
import dev.docask.index.IndexBuilder;
import dev.docask.index.IndexSettings;
import dev.docask.ingest.Chunk;
import dev.docask.ingest.Corpus;
import dev.docask.ingest.Framework;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

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
                IndexSettings.defaults(embedderSpec).withSiteName("Test"), dir, n -> { });
        return DocIndex.open(dir);
    }
}
