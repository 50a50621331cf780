package dev.docask.server;

import org.jspecify.annotations.Nullable;

import dev.docask.answer.AnswerCache;
import dev.docask.answer.AskHandler;
import dev.docask.server.internal.SharedStateSettings;
import dev.docask.answer.internal.AskRequest;
import dev.docask.retrieve.HybridRetriever;
import dev.docask.retrieve.RetrievalOptions;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.BiFunction;
import java.util.function.Consumer;

/** Everything a {@link DocaskServer} is configured with, validated once. */
record ServerSettings(Path indexDir, String host, int port, @Nullable String siteName, RetrievalOptions retrieval,
                      BiFunction<HybridRetriever, Optional<AnswerCache>, AskHandler> answers,
                      List<String> allowOrigins, RateLimit rateLimit, @Nullable String trustProxyHeader, int maxBodyBytes,
                      int maxQuestionChars, long dailyRequests, long dailyTokens, @Nullable Path feedbackLog,
                      Consumer<Feedback> onFeedback, Duration reloadInterval, Duration shutdownGrace, Duration pingInterval,
                      Clock clock, RateLimit mcpRateLimit, List<String> allowHosts, @Nullable Path questionLog,
                      int questionLogRetentionDays, Optional<SharedStateSettings> redis,
                      boolean redisFailOpen, OptionalInt metricsPort, int maxOutputTokens, String version) {
    static final int DEFAULT_MAX_BODY_BYTES = dev.docask.answer.internal.JsonBodies.DEFAULT_MAX_BYTES;
    static final int DEFAULT_MAX_QUESTION_CHARS = AskRequest.DEFAULT_MAX_QUESTION_CHARS;
    /** The output cap a daily-budget reservation counts per answer (#14 item 6 sends it to the model too). */
    static final int DEFAULT_MAX_OUTPUT_TOKENS = 800;

    ServerSettings {
        Objects.requireNonNull(indexDir, "indexDir");
        Objects.requireNonNull(host, "host");
        if (port < 0 || port > 65_535) {
            throw new IllegalArgumentException("port must be between 0 and 65535, got " + port);
        }
        if (maxBodyBytes < 1) {
            throw new IllegalArgumentException("maxBodyBytes must be positive, got " + maxBodyBytes);
        }
        if (maxQuestionChars < 1 || maxQuestionChars > HybridRetriever.MAX_QUESTION_CHARS) {
            throw new IllegalArgumentException("maxQuestionChars must be between 1 and " + HybridRetriever.MAX_QUESTION_CHARS
                    + " (the retriever's limit), got " + maxQuestionChars);
        }
        if (dailyRequests < 0 || dailyTokens < 0) {
            throw new IllegalArgumentException("daily budgets cannot be negative");
        }
        if (questionLogRetentionDays < 0) {
            throw new IllegalArgumentException("questionLogRetentionDays cannot be negative (0 keeps every day), got "
                    + questionLogRetentionDays);
        }
        requirePositive("reloadInterval", reloadInterval);
        requirePositive("pingInterval", pingInterval);
        Objects.requireNonNull(answers, "answers");
        if (shutdownGrace == null || shutdownGrace.isNegative()) {
            throw new IllegalArgumentException("shutdownGrace cannot be negative, got " + shutdownGrace);
        }
        Objects.requireNonNull(retrieval, "retrieval");
        Objects.requireNonNull(rateLimit, "rateLimit");
        Objects.requireNonNull(onFeedback, "onFeedback");
        Objects.requireNonNull(clock, "clock");
        Objects.requireNonNull(mcpRateLimit, "mcpRateLimit");
        Objects.requireNonNull(redis, "redis");
        Objects.requireNonNull(metricsPort, "metricsPort");
        Objects.requireNonNull(version, "version");
        if (metricsPort.isPresent() && (metricsPort.getAsInt() < 0 || metricsPort.getAsInt() > 65_535)) {
            throw new IllegalArgumentException("metricsPort must be between 0 and 65535, got " + metricsPort.getAsInt());
        }
        if (maxOutputTokens < 1) {
            throw new IllegalArgumentException("maxOutputTokens must be at least 1, got " + maxOutputTokens);
        }
        allowHosts = List.copyOf(allowHosts);
        AllowedHosts.requireValid(allowHosts); // fail at build(), not at start()
        allowOrigins = List.copyOf(allowOrigins);
        CorsPolicy.requireValid(allowOrigins); // fail at build(), not at start()
    }

    private static void requirePositive(String name, Duration d) {
        if (d == null || d.isZero() || d.isNegative()) {
            throw new IllegalArgumentException(name + " must be positive, got " + d);
        }
    }
}
