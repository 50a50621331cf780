package dev.docask.index;

import dev.docask.index.internal.Scored;
import org.jspecify.annotations.Nullable;

import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.zip.CRC32;

/*
 * All chunk vectors as int8, scanned exactly (no approximate structure to build at start-up). On
 * disk: magic, count, dimensions, the count × dimensions bytes back to back, the per-vector scales,
 * and a CRC32 of everything before it. An index with 64 MB of vectors or more maps them
 * (MappedByteBuffer: MemorySegment is still a preview API at release 21) instead of copying them
 * into the heap, so opening reads only the header and the scales and the heap does not grow with
 * the corpus; a smaller one reads them into the heap, as before. The checksums are
 * Checksums.verify's business (docs/design.md, "Index").
 *
 * The scan is Int8Dot's SIMD kernel (memory-bound) over blocks of vectors. Mapped vectors are read
 * where they lie (a memory segment over each mapping, SimdInt8Dot); where the runtime cannot, a
 * mapped block is copied into a small per-thread array first, which costs a second pass over the bytes.
 * A large index is scanned by several threads, each over a contiguous range of blocks with its own
 * top-k, merged at the end (docs/benchmarks.md, "Growth curve"). Ties are broken by the lower chunk
 * id everywhere, so the split scan returns exactly what one thread returns.
 */
final class VectorStore {
    private static final int MAGIC = 0x44_4B_38_31; // "DK81"
    private static final int HEADER = 12;
    /** Vectors per scan block: 96 KiB at 384 dimensions, well inside a core's L2 cache. */
    static final int BLOCK = 256;
    /** From this many vectors a scan is split across cores (measured with ScanBenchmark, docs/benchmarks.md). */
    static final int PARALLEL_FROM = 32_768;
    /**
     * Vectors of at least this many bytes are mapped; fewer are read into the heap, where the kernel
     * scans them without the copy into a block (a 10k-chunk site's 3.8 MB, as before).
     */
    static final long MAP_FROM = 64L << 20;
    /** At most this many bytes per mapping (a MappedByteBuffer is indexed by int); a whole number of blocks. */
    private static final long MAX_REGION = 1L << 30;
    private static final int CORES = Runtime.getRuntime().availableProcessors();
    private static final ThreadLocal<byte[]> BLOCK_BUFFER = new ThreadLocal<>();
    private static volatile @Nullable ExecutorService scanThreads;

    private final int dimensions;
    private final int count;
    private final float[] scales;
    private final byte @Nullable [] heap;            // vectors built in this process
    private final ByteBuffer @Nullable [] regions;   // vectors mapped from a file
    private final Object @Nullable [] segments;      // the same mappings, for the kernel to read in place
    private final int perRegion;

    VectorStore(int dimensions, byte[][] vectors, float[] scales) {
        this.dimensions = dimensions;
        this.count = scales.length;
        if (vectors.length != scales.length) {
            throw new IllegalArgumentException("vectors and scales differ in count");
        }
        this.scales = scales;
        this.heap = concat(dimensions, vectors);
        this.regions = null;
        this.segments = null;
        this.perRegion = Integer.MAX_VALUE;
    }

    private VectorStore(int dimensions, int count, float[] scales, byte @Nullable [] heap,
                        ByteBuffer @Nullable [] regions, int perRegion, boolean inPlace) {
        this.dimensions = dimensions;
        this.count = count;
        this.scales = scales;
        this.heap = heap;
        this.regions = regions;
        this.segments = regions == null || !inPlace ? null : segments(dimensions, regions);
        this.perRegion = perRegion;
    }

    /** The mappings as segments the kernel reads in place, or null to copy blocks (docs/benchmarks.md). */
    private static Object @Nullable [] segments(int dimensions, ByteBuffer[] regions) {
        if (!Int8Dot.readsMappedInPlace(dimensions)) {
            return null;
        }
        Object[] out = new Object[regions.length];
        for (int r = 0; r < regions.length; r++) {
            java.util.Optional<Object> segment = Int8Dot.segment(regions[r]);
            if (segment.isEmpty()) {
                return null;
            }
            out[r] = segment.get();
        }
        return out;
    }


    private static byte[] concat(int dimensions, byte[][] vectors) {
        long bytes = (long) vectors.length * dimensions;
        if (bytes > Integer.MAX_VALUE - 16) {
            throw new IllegalArgumentException(vectors.length + " vectors of " + dimensions
                    + " dimensions exceed one in-memory index (2 GiB of vectors)");
        }
        byte[] data = new byte[(int) bytes];
        for (int i = 0; i < vectors.length; i++) {
            if (vectors[i].length != dimensions) {
                throw new IllegalArgumentException("vector " + i + " has " + vectors[i].length + " dimensions, not " + dimensions);
            }
            System.arraycopy(vectors[i], 0, data, i * dimensions, dimensions);
        }
        return data;
    }

