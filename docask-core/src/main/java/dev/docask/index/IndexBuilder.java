package dev.docask.index;

import dev.docask.embed.Embedder;
import dev.docask.embed.Embedders;
import dev.docask.ingest.Chunk;
import dev.docask.ingest.Corpus;
import dev.docask.ingest.IngestOptions;
import dev.docask.ingest.internal.SiteNames;
import dev.docask.index.internal.DocaskVersion;
import dev.docask.index.internal.FileErrors;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.NumericDocValuesField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.search.similarities.BM25Similarity;
import org.apache.lucene.store.FSDirectory;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.function.IntConsumer;
import com.google.errorprone.annotations.CheckReturnValue;

/**
 * Writes a {@link DocIndex} for a corpus: Lucene BM25 postings, int8 vectors, chunks and manifest.
 * Re-building over an existing index re-embeds only chunks whose embedded text changed.
 *
 * <pre>{@code
 * Corpus corpus = SiteReader.read(Path.of("docs"), IngestOptions.defaults("https://vitest.dev"));
 * BuildReport r = IndexBuilder.build(corpus, Settings.defaults("bge-small"), Path.of("vitest-index"),
 *         HybridRetriever::measureGate);   // the site's own relevance gate, measured before it goes live, as 'docask index' does
 * }</pre>
 */
public final class IndexBuilder {
    private static final int EMBED_BATCH = 64;

    private IndexBuilder() {
    }

    /**
     * Builds the index into {@code out} with the embedder {@code settings} names ({@link Embedders#fromSpec}), without a
     * progress report: {@link #build(Corpus, Optional, Settings, Path, IntConsumer)} for an embedder made by the
     * program, or a progress bar.
     *
     * @throws IllegalArgumentException when the settings' spec names no embedder
     * @throws IllegalStateException    when the embedder's module is not on the class path (docask-bge for bge-small)
     */
    public static BuildReport build(Corpus corpus, Settings settings, Path out) {
        Objects.requireNonNull(settings, "settings");
        return build(corpus, Embedders.fromSpec(settings.embedderSpec()), settings, out, n -> { });
    }

    /**
     * As {@link #build(Corpus, Settings, Path)}, the gate measured before the index is published, as
     * {@code docask index} does:
     *
     * <pre>{@code
     * IndexBuilder.build(corpus, Settings.defaults("bge-small"), Path.of("docs-index"), HybridRetriever::measureGate);
     * }</pre>
     *
     * @throws GateNotMeasured when the measurement failed; the index was published all the same
     */
    public static BuildReport build(Corpus corpus, Settings settings, Path out, GateMeasure measure) {
        Objects.requireNonNull(settings, "settings");
        return build(corpus, Embedders.fromSpec(settings.embedderSpec()), settings, out, n -> { }, measure);
    }

    /**
     * Builds the index into {@code out} (a new generation, made live when complete).
     *
     * @param embedder the embedder that {@code settings.embedderSpec()} builds (empty for {@code none});
     *                 an embedder no spec builds is named in the settings by its {@link Embedder#id()}
     * @param embedded called with the number of chunks embedded so far, for a progress bar
     * @throws IllegalArgumentException if the settings name another embedder than {@code embedder}
     */
    public static BuildReport build(Corpus corpus, Optional<Embedder> embedder, Settings settings,
                                    Path out, IntConsumer embedded) {
        return write(corpus, embedder, settings, out, embedded, null, null);
    }

    /**
     * Builds the index as {@link #build(Corpus, Optional, Settings, Path, IntConsumer)} does, and measures its relevance
     * gate before publishing it, so that the index goes live with the gate measured on it ({@code docask index} does):
     *
     * <pre>{@code
     * IndexBuilder.build(corpus, Embedders.fromSpec("bge-small"), Settings.defaults("bge-small"), dir, n -> { },
     *         HybridRetriever::measureGate);
     * }</pre>
     *
     * @throws GateNotMeasured when the measurement failed: the index was published all the same, with the gate of the
     *                         index it replaced, if any ({@link GateNotMeasured#report()})
     */
    public static BuildReport build(Corpus corpus, Optional<Embedder> embedder, Settings settings, Path out,
                                    IntConsumer embedded, GateMeasure measure) {
        return write(corpus, embedder, settings, out, embedded, Objects.requireNonNull(measure, "measure"), null);
    }

