package dev.docask.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.NullNode;
import dev.docask.mcp.internal.ReplayedRequest;
import io.modelcontextprotocol.spec.McpSchema;
import jakarta.servlet.ServletConfig;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import org.jspecify.annotations.Nullable;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;

/*
 * The SDK refuses a request without the Accept types or the session Streamable HTTP asks for with -32601, "method not
 * found", which sends a client looking for a typo in its method. Those are checked here first, in the SDK's order, and
 * answered as the HTTP and JSON-RPC specs have it: 406 Not Acceptable for the Accept header, 400 for a missing
 * Mcp-Session-Id, both an "invalid request" (-32600) that names what is missing, for the request's id when it has one.
 * A session the SDK does not know (never made, closed, or swept after going quiet) is its bare 404, or on a POST a 404
 * with "Session not found" as an internal error (-32603): the 404 stays, since MCP's spec has a client start a new
 * session on it, and the error, an invalid request too, says so in words (docs/design.md, "For coding agents").
 * A body that is not one JSON-RPC message is a 400 answered as stdio answers such a line: a parse error (-32700) for
 * one that is not JSON, else an invalid request (-32600) for its id; the SDK's was -32600 for both, its message
 * Jackson's ("Cannot deserialize value of type `java.util.HashMap<…>`").
 * A JSON-RPC response answers a request the server sent; for an id the session never sent (docask's tools send none) the
 * SDK's answer is a 500 with an internal error (-32603), as if the server had failed. Streamable HTTP has a response or
 * notification the server cannot accept refused with an HTTP error status, "e.g., 400 Bad Request", its body a JSON-RPC
 * error without an id (MCP 2025-06-18, Transports, "Sending Messages to the Server"): so it is a 400 with an invalid
 * request (-32600) naming the id, and a null id.
 */

/** The SDK transport's servlet, each POST body read first through {@link CallParams} (the SDK does not check them). */
final class CheckedCalls extends HttpServlet {
    private static final String JSON = "application/json";
    private static final String SSE = "text/event-stream";
    private static final ObjectMapper PLAIN = new ObjectMapper();
    private final HttpServlet transport;
    private final int maxBodyBytes;

    CheckedCalls(HttpServlet transport, int maxBodyBytes) {
        this.transport = transport;
        this.maxBodyBytes = maxBodyBytes;
    }

    @Override
    public void init(ServletConfig config) throws ServletException {
        super.init(config);
        transport.init(config);
    }

    @Override
    protected void service(HttpServletRequest req, HttpServletResponse resp) throws ServletException, IOException {
        if (!"POST".equals(req.getMethod())) {
            boolean get = "GET".equals(req.getMethod());
            if (refused(req, resp, get ? List.of(SSE) : List.of(), get || "DELETE".equals(req.getMethod()), MissingNode::getInstance)) {
                return;
            }
            serve(req, resp, MissingNode::getInstance, false);
            return;
        }
        byte[] bytes = req.getInputStream().readNBytes(maxBodyBytes + 1);
        if (bytes.length > maxBodyBytes) {
            transport.service((ServletRequest) new ReplayedRequest(req, bytes), resp); // refused by its own limit
            return;
        }
        String body = new String(bytes, StandardCharsets.UTF_8);
        McpSchema.@Nullable JSONRPCMessage read = message(body);
        if (read == null) {
            // the SDK's answer would be -32600 for any of them, with Jackson's words and Java class names in its message
            resp.setStatus(HttpServletResponse.SC_BAD_REQUEST);
            resp.setContentType("application/json;charset=utf-8");
            resp.getOutputStream().write(McpErrorJson.notAMessage(body, "body").getBytes(StandardCharsets.UTF_8));
            return;
        }
        // read only when it is refused, or when it may be the initialize that needs no session
        Supplier<JsonNode> message = () -> parsed(body);
        if (refused(req, resp, List.of(JSON, SSE), true, message)) {
            return;
        }
        String checked = CallParams.checked(body);
        serve(new ReplayedRequest(req, checked.equals(body) ? bytes : checked.getBytes(StandardCharsets.UTF_8)), resp, message,
                read instanceof McpSchema.JSONRPCResponse);
    }

    /**
     * Hands {@code req} to the transport; its 404 for a session it does not know, and its 500 for a JSON-RPC
     * {@code response} to no request, are answered here, in plain words.
     */
    private void serve(HttpServletRequest req, HttpServletResponse resp, Supplier<JsonNode> message, boolean response)
            throws ServletException, IOException {
        String session = req.getHeader("Mcp-Session-Id");
        if (session == null || session.isBlank()) {
            transport.service((ServletRequest) req, resp);
            return;
        }
        Withheld watched = new Withheld(resp, response);
        transport.service((ServletRequest) req, watched);
        if (watched.gone) {
            write(resp, HttpServletResponse.SC_NOT_FOUND, message.get(), "The session '" + quoted(session) + "' in Mcp-Session-Id is"
                    + " unknown or has expired: send initialize again, without Mcp-Session-Id, and use the new session's id.");
        } else if (watched.unanswerable) {
            // the id is the server's, of a request it never sent: the error has none, as Streamable HTTP has it
            write(resp, HttpServletResponse.SC_BAD_REQUEST, MissingNode.getInstance(), "Invalid Request: no request with id "
                    + quoted(message.get().path("id").toString()) + " was sent in this session, so this response answers"
                    + " nothing; a client sends a response only to a request of the server's.");
        }
    }

