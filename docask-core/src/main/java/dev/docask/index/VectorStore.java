package dev.docask.index;

import dev.docask.index.internal.Scored;
import org.jspecify.annotations.Nullable;

import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.PriorityQueue;
import java.util.zip.CRC32;

/*
 * All chunk vectors as int8 in one contiguous array, scanned exactly (no approximate structure to
 * build at start-up). On disk: magic, count, dimensions, the count × dimensions bytes back to back,
 * the per-vector scales, and a CRC32 of everything before it so a truncated or damaged file is
 * refused on load. The scan is Int8Dot's SIMD kernel (memory-bound) when the Vector API is present.
 */
final class VectorStore {
    private static final int MAGIC = 0x44_4B_38_31; // "DK81"

    private final int dimensions;
    private final byte[] data;
    private final float[] scales;

    VectorStore(int dimensions, byte[][] vectors, float[] scales) {
        this(dimensions, concat(dimensions, vectors), scales);
    }

    private VectorStore(int dimensions, byte[] data, float[] scales) {
        if ((long) scales.length * dimensions != data.length) {
            throw new IllegalArgumentException("vectors and scales differ in count");
        }
        this.dimensions = dimensions;
        this.data = data;
        this.scales = scales;
    }

    private static byte[] concat(int dimensions, byte[][] vectors) {
        long bytes = (long) vectors.length * dimensions;
        if (bytes > Integer.MAX_VALUE - 16) {
            throw new IllegalArgumentException(vectors.length + " vectors of " + dimensions
                    + " dimensions exceed one in-memory index (2 GiB of vectors)");
        }
        byte[] data = new byte[(int) bytes];
        for (int i = 0; i < vectors.length; i++) {
            System.arraycopy(vectors[i], 0, data, i * dimensions, dimensions);
        }
        return data;
    }

    int dimensions() {
        return dimensions;
    }

    int size() {
        return scales.length;
    }

    /** A copy of vector {@code id}'s bytes. */
    byte[] vector(int id) {
        return java.util.Arrays.copyOfRange(data, id * dimensions, (id + 1) * dimensions);
    }

    float scale(int id) {
        return scales[id];
    }

    /** Cosine of a normalised float query with chunk {@code id}. */
    float similarity(int id, float[] query) {
        return Int8Quantizer.dot(query, data, id * dimensions, scales[id]);
    }

    /** The {@code n} chunks closest to {@code query} among {@code allowed} (all when null), best first. */
    List<Scored> nearest(float[] query, int n, @Nullable BitSet allowed) {
        if (query.length != dimensions) {
            throw new IllegalArgumentException("query has " + query.length + " dimensions, index has " + dimensions);
        }
        byte[] qb = new byte[dimensions];
        Int8Quantizer.quantize(query, qb);
        short[] q = new short[dimensions];
        for (int i = 0; i < dimensions; i++) {
            q[i] = qb[i];
        }
        PriorityQueue<long[]> heap = new PriorityQueue<>(n + 1, (a, b) -> Float.compare(
                Float.intBitsToFloat((int) a[1]), Float.intBitsToFloat((int) b[1])));
        for (int id = 0; id < scales.length; id++) {
            if (allowed != null && !allowed.get(id)) {
                continue;
            }
            float approx = Int8Dot.dot(q, data, id * dimensions) * scales[id];
            if (heap.size() < n) {
                heap.add(new long[] {id, Float.floatToIntBits(approx)});
            } else if (approx > Float.intBitsToFloat((int) heap.peek()[1])) {
                heap.poll();
                heap.add(new long[] {id, Float.floatToIntBits(approx)});
            }
        }
        List<Scored> out = new ArrayList<>(heap.size());
        for (long[] e : heap) {
            int id = (int) e[0];
            out.add(new Scored(id, similarity(id, query)));
        }
        out.sort((a, b) -> Float.compare(b.score(), a.score()));
        return out;
    }

    void write(Path file) throws IOException {
        try (OutputStream raw = Files.newOutputStream(file);
             CheckedOut out = new CheckedOut(raw)) {
            DataOutputStream data = new DataOutputStream(out);
            data.writeInt(MAGIC);
            data.writeInt(scales.length);
            data.writeInt(dimensions);
            data.write(this.data);
            for (float s : scales) {
                data.writeFloat(s);
            }
            data.flush();
            long crc = out.crc.getValue();
            raw.write(ByteBuffer.allocate(8).order(ByteOrder.BIG_ENDIAN).putLong(crc).array());
        }
    }

    static VectorStore read(Path file, int expectedCount, int expectedDimensions) throws IOException {
        long size = Files.size(file);
        long expectedSize = 12L + (long) expectedCount * expectedDimensions + 4L * expectedCount + 8;
        if (size != expectedSize) {
            throw new IOException("vectors.bin has " + size + " bytes, expected " + expectedSize);
        }
        ByteBuffer buf;
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            buf = ByteBuffer.allocate((int) size);
            while (buf.hasRemaining() && ch.read(buf) >= 0) {
                // keep reading
            }
        }
        buf.flip();
        CRC32 crc = new CRC32();
        crc.update(buf.array(), 0, (int) size - 8);
        if (crc.getValue() != buf.getLong((int) size - 8)) {
            throw new IOException("vectors.bin checksum mismatch (file damaged)");
        }
        if (buf.getInt() != MAGIC) {
            throw new IOException("vectors.bin is not a docask vector file");
        }
        int count = buf.getInt();
        int dims = buf.getInt();
        if (count != expectedCount || dims != expectedDimensions) {
            throw new IOException("vectors.bin holds " + count + "×" + dims + ", manifest says "
                    + expectedCount + "×" + expectedDimensions);
        }
        byte[] vectors = new byte[count * dims];
        buf.get(vectors);
        float[] scales = new float[count];
        for (int i = 0; i < count; i++) {
            scales[i] = buf.getFloat();
        }
        return new VectorStore(dims, vectors, scales);
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
