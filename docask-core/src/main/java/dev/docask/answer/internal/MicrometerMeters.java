package dev.docask.answer.internal;

import dev.docask.answer.Answer;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Metrics;
import io.micrometer.core.instrument.Timer;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

/*
 * What an operator graphs: traffic by route and status, how often docask refused or answered from
 * cache or fell back to keywords, and the two latencies a reader feels (retrieval, first token), as
 * histograms so percentiles can be aggregated across replicas. One binding for docask serve (its own
 * Prometheus registry) and the Spring Boot starter (the application's registry), so both export the
 * same meters. Micrometer is an optional dependency of docask-core: only those two load this class.
 */
/** docask's {@link AnswerMeters} on a Micrometer registry. */
public class MicrometerMeters implements AnswerMeters {
    private final MeterRegistry registry;
    private final Counter refusals;
    private final Counter cacheHits;
    private final Counter fallbacks;
    private final Counter failures;
    private final Counter cancellations;
    private final Timer retrieval;
    private final Timer firstToken;
    private final AtomicInteger openStreams = new AtomicInteger();
    private final Counter answered;
    private final Counter answeredRefused;
    private final Counter answeredCached;
    private final Counter answersFailed;
    private final Counter answersCancelled;
    private final Counter inputTokens;
    private final Counter outputTokens;

    public MicrometerMeters(MeterRegistry registry) {
        this(registry, true);
    }

    private MicrometerMeters(MeterRegistry registry, boolean streams) {
        this.registry = registry;
        refusals = Counter.builder(REFUSALS)
                .description("Questions answered with \"I don't know\" without calling the model").register(registry);
        cacheHits = Counter.builder(CACHE_HITS).description("Answers replayed from the answer cache").register(registry);
        fallbacks = Counter.builder(KEYWORD_FALLBACKS)
                .description("Questions answered from keywords alone because the embedder failed").register(registry);
        failures = Counter.builder(FAILURES).description("Answers that failed (model error or timeout)").register(registry);
        cancellations = Counter.builder(CANCELLATIONS)
                .description("Answers stopped because the client went away").register(registry);
        retrieval = Timer.builder(RETRIEVAL).publishPercentileHistogram().description("Time to find the sources")
                .register(registry);
        firstToken = Timer.builder(FIRST_TOKEN).publishPercentileHistogram()
                .description("Time from the question to the first token of the answer").register(registry);
        if (streams) {
            Gauge.builder(OPEN_STREAMS, openStreams, AtomicInteger::get).description("Answer streams open now").register(registry);
        }
        answered = outcome("answered");
        answeredRefused = outcome("refused");
        answeredCached = outcome("cached");
        answersFailed = outcome("failed");
        answersCancelled = outcome("cancelled");
        inputTokens = tokens("input");
        outputTokens = tokens("output");
    }

    /**
     * The meters of answers alone, for a front end that serves no stream (a {@code DocaskIndex} built by hand): the
     * gauge of open streams is the serving front end's, and on a registry it shares (Spring Boot's) a second one would
     * be ignored, with a warning, or be the one that stays at 0.
     */
    public static AnswerMeters answers(MeterRegistry registry) {
        return new MicrometerMeters(registry, false);
    }

    /** {@link #answers} on Micrometer's global registry; {@link AnswerMeters#global()} calls it once Micrometer is there. */
    static AnswerMeters onGlobalRegistry() {
        return answers(Metrics.globalRegistry);
    }

    private Counter outcome(String outcome) {
        return Counter.builder(ANSWERS).tag("outcome", outcome)
                .description("Answers by how they ended: answered, refused, cached, failed or cancelled").register(registry);
    }

    private Counter tokens(String type) {
        return Counter.builder(MODEL_TOKENS).tag("type", type)
                .description("Model tokens the provider reported, prompt (input) and answer (output)").register(registry);
    }

    /** Counts one HTTP request by route and status. */
    public void request(String route, int status) {
        Counter.builder(HTTP_REQUESTS).tag("route", route).tag("status", Integer.toString(status))
                .description("HTTP requests by route and status (499: the client left before the answer ended)")
                .register(registry).increment();
    }

    @Override
    public void answered(Answer a) {
        AnswerMeters.super.answered(a);
        (switch (AnswerEnding.outcomeOf(a)) { // as the question log counts it
            case REFUSED -> answeredRefused;
            case CACHED -> answeredCached;
            default -> answered;
        }).increment();
        if (!a.cached()) {
            a.usage().ifPresent(u -> {
                inputTokens.increment(u.inputTokens());
                outputTokens.increment(u.outputTokens());
            });
        }
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
        answersFailed.increment();
    }

    @Override
    public void cancellation() {
        cancellations.increment();
        answersCancelled.increment();
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

    /** Answer streams open now. */
    public int openStreams() {
        return openStreams.get();
    }
}
