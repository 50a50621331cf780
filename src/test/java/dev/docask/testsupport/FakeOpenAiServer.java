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
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A real HTTP server on 127.0.0.1 that speaks the OpenAI chat-completions streaming protocol
 * (Server-Sent Events, {@code data: {...}} chunks, {@code data: [DONE]}), for tests of code that
 * talks to a language model. Its behaviour is a {@link Route}: normal, slow, silent, broken.
 *
 * <p>Written on plain sockets, not an HTTP framework, because the tests need what frameworks hide:
 * dropping a connection mid-stream without the closing chunk, and seeing the moment a client
 * closes its side ({@link #awaitClientAbort(Duration)}).
 *
 * <pre>{@code
 * try (FakeOpenAiServer server = FakeOpenAiServer.start(new StreamTokens("Use ", "vi.mock [1].")) {
 *     StreamingChatModel model = OpenAiStreamingChatModel.builder()
 *             .baseUrl(server.baseUrl()).apiKey("test-key").modelName("fake").build();
 *     ...
 *     assertThat(server.requests()).isEqualTo(1);
 * }
 * }</pre>
 */
public final class FakeOpenAiServer implements AutoCloseable {
    private final ServerSocket socket;
    private final Thread acceptor;
    private final AtomicInteger requests = new AtomicInteger();
    private final AtomicInteger clientAborts = new AtomicInteger();
    private final List<String> bodies = new CopyOnWriteArrayList<>();
    private final List<Socket> open = new CopyOnWriteArrayList<>();
    private volatile Route route;

    private FakeOpenAiServer(Route route) throws IOException {
        this.route = route;
        this.socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        this.acceptor = Thread.ofPlatform().daemon().name("fake-openai-accept").start(this::acceptLoop);
    }

    /** Starts a server on a free port of 127.0.0.1 that answers every request with {@code route}. */
    public static FakeOpenAiServer start(Route route) {
        try {
            return new FakeOpenAiServer(route);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The base URL to give an OpenAI client, ending in {@code /v1}. */
    public String baseUrl() {
        return "http://127.0.0.1:" + socket.getLocalPort() + "/v1";
    }

    /** Changes the behaviour for the requests that follow. */
    public void route(Route newRoute) {
        this.route = newRoute;
    }

    /** Requests received so far. */
    public int requests() {
        return requests.get();
    }

    /** The JSON bodies of the requests received so far, in order. */
    public List<String> requestBodies() {
        return List.copyOf(bodies);
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
                Thread.ofVirtual().name("fake-openai-conn").start(() -> serve(client));
            } catch (IOException e) {
                return;
            }
        }
    }

    private void serve(Socket client) {
        try (client) {
            InputStream in = new BufferedInputStream(client.getInputStream());
            String body = readRequest(in);
            bodies.add(body);
            requests.incrementAndGet();
            Exchange exchange = new Exchange(client, body);
            Thread.ofVirtual().name("fake-openai-watch").start(() -> watchForClose(in, exchange));
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

    private static String readRequest(InputStream in) throws IOException {
        StringBuilder head = new StringBuilder();
        while (!head.toString().endsWith("\r\n\r\n")) {
            int b = in.read();
            if (b < 0) {
                throw new IOException("connection closed before the request was complete");
            }
            head.append((char) b);
        }
        int length = 0;
        for (String line : head.toString().split("\r\n")) {
            int colon = line.indexOf(':');
            if (colon > 0 && line.substring(0, colon).strip().equalsIgnoreCase("content-length")) {
                length = Integer.parseInt(line.substring(colon + 1).strip());
            }
        }
        return new String(in.readNBytes(length), StandardCharsets.UTF_8);
    }
}
