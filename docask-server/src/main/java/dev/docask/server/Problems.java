package dev.docask.server;

import dev.docask.answer.internal.ApiException;
import dev.docask.index.IndexException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import io.javalin.http.HttpResponseException;
import io.javalin.http.HttpStatus;
import io.javalin.http.MethodNotAllowedResponse;
import io.javalin.router.EndpointNotFound;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;

/*
 * The one place that turns failures into HTTP responses (docs/design.md#errors: thin handlers, one mapper).
 * Bodies follow RFC 9457 (application/problem+json): type, title, status, detail. Anything that
 * is not an ApiException is a bug or an outage on our side: it is logged with its stack trace and
 * the client gets a plain 500 that reveals nothing.
 */
final class Problems {
    private static final Logger LOG = LoggerFactory.getLogger(Problems.class);
    /* With the charset: Jetty assumes UTF-8 for application/json only, and would encode these in ISO-8859-1. */
    static final String CONTENT_TYPE = "application/problem+json; charset=utf-8";
    static final String JSON = "application/json; charset=utf-8";

    private final ObjectMapper json;

    Problems(ObjectMapper json) {
        this.json = json;
    }

    void register(RoutesConfig routes) {
        routes.exception(ApiException.class, (e, ctx) -> write(ctx, e));
        routes.exception(Exception.class, (e, ctx) -> {
            LOG.error("{} {} failed", ctx.method(), ctx.path(), e);
            write(ctx, 500, "Internal server error", "internal-server-error",
                    "Something went wrong on the server. Please try again later.");
        });
        routes.exception(IndexException.class, (e, ctx) -> {
            // an outage of our own index, not a bug: the operator gets its words, the client a 503 without them
            LOG.error("{} {} failed: {}", ctx.method(), ctx.path(), e.getMessage());
            write(ctx, new ApiException.Unavailable(IndexException.CLIENT_MESSAGE));
        });
        routes.exception(HttpResponseException.class, (e, ctx) -> write(ctx, e.getStatus(), java.util.Objects.requireNonNullElse(e.getMessage(), "")));
        routes.exception(MethodNotAllowedResponse.class, (e, ctx) -> {
            // Javalin lists the path's methods as the one value of its details (its key depends on Accept)
            String allow = e.getDetails().values().stream().findFirst().orElse("");
            if (Arrays.stream(allow.split(",")).map(String::strip).allMatch(m -> m.isEmpty() || m.equals("OPTIONS"))) {
                writeNotFound(ctx); // only the CORS preflight route under /api/* matched: nothing is here
                return;
            }
            ctx.header("Allow", allow);
            write(ctx, 405, ctx.method() + " is not allowed on " + ctx.path() + ".");
        });
        // an exception handler, not error(404): that would also overwrite the 404s handlers throw themselves
        routes.exception(EndpointNotFound.class, (e, ctx) -> writeNotFound(ctx));
    }

    private void writeNotFound(Context ctx) {
        write(ctx, new ApiException.NotFound("There is nothing at " + ctx.path() + "."));
    }

    void write(Context ctx, ApiException e) {
        if (e instanceof ApiException.TooManyRequests t) {
            ctx.header("Retry-After", Long.toString(t.retryAfterSeconds()));
        }
        if (e instanceof ApiException.Unavailable u) {
            u.retryAfterSeconds().ifPresent(s -> ctx.header("Retry-After", Long.toString(s)));
        }
        write(ctx, e.status(), e.title(), e.type(), e.detail());
    }

    /** The problem body alone, for streams that already sent their headers. */
    ObjectNode body(int status, String title, String type, String detail) {
        return ApiException.body(json, status, title, type, detail);
    }

    /** The problem body for {@code status}, titled with the status's reason phrase. */
    ObjectNode body(int status, String detail) {
        String[] words = HttpStatus.forStatus(status).getMessage().split(" ");
        for (int i = 1; i < words.length; i++) { // sentence case like ApiException's titles; keeps "URI"
            words[i] = words[i].equals(words[i].toUpperCase(Locale.ROOT)) ? words[i] : words[i].toLowerCase(Locale.ROOT);
        }
        String title = String.join(" ", words);
        return body(status, title, title.toLowerCase(Locale.ROOT).replace(' ', '-'), detail);
    }

    private void write(Context ctx, int status, String detail) {
        ctx.status(status).contentType(CONTENT_TYPE).result(utf8(body(status, detail)));
    }

    private void write(Context ctx, int status, String title, String type, String detail) {
        ctx.status(status).contentType(CONTENT_TYPE).result(utf8(body(status, title, type, detail)));
    }

    /** {@code node} as UTF-8 bytes: the response never depends on the container's default charset. */
    static byte[] utf8(JsonNode node) {
        return node.toString().getBytes(StandardCharsets.UTF_8);
    }
}
