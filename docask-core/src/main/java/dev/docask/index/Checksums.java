package dev.docask.index;

import org.apache.lucene.index.CorruptIndexException;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.LeafReaderContext;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.CRC32C;

/*
 * Damage that opens without an error (docs/reliability.md): text changed inside chunks.jsonl still
 * parses, and 16 changed bytes inside a Lucene postings file are only read when a query reaches
 * them. So a build records a CRC32C of each of its own files in the manifest, and opening (or a
 * server's reload) checks them and Lucene's per-file checksums (CodecUtil footers, through
 * LeafReader.checkIntegrity) before the index is used. A mismatch refuses the generation and names
 * the file. CRC32C is a hardware instruction on current CPUs: this is about disk and copy damage,
 * not an attacker, who could rewrite the manifest too.
 *
 * All checking is here, in one call, so that it can move off the path of the first answer for very
 * large indexes (it reads every byte of the generation once).
 */
final class Checksums {
    /** The files of a generation that carry no checksum of their own; vectors.bin has a CRC32 inside too. */
    private static final String[] OWN_FILES = {IndexFiles.CHUNKS, IndexFiles.CHUNK_OFFSETS, IndexFiles.VECTORS};
    private static final Pattern LUCENE_FILE = Pattern.compile("path=\"([^\"]+)\"");
    private static final Pattern SLICE = Pattern.compile("slice=([^\\]\\s)]+)");

    private Checksums() {
    }

    /** The CRC32C of each of the generation's own files that exists, by file name, to record in its manifest. */
    static Map<String, String> record(Path gen) throws IOException {
        Map<String, String> sums = new LinkedHashMap<>();
        for (String name : OWN_FILES) {
            Path f = gen.resolve(name);
            if (Files.isRegularFile(f)) {
                sums.put(name, crc32c(f));
            }
        }
        return sums;
    }

    /**
     * Checks every file of the generation: the recorded checksums (an index built before they were
     * recorded has none, and only Lucene's are checked), then Lucene's own.
     *
     * @throws IOException naming the first damaged file
     */
    static void verify(Path gen, Manifest manifest, DirectoryReader lucene) throws IOException {
        verifyOwnFiles(gen, manifest);
        for (LeafReaderContext leaf : lucene.leaves()) {
            try {
                leaf.reader().checkIntegrity();
            } catch (CorruptIndexException e) {
                throw new IOException("a Lucene file fails its checksum (" + luceneFile(gen, e) + ")", e);
            }
        }
    }

    /**
     * Checks the generation's own files: the recorded checksums, and for an index built before
     * they were recorded the CRC32 that ends vectors.bin. What reusing a generation's vectors needs.
     *
     * @throws IOException naming the first damaged file
     */
    static void verifyOwnFiles(Path gen, Manifest manifest) throws IOException {
        for (Map.Entry<String, String> e : manifest.checksums().entrySet()) {
            Path f = gen.resolve(e.getKey());
            if (!e.getValue().equals(crc32c(f))) {
                throw new IOException(e.getKey() + " does not match the checksum recorded when it was built ("
                        + f + ")");
            }
        }
        Path vectors = gen.resolve(IndexFiles.VECTORS);
        if (!manifest.checksums().containsKey(IndexFiles.VECTORS) && Files.isRegularFile(vectors)) {
            VectorStore.checkOwnCrc(vectors);
        }
    }

    /** The damaged file Lucene's message names (the compound file and the part inside it), without its classes. */
    private static String luceneFile(Path gen, CorruptIndexException e) {
        return namedFile(e).orElse(gen.resolve(IndexFiles.LUCENE).toString());
    }

    /** The file a Lucene corruption message names, if it names one, with the part of a compound file. */
    static Optional<String> namedFile(CorruptIndexException e) {
        String msg = String.valueOf(e.getMessage());
        Matcher path = LUCENE_FILE.matcher(msg);
        if (!path.find()) {
            return Optional.empty();
        }
        Matcher slice = SLICE.matcher(msg);
        return Optional.of(slice.find() ? path.group(1) + ", part " + slice.group(1) : path.group(1));
    }

    private static String crc32c(Path f) throws IOException {
        CRC32C crc = new CRC32C();
        byte[] buf = new byte[1 << 16];
        try (InputStream in = Files.newInputStream(f)) {
            for (int n; (n = in.read(buf)) > 0; ) {
                crc.update(buf, 0, n);
            }
        }
        return String.format("%08x", crc.getValue());
    }
}