    /**
     * Builds the index and measures its gate as {@link #build(Corpus, Optional, Settings, Path, IntConsumer, GateMeasure)}
     * does, then hands the new generation, its manifest final (the gate included), to {@code beforeLive} before it goes
     * live, e.g. to publish it elsewhere first so that the two never serve different builds ({@code docask index
     * --backend} does):
     *
     * <pre>{@code
     * IndexBuilder.build(corpus, embedder, settings, dir, n -> { }, HybridRetriever::measureGate,
     *         built -> SolrBackend.publish(built, "solr://solr1:8983/solr/docs", "vitest"));
     * }</pre>
     *
     * {@code beforeLive} runs when the gate could not be measured too (the index then goes live with the gate it
     * carries, and {@link GateNotMeasured} follows).
     *
     * @throws RuntimeException what {@code beforeLive} threw: the new generation is discarded and the index that was
     *                          live stays live, unchanged
     */
    public static BuildReport build(Corpus corpus, Optional<Embedder> embedder, Settings settings, Path out,
                                    IntConsumer embedded, GateMeasure measure, Consumer<DocIndex> beforeLive) {
        return write(corpus, embedder, settings, out, embedded, Objects.requireNonNull(measure, "measure"),
                Objects.requireNonNull(beforeLive, "beforeLive"));
    }

