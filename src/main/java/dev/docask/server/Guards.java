package dev.docask.server;

import io.javalin.http.Context;

/** The checks a request passes before it may cost anything: the client's rate limit and the daily budget. */
final class Guards {
    private final ClientKeys clients;
    private final RateLimiter limiter;
    private final DailyBudget budget;

    Guards(ClientKeys clients, RateLimiter limiter, DailyBudget budget) {
        this.clients = clients;
        this.limiter = limiter;
        this.budget = budget;
    }

    /** Takes one request from the calling client's allowance (429 when spent). */
    void rateLimit(Context ctx) {
        limiter.acquire(clients.keyFor(ctx.ip(), ctx::header));
    }

    DailyBudget budget() {
        return budget;
    }
}
