package dev.docask.server;

import dev.docask.answer.internal.ApiException;
import dev.docask.answer.internal.Generation;
import dev.docask.answer.internal.LiveIndex;
import dev.docask.mcp.DocsMcp;
import dev.docask.retrieve.HybridRetriever;
import io.javalin.config.JavalinConfig;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.jspecify.annotations.Nullable;

import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/*
 * MCP over Streamable HTTP at /mcp (docs/design.md, "For coding agents"): the SDK's servlet,
 * mounted beside Javalin's on the same Jetty, behind the checks /api gets. The SDK writes the
 * protocol; what it must not see is checked here first, with the server's problem bodies:
 *  - shutting down → 503;
 *  - an Origin that is neither ours nor allowed → 403 (CorsPolicy's rule; /mcp answers no
 *    preflight, so browsers on other sites never get through);
 *  - a Host this server does not answer to → 403. On a loopback address only loopback names pass:
 *    a page on evil.example whose name was re-pointed at 127.0.0.1 (DNS rebinding) sends Host and
 *    Origin evil.example, which look same-origin to each other;
 *  - a declared body over the limit → 413 (the SDK stops a longer chunked one);
 *  - the client's allowance, a bucket of its own (default 60/min), for every POST: each
 *    JSON-RPC message costs one, so a session's start costs two or three, each tool call one.
 *    A POST refused for its input (4xx other than 429) gives its permit back, as on /api.
 * GET (the session's event stream) and DELETE cost nothing but pass the same checks.
 */
final class McpRoute implements AutoCloseable {
    static final String PATH = "/mcp";
    private static final Set<String> LOOPBACK_NAMES = Set.of("localhost", "127.0.0.1", "[::1]", "::1");

    private final ServerSettings settings;
    private final ServerMetrics metrics;
    private final Drain drain;
    private final CorsPolicy cors;
    private final Problems problems;
    private final ClientKeys clients;
    private final Limiter limiter;
    private final Set<String> allowedHosts;
    private final boolean loopbackOnly;
    private final DocsMcp.Http http;

    McpRoute(ServerSettings settings, LiveIndex live, ServerMetrics metrics, Drain drain, CorsPolicy cors, Problems problems,
             Limiter limiter) {
        this.settings = settings;
        this.metrics = metrics;
        this.drain = drain;
        this.cors = cors;
        this.problems = problems;
        this.clients = new ClientKeys(settings.trustProxyHeader());
        this.limiter = limiter;
        this.allowedHosts = settings.allowHosts().stream().map(h -> h.strip().toLowerCase(Locale.ROOT))
                .collect(Collectors.toUnmodifiableSet());
        this.loopbackOnly = allowedHosts.isEmpty() && isLoopback(settings.host());
        DocsMcp mcp = DocsMcp.builder(() -> lease(live)).siteName(settings.siteName()).retrieval(settings.retrieval())
                .maxQueryChars(settings.maxQuestionChars()).onCall(metrics::mcpCall).build();
        this.http = mcp.http(PATH, settings.maxBodyBytes());
    }

    private static DocsMcp.Lease lease(LiveIndex live) {
        LiveIndex.Lease lease = live.lease();
        return new DocsMcp.Lease() {
            @Override
            public HybridRetriever retriever() {
                return lease.generation().retriever();
            }

            @Override
            public void close() {
                lease.close();
            }
        };
    }

    void install(JavalinConfig cfg) {
        cfg.jetty.modifyServletContextHandler(handler -> {
            ServletHolder holder = new ServletHolder("docask-mcp", new Guarded());
            holder.setAsyncSupported(true); // the SDK answers tool calls and the event stream asynchronously
            handler.addServlet(holder, PATH); // an exact mapping: it wins over Javalin's /*
        });
    }

    /** A bad host names it; checked when the server is built. */
    static void requireValidHosts(List<String> hosts) {
        for (String h : hosts) {
            if (h == null || !h.strip().matches("(?i)([a-z0-9.-]+|\\[[0-9a-f:.]+])(:\\d{1,5})?")) {
                throw new IllegalArgumentException("allowed host '" + h + "' should look like docs.example.com or "
                        + "localhost:8080 (a host name, a port if you like; no scheme or path)");
            }
        }
    }

    @Override
    public void close() {
        http.close();
    }

    private final class Guarded extends HttpServlet {
        @Override
        protected void service(HttpServletRequest req, HttpServletResponse resp) throws ServletException, IOException {
            String key = null;
            try {
                guard(req);
                if ("POST".equals(req.getMethod())) {
                    key = clients.keyFor(req.getRemoteAddr(), req::getHeader);
                    limiter.acquire(key);
                }
            } catch (ApiException e) {
                write(resp, e);
                metrics.request(PATH, e.status());
                return;
            }
            http.servlet().service(req, resp);
            int status = resp.getStatus();
            if (key != null && status >= 400 && status < 500 && status != 429) {
                limiter.release(key);
            }
            metrics.request(PATH, status);
        }
    }

    private void guard(HttpServletRequest req) {
        if (drain.draining()) {
            throw new ApiException.Unavailable("The server is shutting down.");
        }
        String origin = req.getHeader("Origin");
        if (!cors.allows(origin, req.getScheme(), req::getHeader)) {
            throw new ApiException.Forbidden("Requests from " + origin + " are not allowed.");
        }
        String host = req.getHeader("Host");
        if (!hostAllowed(host)) {
            throw new ApiException.Forbidden("This server does not answer to the host " + host + ".");
        }
        long length = req.getContentLengthLong();
        if (length > settings.maxBodyBytes()) {
            throw new ApiException.PayloadTooLarge(settings.maxBodyBytes());
        }
    }

    private boolean hostAllowed(@Nullable String host) {
        if (!loopbackOnly && allowedHosts.isEmpty()) {
            return true;
        }
        if (host == null) {
            return false;
        }
        String h = host.strip().toLowerCase(Locale.ROOT);
        String name = h.startsWith("[") ? h.substring(0, h.indexOf(']') + 1) : h.replaceFirst(":\\d+$", "");
        return loopbackOnly ? LOOPBACK_NAMES.contains(name) : allowedHosts.contains(h) || allowedHosts.contains(name);
    }

    private void write(HttpServletResponse resp, ApiException e) throws IOException {
        if (e instanceof ApiException.TooManyRequests t) {
            resp.setHeader("Retry-After", Long.toString(t.retryAfterSeconds()));
        }
        resp.setStatus(e.status());
        resp.setContentType(Problems.CONTENT_TYPE);
        resp.getOutputStream().write(Problems.utf8(problems.body(e.status(), e.title(), e.type(), e.getMessage())));
    }

    private static boolean isLoopback(String host) {
        try {
            return InetAddress.getByName(host).isLoopbackAddress();
        } catch (UnknownHostException e) {
            return false;
        }
    }
}
