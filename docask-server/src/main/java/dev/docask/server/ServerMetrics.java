package dev.docask.server;

import dev.docask.answer.internal.AnswerMeters;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Timer;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

/*
 * What an operator graphs: traffic by route and status, how often docask refused or answered from
 * cache or fell back to keywords, and the two latencies a reader feels (retrieval, first token),
 * as Prometheus histograms so percentiles can be aggregated across replicas. The names are AnswerMeters',
 * which the Spring Boot starter registers too.
 */
final class ServerMetrics implements AnswerMeters {
    private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    private final Counter refusals = Counter.builder(REFUSALS)
            .description("Questions answered with \"I don't know\" without calling the model").register(registry);
    private final Counter cacheHits = Counter.builder(CACHE_HITS)
            .description("Answers replayed from the answer cache").register(registry);
    private final Counter fallbacks = Counter.builder(KEYWORD_FALLBACKS)
            .description("Questions answered from keywords alone because the embedder failed").register(registry);
    private final Counter failures = Counter.builder(FAILURES)
            .description("Answers that failed (model error or timeout)").register(registry);
    private final Counter cancellations = Counter.builder(CANCELLATIONS)
            .description("Answers stopped because the client went away").register(registry);
    private final Timer retrieval = Timer.builder(RETRIEVAL).publishPercentileHistogram()
            .description("Time to find the sources").register(registry);
    private final Timer firstToken = Timer.builder(FIRST_TOKEN).publishPercentileHistogram()
            .description("Time from the question to the first token of the answer").register(registry);
    private final AtomicInteger openStreams = registry.gauge(OPEN_STREAMS, new AtomicInteger());

    void request(String route, int status) {
        Counter.builder(HTTP_REQUESTS).tag("route", route).tag("status", Integer.toString(status))
                .register(registry).increment();
    }

    @Override
    public void refusal() {
        refusals.increment();
    }

    @Override
    public void cacheHit() {
        cacheHits.increment();
    }

    @Override
    public void keywordFallback() {
        fallbacks.increment();
    }

    @Override
    public void failure() {
        failures.increment();
    }

    @Override
    public void cancellation() {
        cancellations.increment();
    }

    @Override
    public void retrieval(Duration d) {
        retrieval.record(d);
    }

    @Override
    public void firstToken(Duration d) {
        firstToken.record(d);
    }

    @Override
    public void streamOpened() {
        openStreams.incrementAndGet();
    }

    @Override
    public void streamClosed() {
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
