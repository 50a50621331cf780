package dev.docask.testsupport;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What the fake servers ({@link FakeOpenAiServer}, {@link FakeAnthropicServer}, {@link FakeOllamaServer})
 * share: a plain-socket HTTP/1.1 server on a free port of 127.0.0.1, one connection per request, every
 * request recorded, and answered by the current {@link Route} once the server's {@link Gate} lets it
 * through. A fake says only what differs: its gate (the paths and requests it answers, and the
 * refusals it sends otherwise) and the form of its {@link #baseUrl()}; this class knows nothing about
 * any model API.
 *
 * <p>Plain sockets, not an HTTP framework, because the tests need what frameworks hide: dropping a
 * connection mid-stream without the closing chunk, and seeing the moment a client closes its side.
 */
public abstract class FakeHttpServer implements AutoCloseable {
    /** Decides whether a request reaches the route; when it does not, the gate has answered it. */
    @FunctionalInterface
    interface Gate {
        /** Lets every request through, whatever its method and path. */
        Gate OPEN = exchange -> true;

        /** True to pass {@code exchange} on to the route; false once it has sent its own response. */
        boolean admits(Exchange exchange) throws IOException;
    }

    private final String name;
    private final Gate gate;
    private final ServerSocket socket;
    private final Thread acceptor;
    private final AtomicInteger requests = new AtomicInteger();
    private final AtomicInteger clientAborts = new AtomicInteger();
    private final List<RecordedRequest> received = new CopyOnWriteArrayList<>();
    private final List<Socket> open = new CopyOnWriteArrayList<>();
    private volatile Route route;

    /** Starts listening; {@code name} prefixes the thread names and says whose fake it is. */
    FakeHttpServer(String name, Gate gate, Route route) {
        this.name = name;
        this.gate = gate;
        this.route = route;
        try {
            this.socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        this.acceptor = Thread.ofPlatform().daemon().name(name + "-accept").start(this::acceptLoop);
    }

    /** The base URL to give a client of the API, in the form its own SDKs or settings take. */
    public abstract String baseUrl();

    /** {@code http://127.0.0.1:<port>}, without a trailing slash. */
    final String origin() {
        return "http://127.0.0.1:" + socket.getLocalPort();
    }

    /** Changes the behaviour for the requests that follow. */
    public void route(Route newRoute) {
        this.route = newRoute;
    }

    /** Requests received so far, on any path. */
    public int requests() {
        return requests.get();
    }

    /** The requests received so far, in order, on any path. */
    public List<RecordedRequest> receivedRequests() {
        return List.copyOf(received);
    }

    /** The last request received; fails when there was none. */
    public RecordedRequest lastRequest() {
        List<RecordedRequest> all = receivedRequests();
        if (all.isEmpty()) {
            throw new IllegalStateException("the " + name + " server received no request");
        }
        return all.getLast();
    }

    /** Connections the client closed before their response was complete. */
    public int clientAborts() {
        return clientAborts.get();
    }

    /** Waits until a client closes a connection before its response was complete; false when none did in time. */
    public boolean awaitClientAbort(Duration max) throws InterruptedException {
        long deadline = System.nanoTime() + max.toNanos();
        while (clientAborts.get() == 0) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            Thread.sleep(10);
        }
        return true;
    }

    @Override
    public void close() {
        try {
            socket.close();
        } catch (IOException ignored) {
            // closing anyway
        }
        for (Socket s : open) {
            try {
                s.close();
            } catch (IOException ignored) {
                // closing anyway
            }
        }
        acceptor.interrupt();
    }

    private void acceptLoop() {
        while (!socket.isClosed()) {
            try {
                Socket client = socket.accept();
                open.add(client);
                Thread.ofVirtual().name(name + "-conn").start(() -> serve(client));
            } catch (IOException e) {
                return;
            }
        }
    }

    private void serve(Socket client) {
        try (client) {
            InputStream in = new BufferedInputStream(client.getInputStream());
            RecordedRequest request = readRequest(in);
            received.add(request);
            requests.incrementAndGet();
            Exchange exchange = new Exchange(client, request);
            Thread.ofVirtual().name(name + "-watch").start(() -> watchForClose(in, exchange));
            if (gate.admits(exchange)) {
                route.respond(exchange);
            }
            exchange.end();
        } catch (IOException e) {
            // the client went away mid-response; the watcher counts it
        } finally {
            open.remove(client);
        }
    }

    /** The client sends nothing after its request; a read that ends means it closed the connection. */
    private void watchForClose(InputStream in, Exchange exchange) {
        try {
            while (in.read() >= 0) {
                // ignore anything the client sends
            }
        } catch (IOException e) {
            // reset or closed: same as end of stream
        }
        if (!exchange.ended()) {
            clientAborts.incrementAndGet();
            exchange.markClientClosed();
        }
    }

    private static RecordedRequest readRequest(InputStream in) throws IOException {
        StringBuilder head = new StringBuilder();
        while (!head.toString().endsWith("\r\n\r\n")) {
            int b = in.read();
            if (b < 0) {
                throw new IOException("connection closed before the request was complete");
            }
            head.append((char) b);
        }
        String[] lines = head.toString().split("\r\n");
        String[] requestLine = lines[0].split(" ");
        Map<String, String> headers = new HashMap<>();
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            if (colon > 0) {
                headers.put(lines[i].substring(0, colon).strip().toLowerCase(Locale.ROOT),
                        lines[i].substring(colon + 1).strip());
            }
        }
        int length = Integer.parseInt(headers.getOrDefault("content-length", "0"));
        String body = new String(in.readNBytes(length), StandardCharsets.UTF_8);
        return new RecordedRequest(requestLine[0], requestLine.length > 1 ? requestLine[1] : "", headers, body);
    }
}
