package dev.docask.server;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;

import java.time.Duration;
import java.util.Optional;

/** The last answers given, by id, so feedback can be logged next to the question it judges (and refused for ids never given). */
final class RecentAnswers {
    record Given(String question, String text) {
    }

    static final Duration KEPT = Duration.ofHours(24);

    private final Cache<String, Given> answers = Caffeine.newBuilder().maximumSize(10_000)
            .expireAfterWrite(KEPT).build();

    void remember(String id, String question, String text) {
        answers.put(id, new Given(question, text));
    }

    Optional<Given> find(String id) {
        return Optional.ofNullable(answers.getIfPresent(id));
    }
}
