package dev.docask.server;

import dev.docask.answer.internal.ApiException;
import dev.docask.answer.internal.StrictUtf8;
import dev.docask.mcp.internal.ReplayedRequest;
import jakarta.servlet.http.HttpServletRequest;

import java.io.IOException;

/*
 * The MCP SDK reads a POST body itself and decodes it leniently. So /mcp bodies are read here
 * first, within the body limit, checked to be strict UTF-8 in a UTF-8 (or undeclared) charset, and
 * handed on as the same bytes.
 */
/** Reads a request's body and checks it, then hands the request on with that body to read again. */
final class ReplayedBody {
    private ReplayedBody() {
    }

    /** {@code request} with its body read (413 over {@code maxBytes}) and checked (415 charset, 400 not UTF-8). */
    static HttpServletRequest of(HttpServletRequest request, int maxBytes) {
        StrictUtf8.requireUtf8Charset(request.getContentType());
        byte[] bytes;
        try {
            bytes = request.getInputStream().readNBytes(maxBytes + 1);
        } catch (IOException e) {
            throw new ApiException.BadRequest("The request body could not be read.");
        }
        if (bytes.length > maxBytes) {
            throw new ApiException.PayloadTooLarge(maxBytes);
        }
        StrictUtf8.decode(bytes, "The request body");
        return new ReplayedRequest(request, bytes);
    }
}
