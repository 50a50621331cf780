package dev.docask.server;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.docask.answer.AskHandler;
import dev.docask.answer.internal.AnswerEnding;
import dev.docask.answer.internal.AnswerStream;
import dev.docask.answer.internal.AskRequest;
import dev.docask.answer.internal.LiveIndex;
import io.javalin.http.Context;
import org.jspecify.annotations.Nullable;

import java.io.IOException;
import java.io.OutputStream;
import java.time.Duration;
import java.util.function.Consumer;

/*
 * POST /api/ask. Cheap checks first (rate limit, body, budget), then the answer, on the index
 * generation that was live when the request arrived. The answer itself (stream or JSON) is
 * AnswerStream's, shared with the Spring Boot starter; this adds what only the server has: the
 * rate limit and budget, shutdown draining, feedback memory, Jetty's disconnect watch, and the
 * question log, which hears how every request that got an answer id ended.
 */
final class AskRoute {
    private final LiveIndex live;
    private final Guards guards;
    private final JsonBodies bodies;
    private final Drain drain;
    private final AnswerStream answers;
    private final int maxQuestionChars;
    private final @Nullable QuestionLog questions; // null: no question log

    AskRoute(LiveIndex live, Guards guards, JsonBodies bodies, ObjectMapper json,
             ServerMetrics metrics, RecentAnswers recent, Drain drain, int maxQuestionChars, Duration pingInterval,
             @Nullable QuestionLog questions) {
        this.questions = questions;
        this.live = live;
        this.guards = guards;
        this.bodies = bodies;
        this.drain = drain;
        this.maxQuestionChars = maxQuestionChars;
        this.answers = new AnswerStream(json, metrics, (id, a) -> {
            recent.remember(id, a.question(), a.text());
            a.usage().ifPresent(u -> guards.budget().spend(u.totalTokens()));
        }, pingInterval);
    }

    void handle(Context ctx) throws InterruptedException {
        guards.rateLimit(ctx);
        AskRequest request = AskRequest.from(bodies.readObject(ctx), maxQuestionChars);
        guards.budget().acquire();
        try (LiveIndex.Lease lease = live.lease()) {
            AskHandler handler = lease.generation().handler();
            if (AnswerStream.wantsJson(ctx.header("Accept"))) {
                ctx.contentType(Problems.JSON).result(Problems.utf8(
                        answers.answerAsJson(handler, request, cancel -> ClientWatch.onGone(ctx, cancel), ending(ctx))));
            } else {
                stream(ctx, handler, request, lease.generation().name());
            }
        }
    }

    private Consumer<AnswerEnding> ending(Context ctx) {
        QuestionLog log = questions;
        if (log == null) {
            return e -> { };
        }
        String client = guards.clientKey(ctx);
        return e -> log.question(e, client);
    }

    private void stream(Context ctx, AskHandler handler, AskRequest request, String generation) throws InterruptedException {
        ctx.status(200);
        AnswerStream.HEADERS.forEach((name, value) -> {
            if (name.equals("Content-Type")) {
                ctx.contentType(value);
            } else {
                ctx.header(name, value);
            }
        });
        AnswerStream.Run run = answers.start(handler, request, generation, () -> ClientWatch.cutOff(ctx),
                AnswerStream.MAX_QUEUED_CHARS, ending(ctx));
        try (Drain.Listening stopping = drain.onStopNow(run::stopNow)) {
            OutputStream out;
            try {
                out = ctx.res().getOutputStream();
            } catch (IOException clientGone) {
                run.cancel();
                return;
            }
            run.writeTo(out);
        }
    }
}
