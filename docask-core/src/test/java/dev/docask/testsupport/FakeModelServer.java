package dev.docask.testsupport;

import dev.langchain4j.model.chat.StreamingChatModel;
import dev.langchain4j.model.openai.OpenAiStreamingChatModel;

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
 * A real HTTP server on 127.0.0.1 that speaks one model API's streaming protocol, its {@link Wire}
 * (OpenAI, Anthropic, Ollama), for tests of code that talks to a language model. Its behaviour is a
 * {@link Route}: normal, slow, silent, broken; the routes write in the server's wire format.
 *
 * <p>Plain sockets, one connection per request, not an HTTP framework, because the tests need what
 * frameworks hide: dropping a connection mid-stream without the closing chunk, and seeing the moment a
 * client closes its side ({@link #awaitClientAbort(Duration)}). Every request is recorded.
 *
 * <pre>{@code
 * try (FakeModelServer server = FakeModelServer.start(Wire.ANTHROPIC, new StreamTokens("Use ", "vi.mock [1]."))) {
 *     Map<String, String> env = Map.of("ANTHROPIC_API_KEY", "test-key", "ANTHROPIC_BASE_URL", server.baseUrl());
 *     StreamingChatModel model = ModelSpec.parse("anthropic:claude-test").create(env, Duration.ofSeconds(5)).orElseThrow();
 *     ...
 *     assertThat(server.lastRequest().header("x-api-key")).isEqualTo("test-key");
 * }
 * }</pre>
 */
public final class FakeModelServer implements AutoCloseable {
    /** The prompt tokens every finished answer reports, whatever the wire. */
    public static final int PROMPT_TOKENS = 100;

    private final Wire wire;
    private final String name;
    private final ServerSocket socket;
    private final Thread acceptor;
    private final AtomicInteger requests = new AtomicInteger();
    private final AtomicInteger clientAborts = new AtomicInteger();
    private final List<RecordedRequest> received = new CopyOnWriteArrayList<>();
    private final List<Socket> open = new CopyOnWriteArrayList<>();
    private volatile Route route;

    private FakeModelServer(Wire wire, Route route) {
        this.wire = wire;
        this.name = "fake-" + wire.name().toLowerCase(Locale.ROOT);
        this.route = route;
        try {
            // A backlog for the load checks' 1000 streams opening at once: with 50, the SYNs past it are
            // dropped and retried a second later, which shows as latency that is the fake's, not docask's.
            this.socket = new ServerSocket(0, 1024, InetAddress.getLoopbackAddress());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        this.acceptor = Thread.ofPlatform().daemon().name(name + "-accept").start(this::acceptLoop);
    }

    /** Starts a server on a free port of 127.0.0.1 that speaks {@code wire} and answers with {@code route}. */
    public static FakeModelServer start(Wire wire, Route route) {
        return new FakeModelServer(wire, route);
    }

    public Wire wire() {
        return wire;
    }

    /**
     * The base URL to give a client of the API, in the form its own SDKs or settings take:
     * {@code http://127.0.0.1:<port>/v1} for OpenAI, the origin for Anthropic and Ollama.
     */
    public String baseUrl() {
        return wire.format().baseUrl("http://127.0.0.1:" + socket.getLocalPort());
    }

    /** A LangChain4j OpenAI model that asks this server (OpenAI's wire): model {@code fake}, a 30 s timeout. */
    public StreamingChatModel openAiModel(String apiKey) {
        if (wire != Wire.OPENAI) {
            throw new IllegalStateException("an OpenAI client cannot talk to the " + name + " server");
        }
        return OpenAiStreamingChatModel.builder().baseUrl(baseUrl()).apiKey(apiKey).modelName("fake")
                .timeout(Duration.ofSeconds(30)).build();
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

    /** The bodies of the requests received so far, in order. */
    public List<String> requestBodies() {
        return receivedRequests().stream().map(RecordedRequest::body).toList();
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
            Exchange exchange = new Exchange(client, request, wire);
            Thread.ofVirtual().name(name + "-watch").start(() -> watchForClose(in, exchange));
            if (wire.format().admits(exchange)) {
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
