package dev.docask.server;

import dev.docask.answer.internal.ApiException;
import dev.docask.answer.internal.LiveIndex;
import dev.docask.answer.internal.StrictUtf8;
import dev.docask.mcp.DocsMcp;
import dev.docask.server.internal.McpLeases;
import io.javalin.config.JavalinConfig;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.eclipse.jetty.ee10.servlet.ServletHolder;

import java.io.IOException;

/*
 * MCP over Streamable HTTP at /mcp (docs/design.md, "For coding agents"): the SDK's servlet,
 * mounted beside Javalin's on the same Jetty, behind the checks /api gets. The SDK writes the
 * protocol; what it must not see is checked here first, with the server's problem bodies:
 *  - shutting down → 503;
 *  - an Origin that is neither ours nor allowed → 403 (CorsPolicy's rule; /mcp answers no
 *    preflight, so browsers on other sites never get through);
 *  - a Host this server does not answer to → 403 (AllowedHosts, the rule every route keeps);
 *  - a declared body over the limit → 413; a query string or body that is not UTF-8 → 400, a body
 *    declared in another charset → 415 (ReplayedBody reads the body first, then hands it on);
 *  - the client's allowance, a bucket of its own (default 60/min), for every POST: each
 *    JSON-RPC message costs one, so a session's start costs two or three, each tool call one.
 *    A POST refused for its input (4xx other than 429) gives its permit back, as on /api.
 * GET (the session's event stream) and DELETE cost nothing but pass the same checks.
 */
final class McpRoute implements AutoCloseable {
    static final String PATH = "/mcp";

    private final ServerSettings settings;
    private final ServerMetrics metrics;
    private final Drain drain;
    private final CorsPolicy cors;
    private final Problems problems;
    private final ClientKeys clients;
    private final Limiter limiter;
    private final AllowedHosts hosts;
    private final DocsMcp.Http http;

    McpRoute(ServerSettings settings, LiveIndex live, ServerMetrics metrics, Drain drain, CorsPolicy cors, AllowedHosts hosts,
             Problems problems, Limiter limiter) {
        this.settings = settings;
        this.metrics = metrics;
        this.drain = drain;
        this.cors = cors;
        this.problems = problems;
        this.clients = new ClientKeys(settings.trustProxyHeader());
        this.limiter = limiter;
        this.hosts = hosts;
        DocsMcp mcp = DocsMcp.builder(McpLeases.of(live)).siteName(settings.siteName()).retrieval(settings.retrieval())
                .maxQueryChars(settings.maxQuestionChars()).onCall(metrics::mcpCall).build();
        this.http = mcp.http(PATH, settings.maxBodyBytes());
    }

    void install(JavalinConfig cfg) {
        cfg.jetty.modifyServletContextHandler(handler -> {
            ServletHolder holder = new ServletHolder("docask-mcp", new Guarded());
            holder.setAsyncSupported(true); // the SDK answers tool calls and the event stream asynchronously
            handler.addServlet(holder, PATH); // an exact mapping: it wins over Javalin's /*
        });
    }

    @Override
    public void close() {
        http.close();
    }

    private final class Guarded extends HttpServlet {
        @Override
        protected void service(HttpServletRequest req, HttpServletResponse resp) throws ServletException, IOException {
            String key = null;
            HttpServletRequest checked = req;
            try {
                guard(req);
                if ("POST".equals(req.getMethod())) {
                    key = clients.keyFor(req.getRemoteAddr(), req::getHeader);
                    limiter.acquire(key);
                    checked = ReplayedBody.of(req, settings.maxBodyBytes());
                }
            } catch (ApiException e) {
                if (key != null && e.status() != 429) {
                    limiter.release(key); // refused for its input: cost nothing
                }
                write(resp, e);
                metrics.request(PATH, e.status());
                return;
            }
            http.servlet().service(checked, resp);
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
        hosts.require(req.getHeader("Host")); // before the Origin check: a rebinding page's Origin looks like its Host
        String origin = req.getHeader("Origin");
        if (!cors.allows(origin, req.getScheme(), req::getHeader)) {
            throw new ApiException.Forbidden("Requests from " + origin + " are not allowed.");
        }
        StrictUtf8.requireQuery(req.getQueryString());
        long length = req.getContentLengthLong();
        if (length > settings.maxBodyBytes()) {
            throw new ApiException.PayloadTooLarge(settings.maxBodyBytes());
        }
    }

    private void write(HttpServletResponse resp, ApiException e) throws IOException {
        if (e instanceof ApiException.TooManyRequests t) {
            resp.setHeader("Retry-After", Long.toString(t.retryAfterSeconds()));
        }
        resp.setStatus(e.status());
        resp.setContentType(Problems.CONTENT_TYPE);
        resp.getOutputStream().write(Problems.utf8(problems.body(e.status(), e.title(), e.type(), e.getMessage())));
    }
}
