package dev.docask.answer.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import org.jspecify.annotations.Nullable;

import java.io.IOException;
import java.io.InputStream;
import java.util.Locale;

/*
 * Reads a JSON request body without trusting the client: the content type must be JSON in UTF-8
 * (StrictUtf8: bad bytes are a 400, another charset a 415), a declared Content-Length over the
 * limit is refused before reading, and an undeclared (chunked)
 * body is cut as soon as it passes the limit, so a client cannot make the server buffer more than
 * maxBytes + 1 bytes. Parsing is strict: data after the object and a key given twice are errors,
 * not silently dropped or "last one wins", so a body means exactly one thing to every reader.
 * Framework-free, so docask serve (Javalin) and the Spring Boot starter (servlets) read bodies alike.
 */
/** Reads JSON request bodies within a size limit, strictly; every wrong body is an {@link ApiException}. */
public final class JsonBodies {
    /** The default body limit (1 MiB): a useChat front end sends the whole chat, sources and all, with each question. */
    public static final int DEFAULT_MAX_BYTES = 1024 * 1024;

    private final ObjectReader json;
    private final int maxBytes;

    public JsonBodies(ObjectMapper json, int maxBytes) {
        if (maxBytes < 1) {
            throw new IllegalArgumentException("maxBodyBytes must be positive, got " + maxBytes);
        }
        this.json = json.reader().with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                .with(StreamReadFeature.STRICT_DUPLICATE_DETECTION);
        this.maxBytes = maxBytes;
    }

    /** What a body is read from: its headers and a way to open it. */
    public interface Request {
        @Nullable String contentType();

        /** The declared Content-Length, or -1 when none was sent. */
        long contentLength();

        InputStream body() throws IOException;

        /** Asks for the connection to be closed after the response (a body too big to drain). */
        void closeConnection();
    }

    /** The body as a JSON object. */
    public JsonNode readObject(Request request) {
        requireJsonContentType(request.contentType());
        StrictUtf8.requireUtf8Charset(request.contentType());
        long declared = request.contentLength();
        if (declared > maxBytes + (long) DRAIN_BYTES) {
            // more than could ever be drained: refused before a byte is read, not after waiting for it
            request.closeConnection();
            throw new ApiException.PayloadTooLarge(maxBytes);
        }
        byte[] bytes;
        try (InputStream in = request.body()) {
            if (declared > maxBytes) {
                throw tooLarge(request, in);
            }
            bytes = in.readNBytes(maxBytes + 1);
            if (bytes.length > maxBytes) {
                throw tooLarge(request, in);
            }
        } catch (IOException e) {
            throw new ApiException.BadRequest("The request body could not be read.");
        }
        JsonNode node;
        try {
            node = json.readTree(withoutBom(StrictUtf8.decode(bytes, "The request body")));
        } catch (JsonProcessingException e) {
            throw new ApiException.BadRequest("The body is not valid JSON: " + withoutParserNames(e.getOriginalMessage()));
        } catch (IOException e) {
            throw new ApiException.BadRequest("The request body could not be read.");
        }
        if (node == null || !node.isObject()) {
            throw new ApiException.BadRequest("The body must be a JSON object.");
        }
        return node;
    }

    /*
     * The parser's own words, without the Java names it adds for its programmers: "(1000, from
     * `StreamReadConstraints.getMaxNestingDepth()`)", "(bound as `com.fasterxml.jackson.databind.JsonNode`)".
     */
    static String withoutParserNames(String message) {
        return message.replaceAll(",? from `[^`]*`", "").replaceAll("\\s*\\(bound as `[^`]*`\\)", "")
                .replaceAll("`[a-z]+(?:\\.[A-Za-z0-9_$]+)+(?:\\(\\))?`", "a value");
    }

    private static String withoutBom(String s) {
        return s.startsWith("\uFEFF") ? s.substring(1) : s;
    }

    /*
     * Refusing a body without reading it leaves its bytes unread; the connection is then reset under
     * the client, which can lose the 413 itself. A body up to DRAIN_BYTES is read and dropped (the
     * connection stays usable); a bigger one is cut off with Connection: close.
     */
    private static final int DRAIN_BYTES = 1 << 20;

    private ApiException tooLarge(Request request, InputStream in) throws IOException {
        long skipped = 0;
        int n;
        byte[] sink = new byte[8192];
        while (skipped <= DRAIN_BYTES && (n = in.read(sink)) >= 0) {
            skipped += n;
        }
        if (skipped > DRAIN_BYTES) {
            request.closeConnection();
        }
        return new ApiException.PayloadTooLarge(maxBytes);
    }

    /** Refuses (415) a content type other than {@code application/json} or {@code application/*+json}. */
    public static void requireJsonContentType(@Nullable String contentType) {
        String mime = contentType == null ? "" : contentType.split(";", 2)[0].strip().toLowerCase(Locale.ROOT);
        if (!mime.equals("application/json") && !(mime.startsWith("application/") && mime.endsWith("+json"))) {
            throw new ApiException.UnsupportedMediaType(contentType);
        }
    }
}
