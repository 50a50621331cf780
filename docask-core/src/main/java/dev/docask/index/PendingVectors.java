package dev.docask.index;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;
import java.util.Set;
import java.util.zip.CRC32;

/*
 * The vectors a build embedded that no live generation holds yet, kept in the index folder as they are made, so a
 * build that stops after embedding part of a site (the embedder gives out, the process is killed, the publish to
 * Solr fails) does not pay for them again: the next build reuses them as it reuses the live generation's
 * (docs/reliability.md, "A stopped build keeps what it embedded"). A build that goes live deletes the file.
 *
 * One file, appended a batch at a time: a header (magic, the embedder's id and size), then records of the
 * embedded text's hash, the vector's scale and bytes, and a CRC32 of the three. A record cut short by a kill,
 * or damaged, ends the reading there; a header of another embedder means nothing in the file is reusable.
 */
final class PendingVectors implements Closeable {
    static final String FILE = "pending-vectors.bin";
    private static final int MAGIC = 0x44_4B_50_31; // "DKP1"
    private static final int HASH_BYTES = 16;

    private final DataOutputStream out;

    private PendingVectors(DataOutputStream out) {
        this.out = out;
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
        try (DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(dir.resolve(FILE))))) {
            if (!header(in, embedderId, dimensions)) {
                return Map.of();
            }
            byte[] hash = new byte[HASH_BYTES];
            while (true) {
                byte[] vector = new byte[dimensions];
                float scale;
                try {
                    in.readFully(hash);
                    scale = in.readFloat();
                    in.readFully(vector);
                    int crc = in.readInt();
                    if (crc != crc(hash, scale, vector)) {
                        break; // damaged: what follows cannot be trusted either
                    }
                } catch (EOFException cut) {
                    break; // the last record of a killed build
                }
                out.putIfAbsent(HexFormat.of().formatHex(hash), new Reusable(vector, scale));
            }
        } catch (NoSuchFileException none) {
            return Map.of();
        } catch (IOException | RuntimeException unreadable) {
            return Map.copyOf(out);
        }
        return out;
    }

    /**
     * Opens {@code dir}'s pending file for a build with this embedder, keeping of what it holds only the vectors
     * in {@code keep} (those this build reuses): the file never grows past one site's unpublished work.
     */
    static PendingVectors open(Path dir, String embedderId, int dimensions, Map<String, Reusable> keep) throws IOException {
        Path file = dir.resolve(FILE);
        Path tmp = dir.resolve(FILE + ".tmp");
        try (DataOutputStream w = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(tmp)))) {
            w.writeInt(MAGIC);
            w.writeUTF(embedderId);
            w.writeInt(dimensions);
            for (Map.Entry<String, Reusable> e : keep.entrySet()) {
                record(w, e.getKey(), e.getValue().vector(), e.getValue().scale());
            }
        }
        Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        OutputStream append = Files.newOutputStream(file, StandardOpenOption.APPEND);
        return new PendingVectors(new DataOutputStream(new BufferedOutputStream(append)));
    }

    /** Keeps one vector; {@link #flush} makes a batch's survive the process. */
    void add(String hexHash, byte[] vector, float scale) throws IOException {
        record(out, hexHash, vector, scale);
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
        Files.deleteIfExists(dir.resolve(FILE));
        Files.deleteIfExists(dir.resolve(FILE + ".tmp"));
    }

    /** Whether {@code name} is one of this file's names in an index folder. */
    static boolean isOwn(String name) {
        return Set.of(FILE, FILE + ".tmp").contains(name);
    }

    private static boolean header(DataInputStream in, String embedderId, int dimensions) throws IOException {
        try {
            return in.readInt() == MAGIC && in.readUTF().equals(embedderId) && in.readInt() == dimensions;
        } catch (EOFException | java.io.UTFDataFormatException e) {
            return false;
        }
    }

    private static void record(DataOutputStream w, String hexHash, byte[] vector, float scale) throws IOException {
        byte[] hash = HexFormat.of().parseHex(hexHash);
        if (hash.length != HASH_BYTES) {
            throw new IllegalArgumentException("an embed hash is " + HASH_BYTES + " bytes: " + hexHash);
        }
        w.write(hash);
        w.writeFloat(scale);
        w.write(vector);
        w.writeInt(crc(hash, scale, vector));
    }

    private static int crc(byte[] hash, float scale, byte[] vector) {
        CRC32 c = new CRC32();
        c.update(hash);
        int bits = Float.floatToIntBits(scale);
        c.update(new byte[]{(byte) (bits >>> 24), (byte) (bits >>> 16), (byte) (bits >>> 8), (byte) bits});
        c.update(vector);
        return (int) c.getValue();
    }
}