    private static BuildReport write(Corpus corpus, Optional<Embedder> embedder, Settings settings, Path out,
                                     IntConsumer embedded, @org.jspecify.annotations.Nullable GateMeasure measure,
                                     @org.jspecify.annotations.Nullable Consumer<DocIndex> beforeLive) {
        long start = System.nanoTime();
        Objects.requireNonNull(corpus, "corpus");
        Objects.requireNonNull(embedder, "embedder");
        Objects.requireNonNull(settings, "settings");
        Objects.requireNonNull(out, "out");
        Objects.requireNonNull(embedded, "embedded");
        requireSpecOf(embedder, settings);
        List<Chunk> chunks = corpus.chunks();
        if (chunks.isEmpty()) {
            throw new IndexException("nothing to index: no chunks were read");
        }
        requireIndexFolder(out);
        try (FolderLock lock = FolderLock.acquire(out, DEFAULT_LOCK_WAIT)) {
            Previous reusable = previousVectors(out, embedder);
            Map<String, PendingVectors.Reusable> previous = reusable.vectors();
            int[] canonical = Copies.canonicalOf(chunks);
            List<IndexFiles.StoredChunk> stored = new ArrayList<>(chunks.size());
            for (int i = 0; i < chunks.size(); i++) {
                Chunk c = chunks.get(i);
                stored.add(IndexFiles.StoredChunk.of(c, canonical[i] == i ? -1 : canonical[i],
                        sha256(c.embeddingText()).substring(0, 32)));
            }
            int dims = embedder.map(Embedder::dimensions).orElse(0);
            int reused = 0;
            int embeddedCount = 0;
            Path gen = IndexFiles.newGeneration(out);
            if (embedder.isPresent()) {
                byte[][] vectors = new byte[chunks.size()][];
                float[] scales = new float[chunks.size()];
                List<Integer> todo = new ArrayList<>();
                // what an earlier build embedded and did not publish (it stopped, or its publish failed)
                Map<String, PendingVectors.Reusable> pending = PendingVectors.read(out, embedder.get().id(), dims);
                Map<String, PendingVectors.Reusable> pendingUsed = new HashMap<>();
                for (int i = 0; i < chunks.size(); i++) {
                    String hash = stored.get(i).embedHash();
                    PendingVectors.Reusable r = previous.get(hash);
                    if (r == null && (r = pending.get(hash)) != null) {
                        pendingUsed.put(hash, r);
                    }
                    if (r != null) {
                        vectors[i] = r.vector();
                        scales[i] = r.scale();
                        reused++;
                    } else if (canonical[i] != i) {
                        continue; // a copy takes its canonical chunk's vector below
                    } else {
                        todo.add(i);
                    }
                }
                try (PendingVectors kept = PendingVectors.open(out, embedder.get().id(), dims, pendingUsed)) {
                    embeddedCount = embedAll(embedder.get(), chunks, stored, todo, vectors, scales, embedded, kept);
                }
                for (int i = 0; i < chunks.size(); i++) {
                    if (vectors[i] == null) {
                        vectors[i] = vectors[canonical[i]];
                        scales[i] = scales[canonical[i]];
                    }
                }
                new VectorStore(dims, vectors, scales).write(gen.resolve(IndexFiles.VECTORS));
            }
            writeLucene(gen.resolve(IndexFiles.LUCENE), chunks, settings);
            IndexFiles.writeChunks(gen, stored);
            int copies = 0;
            for (int i = 0; i < canonical.length; i++) {
                copies += canonical[i] != i ? 1 : 0;
            }
            IngestOptions read = corpus.options();
            Manifest built = new Manifest(new StoredManifest(Manifest.FORMAT_VERSION, settings.embedderSpec(),
                    embedder.map(Embedder::id).orElse("none"), dims, corpus.framework().cliName(),
                    read.baseUrl(), siteName(corpus, settings), read.chunkSize(), read.chunkOverlap(),
                    corpus.pages(), chunks.size(), copies, settings.bm25K1(), settings.bm25B(),
                    contentHash(chunks), corpus.sourceHash(), corpus.problems(), Instant.now().toString(),
                    Checksums.record(gen), DocaskVersion.build(), null));
            Manifest manifest = previousGate(out, built).map(built::withGate).orElse(built);
            IndexFiles.writeManifest(gen, manifest);
            RuntimeException notMeasured = null;
            if (measure != null) {
                // measured before it goes live: a server never serves the new content with an older gate, and a
                // build stopped while measuring leaves the previous index live (docs/reliability.md)
                try (DocIndex unpublished = DocIndex.openUnpublished(out, gen)) {
                    manifest = manifest.withGate(Objects.requireNonNull(measure.measure(unpublished), "measured gate"));
                } catch (RuntimeException e) {
                    notMeasured = e; // published with the gate kept from before: the embedding work is not lost
                }
                IndexFiles.writeManifest(gen, manifest);
            }
            if (beforeLive != null) {
                try (DocIndex unpublished = DocIndex.openUnpublished(out, gen)) {
                    beforeLive.accept(unpublished);
                } catch (RuntimeException e) {
                    discard(gen, e);
                    throw e;
                }
            }
            IndexFiles.publish(out, gen, reusable.generation());
            requirePublished(out, gen);
            PendingVectors.delete(out); // the live generation holds them now
            BuildReport report = new BuildReport(manifest, embeddedCount, reused, (System.nanoTime() - start) / 1_000_000);
            if (notMeasured != null) {
                throw new GateNotMeasured(out, report, notMeasured);
            }
            return report;
        } catch (IOException e) {
            throw new IndexException("could not write the index to " + out + ": " + FileErrors.reason(e), e);
        }
    }

    /**
     * The name a build records: the settings' when given, else the one the site gives itself (its config's, what its
     * pages agree on; a crawl's too), else the base URL's host. {@code docask index} names a site through here as well.
     */
    static String siteName(Corpus corpus, Settings settings) {
        return !settings.siteName().isBlank() ? settings.siteName()
                : corpus.siteName().orElseGet(() -> SiteNames.fromBaseUrl(corpus.options().baseUrl()));
    }

    /** Deletes a generation that must not go live; one left behind would only cost disk until the next build's clean-up. */
    private static void discard(Path gen, RuntimeException why) {
        try {
            IndexFiles.deleteTree(gen);
        } catch (IOException e) {
            why.addSuppressed(e);
        }
    }

