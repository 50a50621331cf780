package dev.docask.ingest;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemLoopException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/*
 * A docs folder can hold a stray binary, a file in another encoding or a huge generated dump. Each
 * is a reason to skip that one file with a plain message, not to stop the run. 5 MB is far above
 * any real docs page (the largest of the three sample sites is under 200 KB).
 *
 * Built HTML says its own encoding, and a page served by a web server may have it in the
 * Content-Type header: the header wins, then a byte-order mark, then the page's <meta charset> in
 * its first 1024 bytes (where browsers look for it), then UTF-8. A folder of built HTML and a crawl
 * of the same site decode each page the same way, so they give the same chunks. As in browsers, the
 * ISO-8859-1 and ASCII labels mean windows-1252, and a <meta> naming UTF-16 means UTF-8.
 */

/** Reads a page file as UTF-8 text, or explains in plain words why it cannot be a page. */
final class SourceText {

    static final long MAX_BYTES = 5L * 1024 * 1024;

    private SourceText() {
    }

    private static final Pattern META_CHARSET = Pattern.compile(
            "<meta\\s[^>]*?charset\\s*=\\s*[\"']?\\s*([A-Za-z0-9._:-]+)", Pattern.CASE_INSENSITIVE);
    private static final Set<String> LATIN1_LABELS = Set.of("iso-8859-1", "iso8859-1", "latin1", "l1",
            "us-ascii", "ascii", "cp819", "ibm819", "iso-ir-100");

    /** The file's text; throws {@link IllegalArgumentException} with the reason it is not a readable page. */
    static String read(Path file) {
        return read(file, false);
    }

    /** Like {@link #read(Path)}; an HTML page's own {@code <meta charset>} is honoured. */
    static String read(Path file, boolean html) {
        try {
            long size = Files.size(file);
            if (size > MAX_BYTES) {
                throw new IllegalArgumentException(String.format(Locale.ROOT,
                        "file is %.1f MB, over the %d MB limit for a page", size / 1048576.0, MAX_BYTES / 1048576));
            }
            byte[] bytes = Files.readAllBytes(file);
            return html ? decodeHtml(bytes, Optional.empty()) : decode(bytes);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read file: " + reason(e), e);
        }
    }

    /** Why a file or folder could not be read, in words: the JDK's message for these is the bare path. */
    static String reason(IOException e) {
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof NoSuchFileException) {
            return "no such file (a broken link?)";
        }
        if (e instanceof FileSystemLoopException) {
            return "symbolic link loop";
        }
        String message = e.getMessage();
        return message == null || message.isBlank() ? e.getClass().getSimpleName() : message;
    }

    /** An HTML page's text: the declared charset, else a byte-order mark, else its {@code <meta charset>}, else UTF-8. */
    static String decodeHtml(byte[] bytes, Optional<Charset> declared) {
        boolean bom = bytes.length >= 2 && (bytes[0] == (byte) 0xFE || bytes[0] == (byte) 0xFF
                || bytes[0] == (byte) 0xEF && bytes[1] == (byte) 0xBB);
        Optional<Charset> charset = declared.isPresent() || bom ? declared : metaCharset(bytes);
        if (charset.isEmpty() || charset.get().equals(StandardCharsets.UTF_8)) {
            return decode(bytes);
        }
        String text = new String(bytes, charset.get()); // like a browser, a byte the charset lacks becomes U+FFFD
        if (text.indexOf('\0') >= 0) {
            throw new IllegalArgumentException("binary file (contains NUL bytes), not a text page");
        }
        return text;
    }

    private static Optional<Charset> metaCharset(byte[] bytes) {
        Matcher m = META_CHARSET.matcher(new String(bytes, 0, Math.min(bytes.length, 1024), StandardCharsets.ISO_8859_1));
        return m.find() ? charsetOf(m.group(1)).map(c -> c.name().startsWith("UTF-16") ? StandardCharsets.UTF_8 : c)
                : Optional.empty();
    }

    /** The charset a label names (as in an HTTP header or a meta tag), if the JDK has it. */
    static Optional<Charset> charsetOf(String label) {
        String name = label.strip().toLowerCase(Locale.ROOT);
        try {
            return Optional.of(Charset.forName(LATIN1_LABELS.contains(name) ? "windows-1252" : name));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    static String decode(byte[] bytes) {
        if (bytes.length >= 2 && ((bytes[0] == (byte) 0xFE && bytes[1] == (byte) 0xFF)
                || (bytes[0] == (byte) 0xFF && bytes[1] == (byte) 0xFE))) {
            // Windows editors and PowerShell save UTF-16 with a byte-order mark; the JDK's UTF-16 reads it.
            return decode(bytes, StandardCharsets.UTF_16, "UTF-16");
        }
        int probe = Math.min(bytes.length, 8192);
        for (int i = 0; i < probe; i++) {
            if (bytes[i] == 0) {
                throw new IllegalArgumentException(
                        "binary file (contains NUL bytes), not a text page (UTF-16 is read only with a byte-order mark)");
            }
        }
        return decode(bytes, StandardCharsets.UTF_8, "UTF-8");
    }

    private static String decode(byte[] bytes, Charset charset, String name) {
        CharsetDecoder decoder = charset.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate(bytes.length + 1);
        CoderResult result = decoder.decode(in, out, true);
        if (result.isError()) {
            int at = in.position();
            int line = 1;
            for (int k = 0; k < at; k++) {
                line += bytes[k] == '\n' ? 1 : 0;
            }
            throw new IllegalArgumentException(String.format(Locale.ROOT,
                    "not %s text: invalid byte 0x%02X at byte %d (line %d); save the file as UTF-8",
                    name, bytes[at] & 0xFF, at, line));
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
