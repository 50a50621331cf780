package dev.docask.server.internal;

import dev.docask.answer.AnswerCache;
import dev.docask.server.RateLimit;

import java.time.Duration;
import java.util.Optional;

/**
 * The state every replica of one deployment shares, each operation atomic in the store. Every
 * method but {@link #answers()} and {@link #reachable()} throws {@link SharedStateUnavailable} when
 * the store does not answer within its timeout; the server decides whether that fails open or closed.
 */
public interface SharedState extends AutoCloseable {
    /** One answer as given, for the feedback on it. */
    record Given(String question, String text) {
    }

    /**
     * Takes one permit from {@code client}'s token bucket of limiter {@code name}.
     *
     * @return 0 when a permit was taken, otherwise the nanoseconds until one is available
     */
    long take(String name, RateLimit limit, String client);

    /** Gives one permit back to {@code client}'s bucket (up to the limit). */
    void giveBack(String name, RateLimit limit, String client);

    /**
     * Counts one request and reserves {@code tokens} on day {@code day} unless that would pass a ceiling
     * (0: none).
     *
     * @return false when the day's budget would be passed; nothing is counted then
     */
    boolean reserve(String day, long maxRequests, long maxTokens, long tokens);

    /** Adds {@code tokens} (negative: gives back) to day {@code day}'s tokens. */
    void settle(String day, long tokens);

    /** Requests and tokens counted on day {@code day}. */
    long[] spentOn(String day);

    /** Remembers an answer by id for {@code keep}. */
    void remember(String id, Given given, Duration keep);

    Optional<Given> find(String id);

    /** True for the first claim on {@code id} within {@code keep}. */
    boolean claim(String id, Duration keep);

    /** Gives a claim back. */
    void unclaim(String id);

    /**
     * The salt every replica's question log hashes clients with: {@code proposed} (hexadecimal) when none is stored
     * yet, which is then kept for good, else the one stored.
     */
    String questionLogSalt(String proposed);

    /** The shared answer cache's store: fails open (a miss) when the store does not answer. */
    AnswerCache.Store answers();

    /** What /readyz reports of the store ({@code "redis": "up" | "down" | "error"}). */
    enum Health {
        /** It answers and accepts what docask needs. */
        UP,
        /** It does not answer (down, unreachable, timed out). */
        DOWN,
        /** It answers with errors (no permission, out of memory, a key of the wrong type): shared state is unusable. */
        ERROR
    }

    /** The store's health now (for /readyz); never throws. */
    Health health();

    /** Whether the store answers and accepts what docask needs now; never throws. */
    default boolean reachable() {
        return health() == Health.UP;
    }

    @Override
    void close();
}