    /**
     * Holds {@code out} for writing until closed: no other build, in this process or another, writes
     * there meanwhile. {@link #build} takes the lock itself (waiting up to {@link #DEFAULT_LOCK_WAIT});
     * hold it yourself to keep a whole run together (read, build, write what goes beside the index).
     * The thread that holds it may build into {@code out}; other threads and processes wait. The OS
     * releases it if the process dies.
     *
     * <pre>{@code
     * try (IndexBuilder.WriteLock lock = IndexBuilder.lock(Path.of("docs-index"), Duration.ofSeconds(10))) {
     *     IndexBuilder.build(SiteReader.read(folder, options), embedder, settings, Path.of("docs-index"), n -> { });
     * }
     * }</pre>
     *
     * @throws IndexException naming the folder and the pid of the run that holds it, when {@code wait} runs out;
     *                        or when {@code out} is not a folder an index may be written to
     */
    public static WriteLock lock(Path out, Duration wait) {
        Objects.requireNonNull(out, "out");
        Objects.requireNonNull(wait, "wait");
        requireIndexFolder(out);
        try {
            return new WriteLock(FolderLock.acquire(out, wait));
        } catch (IOException e) {
            throw new IndexException("could not lock " + out + " for writing: " + FileErrors.reason(e), "out", e);
        }
    }

