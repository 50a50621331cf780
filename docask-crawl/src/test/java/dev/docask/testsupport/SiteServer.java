package dev.docask.testsupport;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import com.sun.net.httpserver.HttpServer;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.zip.GZIPOutputStream;

/**
 * A docs site on 127.0.0.1 for crawl tests: serves a folder of built HTML (with ETag and
 * Last-Modified, answering conditional requests with 304), plus routes added by the test (robots.txt,
 * sitemaps, error pages), and counts what it is asked: each request with its time and status, and the
 * most requests it ever served at once.
 *
 * <pre>{@code
 * try (SiteServer site = SiteServer.serving(SiteServer.DOCS)) {
 *     site.text("/robots.txt", "text/plain", "User-agent: *\nDisallow: /private/\n");
 *     SiteCrawler.builder(site.origin() + "/").build().crawl();
 *     assertThat(site.paths()).doesNotContain("/private/secret.html");
 * }
 * }</pre>
 */
public final class SiteServer implements AutoCloseable {
    /** The small built site of docask-crawl's tests: pages of several docs themes, one in ISO-8859-1. */
    public static final Path DOCS = TestSites.root().resolve("docask-crawl/src/test/site");
    /** The Last-Modified of every file served. */
    public static final String LAST_MODIFIED = "Tue, 03 Jun 2025 10:00:00 GMT";

    /**
     * One request as the server saw it. It is kept when the request arrives, and its status is read
     * from the exchange: the status is set before the client can have the answer, so a test that
     * looks after its crawl sees every request with its status.
     */
    public record Request(String path, Map<String, List<String>> headers, long startNanos, HttpExchange exchange) {
        /** The status sent, or -1 while none has been. */
        public int status() {
            return exchange.getResponseCode();
        }

