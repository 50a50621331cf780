package dev.docask.answer.internal;

import org.jspecify.annotations.Nullable;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/*
 * Request text is UTF-8, and only well-formed UTF-8 is read. A lenient decoder turns bad bytes into
 * U+FFFD (a question nobody asked), and Jackson's own UTF-8 reader accepts overlong forms (C0 AF
 * reads as "/"), which lets one text mean two things to two readers. So bodies and query strings
 * are decoded here with a CharsetDecoder set to REPORT: a bad byte is a 400 naming its offset,
 * and a body declared in another charset is a 415 rather than being misread as UTF-8.
 */
/** Decodes request bodies and query strings as strict UTF-8; anything else is an {@link ApiException}. */
public final class StrictUtf8 {
    private StrictUtf8() {
    }

    /**
     * {@code bytes} as text; a byte sequence that is not UTF-8 (overlong forms and encoded
     * surrogates included) is a 400 that says where.
     */
    public static String decode(byte[] bytes, String what) {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate(bytes.length); // UTF-8 never makes more chars than bytes
        CoderResult r = decoder.decode(in, out, true);
        if (!r.isError()) {
            r = decoder.flush(out);
        }
        if (r.isError()) {
            throw new ApiException.BadRequest(what + " is not valid UTF-8 (at byte " + in.position() + ").");
        }
        return out.flip().toString();
    }

    /** Refuses (415) a content type whose {@code charset} parameter names anything but UTF-8. */
    public static void requireUtf8Charset(@Nullable String contentType) {
        if (contentType == null) {
            return;
        }
        String[] parts = contentType.split(";");
        for (int i = 1; i < parts.length; i++) {
            String p = parts[i].strip();
            int eq = p.indexOf('=');
            if (eq > 0 && p.substring(0, eq).strip().equalsIgnoreCase("charset")) {
                String charset = p.substring(eq + 1).strip().replace("\"", "").toLowerCase(Locale.ROOT);
                if (!charset.equals("utf-8") && !charset.equals("utf8")) {
                    throw ApiException.UnsupportedMediaType.charset(p.substring(eq + 1).strip());
                }
            }
        }
    }

    /**
     * Checks that a raw (still percent-encoded) query string decodes to UTF-8: every {@code %} is
     * followed by two hex digits and the bytes they make are well-formed. A raw U+FFFD means the
     * server already replaced bytes it could not read.
     */
    public static void requireQuery(@Nullable String rawQuery) {
        if (rawQuery == null || rawQuery.isEmpty()) {
            return;
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(rawQuery.length());
        for (int i = 0; i < rawQuery.length(); i++) {
            char c = rawQuery.charAt(i);
            if (c == '%') {
                int hi = i + 2 < rawQuery.length() ? Character.digit(rawQuery.charAt(i + 1), 16) : -1;
                int lo = hi >= 0 ? Character.digit(rawQuery.charAt(i + 2), 16) : -1;
                if (lo < 0) {
                    throw new ApiException.BadRequest("The query string is malformed: each % must be followed by two "
                            + "hex digits (write %25 for a % sign).");
                }
                bytes.write(hi * 16 + lo);
                i += 2;
            } else if (c == '\uFFFD') {
                throw new ApiException.BadRequest("The query string is not valid UTF-8.");
            } else {
                byte[] b = String.valueOf(c).getBytes(StandardCharsets.UTF_8);
                bytes.write(b, 0, b.length);
            }
        }
        decode(bytes.toByteArray(), "The query string");
    }
}