    /**
     * Records {@code gate} in the manifest of the index in {@code dir} (docs/retrieval.md §4, "A gate that
     * calibrates itself"), under the folder's write lock. {@code measured} is the manifest of the index the gate
     * was measured on: when the folder now holds other content (rebuilt meanwhile), nothing is written.
     *
     * @return the manifest as written
     * @throws IndexException when the folder holds no index, holds another content than {@code measured}, or
     *                        cannot be written
     */
    public static Manifest recordGate(Path dir, Manifest measured, Manifest.Gate gate) {
        Objects.requireNonNull(dir, "dir");
        Objects.requireNonNull(measured, "measured");
        Objects.requireNonNull(gate, "gate");
        try (FolderLock lock = FolderLock.acquire(dir, DEFAULT_LOCK_WAIT)) {
            Path gen = IndexFiles.currentGeneration(dir)
                    .orElseThrow(() -> new IndexException("no index in " + dir + " to record a gate in"));
            Manifest now = IndexFiles.readManifest(gen);
            if (!now.contentHash().equals(measured.contentHash())) {
                throw new IndexException("the index in " + dir + " was rebuilt while its gate was measured; "
                        + "run 'docask calibrate --auto' again");
            }
            Manifest with = now.withGate(gate);
            Path tmp = gen.resolve(IndexFiles.MANIFEST + ".tmp");
            IndexFiles.writeManifestTo(tmp, with);
            java.nio.file.Files.move(tmp, gen.resolve(IndexFiles.MANIFEST),
                    java.nio.file.StandardCopyOption.ATOMIC_MOVE, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            return with;
        } catch (IOException e) {
            throw new IndexException("could not record the gate in " + dir + ": " + FileErrors.reason(e), e);
        }
    }

    /** How long {@link #build} waits for another build into the same folder to finish. */
    public static final Duration DEFAULT_LOCK_WAIT = Duration.ofSeconds(10);

    /** An exclusive hold on an index folder for writing, from {@link #lock}; release it by closing. */
    public static final class WriteLock implements AutoCloseable {
        private final FolderLock lock;
        private boolean closed;

        private WriteLock(FolderLock lock) {
            this.lock = lock;
        }

        /** Releases the lock; closing again does nothing. */
        @Override
        public synchronized void close() {
            if (!closed) {
                closed = true;
                lock.close();
            }
        }
    }

    /**
     * A build reports success only for a generation that is live: with the lock no other docask
     * build publishes meanwhile, but a writer that takes no lock (an older docask) still could.
     */
    private static void requirePublished(Path out, Path gen) throws IOException {
        Optional<Path> live = IndexFiles.currentGeneration(out);
        if (live.isEmpty() || !live.get().getFileName().equals(gen.getFileName())) {
            throw new IndexException("another writer replaced the index in " + out + " while this build published "
                    + gen.getFileName() + "; nothing of this build is live, run 'docask index' again");
        }
    }

    /**
     * Refuses settings whose spec builds another embedder than the one passed: the manifest records
     * the spec, and queries rebuild the embedder from it, so such an index could not be queried.
     */
    private static void requireSpecOf(Optional<Embedder> embedder, Settings settings) {
        String given = embedder.map(Embedder::id).orElse("none");
        String spec = settings.embedderSpec();
        Optional<String> built = Embedders.findId(spec);
        if (built.isEmpty() && !spec.strip().equals(given)) {
            throw new IllegalArgumentException("IndexBuilder.Settings embedderSpec '" + spec + "' is no embedder spec"
                    + " (" + Embedders.SPECS + ") nor the id of the"
                    + " embedder passed ('" + given + "')");
        }
        if (built.isPresent() && !built.get().equals(given)) {
            throw new IllegalArgumentException("IndexBuilder.Settings embedderSpec '" + spec + "' builds embedder '"
                    + built.get() + "' but the embedder passed is '" + given
                    + "'; give the settings the spec the embedder was made from");
        }
    }

    /**
     * Refuses an output that is a file, or a folder holding things that are not a docask index's,
     * before any work: a crawl checks it before fetching a page.
     *
     * <pre>{@code
     * IndexBuilder.requireIndexFolder(Path.of("docs-index"));   // throws IndexException naming "out"
     * }</pre>
     */
    public static void requireIndexFolder(Path out) {
        if (Files.exists(out) && !Files.isDirectory(out)) {
            throw new IndexException(out + " is a file; the output folder must be a new or empty folder, or one that holds"
                    + " a docask index", "out", null);
        }
        try {
            Optional<Path> foreign = IndexFiles.firstForeignEntry(out);
            if (foreign.isPresent()) {
                throw new IndexException(out + " holds files that are not a docask index (" + foreign.get()
                        + "); the output folder must be a new or empty folder, or one that holds a docask index", "out", null);
            }
        } catch (IOException e) {
            throw new IndexException("could not read " + out + ": " + e.getMessage(), e);
        }
    }

    /**
     * The live index in {@code out} when building this corpus with these settings would write it again as it is: no
     * {@link #differences} (the same pages, options and docask version), a gate measured on this content, and every
     * file of its generation intact (checked now, a read of the whole generation). {@code docask index} and {@code
     * docask demo} then write nothing (docs/reliability.md, "A build with nothing to do writes nothing"). Calls no
     * model; takes no lock (hold {@link #lock} around this call and the build it saves).
     *
     * <pre>{@code
     * Optional<Manifest> same = IndexBuilder.upToDate(corpus, settings, dir);
     * if (same.isEmpty()) {
     *     IndexBuilder.build(corpus, settings, dir, HybridRetriever::measureGate);
     * }
     * }</pre>
     */
    public static Optional<Manifest> upToDate(Corpus corpus, Settings settings, Path out) {
        Objects.requireNonNull(corpus, "corpus");
        Objects.requireNonNull(settings, "settings");
        Objects.requireNonNull(out, "out");
        return Staleness.upToDate(corpus, settings, out);
    }

    /**
     * Whether the index in {@code out} is out of date for this corpus and settings; calls no model.
     * A missing or unreadable index is stale.
     */
    public static boolean isStale(Corpus corpus, Settings settings, Path out) {
        return !differences(corpus, settings, out).isEmpty();
    }

    /**
     * What makes the index in {@code out} out of date for this corpus and settings, one plain phrase per
     * difference; empty when it is up to date. Calls no model.
     *
     * <pre>{@code
     * IndexBuilder.differences(corpus, Settings.defaults("bge-small"), Path.of("vitest-index"));
     * // [built with embedder mock, asked for bge-small, chunk size 1200, asked for 800]
     * }</pre>
     */
    public static List<String> differences(Corpus corpus, Settings settings, Path out) {
        return Staleness.differences(corpus, settings, out);
    }

    /** A hash of every chunk's content and address: equal hashes mean the same index content. */
    static String contentHash(List<Chunk> chunks) {
        MessageDigest md = sha256();
        for (Chunk c : chunks) {
            for (String s : new String[] {c.url(), c.title(), c.heading(), c.text(), c.source(),
                    new TreeMap<>(c.metadata()).toString()}) {
                md.update(s.getBytes(StandardCharsets.UTF_8));
                md.update((byte) 0);
            }
        }
        return HexFormat.of().formatHex(md.digest());
    }

    /**
     * The gate measured on the index {@code built} replaces, when that index is of the same site, embedder and settings
     * (docs/retrieval.md §4, "A gate that calibrates itself"): a rebuild keeps the site's gate instead of falling back
     * to the model's default floors. Unchanged as it was when the content and the docask version are the same (the
     * measurement would repeat itself); otherwise with a first figure saying what it was measured on, until it is measured again
     * ({@code docask index} does, {@code HybridRetriever.calibrateAndRecordGate} from Java).
     */
    private static Optional<Manifest.Gate> previousGate(Path out, Manifest built) {
        Manifest before;
        try {
            Optional<Path> gen = IndexFiles.currentGeneration(out);
            if (gen.isEmpty()) {
                return Optional.empty();
            }
            before = IndexFiles.readManifest(gen.get());
        } catch (IOException | RuntimeException e) {
            return Optional.empty(); // a damaged index keeps nothing, as its vectors are not reused either
        }
        Optional<Manifest.Gate> gate = before.gate();
        boolean sameSite = before.embedderSpec().equals(built.embedderSpec()) && before.embedderId().equals(built.embedderId())
                && before.baseUrl().equals(built.baseUrl()) && before.siteName().equals(built.siteName())
                && before.bm25K1() == built.bm25K1() && before.bm25B() == built.bm25B()
                && before.chunkSize() == built.chunkSize() && before.chunkOverlap() == built.chunkOverlap();
        if (gate.isEmpty() || !sameSite) {
            return Optional.empty();
        }
        boolean sameContent = before.contentHash().equals(built.contentHash());
        if (sameContent && before.builtBy().equals(built.builtBy())) {
            return gate;
        }
        // marked, so that upToDate has the next 'docask index' measure it: another version may measure it otherwise
        String on = sameContent ? "measured on the same content by " + before.builtBy().map(v -> "docask " + v)
                .orElse("an older docask") : String.format(java.util.Locale.ROOT, "measured on its %d chunks; this one has %d",
                before.chunks(), built.chunks());
        Manifest.Gate g = gate.get();
        List<String> figures = new ArrayList<>();
        figures.add(KEPT_GATE + " (" + on + "): run 'docask calibrate --auto' to measure it on this content");
        g.figures().stream().filter(f -> !f.startsWith(KEPT_GATE)).forEach(figures::add);
        return Optional.of(new Manifest.Gate(g.minSimilarity(), g.minKeywordCoverage(), g.maxUnknownShare(), g.neighbours(),
                g.otherToolFloor(), g.embedderId(), g.queryVariant(), figures, g.calibratedAt()));
    }

    /** How the figures of a gate kept from the index before open: measured on its content, not on this one. */
    static final String KEPT_GATE = "gate kept from the index this build replaced";

    /** The vectors a build may reuse, and the intact generation they come from (kept beside the new one as a fallback). */
    private record Previous(Map<String, PendingVectors.Reusable> vectors, Optional<Path> generation) {
    }

    /**
     * The vectors of the newest generation in {@code out} that passes its checks, the live one first: when it is
     * damaged, the intact one a reader fell back to (DocIndex) still saves re-embedding, and stays as the fallback.
     */
    private static Previous previousVectors(Path out, Optional<Embedder> embedder) {
        if (embedder.isEmpty()) {
            return new Previous(Map.of(), Optional.empty());
        }
        Optional<Path> newest;
        try {
            newest = IndexFiles.reusableGeneration(out);
        } catch (IOException e) {
            return new Previous(Map.of(), Optional.empty());
        }
        if (newest.isEmpty()) {
            return new Previous(Map.of(), Optional.empty());
        }
        List<Path> candidates = new ArrayList<>(List.of(newest.get()));
        candidates.addAll(IndexFiles.olderGenerations(out, newest.get()));
        for (Path gen : candidates) {
            Map<String, PendingVectors.Reusable> map = new HashMap<>();
            try {
                Manifest m = IndexFiles.readManifest(gen);
                if (!m.embedderId().equals(embedder.get().id()) || m.dimensions() != embedder.get().dimensions()) {
                    return new Previous(Map.of(), Optional.empty()); // the index was of another model: nothing to reuse
                }
                List<IndexFiles.StoredChunk> chunks = IndexFiles.readChunks(gen);
                Checksums.verifyOwnFiles(gen, m); // damaged vectors must not move into a fresh generation
                VectorStore vs = VectorStore.read(gen.resolve(IndexFiles.VECTORS), chunks.size(), m.dimensions());
                for (int i = 0; i < chunks.size(); i++) {
                    map.putIfAbsent(chunks.get(i).embedHash(), new PendingVectors.Reusable(vs.vector(i), vs.scale(i)));
                }
                return new Previous(map, Optional.of(gen));
            } catch (IOException | RuntimeException e) {
                // damaged: try the generation before it
            }
        }
        return new Previous(Map.of(), Optional.empty());
    }

    private static int embedAll(Embedder embedder, List<Chunk> chunks, List<IndexFiles.StoredChunk> stored, List<Integer> todo,
                                byte[][] vectors, float[] scales, IntConsumer progress, PendingVectors kept) throws IOException {
        int done = 0;
        for (int from = 0; from < todo.size(); from += EMBED_BATCH) {
            List<Integer> batch = todo.subList(from, Math.min(todo.size(), from + EMBED_BATCH));
            List<String> texts = batch.stream().map(i -> chunks.get(i).embeddingText()).toList();
            List<float[]> vs = embedder.embedAll(texts);
            if (vs.size() != texts.size()) {
                throw new IndexException("embedder " + embedder.id() + " returned " + vs.size()
                        + " vectors for " + texts.size() + " texts");
            }
            for (int k = 0; k < batch.size(); k++) {
                float[] v = vs.get(k);
                if (v.length != embedder.dimensions()) {
                    throw new IndexException("embedder " + embedder.id() + " returned a vector of " + v.length
                            + " dimensions, expected " + embedder.dimensions());
                }
                int i = batch.get(k);
                vectors[i] = new byte[v.length];
                scales[i] = Int8Quantizer.quantize(v, vectors[i]);
                kept.add(stored.get(i).embedHash(), vectors[i], scales[i]);
            }
            kept.flush(); // a batch paid for survives whatever stops the build next
            done += batch.size();
            progress.accept(done);
        }
        return done;
    }

    private static void writeLucene(Path dir, List<Chunk> chunks, Settings settings) throws IOException {
        // the search field is stemmed; the written-words field (SiteWords) keeps words as written, for typos
        Analyzer analyzer = new org.apache.lucene.analysis.miscellaneous.PerFieldAnalyzerWrapper(DocsAnalyzer.forPages(),
                java.util.Map.of(SiteWords.FIELD, SiteWords.analyzer()));
        IndexWriterConfig config = new IndexWriterConfig(analyzer)
                .setSimilarity(new BM25Similarity(settings.bm25K1(), settings.bm25B()))
                .setRAMBufferSizeMB(64)
                .setOpenMode(IndexWriterConfig.OpenMode.CREATE);
        try (FSDirectory directory = FSDirectory.open(dir); IndexWriter writer = new IndexWriter(directory, config)) {
            for (int i = 0; i < chunks.size(); i++) {
                Chunk c = chunks.get(i);
                Document doc = new Document();
                String text = c.searchText();
                doc.add(new TextField(DocIndex.FIELD, text, Field.Store.NO));
                doc.add(SiteWords.field(text));
                doc.add(new NumericDocValuesField(DocIndex.ORDINAL, i));
                writer.addDocument(doc);
            }
            writer.forceMerge(1);
            writer.commit();
        }
    }

    private static String sha256(String s) {
        return HexFormat.of().formatHex(sha256().digest(s.getBytes(StandardCharsets.UTF_8)));
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }

    /**
     * What a build did.
     *
     * <pre>{@code
     * BuildReport r = IndexBuilder.build(corpus, Settings.defaults("bge-small"), Path.of("docs-index"));
     * System.out.printf("%d chunks embedded, %d reused, %d ms%n", r.embedded(), r.reused(), r.millis());
     * }</pre>
     *
     * @param manifest  the new index's manifest
     * @param embedded  chunks embedded in this run
     * @param reused    chunks whose vector was reused from the previous index (text unchanged)
     * @param millis    wall time of the build
     */
    @CheckReturnValue
    public record BuildReport(Manifest manifest, int embedded, int reused, long millis) {
    }

    /**
     * Measures the relevance gate of a built index before it is published ({@code HybridRetriever::measureGate};
     * docs/retrieval.md §4, "A gate that calibrates itself").
     */
    @FunctionalInterface
    public interface GateMeasure {
        /** The gate of {@code built}, the generation about to be published. */
        Manifest.Gate measure(DocIndex built);
    }

    /**
     * The index was built and published, but its gate could not be measured (the embedder failed late): it answers
     * with the gate of the index it replaced, if any, until {@code docask calibrate --auto} measures it.
     */
    public static final class GateNotMeasured extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final transient BuildReport report;

        GateNotMeasured(Path out, BuildReport report, RuntimeException cause) {
            super("the index in " + out + " is written, but its gate could not be measured: " + cause.getMessage(), cause);
            this.report = report;
        }

        /** What the build did; the manifest as published. */
        public BuildReport report() {
            return report;
        }
    }

