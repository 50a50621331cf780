package dev.docask.index.internal;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.UTFDataFormatException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;
import java.util.zip.CRC32;

/**
 * A file of vectors an index folder keeps for a later run (docs/reliability.md, "A stopped build keeps what it
 * embedded"): a header naming what made them (a magic number, the model's id, the bytes of a record's payload), then
 * records of a 16-byte key (a text's hash), the payload, and a CRC32 of the two. A record cut short by a killed
 * process, or damaged, ends the reading there; a header of another model means nothing in the file is usable.
 *
 * <pre>{@code
 * Map<String, byte[]> kept = VectorRecords.read(file, MAGIC, "bge-small-en-v1.5-q", 388);
 * try (VectorRecords.Appender a = VectorRecords.rewrite(file, MAGIC, "bge-small-en-v1.5-q", 388, kept)) { a.add(key, payload); }
 * }</pre>
 */
public final class VectorRecords {
    /** The gate calibration's question vectors, kept in an index folder for the next calibration there. */
    public static final String QUERY_VECTORS = "query-vectors.bin";
    private static final int KEY_BYTES = 16;

    private VectorRecords() {
    }

    /** The payloads by hex key of {@code file}'s intact records; empty when it is missing, of another maker, or unreadable. */
    public static Map<String, byte[]> read(Path file, int magic, String maker, int payloadBytes) {
        Map<String, byte[]> out = new HashMap<>();
        try (DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(file)))) {
            if (!header(in, magic, maker, payloadBytes)) {
                return Map.of();
            }
            byte[] key = new byte[KEY_BYTES];
            while (true) {
                byte[] payload = new byte[payloadBytes];
                try {
                    in.readFully(key);
                    in.readFully(payload);
                    if (in.readInt() != crc(key, payload)) {
                        break; // damaged: what follows cannot be trusted either
                    }
                } catch (EOFException cut) {
                    break; // the last record of a killed process
                }
                out.putIfAbsent(HexFormat.of().formatHex(key), payload);
            }
        } catch (NoSuchFileException none) {
            return Map.of();
        } catch (IOException | RuntimeException unreadable) {
            return out;
        }
        return out;
    }

    /**
     * Replaces {@code file} (through a temporary file beside it, moved into place) with a header and {@code records},
     * and opens it for appending more.
     */
    public static Appender rewrite(Path file, int magic, String maker, int payloadBytes, Map<String, byte[]> records)
            throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        try (DataOutputStream w = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(tmp)))) {
            w.writeInt(magic);
            w.writeUTF(maker);
            w.writeInt(payloadBytes);
            for (Map.Entry<String, byte[]> e : records.entrySet()) {
                record(w, e.getKey(), e.getValue(), payloadBytes);
            }
        }
        Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        return new Appender(new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(file, StandardOpenOption.APPEND))),
                payloadBytes);
    }

    /** Deletes {@code file} and a temporary one a killed rewrite left. */
    public static void delete(Path file) throws IOException {
        Files.deleteIfExists(file);
        Files.deleteIfExists(file.resolveSibling(file.getFileName() + ".tmp"));
    }

    /** Whether {@code name} is {@code fileName} or its temporary file. */
    public static boolean isOwn(String name, String fileName) {
        return name.equals(fileName) || name.equals(fileName + ".tmp");
    }

    /** Adds records to a file {@link #rewrite} opened; {@link #flush} makes those added survive the process. */
    public static final class Appender implements Closeable {
        private final DataOutputStream out;
        private final int payloadBytes;

        private Appender(DataOutputStream out, int payloadBytes) {
            this.out = out;
            this.payloadBytes = payloadBytes;
        }

        public void add(String hexKey, byte[] payload) throws IOException {
            record(out, hexKey, payload, payloadBytes);
        }

        public void flush() throws IOException {
            out.flush();
        }

        @Override
        public void close() throws IOException {
            out.close();
        }
    }

    private static boolean header(DataInputStream in, int magic, String maker, int payloadBytes) throws IOException {
        try {
            return in.readInt() == magic && in.readUTF().equals(maker) && in.readInt() == payloadBytes;
        } catch (EOFException | UTFDataFormatException e) {
            return false;
        }
    }

    private static void record(DataOutputStream w, String hexKey, byte[] payload, int payloadBytes) throws IOException {
        byte[] key = HexFormat.of().parseHex(hexKey);
        if (key.length != KEY_BYTES || payload.length != payloadBytes) {
            throw new IllegalArgumentException("a record is a " + KEY_BYTES + "-byte key and " + payloadBytes + " bytes");
        }
        w.write(key);
        w.write(payload);
        w.writeInt(crc(key, payload));
    }

    private static int crc(byte[] key, byte[] payload) {
        CRC32 c = new CRC32();
        c.update(key);
        c.update(payload);
        return (int) c.getValue();
    }
}
