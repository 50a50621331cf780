package dev.docask.server;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.javalin.http.Context;

import java.io.IOException;
import java.io.InputStream;

/*
 * Reads a JSON request body without trusting the client: the content type must be JSON, a
 * declared Content-Length over the limit is refused before reading, and an undeclared (chunked)
 * body is cut as soon as it passes the limit, so a client cannot make the server buffer more than
 * maxBytes + 1 bytes.
 */
final class JsonBodies {
    private final ObjectMapper json;
    private final int maxBytes;

    JsonBodies(ObjectMapper json, int maxBytes) {
        if (maxBytes < 1) {
            throw new IllegalArgumentException("maxBodyBytes must be positive, got " + maxBytes);
        }
        this.json = json;
        this.maxBytes = maxBytes;
    }

    /** The body as a JSON object. */
    JsonNode readObject(Context ctx) {
        requireJsonContentType(ctx.header("Content-Type"));
        long declared = ctx.req().getContentLengthLong();
        if (declared > maxBytes) {
            throw new ApiException.PayloadTooLarge(maxBytes);
        }
        byte[] bytes;
        try (InputStream in = ctx.req().getInputStream()) {
            bytes = in.readNBytes(maxBytes + 1);
        } catch (IOException e) {
            throw new ApiException.BadRequest("The request body could not be read.");
        }
        if (bytes.length > maxBytes) {
            throw new ApiException.PayloadTooLarge(maxBytes);
        }
        JsonNode node;
        try {
            node = json.readTree(bytes);
        } catch (JsonProcessingException e) {
            throw new ApiException.BadRequest("The body is not valid JSON: " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new ApiException.BadRequest("The request body could not be read.");
        }
        if (node == null || !node.isObject()) {
            throw new ApiException.BadRequest("The body must be a JSON object.");
        }
        return node;
    }

    static void requireJsonContentType(String contentType) {
        String mime = contentType == null ? "" : contentType.split(";", 2)[0].strip().toLowerCase(java.util.Locale.ROOT);
        if (!mime.equals("application/json") && !(mime.startsWith("application/") && mime.endsWith("+json"))) {
            throw new ApiException.UnsupportedMediaType(contentType);
        }
    }
}
