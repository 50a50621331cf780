package dev.docask.server;

import dev.docask.server.internal.SharedState.Given;

import java.time.Duration;
import java.util.Optional;

/**
 * The last answers given, by id, so feedback can be logged next to the question it judges, refused
 * for ids never given, and taken once per answer (a script repeating one vote cannot fill the log).
 * This process's own ({@link RecentAnswers}) or shared by every replica ({@link SharedAnswers}).
 */
interface GivenAnswers {
    Duration KEPT = Duration.ofHours(24);

    void remember(String id, String question, String text);

    Optional<Given> find(String id);

    /** True for the first feedback on {@code id}, false once one was taken. */
    boolean claimFeedback(String id);

    /** Gives the claim back, for feedback that could not be saved and may be sent again. */
    void releaseFeedback(String id);
}
