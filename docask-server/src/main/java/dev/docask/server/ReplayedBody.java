package dev.docask.server;

import dev.docask.answer.internal.ApiException;
import dev.docask.answer.internal.StrictUtf8;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;

import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;

/*
 * The MCP SDK reads a POST body itself and decodes it leniently. So /mcp bodies are read here
 * first, within the body limit, checked to be strict UTF-8 in a UTF-8 (or undeclared) charset, and
 * handed on as the same bytes.
 */
/** A request whose body was read and checked, replayed to the servlet behind. */
final class ReplayedBody extends HttpServletRequestWrapper {
    private final byte[] body;

    private ReplayedBody(HttpServletRequest request, byte[] body) {
        super(request);
        this.body = body;
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
        return new ReplayedBody(request, bytes);
    }

    @Override
    public ServletInputStream getInputStream() {
        ByteArrayInputStream in = new ByteArrayInputStream(body);
        return new ServletInputStream() {
            @Override
            public int read() {
                return in.read();
            }

            @Override
            public int read(byte[] b, int off, int len) {
                return in.read(b, off, len);
            }

            @Override
            public boolean isFinished() {
                return in.available() == 0;
            }

            @Override
            public boolean isReady() {
                return true;
            }

            @Override
            public void setReadListener(ReadListener listener) {
                throw new IllegalStateException("the body was read already; read it blocking");
            }
        };
    }

    @Override
    public BufferedReader getReader() {
        return new BufferedReader(new InputStreamReader(new ByteArrayInputStream(body), StandardCharsets.UTF_8));
    }

    @Override
    public int getContentLength() {
        return body.length;
    }

    @Override
    public long getContentLengthLong() {
        return body.length;
    }
}