        public String header(String name) {
            return headers.entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase(name))
                    .map(e -> e.getValue().get(0)).findFirst().orElse("");
        }
    }

    private final HttpServer server;
    private final ExecutorService pool = Executors.newFixedThreadPool(16);
    private final Path root;
    private final Map<String, HttpHandler> routes = new ConcurrentHashMap<>();
    private final ConcurrentLinkedQueue<Request> requests = new ConcurrentLinkedQueue<>();
    private final AtomicInteger running = new AtomicInteger();
    private final AtomicInteger mostAtOnce = new AtomicInteger();
    /*
     * Routes the crawler leaves on purpose (a timeout, a size cap) while their handler still runs:
     * the server cannot see the client go, so counting them would charge the crawler with requests
     * it has already given up.
     */
    private final java.util.Set<String> abandoned = java.util.concurrent.ConcurrentHashMap.newKeySet();
    private volatile Duration pause = Duration.ZERO;

    private SiteServer(Path root) throws IOException {
        this.root = root;
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
        server.setExecutor(pool);
        server.createContext("/", this::handle);
        server.start();
    }

    /** A server for the files under {@code root} (no robots.txt or sitemap until a test adds them). */
    public static SiteServer serving(Path root) {
        try {
            return new SiteServer(root);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code http://127.0.0.1:port}. */
    public String origin() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    /** Answers {@code path} with {@code handler} instead of a file. */
    public SiteServer route(String path, HttpHandler handler) {
        routes.put(path, handler);
        return this;
    }

    /** Answers {@code path} with this text; {@code {origin}} in it becomes {@link #origin()}. */
    public SiteServer text(String path, String contentType, String body) {
        return route(path, x -> send(x, 200, contentType, body.replace("{origin}", origin()).getBytes(StandardCharsets.UTF_8)));
    }

    /** A sitemap at {@code path} listing these paths of the site (gzipped when the path ends in .gz). */
    public SiteServer sitemap(String path, String... pages) {
        StringBuilder xml = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                + "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n");
        for (String p : pages) {
            xml.append("  <url><loc>").append(p.startsWith("http") ? p : "{origin}" + p).append("</loc></url>\n");
        }
        return xml(path, xml.append("</urlset>\n").toString());
    }

    /** A sitemap index at {@code path} listing these sitemaps of the site. */
    public SiteServer sitemapIndex(String path, String... sitemaps) {
        StringBuilder xml = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                + "<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n");
        for (String s : sitemaps) {
            xml.append("  <sitemap><loc>{origin}").append(s).append("</loc></sitemap>\n");
        }
        return xml(path, xml.append("</sitemapindex>\n").toString());
    }

    private SiteServer xml(String path, String xml) {
        return route(path, x -> {
            byte[] body = xml.replace("{origin}", origin()).getBytes(StandardCharsets.UTF_8);
            if (path.endsWith(".gz")) {
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
                    gz.write(body);
                }
                send(x, 200, "application/gzip", out.toByteArray());
            } else {
                send(x, 200, "application/xml", body);
            }
        });
    }

    /** Every request waits this long before it is answered (so that requests overlap). */
    public SiteServer pause(Duration d) {
        this.pause = d;
        return this;
    }

    public List<Request> requests() {
        return List.copyOf(requests);
    }

    /** The paths requested, in order of arrival. */
    public List<String> paths() {
        return requests.stream().map(Request::path).toList();
    }

    /** The most requests that were being answered at one time (from arrival until the answer starts). */
    public int mostAtOnce() {
        return mostAtOnce.get();
    }

    public void forget() {
        requests.clear();
        mostAtOnce.set(0);
    }

    /** Marks {@code paths} as ones the client abandons by design: not counted by {@link #mostAtOnce()}. */
    public SiteServer abandonedByDesign(String... paths) {
        abandoned.addAll(List.of(paths));
        return this;
    }

    /*
     * A request counts as being answered from its arrival until its answer starts, not until this
     * thread closes the exchange: once the status line is out the client may read the whole answer and
     * send its next request before this thread runs again (on a busy machine that happened), and that
     * next request is no overlap the client caused.
     */
    private void handle(HttpExchange x) throws IOException {
        boolean counted = !abandoned.contains(x.getRequestURI().getRawPath());
        int now = counted ? running.incrementAndGet() : running.get();
        mostAtOnce.accumulateAndGet(now, Math::max);
        requests.add(new Request(x.getRequestURI().toString(), Map.copyOf(x.getRequestHeaders()), System.nanoTime(), x));
        java.util.concurrent.atomic.AtomicBoolean answered = new java.util.concurrent.atomic.AtomicBoolean(!counted);
        Runnable done = () -> {
            if (!answered.getAndSet(true)) {
                running.decrementAndGet();
            }
        };
        HttpExchange counting = new Answering(x, done);
        try {
            if (!pause.isZero()) {
                Thread.sleep(pause.toMillis());
            }
            String path = x.getRequestURI().getRawPath();
            HttpHandler route = routes.get(path);
            if (route != null) {
                route.handle(counting);
            } else {
                serveFile(counting, path);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException e) {
            // the client went away (a capped body, a timeout): nothing to answer
        } finally {
            done.run();
            x.close();
        }
    }

    /** The exchange as handlers see it: the same, except that starting the answer first runs {@code onAnswer}. */
    private static final class Answering extends HttpExchange {
        private final HttpExchange x;
        private final Runnable onAnswer;

        Answering(HttpExchange x, Runnable onAnswer) {
            this.x = x;
            this.onAnswer = onAnswer;
        }

        @Override
        public void sendResponseHeaders(int rCode, long responseLength) throws IOException {
            onAnswer.run();
            x.sendResponseHeaders(rCode, responseLength);
        }

        @Override
        public com.sun.net.httpserver.Headers getRequestHeaders() {
            return x.getRequestHeaders();
        }

        @Override
        public com.sun.net.httpserver.Headers getResponseHeaders() {
            return x.getResponseHeaders();
        }

        @Override
        public java.net.URI getRequestURI() {
            return x.getRequestURI();
        }

        @Override
        public String getRequestMethod() {
            return x.getRequestMethod();
        }

        @Override
        public com.sun.net.httpserver.HttpContext getHttpContext() {
            return x.getHttpContext();
        }

        @Override
        public void close() {
            x.close();
        }

        @Override
        public java.io.InputStream getRequestBody() {
            return x.getRequestBody();
        }

        @Override
        public OutputStream getResponseBody() {
            return x.getResponseBody();
        }

        @Override
        public InetSocketAddress getRemoteAddress() {
            return x.getRemoteAddress();
        }

        @Override
        public int getResponseCode() {
            return x.getResponseCode();
        }

        @Override
        public InetSocketAddress getLocalAddress() {
            return x.getLocalAddress();
        }

        @Override
        public String getProtocol() {
            return x.getProtocol();
        }

        @Override
        public Object getAttribute(String name) {
            return x.getAttribute(name);
        }

        @Override
        public void setAttribute(String name, Object value) {
            x.setAttribute(name, value);
        }

        @Override
        public void setStreams(java.io.InputStream i, OutputStream o) {
            x.setStreams(i, o);
        }

        @Override
        public com.sun.net.httpserver.HttpPrincipal getPrincipal() {
            return x.getPrincipal();
        }
    }

    private void serveFile(HttpExchange x, String path) throws IOException {
        String decoded = java.net.URLDecoder.decode(path.replace("+", "%2B"), StandardCharsets.UTF_8);
        Path file = root.resolve((decoded.endsWith("/") ? decoded + "index.html" : decoded).substring(1)).normalize();
        if (file.startsWith(root) && Files.isDirectory(file) && !decoded.endsWith("/")) {
            redirect(301, path + "/").handle(x); // as static servers do
            return;
        }
        if (!file.startsWith(root) || !Files.isRegularFile(file)) {
            send(x, 404, "text/html", "<h1>Not found</h1>".getBytes(StandardCharsets.UTF_8));
            return;
        }
        byte[] body = Files.readAllBytes(file);
        String etag = "\"" + sha256(body).substring(0, 16) + "\"";
        x.getResponseHeaders().set("ETag", etag);
        x.getResponseHeaders().set("Last-Modified", LAST_MODIFIED);
        String inm = x.getRequestHeaders().getFirst("If-None-Match");
        String ims = x.getRequestHeaders().getFirst("If-Modified-Since");
        if (etag.equals(inm) || inm == null && LAST_MODIFIED.equals(ims)) {
            x.sendResponseHeaders(304, -1);
            return;
        }
        send(x, 200, file.toString().endsWith(".html") ? "text/html" : "application/octet-stream", body);
    }

    /** Sends a whole response. */
    public static void send(HttpExchange x, int status, String contentType, byte[] body) throws IOException {
        x.getResponseHeaders().set("Content-Type", contentType);
        x.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
        try (OutputStream out = x.getResponseBody()) {
            out.write(body);
        }
    }

    /** A handler that sends status and Location. */
    public static HttpHandler redirect(int status, String location) {
        return x -> {
            x.getResponseHeaders().set("Location", location);
            x.sendResponseHeaders(status, -1);
        };
    }

    /**
     * A handler that answers the first {@code n} requests with {@code status} and Retry-After ({@code null}: none), then
     * as {@code then}.
     */
    public static HttpHandler busy(int n, int status, @org.jspecify.annotations.Nullable String retryAfter, HttpHandler then) {
        AtomicInteger seen = new AtomicInteger();
        return x -> {
            if (seen.incrementAndGet() <= n) {
                if (retryAfter != null) {
                    x.getResponseHeaders().set("Retry-After", retryAfter);
                }
                send(x, status, "text/plain", "slow down".getBytes(StandardCharsets.UTF_8));
            } else {
                then.handle(x);
            }
        };
    }

    /** A handler that serves the file of {@code path} (to wrap it, as {@link #busy} does). */
    public HttpHandler file(String path) {
        return x -> serveFile(x, path);
    }

    /** A handler that starts an HTML answer and then sends nothing for a minute. */
    public static HttpHandler silentAfterHeaders() {
        return x -> {
            x.getResponseHeaders().set("Content-Type", "text/html");
            x.sendResponseHeaders(200, 0);
            x.getResponseBody().write("<html><body><main><h1>Slow".getBytes(StandardCharsets.UTF_8));
            x.getResponseBody().flush();
            try {
                Thread.sleep(60_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        };
    }

    /** A handler that streams {@code megabytes} MB of HTML of unknown length, counting what it wrote. */
    public static HttpHandler huge(String contentType, int megabytes, AtomicInteger bytesWritten) {
        return x -> {
            x.getResponseHeaders().set("Content-Type", contentType);
            x.sendResponseHeaders(200, 0);
            byte[] block = "<p>filler filler filler filler filler filler filler filler</p>\n".repeat(1000).getBytes(StandardCharsets.UTF_8);
            OutputStream out = x.getResponseBody();
            out.write("<html><body><main><h1>Huge</h1>".getBytes(StandardCharsets.UTF_8));
            for (long sent = 0; sent < megabytes * 1048576L; sent += block.length) {
                out.write(block);
                bytesWritten.addAndGet(block.length);
            }
            out.close();
        };
    }

    /** A handler answering with a generated body. */
    public static HttpHandler answer(int status, String contentType, Function<HttpExchange, String> body) {
        return x -> send(x, status, contentType, body.apply(x).getBytes(StandardCharsets.UTF_8));
    }

    private static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void close() {
        server.stop(0);
        pool.shutdownNow();
    }
}
