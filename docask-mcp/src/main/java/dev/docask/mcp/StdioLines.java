package dev.docask.mcp;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.ByteArrayOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

/*
 * The agent's side of stdio, as the SDK's transport reads it: one JSON-RPC message per line. The
 * SDK stops reading for good at the first line it cannot parse, which would leave the agent
 * waiting on a server that no longer listens; so a line that is not a JSON-RPC message is logged
 * (stderr) and answered here, as JSON-RPC 2.0 asks: a parse error (-32700) for a line that is not
 * JSON, an invalid request (-32600) for JSON that is not a message, with the line's id when it has
 * one, else a null id. A line over MAX_LINE_BYTES (1 MiB, an HTTP body's limit) is read to its end without being
 * kept and answered with an invalid request (-32600) with a null id, as its id was never read. MCP's lifecycle starts
 * with 'initialize', which the SDK waits for without a word: a request before it would never be answered, so it is answered
 * here with an invalid request (-32600) that says what to send first; a notification before it is dropped, as no
 * notification is answered. A ping is answered here ({} for its id) until 'notifications/initialized' has been passed on,
 * since MCP lets either side ping at any time and the SDK holds a ping until then. Those answers and the SDK's go out a
 * whole line at a time, never mixed. The end of input (the agent closed the pipe or went away) is what
 * serveStdio waits for. The SDK stops writing once its input has ended, so a request still running
 * then (`echo '{...}' | docask mcp`) would get no answer: the end is passed on only when every
 * request read has been answered on the output (answers() counts them), or after DRAIN.
 */
final class StdioLines extends InputStream {
    private static final Logger LOG = LoggerFactory.getLogger(StdioLines.class);

    /** The longest line read (1 MiB): the default limit of a request body over HTTP (JsonBodies, StdioTest holds them equal). */
    static final int MAX_LINE_BYTES = 1024 * 1024;

    private final InputStream in;
    private final McpJsonMapper json;
    private final byte[] buffer = new byte[8192];
    private int buffered;
    private int next;
    private boolean afterCr;
    private ByteArrayOutputStream current = new ByteArrayOutputStream();
    private static final String INITIALIZED = "{\"jsonrpc\":\"2.0\",\"method\":\"" + McpSchema.METHOD_NOTIFICATION_INITIALIZED + "\"}";
    private static final long DRAIN_NANOS = java.util.concurrent.TimeUnit.SECONDS.toNanos(30);

    private final CountDownLatch ended = new CountDownLatch(1);
    private final Object answered = new Object();
    private long requests;
    private long responses;
    private boolean initializeRead;
    private boolean initializedRead;
    private final Object writing = new Object();
    private volatile @org.jspecify.annotations.Nullable OutputStream output;
    private byte[] line = new byte[0];
    private int pos;

    StdioLines(InputStream in, McpJsonMapper json) {
        this.in = in;
        this.json = json;
    }

    @Override
    public int read() throws IOException {
        if (!fill()) {
            return -1;
        }
        return line[pos++] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (len == 0) {
            return 0;
        }
        if (!fill()) {
            return -1;
        }
        int n = Math.min(len, line.length - pos);
        System.arraycopy(line, pos, b, off, n);
        pos += n;
        return n;
    }

    /** True when bytes are ready; false at the end of input. */
    private boolean fill() throws IOException {
        while (pos >= line.length) {
            long length;
            try {
                length = readLine();
            } catch (IOException e) {
                ended.countDown();
                throw e;
            }
            if (length < 0) {
                awaitAnswers();
                ended.countDown();
                return false;
            }
            if (length > MAX_LINE_BYTES) {
                // as a body over the limit is refused over HTTP; its id was never kept, so the answer's is null
                LOG.warn("answered a line of {} bytes with an error: the most read is {}", length, MAX_LINE_BYTES);
                reply(new String(McpErrorJson.response(com.fasterxml.jackson.databind.node.NullNode.getInstance(),
                        McpErrorJson.INVALID_REQUEST, "Invalid Request: the line is over " + MAX_LINE_BYTES
                                + " bytes (1 MiB), the longest message this server reads; it was skipped"), StandardCharsets.UTF_8));
                continue;
            }
            String next = current.toString(StandardCharsets.UTF_8);
            if (next.startsWith("\uFEFF")) {
                next = next.substring(1); // a byte order mark, which a client writing UTF-8 with one puts before its first line
            }
            if (next.isBlank()) {
                continue;
            }
            next = CallParams.checked(next);
            String before = "";
            try {
                McpSchema.JSONRPCMessage m = McpSchema.deserializeJsonRpcMessage(json, next);
                if (m instanceof McpSchema.JSONRPCNotification n && !initializeRead) {
                    // a notification is never answered; before 'initialize' it would start the SDK's session without one
                    LOG.warn("ignored notification {}: it came before 'initialize', which an MCP client sends first", n.method());
                    continue;
                }
                if (m instanceof McpSchema.JSONRPCNotification n && McpSchema.METHOD_NOTIFICATION_INITIALIZED.equals(n.method())) {
                    initializedRead = true;
                }
                if (m instanceof McpSchema.JSONRPCRequest r) {
                    boolean initialize = McpSchema.METHOD_INITIALIZE.equals(r.method());
                    initializeRead |= initialize;
                    if (McpSchema.METHOD_PING.equals(r.method()) && !initializedRead) {
                        // MCP lets either side ping at any time; the SDK holds a ping until 'notifications/initialized'
                        reply(json.writeValueAsString(new McpSchema.JSONRPCResponse(McpSchema.JSONRPC_VERSION, r.id(), Map.of(), null)));
                        continue;
                    }
                    if (!initializeRead) {
                        // the SDK would never answer it, and the end of input would wait DRAIN for that answer
                        LOG.warn("refused request {} ({}): it came before 'initialize', which an MCP client sends first",
                                r.id(), r.method());
                        reply(json.writeValueAsString(new McpSchema.JSONRPCResponse(McpSchema.JSONRPC_VERSION, r.id(), null,
                                new McpSchema.JSONRPCResponse.JSONRPCError(McpErrorJson.INVALID_REQUEST, "Invalid Request: '"
                                        + quoted(r.method()) + "' came before 'initialize': send initialize first, then"
                                        + " notifications/initialized, then the other requests.", null))));
                        continue;
                    }
                    if (!initialize && !initializedRead) {
                        // a client that skips 'notifications/initialized' is answered, as over HTTP, not left waiting
                        before = INITIALIZED + "\n";
                        initializedRead = true;
                    }
                    synchronized (answered) {
                        requests++;
                    }
                }
            } catch (IOException | RuntimeException e) {
                LOG.warn("answered a line that is not a JSON-RPC message ({} characters) with an error", next.length());
                reply(McpErrorJson.notAMessage(next, "line"));
                continue;
            }
            line = (before + next + "\n").getBytes(StandardCharsets.UTF_8);
            pos = 0;
        }
        return true;
    }

