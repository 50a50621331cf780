package dev.docask.server;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executors;
import java.util.function.Supplier;

/*
 * /metrics on a port of its own (--metrics-port), so the scrape endpoint need not be on the public
 * one: a firewall or a Kubernetes NetworkPolicy opens it to Prometheus alone. The JDK's small HTTP
 * server is enough for one GET every few seconds; Jetty stays the public server's.
 */
final class MetricsPort implements AutoCloseable {
    static final String CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

    private final HttpServer server;

    private MetricsPort(HttpServer server) {
        this.server = server;
    }

    /** @throws IllegalStateException naming the port when it cannot be bound */
    static MetricsPort start(String host, int port, Supplier<String> scrape) {
        HttpServer server;
        try {
            server = HttpServer.create(new InetSocketAddress(host, port), 16);
        } catch (IOException e) {
            throw new IllegalStateException("cannot listen for metrics on " + host + ":" + port + " (" + e.getMessage()
                    + "); is the port already in use?", e);
        }
        server.createContext("/metrics", exchange -> answer(exchange, scrape));
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.start();
        return new MetricsPort(server);
    }

    private static void answer(HttpExchange exchange, Supplier<String> scrape) throws IOException {
        try (exchange) {
            if (!exchange.getRequestMethod().equals("GET") || !exchange.getRequestURI().getPath().equals("/metrics")) {
                exchange.sendResponseHeaders(404, -1);
                return;
            }
            byte[] body = scrape.get().getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", CONTENT_TYPE);
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        }
    }

    int port() {
        return server.getAddress().getPort();
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
