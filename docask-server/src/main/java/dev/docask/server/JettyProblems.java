package dev.docask.server;

import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpHeaderValue;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.handler.ErrorHandler;
import org.eclipse.jetty.util.Callback;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/*
 * Jetty refuses some requests before Javalin sees them (a URL over the header buffer: 414; a path
 * that climbs above the root or is otherwise not a valid URI: 400) and would answer with its HTML
 * error page. Set as the server's error handler, this answers with the same problem body as
 * Problems. Jetty's own message is not shown: it can name internals.
 */
final class JettyProblems extends ErrorHandler {
    private final Problems problems;

    JettyProblems(Problems problems) {
        this.problems = problems;
    }

    @Override
    protected void generateResponse(Request request, Response response, int code, String message, Throwable cause,
                                    Callback callback) {
        String detail = switch (code) {
            case 400 -> "The request is malformed (an invalid URL, header or path).";
            case 414 -> "The URL is longer than the server accepts.";
            case 431 -> "The request headers are larger than the server accepts.";
            default -> code >= 500 ? "Something went wrong on the server. Please try again later."
                    : "The server cannot handle this request.";
        };
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, Problems.CONTENT_TYPE);
        // Jetty drops the connection after these (it could not parse the request), so say so: a
        // client that pooled it would send its next request into a closed socket.
        response.getHeaders().put(HttpHeader.CONNECTION, HttpHeaderValue.CLOSE.asString());
        response.write(true, ByteBuffer.wrap(problems.body(code, detail).toString().getBytes(StandardCharsets.UTF_8)),
                callback);
    }
}