    /**
     * Reads the next line into {@code current} (a CR, an LF or a CR LF ends it, as BufferedReader's readLine) and returns
     * its length in bytes, or -1 at the end of input. Past {@link #MAX_LINE_BYTES} the rest of the line is read to its
     * end and dropped: a client that never sends a newline costs no more memory than that.
     */
    private long readLine() throws IOException {
        if (current.size() > 64 * 1024) {
            current = new ByteArrayOutputStream(); // a long line's buffer is not kept for the short ones after it
        }
        current.reset();
        long length = 0;
        while (true) {
            if (next >= buffered) {
                buffered = in.read(buffer, 0, buffer.length);
                next = 0;
                if (buffered <= 0) {
                    buffered = 0;
                    return length == 0 ? -1 : length; // a last line without its newline is still a line
                }
            }
            if (afterCr) {
                afterCr = false;
                if (buffer[next] == '\n') {
                    next++;
                    continue;
                }
            }
            int start = next;
            while (next < buffered && buffer[next] != '\n' && buffer[next] != '\r') {
                next++;
            }
            int n = next - start;
            if (length + n <= MAX_LINE_BYTES) {
                current.write(buffer, start, n);
            }
            length += n;
            if (next < buffered) {
                afterCr = buffer[next] == '\r';
                next++;
                return length;
            }
        }
    }

    @Override
    public void close() throws IOException {
        ended.countDown();
        in.close();
    }

    private void awaitAnswers() {
        long deadline = System.nanoTime() + DRAIN_NANOS;
        synchronized (answered) {
            long left;
            while (responses < requests && (left = deadline - System.nanoTime()) > 0) {
                try {
                    answered.wait(Math.max(1, left / 1_000_000));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }

    /** {@code method} as an answer quotes it: at most 100 characters. */
    private static String quoted(String method) {
        return method.length() > 100 ? method.substring(0, 100) + "…" : method;
    }

    /** Writes one line of its own (an error for a line it could not pass on) between the SDK's lines. */
    private void reply(String message) {
        OutputStream to = output;
        if (to == null) {
            return;
        }
        synchronized (writing) {
            try {
                to.write((message + "\n").getBytes(StandardCharsets.UTF_8));
                to.flush();
            } catch (IOException e) {
                LOG.warn("could not write an answer of its own: {}", e.toString());
            }
        }
    }

    /**
     * {@code out}, written a whole line at a time (the SDK writes a message, then its newline) and counting the
     * responses written to it so the end of input can wait for them.
     */
    OutputStream answers(OutputStream out) {
        this.output = out;
        return new FilterOutputStream(out) {
            private final ByteArrayOutputStream current = new ByteArrayOutputStream();

            @Override
            public void write(int b) throws IOException {
                if (b == '\n') {
                    lineWritten();
                } else {
                    current.write(b);
                }
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                for (int i = off; i < off + len; i++) {
                    if (b[i] == '\n') {
                        lineWritten();
                    } else {
                        current.write(b[i]);
                    }
                }
            }

            @Override
            public void flush() throws IOException {
                synchronized (writing) {
                    out.flush();
                }
            }

            private void lineWritten() throws IOException {
                String written = current.toString(StandardCharsets.UTF_8);
                synchronized (writing) {
                    current.writeTo(out);
                    out.write('\n');
                }
                current.reset();
                try {
                    if (McpSchema.deserializeJsonRpcMessage(json, written) instanceof McpSchema.JSONRPCResponse) {
                        synchronized (answered) {
                            responses++;
                            answered.notifyAll();
                        }
                    }
                } catch (IOException | RuntimeException e) {
                    // not a message: nothing was answered
                }
            }
        };
    }

    /** Blocks until the input has ended. */
    void awaitEnd() throws InterruptedException {
        ended.await();
    }
}
