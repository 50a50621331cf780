package dev.docask.server;

import dev.docask.mcp.DocsMcp;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Timer;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;

import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;

/*
 * What an operator graphs: traffic by route and status, how often docask refused or answered from
 * cache or fell back to keywords, and the two latencies a reader feels (retrieval, first token),
 * as Prometheus histograms so percentiles can be aggregated across replicas.
 */
final class ServerMetrics {
    private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    private final Counter refusals = Counter.builder("docask.refusals")
            .description("Questions answered with \"I don't know\" without calling the model").register(registry);
    private final Counter cacheHits = Counter.builder("docask.cache.hits")
            .description("Answers replayed from the answer cache").register(registry);
    private final Counter fallbacks = Counter.builder("docask.keyword.fallbacks")
            .description("Questions answered from keywords alone because the embedder failed").register(registry);
    private final Counter failures = Counter.builder("docask.answer.failures")
            .description("Answers that failed (model error or timeout)").register(registry);
    private final Counter cancellations = Counter.builder("docask.answer.cancellations")
            .description("Answers stopped because the client went away").register(registry);
    private final Timer retrieval = Timer.builder("docask.retrieval").publishPercentileHistogram()
            .description("Time to find the sources").register(registry);
    private final Timer firstToken = Timer.builder("docask.first.token").publishPercentileHistogram()
            .description("Time from the question to the first token of the answer").register(registry);
    private final AtomicInteger openStreams = registry.gauge("docask.streams.open", new AtomicInteger());

    void request(String route, int status) {
        Counter.builder("docask.http.requests").tag("route", route).tag("status", Integer.toString(status))
                .register(registry).increment();
    }

    /** One MCP tool call: counted by tool and outcome, timed by tool. */
    void mcpCall(String tool, DocsMcp.Outcome outcome, Duration took) {
        Counter.builder("docask.mcp.calls").description("MCP tool calls by tool and outcome").tag("tool", tool)
                .tag("outcome", outcome.name().toLowerCase(Locale.ROOT)).register(registry).increment();
        Timer.builder("docask.mcp.call").description("Time to run an MCP tool call").tag("tool", tool)
                .publishPercentileHistogram().register(registry).record(took);
    }

    void refusal() {
        refusals.increment();
    }

    void cacheHit() {
        cacheHits.increment();
    }

    void keywordFallback() {
        fallbacks.increment();
    }

    void failure() {
        failures.increment();
    }

    void cancellation() {
        cancellations.increment();
    }

    void retrieval(Duration d) {
        retrieval.record(d);
    }

    void firstToken(Duration d) {
        firstToken.record(d);
    }

    void streamOpened() {
        openStreams.incrementAndGet();
    }

    void streamClosed() {
        openStreams.decrementAndGet();
    }

    int openStreams() {
        return openStreams.get();
    }

    /** The Prometheus text exposition. */
    String scrape() {
        return registry.scrape();
    }
}
