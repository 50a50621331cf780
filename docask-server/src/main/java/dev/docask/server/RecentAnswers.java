package dev.docask.server;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;

import java.time.Duration;
import java.util.Optional;

/**
 * The last answers given, by id, so feedback can be logged next to the question it judges, refused
 * for ids never given, and taken once per answer (a script repeating one vote cannot fill the log).
 */
final class RecentAnswers {
    record Given(String question, String text) {
    }

    static final Duration KEPT = Duration.ofHours(24);

    private final Cache<String, Given> answers = Caffeine.newBuilder().maximumSize(10_000)
            .expireAfterWrite(KEPT).build();

    private final Cache<String, Boolean> judged = Caffeine.newBuilder().maximumSize(10_000)
            .expireAfterWrite(KEPT).build();

    void remember(String id, String question, String text) {
        answers.put(id, new Given(question, text));
    }

    Optional<Given> find(String id) {
        return Optional.ofNullable(answers.getIfPresent(id));
    }

    /** True for the first feedback on {@code id}, false once one was taken. */
    boolean claimFeedback(String id) {
        return judged.asMap().putIfAbsent(id, Boolean.TRUE) == null;
    }

    /** Gives the claim back, for feedback that could not be saved and may be sent again. */
    void releaseFeedback(String id) {
        judged.invalidate(id);
    }
}