    int dimensions() {
        return dimensions;
    }

    /** Whether the scan reads mapped vectors where they lie rather than copying blocks. */
    boolean scansInPlace() {
        return segments != null;
    }

    int size() {
        return count;
    }

    /** A copy of vector {@code id}'s bytes. */
    byte[] vector(int id) {
        byte[] out = new byte[dimensions];
        copy(id, 1, out);
        return out;
    }

    float scale(int id) {
        return scales[id];
    }

    /** Cosine of a normalised float query with chunk {@code id}. */
    float similarity(int id, float[] query) {
        if (heap != null) {
            return Int8Quantizer.dot(query, heap, id * dimensions, scales[id]);
        }
        return Int8Quantizer.dot(query, vector(id), 0, scales[id]);
    }

    /** Copies {@code n} vectors from {@code first} (all in one region) into {@code out}. */
    private void copy(int first, int n, byte[] out) {
        if (heap != null) {
            System.arraycopy(heap, first * dimensions, out, 0, n * dimensions);
            return;
        }
        ByteBuffer region = java.util.Objects.requireNonNull(regions)[first / perRegion];
        region.get((first % perRegion) * dimensions, out, 0, n * dimensions);
    }

    /** The {@code n} chunks closest to {@code query} among {@code allowed} (all when null), best first. */
    List<Scored> nearest(float[] query, int n, @Nullable BitSet allowed) {
        return nearest(query, n, allowed, count >= PARALLEL_FROM ? CORES : 1);
    }

    /**
     * The same, scanned by up to {@code threads} threads. Best first by similarity; among equal
     * similarities, and among equal int8 estimates when choosing the candidates, the lower chunk id
     * first, whatever the number of threads.
     */
    List<Scored> nearest(float[] query, int n, @Nullable BitSet allowed, int threads) {
        if (query.length != dimensions) {
            throw new IllegalArgumentException("query has " + query.length + " dimensions, index has " + dimensions);
        }
        if (n < 1) {
            throw new IllegalArgumentException("n must be at least 1, got " + n);
        }
        byte[] qb = new byte[dimensions];
        Int8Quantizer.quantize(query, qb);
        short[] q = new short[dimensions];
        for (int i = 0; i < dimensions; i++) {
            q[i] = qb[i];
        }
        int blocks = (count + BLOCK - 1) / BLOCK;
        int parts = Math.max(1, Math.min(threads, blocks));
        TopK best;
        if (parts == 1) {
            best = scan(q, n, allowed, 0, count);
        } else {
            best = scanSplit(q, n, allowed, blocks, parts);
        }
        int[] ids = best.ids();
        List<Scored> out = new ArrayList<>(ids.length);
        for (int id : ids) {
            out.add(new Scored(id, similarity(id, query)));
        }
        out.sort((a, b) -> {
            int c = Float.compare(b.score(), a.score());
            return c != 0 ? c : Integer.compare(a.chunkId(), b.chunkId());
        });
        return out;
    }

