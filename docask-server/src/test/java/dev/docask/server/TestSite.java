package dev.docask.server;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;

/** A docs site on 127.0.0.1 that embeds the widget: pages by path, and optionally its own fake {@code /api/ask}. */
final class TestSite implements AutoCloseable {
    private final HttpServer http;
    /** The bodies the fake {@code /api/ask} received, in order. */
    final List<String> asks = new CopyOnWriteArrayList<>();
    /** The bodies the fake {@code /api/feedback} received, in order. */
    final List<String> feedback = new CopyOnWriteArrayList<>();
    private static final ObjectMapper JSON = new ObjectMapper();
    private final List<com.sun.net.httpserver.HttpExchange> held = new CopyOnWriteArrayList<>();

    private TestSite(HttpServer http) {
        this.http = http;
    }

    static TestSite start() {
        try {
            HttpServer http = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
            http.start();
            return new TestSite(http);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    String origin() {
        return "http://127.0.0.1:" + http.getAddress().getPort();
    }

    /** A page of docs that loads the widget from {@code api} with the script tag's {@code attributes} (which win). */
    static String docsPage(String htmlAttributes, String api, String attributes) {
        return docsPage(htmlAttributes, "", api, attributes);
    }

    /** A page of docs as {@link #docsPage(String, String, String)} makes, with {@code head} in its head (meta tags). */
    static String docsPage(String htmlAttributes, String head, String api, String attributes) {
        return "<!doctype html><html lang=\"en\" " + htmlAttributes + "><head><meta charset=\"utf-8\">" + head
                + "<title>X Docs</title></head>"
                + "<body><main><h1>X Docs</h1><p>Read the <a href=\"/docs/guide\">guide</a>.</p>"
                + "<label for=\"search\">Search</label> <input id=\"search\" type=\"search\"></main>"
                + "<script " + attributes + " src=\"" + api + "/widget.js\" data-endpoint=\"" + api
                + "\" data-site-name=\"X Docs\"></script></body></html>"; // the first of two same attributes counts
    }

    TestSite page(String path, String html) {
        return page(path, html, null);
    }

    TestSite page(String path, String html, String csp) {
        http.createContext(path, exchange -> {
            byte[] page = html.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "text/html; charset=utf-8");
            if (csp != null) {
                exchange.getResponseHeaders().add("Content-Security-Policy", csp);
            }
            exchange.sendResponseHeaders(200, page.length);
            exchange.getResponseBody().write(page);
            exchange.close();
        });
        return this;
    }

    /** An {@code /api/ask} that records each body and answers with {@code events} (a UI message stream). */
    TestSite fakeAsk(String events) {
        return fakeAsk(() -> events);
    }

    /** An {@code /api/ask} that records each body and answers with what {@code events} gives then. */
    TestSite fakeAsk(Supplier<String> events) {
        http.createContext("/api/ask", exchange -> {
            asks.add(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
            byte[] bytes = events.get().getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "text/event-stream");
            exchange.sendResponseHeaders(200, bytes.length);
            exchange.getResponseBody().write(bytes);
            exchange.close();
        });
        return this;
    }

    /**
     * An {@code /api/ask} that records each body and takes the first {@code silent} asks without sending a byte, as a
     * hung server or proxy would (the connection stays open until the site closes), then answers with {@code events}.
     */
    TestSite silentAsk(int silent, String events) {
        http.createContext("/api/ask", exchange -> {
            asks.add(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
            if (asks.size() <= silent) {
                held.add(exchange);
                return;
            }
            byte[] bytes = events.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "text/event-stream");
            exchange.sendResponseHeaders(200, bytes.length);
            exchange.getResponseBody().write(bytes);
            exchange.close();
        });
        return this;
    }

    /**
     * An {@code /api/feedback} that records each body and answers with the next of {@code statuses} (the last one
     * repeats).
     */
    TestSite fakeFeedback(int... statuses) {
        http.createContext("/api/feedback", exchange -> {
            feedback.add(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
            int status = statuses[Math.min(feedback.size(), statuses.length) - 1];
            exchange.sendResponseHeaders(status, -1);
            exchange.close();
        });
        return this;
    }

    /**
     * The UI message stream of one answer, as the server writes it: its id, its sources as URL and title pairs,
     * then {@code text} in one delta; {@code refused} marks an "I don't know".
     */
    static String stream(String id, boolean refused, String text, String... urlsAndTitles) {
        StringBuilder sb = new StringBuilder();
        ObjectNode start = JSON.createObjectNode().put("type", "start").put("messageId", id);
        start.putObject("messageMetadata").put("refused", refused);
        sb.append("data: ").append(start).append("\n\n");
        for (int i = 0; i < urlsAndTitles.length; i += 2) {
            ObjectNode source = JSON.createObjectNode().put("type", "source-url").put("sourceId", Integer.toString(i / 2 + 1))
                    .put("url", urlsAndTitles[i]).put("title", urlsAndTitles[i + 1]);
            sb.append("data: ").append(source).append("\n\n");
        }
        sb.append("data: ").append(JSON.createObjectNode().put("type", "text-delta").put("id", "t").put("delta", text))
                .append("\n\n");
        return sb.append("data: {\"type\":\"finish\"}\n\ndata: [DONE]\n\n").toString();
    }

    @Override
    public void close() {
        held.forEach(com.sun.net.httpserver.HttpExchange::close);
        http.stop(0);
    }
}
