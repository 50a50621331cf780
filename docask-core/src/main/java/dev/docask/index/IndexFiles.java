package dev.docask.index;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import dev.docask.ingest.Chunk;


import java.io.BufferedOutputStream;
import java.io.BufferedReader;
import java.io.Closeable;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.StandardOpenOption;
import java.util.AbstractList;
import java.util.RandomAccess;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Stream;

/*
 * The on-disk layout. An index directory holds generations (gen-000001, gen-000002, …) and a
 * CURRENT file naming the live one. A build writes a whole new generation, then replaces CURRENT
 * with an atomic move: a reader (or a server hot-reloading) sees the old index or the new one,
 * never half of each. The previous generation is kept so that readers still using it can finish.
 */
final class IndexFiles {
    static final String CURRENT = "CURRENT";
    static final String MANIFEST = "manifest.json";
    static final String CHUNKS = "chunks.jsonl";
    /** Where each line of chunks.jsonl starts, and each chunk's canonical copy: so that a large index need not parse its chunks to open. */
    static final String CHUNK_OFFSETS = "chunks.idx";
    private static final int OFFSETS_MAGIC = 0x44_4B_43_31; // "DKC1"
    static final String VECTORS = "vectors.bin";
    static final String LUCENE = "lucene";
    /** What a crawl of a deployed site remembers for its next run (ETags, Last-Modified); written by docask-crawl. */
    static final String CRAWL_STATE = "crawl.json";
    /** The pages a crawl stopped part way has read, for the same crawl run again to resume from; written by docask-crawl. */
    static final String CRAWL_PAGES = "crawl-pages.jsonl";