    /**
     * How an index is built, recorded in its manifest. The base URL and chunking are the corpus's
     * ({@link dev.docask.ingest.Corpus#options()}): the index records what its URLs and chunks were made with.
     *
     * <pre>{@code
     * Settings s = Settings.defaults("bge-small").withSiteName("Vitest");
     * }</pre>
     *
     * @param embedderSpec the {@code --embedder} spec ({@code none} for keyword-only)
     * @param siteName     display name of the site, used in answers ("… on Vitest"); blank (the default): the name the
     *                     site gives itself ({@link Corpus#siteName()}: its config's, what its pages' titles agree on, a
     *                     crawl's too), else the base URL's host, "Quayside" for {@code https://docs.quayside.dev}, as
     *                     {@code docask index} names a site
     * @param bm25K1       BM25 k1, finite and at least 0
     * @param bm25B        BM25 b, between 0 and 1
     */
    @CheckReturnValue
    public record Settings(String embedderSpec, String siteName, float bm25K1, float bm25B) {

        /*
         * BM25 k1 = 1.2, b = 0.75 (Lucene's defaults) for docs sites: on the three dev sets BM25 alone
         * finds 25 of 30 pages with them against 23 with Anserini's BEIR values (k1 0.9, b 0.4), 24 of 30
         * long questions against 19, and the default pipeline loses nothing (docs/quality.md). BEIR runs
         * keep Anserini's values so that our BM25 figures compare with theirs (eval.BeirIndex).
         */
        public static final float DEFAULT_K1 = 1.2f;
        public static final float DEFAULT_B = 0.75f;

        public Settings {
            Objects.requireNonNull(embedderSpec, "embedderSpec");
            siteName = siteName == null ? "" : siteName;
            if (!Float.isFinite(bm25K1) || bm25K1 < 0) {
                throw new IllegalArgumentException("BM25 k1 must be a finite number >= 0, got " + bm25K1);
            }
            if (!(bm25B >= 0 && bm25B <= 1)) {
                throw new IllegalArgumentException("BM25 b must be between 0 and 1, got " + bm25B);
            }
        }

        public static Settings defaults(String embedderSpec) {
            return new Settings(embedderSpec, "", DEFAULT_K1, DEFAULT_B);
        }

        public Settings withSiteName(String v) {
            return new Settings(embedderSpec, v, bm25K1, bm25B);
        }

        public Settings withBm25(float k1, float b) {
            return new Settings(embedderSpec, siteName, k1, b);
        }
    }
}
