package dev.docask.eval;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The lines of a UTF-8 text file that people write by hand (question lists, JSON Lines), without
 * the byte-order mark some editors put first: it would otherwise end up in the first question or
 * break the first JSON line.
 *
 * <pre>{@code
 * List<String> questions = TextLines.read(Path.of("good.txt"));
 * }</pre>
 */
public final class TextLines {
    private static final char BOM = '\uFEFF';

    private TextLines() {
    }

    /** Every line, the first without a byte-order mark; unreadable → UncheckedIOException naming the file. */
    public static List<String> read(Path file) {
        if (Files.isDirectory(file)) {
            String why = "cannot read " + file + ": it is a folder, not a file";
            throw new UncheckedIOException(why, new IOException(why));
        }
        List<String> lines;
        try {
            lines = new ArrayList<>(Files.readAllLines(file, StandardCharsets.UTF_8));
        } catch (java.nio.charset.CharacterCodingException e) {
            // the words go in the cause too: the CLI reports the cause, and this one's own says "Input length = 1"
            String why = "cannot read " + file + ": not UTF-8 text" + (looksLikeUtf16(file) ? " (saved as UTF-16?)" : "");
            throw new UncheckedIOException(why, new IOException(why, e));
        } catch (java.nio.file.NoSuchFileException e) {
            throw new UncheckedIOException("cannot read " + file + ": no such file", e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
        if (!lines.isEmpty()) {
            lines.set(0, withoutBom(lines.get(0)));
        }
        return lines;
    }

    /** UTF-16 text of a Latin script is every other byte zero; other bytes that are not UTF-8 are no such hint. */
    private static boolean looksLikeUtf16(Path file) {
        try (java.io.InputStream in = Files.newInputStream(file)) {
            byte[] start = in.readNBytes(512);
            long zeros = 0;
            for (byte b : start) {
                zeros += b == 0 ? 1 : 0;
            }
            return start.length > 0 && zeros * 3 >= start.length;
        } catch (IOException e) {
            return false;
        }
    }

    static String withoutBom(String line) {
        return !line.isEmpty() && line.charAt(0) == BOM ? line.substring(1) : line;
    }
}
