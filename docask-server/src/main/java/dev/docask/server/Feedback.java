package dev.docask.server;

import java.time.Instant;
import java.util.Objects;

/**
 * A reader's verdict on one answer, posted by the widget's thumbs to {@code /api/feedback} and
 * handed to {@code onFeedback} and the JSON Lines log.
 *
 * <pre>{@code
 * DocaskServer.builder().indexDir(dir)
 *         .onFeedback(f -> { if (f.rating() == Feedback.Rating.DOWN) alerts.send(f.question()); })
 * }</pre>
 *
 * @param answerId   the id the answer stream sent as its {@code messageId}
 * @param rating     thumbs up or down
 * @param comment    what the reader wrote, or empty
 * @param question   the question the answer was given to (empty when built by hand)
 * @param answer     the answer text (empty when built by hand)
 * @param receivedAt when the feedback arrived
 */
public record Feedback(String answerId, Rating rating, String comment, String question, String answer,
                       Instant receivedAt) {

    /** Thumbs up or down. */
    public enum Rating { UP, DOWN }

    public Feedback {
        Objects.requireNonNull(answerId, "answerId");
        Objects.requireNonNull(rating, "rating");
        Objects.requireNonNull(receivedAt, "receivedAt");
        comment = comment == null ? "" : comment;
        question = question == null ? "" : question;
        answer = answer == null ? "" : answer;
    }
}
