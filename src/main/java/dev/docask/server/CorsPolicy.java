package dev.docask.server;

import io.javalin.http.Context;
import io.javalin.http.HandlerType;

import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/*
 * Cross-origin access for the widget on the docs site. Only origins on the allow-list get CORS
 * headers; a request that carries any other Origin is refused outright (403) instead of being
 * answered and hidden from the page by the browser, because answering costs model tokens.
 * The server's own pages (the demo at /) are same-origin and always allowed. "*" allows all.
 */
final class CorsPolicy {
    private static final String ALLOW_HEADERS = "Content-Type, Accept";
    private static final String ALLOW_METHODS = "GET, POST, OPTIONS";

    private final Set<String> allowed;
    private final boolean any;

    CorsPolicy(List<String> origins) {
        this.allowed = requireValid(origins);
        this.any = allowed.contains("*");
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
        if (origin == null || origin.isBlank() || sameOrigin(ctx, origin)) {
            return;
        }
        if (!any && !allowed.contains(normalise(origin))) {
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

    private static boolean sameOrigin(Context ctx, String origin) {
        String host = ctx.header("Host");
        return host != null && normalise(origin).equals(normalise(ctx.scheme() + "://" + host));
    }

    private static String normalise(String origin) {
        String o = origin.strip().toLowerCase(Locale.ROOT);
        return o.endsWith("/") ? o.substring(0, o.length() - 1) : o;
    }
}
