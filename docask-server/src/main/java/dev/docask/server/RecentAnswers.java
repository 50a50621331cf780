package dev.docask.server;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.docask.server.internal.SharedState.Given;

import java.util.Optional;

/** This process's {@link GivenAnswers}: the last 10,000 answers of the last 24 hours. */
final class RecentAnswers implements GivenAnswers {
    private final Cache<String, Given> answers = Caffeine.newBuilder().maximumSize(10_000)
            .expireAfterWrite(KEPT).build();

    private final Cache<String, Boolean> judged = Caffeine.newBuilder().maximumSize(10_000)
            .expireAfterWrite(KEPT).build();

    @Override
    public void remember(String id, String question, String text) {
        answers.put(id, new Given(question, text));
    }

    @Override
    public Optional<Given> find(String id) {
        return Optional.ofNullable(answers.getIfPresent(id));
    }

    @Override
    public boolean claimFeedback(String id) {
        return judged.asMap().putIfAbsent(id, Boolean.TRUE) == null;
    }

    @Override
    public void releaseFeedback(String id) {
        judged.invalidate(id);
    }
}
