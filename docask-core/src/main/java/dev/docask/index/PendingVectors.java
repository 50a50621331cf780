package dev.docask.index;

import dev.docask.index.internal.VectorRecords;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/*
 * The vectors a build embedded that no live generation holds yet, kept in the index folder as they are made, so a
 * build that stops after embedding part of a site (the embedder gives out, the process is killed, the publish to
 * Solr fails) does not pay for them again: the next build reuses them as it reuses the live generation's
 * (docs/reliability.md, "A stopped build keeps what it embedded"). A build that goes live deletes the file.
 *
 * One VectorRecords file, appended a batch at a time: a record is the embedded text's hash, then the vector's
 * int8 scale and bytes; its header names the embedder.
 */
final class PendingVectors implements Closeable {
    static final String FILE = "pending-vectors.bin";
    private static final int MAGIC = 0x44_4B_50_32; // "DKP2"

    private final VectorRecords.Appender out;
    private final int dimensions;

    private PendingVectors(VectorRecords.Appender out, int dimensions) {
        this.out = out;
        this.dimensions = dimensions;
    }

    /** A vector a build may take instead of embedding its text again, and its int8 scale. */
    record Reusable(byte[] vector, float scale) {
    }

    /**
     * The vectors in {@code dir}'s pending file made by {@code embedderId} at {@code dimensions}, by the embedded
     * text's hash; empty when there is no file, it is of another embedder, or it cannot be read.
     */
    static Map<String, Reusable> read(Path dir, String embedderId, int dimensions) {
        Map<String, Reusable> out = new HashMap<>();
        VectorRecords.read(dir.resolve(FILE), MAGIC, embedderId, payloadBytes(dimensions)).forEach((hash, payload) -> {
            ByteBuffer b = ByteBuffer.wrap(payload);
            float scale = b.getFloat();
            byte[] vector = new byte[dimensions];
            b.get(vector);
            out.put(hash, new Reusable(vector, scale));
        });
        return out;
    }

    /**
     * Opens {@code dir}'s pending file for a build with this embedder, keeping of what it holds only the vectors
     * in {@code keep} (those this build reuses): the file never grows past one site's unpublished work.
     */
    static PendingVectors open(Path dir, String embedderId, int dimensions, Map<String, Reusable> keep) throws IOException {
        Map<String, byte[]> records = new HashMap<>();
        keep.forEach((hash, r) -> records.put(hash, payload(r.vector(), r.scale())));
        return new PendingVectors(VectorRecords.rewrite(dir.resolve(FILE), MAGIC, embedderId, payloadBytes(dimensions), records),
                dimensions);
    }

    /** Keeps one vector; {@link #flush} makes a batch's survive the process. */
    void add(String hexHash, byte[] vector, float scale) throws IOException {
        if (vector.length != dimensions) {
            throw new IllegalArgumentException("a vector of " + vector.length + " dimensions, expected " + dimensions);
        }
        out.add(hexHash, payload(vector, scale));
    }

    void flush() throws IOException {
        out.flush();
    }

    @Override
    public void close() throws IOException {
        out.close();
    }

    /** Deletes the file: the build that made these vectors went live, so its generation holds them. */
    static void delete(Path dir) throws IOException {
        VectorRecords.delete(dir.resolve(FILE));
    }

    /** Whether {@code name} is one of this file's names in an index folder. */
    static boolean isOwn(String name) {
        return VectorRecords.isOwn(name, FILE);
    }

    private static int payloadBytes(int dimensions) {
        return Float.BYTES + dimensions;
    }

    private static byte[] payload(byte[] vector, float scale) {
        return ByteBuffer.allocate(payloadBytes(vector.length)).putFloat(scale).put(vector).array();
    }
}