    private TopK scanSplit(short[] q, int n, @Nullable BitSet allowed, int blocks, int parts) {
        ExecutorService pool = pool();
        List<Future<TopK>> others = new ArrayList<>(parts - 1);
        for (int p = 1; p < parts; p++) {
            int from = (int) Math.min(count, (long) blocks * p / parts * BLOCK);
            int to = (int) Math.min(count, (long) blocks * (p + 1) / parts * BLOCK);
            others.add(pool.submit(() -> scan(q, n, allowed, from, to)));
        }
        TopK best = scan(q, n, allowed, 0, (int) Math.min(count, (long) blocks / parts * BLOCK));
        boolean interrupted = false;
        for (Future<TopK> f : others) {
            while (true) {
                try {
                    best.merge(f.get());
                    break;
                } catch (InterruptedException e) {
                    interrupted = true; // the part is short: finish it rather than return half a scan
                } catch (ExecutionException e) {
                    throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        return best;
    }

    /** Threads beside the caller's for split scans, started on first need; daemons, so they never hold a JVM open. */
    private static ExecutorService pool() {
        ExecutorService p = scanThreads;
        if (p == null) {
            synchronized (VectorStore.class) {
                p = scanThreads;
                if (p == null) {
                    p = Executors.newFixedThreadPool(Math.max(1, CORES - 1),
                            r -> Thread.ofPlatform().daemon().name("docask-scan-", 0).unstarted(r));
                    scanThreads = p;
                }
            }
        }
        return p;
    }

    /** The exact scan of chunks {@code [from, to)}, a whole number of blocks except at the end. */
    private TopK scan(short[] q, int n, @Nullable BitSet allowed, int from, int to) {
        TopK top = new TopK(n);
        if (heap != null) {
            for (int id = from; id < to; id++) {
                if (allowed == null || allowed.get(id)) {
                    top.offer(id, Int8Dot.dot(q, heap, id * dimensions) * scales[id]);
                }
            }
            return top;
        }
        Object @Nullable [] inPlace = segments;
        byte[] buf = inPlace == null ? blockBuffer() : new byte[0];
        for (int start = from; start < to; start += BLOCK) {
            int len = Math.min(BLOCK, to - start);
            if (allowed != null) {
                int next = allowed.nextSetBit(start);
                if (next < 0 || next >= start + len) {
                    continue; // nothing allowed in this block: not even read
                }
            }
            if (inPlace != null) {
                Object segment = inPlace[start / perRegion];
                long base = (long) (start % perRegion) * dimensions;
                for (int k = 0; k < len; k++) {
                    int id = start + k;
                    if (allowed == null || allowed.get(id)) {
                        top.offer(id, Int8Dot.dot(q, segment, base + (long) k * dimensions) * scales[id]);
                    }
                }
                continue;
            }
            copy(start, len, buf);
            for (int k = 0; k < len; k++) {
                int id = start + k;
                if (allowed == null || allowed.get(id)) {
                    top.offer(id, Int8Dot.dot(q, buf, k * dimensions) * scales[id]);
                }
            }
        }
        return top;
    }

    private byte[] blockBuffer() {
        byte[] buf = BLOCK_BUFFER.get();
        if (buf == null || buf.length < BLOCK * dimensions) {
            buf = new byte[BLOCK * dimensions];
            BLOCK_BUFFER.set(buf);
        }
        return buf;
    }

    /**
     * The best {@code n} (id, score) pairs seen: higher score first, then lower id. A min-heap with
     * the worst kept pair at the root, in parallel arrays (no object per candidate).
     */
    static final class TopK {
        private final int[] ids;
        private final float[] scores;
        private int size;

        TopK(int n) {
            ids = new int[n];
            scores = new float[n];
        }

        /** Whether (a, sa) ranks below (b, sb). */
        private static boolean worse(int a, float sa, int b, float sb) {
            int c = Float.compare(sa, sb);
            return c < 0 || (c == 0 && a > b);
        }

        void offer(int id, float score) {
            if (size < ids.length) {
                int i = size++;
                while (i > 0) {
                    int parent = (i - 1) >>> 1;
                    if (!worse(id, score, ids[parent], scores[parent])) {
                        break;
                    }
                    ids[i] = ids[parent];
                    scores[i] = scores[parent];
                    i = parent;
                }
                ids[i] = id;
                scores[i] = score;
            } else if (worse(ids[0], scores[0], id, score)) {
                int i = 0;
                while (true) {
                    int child = 2 * i + 1;
                    if (child >= size) {
                        break;
                    }
                    if (child + 1 < size && worse(ids[child + 1], scores[child + 1], ids[child], scores[child])) {
                        child++;
                    }
                    if (!worse(ids[child], scores[child], id, score)) {
                        break;
                    }
                    ids[i] = ids[child];
                    scores[i] = scores[child];
                    i = child;
                }
                ids[i] = id;
                scores[i] = score;
            }
        }

        void merge(TopK other) {
            for (int i = 0; i < other.size; i++) {
                offer(other.ids[i], other.scores[i]);
            }
        }

        int[] ids() {
            return Arrays.copyOf(ids, size);
        }
    }

    void write(Path file) throws IOException {
        try (OutputStream raw = Files.newOutputStream(file);
             CheckedOut out = new CheckedOut(raw)) {
            DataOutputStream data = new DataOutputStream(out);
            data.writeInt(MAGIC);
            data.writeInt(count);
            data.writeInt(dimensions);
            byte[] buf = new byte[BLOCK * dimensions];
            for (int start = 0; start < count; start += BLOCK) {
                int len = Math.min(BLOCK, count - start);
                int room = Math.min(len, perRegion - start % perRegion); // never a copy across two mappings
                copy(start, room, buf);
                data.write(buf, 0, room * dimensions);
                if (room < len) {
                    copy(start + room, len - room, buf);
                    data.write(buf, 0, (len - room) * dimensions);
                }
            }
            for (float s : scales) {
                data.writeFloat(s);
            }
            data.flush();
            long crc = out.crc.getValue();
            raw.write(ByteBuffer.allocate(8).order(ByteOrder.BIG_ENDIAN).putLong(crc).array());
        }
    }

    /**
     * Maps the vectors of {@code file} after checking its size and header; reads only the header
     * and the scales. The file's checksum is not checked here: {@link Checksums#verify} does that.
     */
    static VectorStore read(Path file, int expectedCount, int expectedDimensions) throws IOException {
        boolean map = (long) expectedCount * expectedDimensions >= MAP_FROM;
        return read(file, expectedCount, expectedDimensions, map ? MAX_REGION : 0);
    }

    /**
     * The same, with at most {@code regionBytes} per mapping (tests map a small file in several),
     * or, with 0, the vectors read into the heap.
     */
    static VectorStore read(Path file, int expectedCount, int expectedDimensions, long regionBytes) throws IOException {
        return read(file, expectedCount, expectedDimensions, regionBytes, true);
    }

    /**
     * The same; with {@code inPlace} false, mapped vectors are copied block by block into an array
     * before the kernel reads them, as on a runtime without memory segments (tests and ScanBenchmark compare both).
     */
    static VectorStore read(Path file, int expectedCount, int expectedDimensions, long regionBytes, boolean inPlace)
            throws IOException {
        long size = Files.size(file);
        long vectorBytes = (long) expectedCount * expectedDimensions;
        long expectedSize = HEADER + vectorBytes + 4L * expectedCount + 8;
        if (size != expectedSize) {
            throw new IOException("vectors.bin has " + size + " bytes, expected " + expectedSize);
        }
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            ByteBuffer head = ByteBuffer.allocate(HEADER);
            readFully(ch, head, 0);
            head.flip();
            if (head.getInt() != MAGIC) {
                throw new IOException("vectors.bin is not a docask vector file");
            }
            int count = head.getInt();
            int dims = head.getInt();
            if (count != expectedCount || dims != expectedDimensions) {
                throw new IOException("vectors.bin holds " + count + "×" + dims + ", manifest says "
                        + expectedCount + "×" + expectedDimensions);
            }
            ByteBuffer scaleBytes = ByteBuffer.allocate(4 * count);
            readFully(ch, scaleBytes, HEADER + vectorBytes);
            scaleBytes.flip();
            float[] scales = new float[count];
            scaleBytes.asFloatBuffer().get(scales);
            if (regionBytes == 0) {
                ByteBuffer all = ByteBuffer.allocate(Math.toIntExact(vectorBytes));
                readFully(ch, all, HEADER);
                return new VectorStore(dims, count, scales, all.array(), null, Integer.MAX_VALUE, false);
            }
            int perRegion = dims == 0 ? Integer.MAX_VALUE
                    : (int) Math.max(BLOCK, regionBytes / dims / BLOCK * BLOCK);
            int regionCount = count == 0 ? 0 : (int) ((count + (long) perRegion - 1) / perRegion);
            ByteBuffer[] regions = new ByteBuffer[regionCount];
            for (int r = 0; r < regionCount; r++) {
                long first = (long) r * perRegion;
                long n = Math.min(perRegion, count - first);
                MappedByteBuffer m = ch.map(FileChannel.MapMode.READ_ONLY, HEADER + first * dims, n * dims);
                regions[r] = m;
            }
            return new VectorStore(dims, count, scales, null, regions, perRegion, inPlace);
        }
    }

    private static void readFully(FileChannel ch, ByteBuffer buf, long position) throws IOException {
        long at = position;
        while (buf.hasRemaining()) {
            int n = ch.read(buf, at);
            if (n < 0) {
                throw new IOException("vectors.bin is cut short");
            }
            at += n;
        }
    }

    /**
     * Checks the CRC32 that ends {@code file} against everything before it: for indexes built before
     * the manifest recorded checksums of its own (Checksums.verify calls this then).
     */
    static void checkOwnCrc(Path file) throws IOException {
        long size = Files.size(file);
        if (size < HEADER + 8) {
            throw new IOException("vectors.bin is cut short");
        }
        CRC32 crc = new CRC32();
        byte[] buf = new byte[1 << 16];
        long left = size - 8;
        byte[] stored = new byte[8];
        try (InputStream in = Files.newInputStream(file)) {
            while (left > 0) {
                int n = in.read(buf, 0, (int) Math.min(buf.length, left));
                if (n < 0) {
                    throw new IOException("vectors.bin is cut short");
                }
                crc.update(buf, 0, n);
                left -= n;
            }
            if (in.readNBytes(stored, 0, 8) != 8) {
                throw new IOException("vectors.bin is cut short");
            }
        }
        if (crc.getValue() != ByteBuffer.wrap(stored).getLong()) {
            throw new IOException("vectors.bin checksum mismatch (file damaged)");
        }
    }

    /** An output stream that checksums what passes through. */
    private static final class CheckedOut extends OutputStream {
        final CRC32 crc = new CRC32();
        private final OutputStream out;

        CheckedOut(OutputStream out) {
            this.out = new java.io.BufferedOutputStream(out, 1 << 16);
        }

        @Override
        public void write(int b) throws IOException {
            crc.update(b);
            out.write(b);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            crc.update(b, off, len);
            out.write(b, off, len);
        }

        @Override
        public void flush() throws IOException {
            out.flush();
        }

        @Override
        public void close() throws IOException {
            out.flush();
        }
    }
}
