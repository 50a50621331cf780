package dev.docask.testsupport;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/** Answers the first request with the first route, the second with the second, and so on; the last one repeats. */
public final class InTurn implements Route {
    private final List<Route> routes;
    private final AtomicInteger next = new AtomicInteger();

    public InTurn(Route... routes) {
        if (routes.length == 0) {
            throw new IllegalArgumentException("InTurn needs at least one route");
        }
        this.routes = List.of(routes);
    }

    @Override
    public void respond(Exchange exchange) throws IOException {
        int i = next.getAndIncrement();
        routes.get(Math.min(i, routes.size() - 1)).respond(exchange);
    }
}
