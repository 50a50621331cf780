package dev.docask.server;

import dev.docask.answer.internal.ApiException;
import org.jspecify.annotations.Nullable;

import io.javalin.http.Context;
import io.javalin.http.HandlerType;

import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/*
 * Cross-origin access for the widget on the docs site. Only origins on the allow-list get CORS
 * headers; a request that carries any other Origin is refused outright (403) instead of being
 * answered and hidden from the page by the browser, because answering costs model tokens.
 * The server's own pages (the demo at /) are same-origin and always allowed. "*" allows all.
 *
 * Same origin, behind a reverse proxy too. The check stops other sites' pages from spending our
 * tokens through their visitors' browsers; it is not authentication (any script may send any
 * Origin, or none, which is allowed; rate limits and the daily budget hold for everyone). So a
 * request is same-origin when:
 *  - the browser says so: Sec-Fetch-Site: same-origin. Browsers set it themselves and pages cannot
 *    (a forbidden header), and it stays right behind a proxy that terminates TLS or rewrites Host,
 *    where comparing Origin with our own scheme and Host fails. A non-browser client can forge
 *    it, but could as well omit Origin: nothing is opened that was closed;
 *  - or Origin is our scheme and Host (browsers without Sec-Fetch-Site);
 *  - or, only when a trusted proxy is configured (trustProxyHeader), Origin is the origin the proxy
 *    reports in X-Forwarded-Proto and X-Forwarded-Host; unconfigured, these headers are anyone's.
 */
final class CorsPolicy {
    private static final String ALLOW_HEADERS = "Content-Type, Accept";
    private static final String ALLOW_METHODS = "GET, POST, OPTIONS";

    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(CorsPolicy.class);
    private static final int MAX_LOGGED_ORIGINS = 100;

    private final Set<String> allowed;
    private final Set<String> refusedOrigins = java.util.concurrent.ConcurrentHashMap.newKeySet();
    private final boolean any;
    private final boolean trustForwarded;

    CorsPolicy(List<String> origins, boolean trustForwarded) {
        this.allowed = requireValid(origins);
        this.any = allowed.contains("*");
        this.trustForwarded = trustForwarded;
    }

    /** The origins, normalised; a bad one fails naming it. */
    static Set<String> requireValid(List<String> origins) {
        Set<String> normalised = origins.stream().map(CorsPolicy::normalise).collect(Collectors.toUnmodifiableSet());
        for (String o : normalised) {
            if (!o.equals("*") && !o.matches("https?://[^/\\s]+")) {
                throw new IllegalArgumentException("allowed origin '" + o + "' should look like https://docs.example.com (scheme and host, no path)");
            }
        }
        return normalised;
    }

    /**
     * Runs before every /api request: adds CORS headers for allowed origins, answers preflights,
     * and refuses requests from other origins.
     */
    void apply(Context ctx) {
        String origin = ctx.header("Origin");
        if (origin == null || origin.isBlank() || sameOrigin(origin, ctx.scheme(), ctx::header)) {
            return;
        }
        if (!any && !allowed.contains(normalise(origin))) {
            // the browser hides this 403 from the page (no CORS headers), so the widget can only say it could not
            // reach the server: the operator learns which origin to allow from the log, once per origin
            if (firstRefusal(origin)) {
                LOG.warn("refused a request from the page origin {}: it is not an allowed origin (--allow-origin {})",
                        origin, normalise(origin));
            }
            throw new ApiException.Forbidden("Requests from " + origin + " are not allowed.");
        }
        ctx.header("Access-Control-Allow-Origin", any ? "*" : origin);
        ctx.header("Vary", "Origin");
        ctx.header("Access-Control-Expose-Headers", "Retry-After, x-vercel-ai-ui-message-stream");
        if (ctx.method() == HandlerType.OPTIONS) {
            ctx.header("Access-Control-Allow-Methods", ALLOW_METHODS);
            ctx.header("Access-Control-Allow-Headers", ALLOW_HEADERS);
            ctx.header("Access-Control-Max-Age", "600");
            ctx.status(204);
            ctx.skipRemainingHandlers();
        }
    }

    /** Whether {@code origin} is refused for the first time (then logged); the first 100 origins are remembered. */
    boolean firstRefusal(String origin) {
        return refusedOrigins.size() < MAX_LOGGED_ORIGINS && refusedOrigins.add(normalise(origin));
    }

    /**
     * Whether a request that sent {@code origin} may be served: no Origin, the same origin, or an allowed
     * one. For routes that answer no browser preflight (/mcp); {@code header} looks headers up by name.
     */
    boolean allows(@Nullable String origin, String scheme, Function<String, @Nullable String> header) {
        return origin == null || origin.isBlank() || sameOrigin(origin, scheme, header) || any
                || allowed.contains(normalise(origin));
    }

    private boolean sameOrigin(String origin, String scheme, Function<String, @Nullable String> header) {
        if ("same-origin".equalsIgnoreCase(header.apply("Sec-Fetch-Site"))) {
            return true;
        }
        String o = normalise(origin);
        String host = header.apply("Host");
        if (host != null && o.equals(normalise(scheme + "://" + host))) {
            return true;
        }
        if (!trustForwarded) {
            return false;
        }
        String proto = first(header.apply("X-Forwarded-Proto"));
        String fwdHost = first(header.apply("X-Forwarded-Host"));
        String h = fwdHost != null ? fwdHost : host;
        return h != null && o.equals(normalise((proto != null ? proto : scheme) + "://" + h));
    }

    /** The first value of a header a chain of proxies may have appended to. */
    private static @Nullable String first(@Nullable String header) {
        if (header == null) {
            return null;
        }
        String v = header.split(",", 2)[0].strip();
        return v.isEmpty() ? null : v;
    }

    private static String normalise(String origin) {
        String o = origin.strip().toLowerCase(Locale.ROOT);
        return o.endsWith("/") ? o.substring(0, o.length() - 1) : o;
    }
}
