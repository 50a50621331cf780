package dev.docask.testsupport;

import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * One request to a fake server ({@link FakeOpenAiServer}, {@link FakeAnthropicServer},
 * {@link FakeOllamaServer}) and the raw HTTP/1.1 response being written to it.
 * A stream is sent with chunked encoding, one chunk per SSE event, so that {@link #drop()} can cut
 * it off in a way the client sees as broken (no closing chunk), unlike a clean end of stream.
 */
public final class Exchange {
    private final Socket socket;
    private final OutputStream out;
    private final RecordedRequest request;
    private volatile boolean ended;
    private volatile boolean clientClosed;

    Exchange(Socket socket, RecordedRequest request) throws IOException {
        this.socket = socket;
        this.out = socket.getOutputStream();
        this.request = request;
    }

    /** The request's JSON body. */
    public String body() {
        return request.body();
    }

    /** The whole request: method, path, headers, body. */
    public RecordedRequest request() {
        return request;
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

    /** Sends {@code data: [DONE]} and ends the stream cleanly. */
    public void finishStream() throws IOException {
        sendData("[DONE]");
        endStream();
    }

    /** Ends the stream cleanly (the closing chunk), with no {@code [DONE]} event: for protocols that have none. */
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
