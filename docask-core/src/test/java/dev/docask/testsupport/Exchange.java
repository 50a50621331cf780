package dev.docask.testsupport;

import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * One request to a {@link FakeModelServer} and the raw HTTP/1.1 response being written to it: an answer
 * in the server's {@link Wire} ({@link #startAnswer()}, {@link #sendToken(String)},
 * {@link #endAnswer(StreamEnd)}), or any bytes a route wants to send.
 * A stream is sent with chunked encoding, one chunk per event, so that {@link #drop()} can cut it off
 * in a way the client sees as broken (no closing chunk), unlike a clean end of stream.
 */
public final class Exchange {
    /**
     * How long a dropping answer waits for the client to read the tokens before the reset. 100 ms lost
     * the deltas now and then on a loaded 2-core machine (the client had not read them when the reset came).
     */
    private static final Duration READ_TIME = Duration.ofSeconds(1);

    private final Socket socket;
    private final OutputStream out;
    private final RecordedRequest request;
    private final Wire wire;
    private int tokensSent;
    private volatile boolean ended;
    private volatile boolean clientClosed;

    Exchange(Socket socket, RecordedRequest request, Wire wire) throws IOException {
        this.socket = socket;
        this.out = socket.getOutputStream();
        this.request = request;
        this.wire = wire;
    }

    /** The request's JSON body. */
    public String body() {
        return request.body();
    }

    /** The whole request: method, path, headers, body. */
    public RecordedRequest request() {
        return request;
    }

    /** The wire format of the server the request came to. */
    public Wire wire() {
        return wire;
    }

    /** Starts a streamed answer in the server's wire format: status line, headers, any opening events. */
    public void startAnswer() throws IOException {
        wire.format().start(this);
    }

    /** Sends the next piece of the answer. */
    public void sendToken(String text) throws IOException {
        tokensSent++;
        wire.format().token(this, text);
    }

    /**
     * Ends the answer as {@code end} says. A finished answer reports {@link FakeModelServer#PROMPT_TOKENS}
     * prompt tokens and one completion token per {@link #sendToken(String)}.
     */
    public void endAnswer(StreamEnd end) throws IOException {
        switch (end) {
            case COMPLETE -> wire.format().finish(this, false, tokensSent);
            case TOKEN_LIMIT -> wire.format().finish(this, true, tokensSent);
            case DROP -> drop(READ_TIME);
            case CLOSE_EARLY -> endStream();
            case ERROR -> wire.format().fail(this);
        }
    }

    /** Answers HTTP {@code status} with the wire's JSON error body carrying {@code message}. */
    public void respondError(int status, String message) throws IOException {
        respond(status, wire.format().errorBody(status, message));
    }

    /** Sends the status line and headers of an event stream. */
    public void startStream() throws IOException {
        startStream("text/event-stream");
    }

    /** Sends the status line and headers of a chunked stream of {@code contentType}, e.g. {@code application/x-ndjson}. */
    public void startStream(String contentType) throws IOException {
        write("HTTP/1.1 200 OK\r\nContent-Type: " + contentType + "\r\nCache-Control: no-cache\r\n"
                + "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n");
    }

    /** Sends one {@code data:} event. */
    public void sendData(String payload) throws IOException {
        sendRaw("data: " + payload + "\n\n");
    }

    /** Sends any text as one chunk of the stream (for malformed events). */
    public void sendRaw(String text) throws IOException {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        out.write((Integer.toHexString(bytes.length) + "\r\n").getBytes(StandardCharsets.US_ASCII));
        out.write(bytes);
        out.write("\r\n".getBytes(StandardCharsets.US_ASCII));
        out.flush();
    }

    /** Ends the stream cleanly (the closing chunk), with none of the protocol's closing events. */
    public void endStream() throws IOException {
        ended = true;
        write("0\r\n\r\n");
    }

    /** Sends a complete non-streaming response, e.g. an error. */
    public void respond(int status, String json) throws IOException {
        respond(status, "application/json", json);
    }

    /** Sends a complete non-streaming response of {@code contentType}, e.g. a {@code text/plain} 404. */
    public void respond(int status, String contentType, String text) throws IOException {
        respond(status, contentType, text.getBytes(StandardCharsets.UTF_8));
    }

    /** Sends a complete non-streaming response of any bytes, e.g. ones that are not valid UTF-8. */
    public void respond(int status, String contentType, byte[] bytes) throws IOException {
        ended = true;
        write("HTTP/1.1 " + status + " Status\r\nContent-Type: " + contentType + "\r\nContent-Length: " + bytes.length
                + "\r\nConnection: close\r\n\r\n");
        out.write(bytes);
        out.flush();
    }

    /** Cuts the connection at once (TCP reset), as a crashed or overloaded server would. */
    public void drop() throws IOException {
        ended = true;
        socket.setSoLinger(true, 0);
        socket.close();
    }

    /**
     * Waits {@code delay}, then cuts the connection (TCP reset). The pause lets the client read what
     * was sent before: a reset can make the client's side discard data it has received but not read.
     */
    public void drop(Duration delay) throws IOException {
        try {
            Thread.sleep(delay);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        drop();
    }

    /** Waits until the client closes the connection; false when it did not within {@code max}. */
    public boolean awaitClientClose(Duration max) throws InterruptedException {
        long deadline = System.nanoTime() + max.toNanos();
        while (!clientClosed && !socket.isClosed()) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            Thread.sleep(10);
        }
        return true;
    }

    boolean ended() {
        return ended;
    }

    void markClientClosed() {
        clientClosed = true;
    }

    /** The route returned: whatever happens to the socket now is the server's doing. */
    void end() throws IOException {
        ended = true;
        out.flush();
    }

    private void write(String s) throws IOException {
        out.write(s.getBytes(StandardCharsets.UTF_8));
        out.flush();
    }
}