    private static String quoted(String text) {
        return text.length() > 100 ? text.substring(0, 100) + "…" : text;
    }

    /**
     * Answers {@code req} and says true when its Accept header lacks one of {@code accepts}, or it has no session and
     * needs one: {@code sessionNeeded}, less an initialize {@code message}.
     */
    private static boolean refused(HttpServletRequest req, HttpServletResponse resp, List<String> accepts, boolean sessionNeeded,
                                   Supplier<JsonNode> message) throws IOException {
        String accept = String.join(", ", Collections.list(req.getHeaders("Accept")));
        List<String> missing = accepts.stream().filter(type -> !accept.toLowerCase(Locale.ROOT).contains(type)).toList();
        if (!missing.isEmpty()) {
            write(resp, HttpServletResponse.SC_NOT_ACCEPTABLE, message.get(), "The Accept header lacks " + String.join(" and ", missing)
                    + " (it was " + (accept.isBlank() ? "absent" : "'" + accept + "'") + "): MCP's Streamable HTTP asks for Accept: "
                    + String.join(", ", accepts) + ".");
            return true;
        }
        String session = req.getHeader("Mcp-Session-Id");
        if (sessionNeeded && (session == null || session.isBlank()) && !"initialize".equals(message.get().path("method").asText())) {
            write(resp, HttpServletResponse.SC_BAD_REQUEST, message.get(), "The Mcp-Session-Id header is missing: send initialize"
                    + " first, then the Mcp-Session-Id header of its answer with every later request.");
            return true;
        }
        return false;
    }

    /** The error for {@code request}'s id when it has one that is a value. */
    private static void write(HttpServletResponse resp, int status, JsonNode request, String message) throws IOException {
        resp.setStatus(status);
        resp.setContentType("application/json;charset=utf-8");
        JsonNode id = request.path("id").isValueNode() ? request.get("id") : NullNode.getInstance();
        resp.getOutputStream().write(McpErrorJson.response(id, McpErrorJson.INVALID_REQUEST, message));
    }

    /** The one JSON-RPC message in {@code body}, as the SDK reads it; null when it is not one. */
    private static McpSchema.@Nullable JSONRPCMessage message(String body) {
        try {
            return McpSchema.deserializeJsonRpcMessage(DocsMcp.JSON, body);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** The JSON-RPC message in {@code body}; a missing node when it is not JSON (the SDK then says so). */
    private static JsonNode parsed(String body) {
        try {
            return PLAIN.readTree(body);
        } catch (IOException | RuntimeException e) {
            return MissingNode.getInstance();
        }
    }

    /**
     * The transport's response, until the transport says 404: it answers that only for a session it does not know (or
     * no longer keeps), as the SDK's bare 404 or "Session not found" (-32603, an internal error); or, for a JSON-RPC
     * response, 500: the one failure of passing a response on is an id with no request waiting for it. What it writes
     * then is dropped, and {@link #serve} answers instead.
     */
    private static final class Withheld extends HttpServletResponseWrapper {
        private final boolean response;
        private boolean gone;
        private boolean unanswerable;

        Withheld(HttpServletResponse resp, boolean response) {
            super(resp);
            this.response = response;
        }

        @Override
        public void sendError(int sc) throws IOException {
            sendError(sc, null);
        }

        @Override
        public void sendError(int sc, @Nullable String msg) throws IOException {
            if (sc == SC_NOT_FOUND) {
                gone = true;
            } else if (response && sc == SC_INTERNAL_SERVER_ERROR) {
                unanswerable = true;
            } else if (msg == null) {
                super.sendError(sc);
            } else {
                super.sendError(sc, msg);
            }
        }

        @Override
        public void setStatus(int sc) {
            if (sc == SC_NOT_FOUND) {
                gone = true;
            } else if (response && sc == SC_INTERNAL_SERVER_ERROR) {
                unanswerable = true;
            } else {
                super.setStatus(sc);
            }
        }

        @Override
        public ServletOutputStream getOutputStream() throws IOException {
            return withheld() ? DROPPED : super.getOutputStream();
        }

        @Override
        public PrintWriter getWriter() throws IOException {
            return withheld() ? new PrintWriter(OutputStream.nullOutputStream(), false, StandardCharsets.UTF_8) : super.getWriter();
        }

        private boolean withheld() {
            return gone || unanswerable;
        }

        private static final ServletOutputStream DROPPED = new ServletOutputStream() {
            @Override
            public boolean isReady() {
                return true;
            }

            @Override
            public void setWriteListener(WriteListener listener) {
                throw new IllegalStateException("a dropped response is written synchronously");
            }

            @Override
            public void write(int b) {
                // dropped: serve writes its own error instead
            }
        };
    }

    @Override
    public void destroy() {
        transport.destroy();
    }
}
