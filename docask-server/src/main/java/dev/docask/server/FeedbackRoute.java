package dev.docask.server;

import dev.docask.answer.internal.ApiException;
import dev.docask.answer.internal.Fields;
import dev.docask.server.internal.SharedState;
import org.jspecify.annotations.Nullable;

import com.fasterxml.jackson.databind.JsonNode;
import io.javalin.http.Context;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * {@code POST /api/feedback}: {@code {"answerId", "rating": "up"|"down", "comment"?}} → 204, or 404 when
 * the id is not one of this server's (or, with Redis, this deployment's) recent answers (a typo, a guess, or an answer from before a restart),
 * or 409 when that answer already has feedback.
 */
final class FeedbackRoute {
    private static final Logger LOG = LoggerFactory.getLogger(FeedbackRoute.class);
    static final int MAX_COMMENT_CHARS = 2_000;

    private final JsonBodies bodies;
    private final GivenAnswers recent;
    private final @Nullable FeedbackLog log; // null: no log file
    private final @Nullable QuestionLog questions; // null: no question log
    private final Consumer<Feedback> onFeedback;
    private final Clock clock;

    FeedbackRoute(JsonBodies bodies, GivenAnswers recent, @Nullable FeedbackLog log, @Nullable QuestionLog questions,
                  Consumer<Feedback> onFeedback, Clock clock) {
        this.questions = questions;
        this.bodies = bodies;
        this.recent = recent;
        this.log = log;
        this.onFeedback = onFeedback;
        this.clock = clock;
    }

    void handle(Context ctx) {
        Feedback f = parse(bodies.readObject(ctx));
        if (!recent.claimFeedback(f.answerId())) {
            throw new ApiException.Conflict("This answer already has feedback; one rating per answer is taken.");
        }
        try {
            if (log != null) {
                log.append(f);
            }
        } catch (RuntimeException e) {
            recent.releaseFeedback(f.answerId());
            throw e;
        }
        if (questions != null) {
            questions.feedback(f); // never throws: the feedback file and onFeedback still have it
        }
        try {
            onFeedback.accept(f);
        } catch (RuntimeException e) {
            LOG.warn("onFeedback failed for answer {}", f.answerId(), e); // the reader's feedback was still taken
        }
        ctx.status(204);
    }

    private Feedback parse(JsonNode body) {
        String id = Fields.requireString(body, "answerId", 100);
        if (!id.matches("[A-Za-z0-9_-]+")) {
            throw new ApiException.BadRequest("'answerId' must be the id the answer was sent with.");
        }
        String rating = Fields.requireString(body, "rating", 10).toLowerCase(Locale.ROOT);
        Feedback.Rating r = switch (rating) {
            case "up" -> Feedback.Rating.UP;
            case "down" -> Feedback.Rating.DOWN;
            default -> throw new ApiException.BadRequest("'rating' must be \"up\" or \"down\", not \"" + rating + "\".");
        };
        // plain text, as a question must be: a control character breaks the feedback log's readers and the report
        String comment = Fields.requirePlainText("'comment'", Fields.optionalString(body, "comment", MAX_COMMENT_CHARS));
        SharedState.Given given = recent.find(id).orElseThrow(() -> new ApiException.NotFound(
                "No recent answer has the id '" + id + "'; feedback is taken for answers of the last "
                        + GivenAnswers.KEPT.toHours() + " hours."));
        return new Feedback(id, r, comment, given.question(), given.text(), clock.instant());
    }
}
