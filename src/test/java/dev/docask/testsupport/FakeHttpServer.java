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
 * The plain-socket HTTP/1.1 server under {@link FakeOpenAiServer}, {@link FakeAnthropicServer} and
 * {@link FakeOllamaServer}: a free port of 127.0.0.1, one connection per request, every request
 * recorded and answered by the current {@link Route}. The fakes differ only in their address and
 * routes; this class knows nothing about any model API.
 *
 * <p>Plain sockets, not an HTTP framework, because the tests need what frameworks hide: dropping a
 * connection mid-stream without the closing chunk, and seeing the moment a client closes its side.
 */
final class FakeHttpServer implements AutoCloseable {
    private final String name;
    private final ServerSocket socket;
    private final Thread acceptor;
    private final AtomicInteger requests = new AtomicInteger();
    private final AtomicInteger clientAborts = new AtomicInteger();
    private final List<RecordedRequest> received = new CopyOnWriteArrayList<>();
    private final List<Socket> open = new CopyOnWriteArrayList<>();
    private volatile Route route;

    private FakeHttpServer(String name, Route route) throws IOException {
        this.name = name;
        this.route = route;
        this.socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        this.acceptor = Thread.ofPlatform().daemon().name(name + "-accept").start(this::acceptLoop);
    }

    /** Starts a server that answers every request with {@code route}; {@code name} prefixes its thread names. */
    static FakeHttpServer start(String name, Route route) {
        try {
            return new FakeHttpServer(name, route);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code http://127.0.0.1:<port>}, without a trailing slash. */
    String origin() {
        return "http://127.0.0.1:" + socket.getLocalPort();
    }

    void route(Route newRoute) {
        this.route = newRoute;
    }

    int requests() {
        return requests.get();
    }

    List<RecordedRequest> received() {
        return List.copyOf(received);
    }

    int clientAborts() {
        return clientAborts.get();
    }

    boolean awaitClientAbort(Duration max) throws InterruptedException {
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
            route.respond(exchange);
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