    static final ObjectMapper JSON = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false)
            .configure(SerializationFeature.INDENT_OUTPUT, false);

    private IndexFiles() {
    }

    /** A chunk as stored: the chunk, its canonical copy's ordinal, and the hash of its embedded text. */
    record StoredChunk(String url, String title, String heading, String text, String source,
                       Map<String, String> metadata, int copyOf, String embedHash) {
        Chunk chunk() {
            return new Chunk(url, title, heading, text, source, metadata);
        }

        static StoredChunk of(Chunk c, int copyOf, String embedHash) {
            return new StoredChunk(c.url(), c.title(), c.heading(), c.text(), c.source(), c.metadata(),
                    copyOf, embedHash);
        }
    }

    /** The live generation's folder, if the directory holds an index. */
    static Optional<Path> currentGeneration(Path dir) throws IOException {
        Path current = dir.resolve(CURRENT);
        if (!Files.isRegularFile(current)) {
            return Optional.empty();
        }
        String name;
        try {
            name = Files.readString(current, StandardCharsets.UTF_8).trim();
        } catch (java.nio.charset.CharacterCodingException e) {
            throw new IOException("CURRENT is not text (overwritten?)", e);
        }
        if (!name.matches("gen-\\d{6}")) {
            throw new IOException("CURRENT names '" + (name.length() > 40 ? name.substring(0, 40) + "…" : name)
                    + "', not a generation");
        }
        if (!Files.isDirectory(dir.resolve(name))) {
            throw new IOException("CURRENT names " + name + ", which is missing");
        }
        return Optional.of(dir.resolve(name));
    }

    /**
     * The live generation, or when CURRENT is damaged the newest generation folder that holds a
     * manifest: what a rebuild may reuse vectors from. Empty when there is none.
     */
    static Optional<Path> reusableGeneration(Path dir) throws IOException {
        try {
            return currentGeneration(dir);
        } catch (IOException damaged) {
            if (!Files.isDirectory(dir)) {
                return Optional.empty();
            }
            try (Stream<Path> s = Files.list(dir)) {
                return s.filter(p -> p.getFileName().toString().matches("gen-\\d{6}"))
                        .filter(p -> Files.isRegularFile(p.resolve(MANIFEST)))
                        .max(java.util.Comparator.comparing(p -> p.getFileName().toString()));
            }
        }
    }

    /** The generation folders older than {@code gen}, newest first: what a reader falls back to when {@code gen} is damaged. */
    static List<Path> olderGenerations(Path dir, Path gen) {
        String name = gen.getFileName().toString();
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.getFileName().toString().matches("gen-\\d{6}"))
                    .filter(p -> p.getFileName().toString().compareTo(name) < 0)
                    .sorted(java.util.Comparator.comparing((Path p) -> p.getFileName().toString()).reversed())
                    .toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    /** The first entry of {@code dir} that is not an index's, if any (generations of ours and CURRENT are; anything else is the user's, and an index written there could clean up their {@code gen-…} folders). */
    static Optional<Path> firstForeignEntry(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return Optional.empty();
        }
        try (Stream<Path> s = Files.list(dir)) {
            for (Path p : (Iterable<Path>) s.sorted()::iterator) {
                String n = p.getFileName().toString();
                if (n.equals(CURRENT) || n.equals(CURRENT + ".tmp") || n.equals(FolderLock.FILE) || n.equals(CRAWL_STATE) || n.equals(CRAWL_STATE + ".tmp") || n.equals(CRAWL_PAGES)
                        || PendingVectors.isOwn(n) || dev.docask.index.internal.VectorRecords.isOwn(n, dev.docask.index.internal.VectorRecords.QUERY_VECTORS)) {
                    continue;
                }
                if (!n.matches("gen-\\d{6}")) {
                    return Optional.of(p);
                }
                Optional<Path> inside = foreignInGeneration(p);
                if (inside.isPresent()) {
                    return inside;
                }
            }
        }
        return Optional.empty();
    }

    private static Optional<Path> foreignInGeneration(Path gen) throws IOException {
        if (!Files.isDirectory(gen)) {
            return Optional.of(gen);
        }
        try (Stream<Path> s = Files.list(gen)) {
            return s.filter(p -> !List.of(MANIFEST, CHUNKS, CHUNK_OFFSETS, VECTORS, LUCENE).contains(p.getFileName().toString()))
                    .sorted().findFirst();
        }
    }

    static Path newGeneration(Path dir) throws IOException {
        Files.createDirectories(dir);
        int next = 1;
        try (Stream<Path> s = Files.list(dir)) {
            for (Path p : (Iterable<Path>) s::iterator) {
                String n = p.getFileName().toString();
                if (n.matches("gen-\\d{6}")) {
                    next = Math.max(next, Integer.parseInt(n.substring(4)) + 1);
                }
            }
        }
        Path gen = dir.resolve(String.format("gen-%06d", next));
        Files.createDirectories(gen);
        return gen;
    }

    /**
     * Makes {@code gen} live and deletes generations older than the one it replaces. A damaged
     * CURRENT is simply replaced: rebuilding is how a user repairs it.
     */
    /**
     * Makes {@code gen} live and deletes the generations before it but the one CURRENT named and {@code intact}, the
     * newest that passed its checks when CURRENT's did not: a reader's fallback stays (docs/reliability.md).
     */
    static void publish(Path dir, Path gen, Optional<Path> intact) throws IOException {
        Optional<Path> previous;
        try {
            previous = currentGeneration(dir);
        } catch (IOException damaged) {
            previous = Optional.empty();
        }
        Path tmp = dir.resolve(CURRENT + ".tmp");
        Files.writeString(tmp, gen.getFileName().toString() + "\n", StandardCharsets.UTF_8);
        Files.move(tmp, dir.resolve(CURRENT), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        try (Stream<Path> s = Files.list(dir)) {
            for (Path p : (Iterable<Path>) s::iterator) {
                String n = p.getFileName().toString();
                boolean keep = p.equals(gen) || previous.map(p::equals).orElse(false) || intact.map(p::equals).orElse(false);
                if (n.matches("gen-\\d{6}") && !keep && foreignInGeneration(p).isEmpty()) {
                    deleteTree(p);
                }
            }
        }
    }

    static void deleteTree(Path p) throws IOException {
        if (!Files.exists(p)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(p)) {
            for (Path x : walk.sorted((a, b) -> b.getNameCount() - a.getNameCount()).toList()) {
                Files.deleteIfExists(x);
            }
        }
    }

    static void writeManifest(Path gen, Manifest m) throws IOException {
        writeManifestTo(gen.resolve(MANIFEST), m);
    }

    static void writeManifestTo(Path file, Manifest m) throws IOException {
        JSON.writerWithDefaultPrettyPrinter().writeValue(file.toFile(), m.stored());
    }

    static Manifest readManifest(Path gen) throws IOException {
        try {
            return new Manifest(JSON.readValue(gen.resolve(MANIFEST).toFile(), StoredManifest.class));
        } catch (JsonProcessingException e) {
            throw new IOException("manifest.json is damaged: " + jsonProblem(e), e);
        } catch (RuntimeException e) { // a framework, embedder or date this code cannot read
            throw new IOException("manifest.json is damaged: " + e.getMessage(), e);
        }
    }

    /** What is wrong with a JSON file, without the parser's internals. */
    private static String jsonProblem(JsonProcessingException e) {
        if (e instanceof JsonParseException) {
            return "not valid JSON (cut short or overwritten?)";
        }
        if (e instanceof MismatchedInputException m && !m.getPath().isEmpty()) { // the parser's words name its Java types
            StringBuilder path = new StringBuilder();
            for (JsonMappingException.Reference r : m.getPath()) {
                path.append(r.getFieldName() != null ? (path.isEmpty() ? "" : ".") + r.getFieldName() : "[" + r.getIndex() + "]");
            }
            return "'" + path + "' holds a value of the wrong type";
        }
        return e.getOriginalMessage();
    }

    /** Writes chunks.jsonl, one chunk a line, and chunks.idx: the count, where each line starts (and the end), each chunk's copyOf. */
    static void writeChunks(Path gen, List<StoredChunk> chunks) throws IOException {
        long[] offsets = new long[chunks.size() + 1];
        try (OutputStream w = new BufferedOutputStream(Files.newOutputStream(gen.resolve(CHUNKS)), 1 << 16)) {
            long at = 0;
            for (int i = 0; i < chunks.size(); i++) {
                offsets[i] = at;
                byte[] line = JSON.writeValueAsBytes(chunks.get(i));
                w.write(line);
                w.write('\n');
                at += line.length + 1;
            }
            offsets[chunks.size()] = at;
        }
        try (DataOutputStream d = new DataOutputStream(new BufferedOutputStream(
                Files.newOutputStream(gen.resolve(CHUNK_OFFSETS)), 1 << 16))) {
            d.writeInt(OFFSETS_MAGIC);
            d.writeInt(chunks.size());
            for (long o : offsets) {
                d.writeLong(o);
            }
            for (StoredChunk c : chunks) {
                d.writeInt(c.copyOf());
            }
        }
    }

    /**
     * The chunks of a generation left on disk (chunks.idx says where each starts), read one at a
     * time when asked for; empty for an index built before chunks.idx was written.
     */
    static Optional<ChunkFile> openChunks(Path gen, int expectedCount) throws IOException {
        Path idx = gen.resolve(CHUNK_OFFSETS);
        if (!Files.isRegularFile(idx)) {
            return Optional.empty();
        }
        long expectedSize = 8L + 8L * (expectedCount + 1) + 4L * expectedCount;
        if (Files.size(idx) != expectedSize) {
            throw new IOException("chunks.idx has " + Files.size(idx) + " bytes, expected " + expectedSize);
        }
        ByteBuffer buf = ByteBuffer.wrap(Files.readAllBytes(idx));
        if (buf.getInt() != OFFSETS_MAGIC || buf.getInt() != expectedCount) {
            throw new IOException("chunks.idx does not describe the manifest's " + expectedCount + " chunks");
        }
        long[] offsets = new long[expectedCount + 1];
        buf.asLongBuffer().get(offsets);
        buf.position(buf.position() + 8 * offsets.length);
        int[] copyOf = new int[expectedCount];
        buf.asIntBuffer().get(copyOf);
        Path file = gen.resolve(CHUNKS);
        long size = Files.size(file);
        for (int i = 0; i < expectedCount; i++) {
            if (offsets[i] < 0 || offsets[i + 1] <= offsets[i] || offsets[i + 1] - offsets[i] > Integer.MAX_VALUE) {
                throw new IOException("chunks.idx is damaged (chunk " + i + ")");
            }
        }
        if (offsets[expectedCount] != size) {
            throw new IOException("chunks.jsonl has " + size + " bytes, chunks.idx says " + offsets[expectedCount]);
        }
        return Optional.of(new ChunkFile(FileChannel.open(file, StandardOpenOption.READ), offsets, copyOf));
    }

    /** chunks.jsonl read a chunk at a time, by positional reads through the OS's page cache (thread-safe). */
    static final class ChunkFile extends AbstractList<Chunk> implements RandomAccess, Closeable {
        private final FileChannel channel;
        private final long[] offsets;
        private final int[] copyOf;

        private ChunkFile(FileChannel channel, long[] offsets, int[] copyOf) {
            this.channel = channel;
            this.offsets = offsets;
            this.copyOf = copyOf;
        }

        /** Each chunk's canonical copy as stored (negative when it is its own). */
        int[] copyOf() {
            return copyOf.clone();
        }

        @Override
        public Chunk get(int id) {
            Objects.checkIndex(id, copyOf.length);
            ByteBuffer line = ByteBuffer.allocate((int) (offsets[id + 1] - offsets[id]));
            try {
                long at = offsets[id];
                while (line.hasRemaining()) {
                    int n = channel.read(line, at);
                    if (n < 0) {
                        throw new IOException("chunks.jsonl is cut short");
                    }
                    at += n;
                }
                return JSON.readValue(line.array(), StoredChunk.class).chunk();
            } catch (JsonProcessingException e) {
                throw new IndexException("chunks.jsonl line " + (id + 1) + " is damaged: " + jsonProblem(e)
                        + "; rebuild the index with 'docask index'", e);
            } catch (IOException | IllegalArgumentException e) {
                throw new IndexException("could not read chunk " + id + " from chunks.jsonl: " + e.getMessage(), e);
            }
        }

        @Override
        public int size() {
            return copyOf.length;
        }

        @Override
        public void close() throws IOException {
            channel.close();
        }
    }

    static List<StoredChunk> readChunks(Path gen) throws IOException {
        List<StoredChunk> out = new ArrayList<>();
        try (BufferedReader r = Files.newBufferedReader(gen.resolve(CHUNKS), StandardCharsets.UTF_8)) {
            String line;
            int n = 0;
            while ((line = r.readLine()) != null) {
                n++;
                if (line.isBlank()) {
                    continue;
                }
                try {
                    out.add(JSON.readValue(line, new TypeReference<StoredChunk>() { }));
                } catch (JsonProcessingException e) {
                    throw new IOException("chunks.jsonl line " + n + " is damaged: " + jsonProblem(e), e);
                } catch (IllegalArgumentException e) {
                    throw new IOException("chunks.jsonl line " + n + " is damaged: " + e.getMessage(), e);
                }
            }
        }
        return out;
    }
}
