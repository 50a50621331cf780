package dev.docask.answer.internal;

import dev.docask.answer.Answer;

import java.time.Duration;

/**
 * What an operator graphs about answers, under one set of meter names for every front end (docask serve's
 * {@code /metrics}, the Spring Boot starter's Micrometer registry): traffic, how often docask refused or
 * answered from cache or fell back to keywords, and the two latencies a reader feels. Implementations bind
 * these to a meter registry; {@link #answered(Answer)} decides which to count for a completed answer.
 */
public interface AnswerMeters {
    String HTTP_REQUESTS = "docask.http.requests";
    String REFUSALS = "docask.refusals";
    String CACHE_HITS = "docask.cache.hits";
    String KEYWORD_FALLBACKS = "docask.keyword.fallbacks";
    String FAILURES = "docask.answer.failures";
    String CANCELLATIONS = "docask.answer.cancellations";
    String RETRIEVAL = "docask.retrieval";
    String FIRST_TOKEN = "docask.first.token";
    String OPEN_STREAMS = "docask.streams.open";
    String ANSWERS = "docask.answers";
    String MODEL_TOKENS = "docask.model.tokens";

    /** Counts nothing: for a front end without a registry. */
    AnswerMeters NONE = new AnswerMeters() {
    };

    /**
     * On Micrometer's global registry, which Spring Boot adds its own registry to (unless
     * {@code management.metrics.use-global-registry=false}), when Micrometer is on the class path; else {@link #NONE}.
     * For a front end built by hand, given no registry.
     */
    static AnswerMeters global() {
        try {
            Class.forName("io.micrometer.core.instrument.Metrics", false, AnswerMeters.class.getClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            return NONE; // Micrometer is optional: without it there is no registry to count on
        }
        return MicrometerMeters.onGlobalRegistry();
    }

    default void refusal() {
    }

    default void cacheHit() {
    }

    default void keywordFallback() {
    }

    default void failure() {
    }

    default void cancellation() {
    }

    default void retrieval(Duration d) {
    }

    default void firstToken(Duration d) {
    }

    default void streamOpened() {
    }

    default void streamClosed() {
    }

    /** Counts a completed answer: refused, cached, keyword fallback, and its latencies unless cached. */
    default void answered(Answer a) {
        if (a.refused()) {
            refusal();
        }
        if (a.cached()) {
            cacheHit();
        }
        if (a.keywordFallback()) {
            keywordFallback();
        }
        if (!a.cached()) {
            retrieval(Duration.ofMillis(a.timings().retrievalMillis()));
            if (!a.refused()) {
                firstToken(Duration.ofMillis(a.timings().firstTokenMillis()));
            }
        }
    }
}
