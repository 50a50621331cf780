package dev.docask.eval;

import dev.docask.embed.Embedder;
import dev.docask.embed.Embedders;
import dev.docask.index.DocIndex;
import dev.docask.index.IndexBuilder;
import dev.docask.ingest.Chunk;
import dev.docask.ingest.Corpus;
import dev.docask.ingest.Framework;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.IntConsumer;

/*
 * A BEIR corpus is indexed one chunk per document, as Anserini's "flat" indexes are: the title and
 * the text go into the one BM25 field (the chunk's title and text), the document id is the chunk's
 * source. BM25 uses k1 0.9 and b 0.4, Anserini's BEIR settings, so our figures compare with theirs.
 * Embedding ~5k documents with bge-small takes minutes on two cores, so the index is cached under a
 * key made of the corpus file's hash, the embedder spec and the BM25 settings; anything else that
 * changes the index (docask's own analyzer, format version) changes IndexBuilder.isStale instead.
 */

/**
 * Builds, or finds in the cache, the index of a BEIR corpus.
 *
 * <pre>{@code
 * Path dir = BeirIndex.ensure(collection, Path.of("data/beir/scifact"), "bge-small",
 *         BeirIndex.defaultCache(), n -> { });
 * }</pre>
 */
public final class BeirIndex {
    static final float K1 = 0.9f;
    static final float B = 0.4f;

    private BeirIndex() {
    }

    /** {@code ~/.cache/docask/beir}. */
    public static Path defaultCache() {
        return Path.of(System.getProperty("user.home"), ".cache", "docask", "beir");
    }

    /** The cached index directory for this corpus and embedder, built first when missing or stale. */
    public static Path ensure(BeirCollection collection, Path beirDir, String embedderSpec, Path cacheRoot,
                              IntConsumer progress) {
        Optional<Embedder> embedder = Embedders.fromSpec(embedderSpec);
        Path dir = cacheRoot.resolve(collection.name() + "-" + corpusHash(beirDir.resolve("corpus.jsonl"))
                + "-" + embedderSpec.replaceAll("[^A-Za-z0-9._-]", "_") + "-k1-" + K1 + "-b-" + B);
        Corpus corpus = corpus(collection);
        IndexBuilder.Settings settings = IndexBuilder.Settings.defaults(embedderSpec).withSiteName(collection.name())
                .withBm25(K1, B);
        if (!DocIndex.exists(dir) || IndexBuilder.isStale(corpus, settings, dir)) {
            IndexBuilder.build(corpus, embedder, settings, dir, progress);
        }
        // as 'docask index' does: the gate measured on the collection itself (docs/retrieval.md §4)
        if (DocIndex.findManifest(dir).flatMap(dev.docask.index.Manifest::gate).isEmpty()) {
            try (DocIndex idx = DocIndex.open(dir)) {
                var gate = dev.docask.retrieve.HybridRetriever.create(idx, embedder).calibrateGate();
                IndexBuilder.recordGate(dir, idx.manifest(), gate);
            }
        }
        return dir;
    }

    /** One chunk per document: title and text as the chunk's, the document id as its source. */
    static Corpus corpus(BeirCollection c) {
        List<Chunk> chunks = new ArrayList<>(c.docs().size());
        for (BeirCollection.Doc d : c.docs()) {
            boolean noText = d.text().isBlank();
            if (noText && d.title().isBlank()) {
                continue;
            }
            chunks.add(new Chunk("beir:" + c.name() + "/" + d.id(), noText ? "" : d.title(), "",
                    noText ? d.title() : d.text(), d.id(), Map.of()));
        }
        return new Corpus(Framework.MARKDOWN, chunks.size(), chunks, List.of());
    }

    private static String corpusHash(Path file) {
        try (InputStream in = new DigestInputStream(Files.newInputStream(file), MessageDigest.getInstance("SHA-256"))) {
            in.transferTo(java.io.OutputStream.nullOutputStream());
            return HexFormat.of().formatHex(((DigestInputStream) in).getMessageDigest().digest()).substring(0, 16);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
