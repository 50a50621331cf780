package dev.docask.ingest;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/*
 * A docs folder can hold a stray binary, a file in another encoding or a huge generated dump. Each
 * is a reason to skip that one file with a plain message, not to stop the run. 5 MB is far above
 * any real docs page (the largest of the three sample sites is under 200 KB).
 */

/** Reads a page file as UTF-8 text, or explains in plain words why it cannot be a page. */
final class SourceText {

    static final long MAX_BYTES = 5L * 1024 * 1024;

    private SourceText() {
    }

    /** The file's text; throws {@link IllegalArgumentException} with the reason it is not a readable page. */
    static String read(Path file) {
        try {
            long size = Files.size(file);
            if (size > MAX_BYTES) {
                throw new IllegalArgumentException(String.format(Locale.ROOT,
                        "file is %.1f MB, over the %d MB limit for a page", size / 1048576.0, MAX_BYTES / 1048576));
            }
            return decode(Files.readAllBytes(file));
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read file: " + e.getMessage(), e);
        }
    }

    static String decode(byte[] bytes) {
        int probe = Math.min(bytes.length, 8192);
        for (int i = 0; i < probe; i++) {
            if (bytes[i] == 0) {
                throw new IllegalArgumentException("binary file (contains NUL bytes), not a text page");
            }
        }
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate(bytes.length + 1);
        CoderResult result = decoder.decode(in, out, true);
        if (result.isError()) {
            throw new IllegalArgumentException("invalid UTF-8 at byte " + in.position());
        }
        decoder.flush(out);
        out.flip();
        String text = out.toString();
        if (text.indexOf('\0') >= 0) {
            throw new IllegalArgumentException("binary file (contains NUL bytes), not a text page");
        }
        return text;
    }
}
