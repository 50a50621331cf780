package dev.docask.retrieve;

import dev.docask.index.DocIndex;
import dev.docask.index.internal.VectorRecords;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;

/*
 * The question vectors the gate's calibration made, kept in the index folder for the next calibration there
 * (docs/retrieval.md §4, "A gate that calibrates itself", cost): the bundled pools never change and most of a
 * site's headings do not between two builds, so a rebuild or 'docask calibrate --auto' embeds only the questions
 * that are new. Exact floats, so a calibration from the file measures what one without it does. The header names the
 * embedder and its query variant (questions are embedded per variant); the file holds what the last calibration used.
 * A folder that cannot be written to (read-only, or an index in Solr) is measured without it.
 */
final class QueryVectorFile {
    private static final int MAGIC = 0x44_4B_51_31; // "DKQ1"

    private QueryVectorFile() {
    }

    /** The folder of a local index, where the file goes; empty for an index that is not a folder (Solr). */
    static Optional<Path> folderOf(DocIndex index) {
        Path dir = index.directory();
        return Files.isDirectory(dir) ? Optional.of(dir) : Optional.empty();
    }

    /** The question vectors kept in {@code dir} for this embedder, by {@link #key} of the question. */
    static Map<String, float[]> read(Path dir, String embedderId, String queryVariant, int dimensions) {
        Map<String, float[]> out = new HashMap<>();
        VectorRecords.read(dir.resolve(VectorRecords.QUERY_VECTORS), MAGIC, maker(embedderId, queryVariant), dimensions * Float.BYTES)
                .forEach((key, payload) -> {
                    float[] v = new float[dimensions];
                    ByteBuffer.wrap(payload).asFloatBuffer().get(v);
                    out.put(key, v);
                });
        return out;
    }

    /** Keeps {@code vectors} (question → vector) in {@code dir}, replacing what was there; a failure to write is no error. */
    static void write(Path dir, String embedderId, String queryVariant, int dimensions, Map<String, float[]> vectors) {
        Map<String, byte[]> records = new HashMap<>();
        vectors.forEach((question, v) -> {
            if (v.length == dimensions) {
                ByteBuffer b = ByteBuffer.allocate(dimensions * Float.BYTES);
                b.asFloatBuffer().put(v);
                records.put(key(question), b.array());
            }
        });
        try (VectorRecords.Appender ignored = VectorRecords.rewrite(dir.resolve(VectorRecords.QUERY_VECTORS), MAGIC,
                maker(embedderId, queryVariant), dimensions * Float.BYTES, records)) {
            // written whole by rewrite
        } catch (IOException | RuntimeException e) {
            // a cache: the next calibration embeds its questions again
        }
    }

    /** A question's key: the first 16 bytes of its text's SHA-256. */
    static String key(String question) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(question.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(d, 0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String maker(String embedderId, String queryVariant) {
        return embedderId + " " + queryVariant;
    }
}
