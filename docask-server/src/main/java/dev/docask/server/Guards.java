package dev.docask.server;

import io.javalin.http.Context;

/*
 * The checks a request passes before it may cost anything: the client's rate limit and the daily
 * budget. The rate limit is taken first, before the body is read, so a flood is cheap to refuse;
 * a request then refused for its input (4xx) gives its permit back, because it cost nothing and
 * a reader who mistyped must not find their next real question refused.
 */
final class Guards {
    private static final String PERMIT = "docask.ratePermit"; // request attribute: the client key charged

    private final ClientKeys clients;
    private final Limiter limiter;
    private final Budget budget;

    Guards(ClientKeys clients, Limiter limiter, Budget budget) {
        this.clients = clients;
        this.limiter = limiter;
        this.budget = budget;
    }

    /** Takes one request from the calling client's allowance (429 when spent). */
    void rateLimit(Context ctx) {
        String key = clients.keyFor(ctx.ip(), ctx::header);
        limiter.acquire(key);
        ctx.attribute(PERMIT, key);
    }

    /** Who is asking: the key the rate limit counts by (an address, or its /64). */
    String clientKey(Context ctx) {
        String charged = ctx.attribute(PERMIT);
        return charged != null ? charged : clients.keyFor(ctx.ip(), ctx::header);
    }

    /** After the response: gives the permit back when the request was refused for its input. */
    void refundRejected(Context ctx) {
        String key = ctx.attribute(PERMIT);
        if (key != null && ctx.statusCode() >= 400 && ctx.statusCode() < 500) {
            limiter.release(key);
        }
    }

    Budget budget() {
        return budget;
    }
}
