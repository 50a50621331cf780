package dev.docask.server;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.docask.answer.AskHandler;
import dev.docask.retrieve.HybridRetriever;
import dev.docask.answer.internal.AnswerEnding;
import dev.docask.answer.ModelSpec;
import dev.docask.answer.Turn;
import dev.docask.answer.internal.AnswerStream;
import dev.docask.answer.internal.ApiException;
import dev.docask.answer.internal.AskRequest;
import dev.docask.answer.internal.LiveIndex;
import dev.docask.answer.internal.TokenCount;
import io.javalin.http.Context;
import org.jspecify.annotations.Nullable;

import java.io.IOException;
import java.io.OutputStream;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.LongConsumer;

/*
 * POST /api/ask. Cheap checks first (rate limit, body, budget), then the answer, on the index
 * generation that was live when the request arrived. The answer itself (stream or JSON) is
 * AnswerStream's, shared with the Spring Boot starter; this adds what only the server has: the
 * rate limit and budget, shutdown draining, feedback memory, Jetty's disconnect watch, and the
 * question log, which hears how every request that got an answer id ended.
 *
 * The budget reserves an answer's worst case before the model is called (ServerSettings's output
 * cap plus the largest prompt the retrieval options allow) and settles with what it cost when it
 * ends however it ends, so answers running together never spend past the ceiling (#14 item 5).
 * A client that leaves before its stream ends is recorded as 499, nginx's "client closed request".
 *
 * A question the rate limit or the budget turns away (429), or that they cannot check (503: Redis lost), is
 * logged too, as limited or unavailable, or the log would hide the readers an outage or a limit cost. The rate
 * limit is taken before the body is read, so a flood stays cheap; the body of one it refuses is read only when
 * there is a question log to write it to.
 */
final class AskRoute {
    static final String CLIENT_GONE = "docask.clientGone"; // request attribute: the reader left mid-answer
    static final int CLIENT_CLOSED_REQUEST = 499;

    private final LiveIndex live;
    private final Guards guards;
    private final JsonBodies bodies;
    private final Drain drain;
    private final AnswerStream answers;
    private final int maxQuestionChars;
    private final int maxContextChars;
    private final int maxOutputTokens;
    private final @Nullable QuestionLog questions; // null: no question log

    AskRoute(LiveIndex live, Guards guards, JsonBodies bodies, ObjectMapper json, ServerMetrics metrics,
             GivenAnswers recent, Drain drain, ServerSettings settings, @Nullable QuestionLog questions) {
        this.questions = questions;
        this.live = live;
        this.guards = guards;
        this.bodies = bodies;
        this.drain = drain;
        this.maxQuestionChars = settings.maxQuestionChars();
        this.maxContextChars = settings.retrieval().maxContextChars();
        this.maxOutputTokens = settings.maxOutputTokens();
        this.answers = new AnswerStream(json, metrics, (id, a) -> recent.remember(id, a.question(), a.text()),
                settings.pingInterval());
    }

    /** The most one answer can cost: its largest prompt and the output cap (for a budget that cannot fit even one). */
    static long worstCase(int maxContextChars, int questionChars, int maxOutputTokens) {
        return TokenCount.estimate((long) TokenCount.PROMPT_OVERHEAD_CHARS + maxContextChars + questionChars) + maxOutputTokens;
    }

    void handle(Context ctx) throws InterruptedException {
        Instant arrived = Instant.now();
        long t0 = System.nanoTime();
        try {
            guards.rateLimit(ctx);
        } catch (ApiException.TooManyRequests | ApiException.Unavailable e) {
            if (questions != null) {
                readQuietly(ctx).ifPresent(r -> turnedAway(ctx, r, e, arrived, t0));
            }
            throw e;
        }
        AskRequest request = AskRequest.from(bodies.readObject(ctx), maxQuestionChars);
        try (LiveIndex.Lease lease = live.lease()) {
            AskHandler handler = lease.generation().handler();
            Budget budget = guards.budget();
            Budget.Reservation reservation;
            try {
                reservation = reserve(budget, handler, request, lease.generation().retriever());
            } catch (ApiException.TooManyRequests | ApiException.Unavailable e) {
                turnedAway(ctx, request, e, arrived, t0);
                throw e;
            }
            LongConsumer settle = tokens -> budget.settle(reservation, tokens); // AnswerStream calls it once
            if (AnswerStream.wantsJson(ctx.header("Accept"))) {
                AtomicBoolean gone = new AtomicBoolean();
                try {
                    ctx.contentType(Problems.JSON).result(Problems.utf8(answers.answerAsJson(handler, request,
                            cancel -> ClientWatch.onGone(ctx, () -> {
                                gone.set(true);
                                cancel.run();
                            }), ending(ctx), settle)));
                } catch (RuntimeException e) {
                    if (gone.get()) {
                        ctx.attribute(CLIENT_GONE, true);
                    }
                    throw e;
                }
            } else {
                stream(ctx, handler, request, lease.generation().name(), settle);
            }
        }
    }

    /** The question of a request the rate limit turned away, when its body is one that would have been answered. */
    private Optional<AskRequest> readQuietly(Context ctx) {
        try {
            return Optional.of(AskRequest.from(bodies.readObject(ctx), maxQuestionChars));
        } catch (ApiException notAQuestion) {
            return Optional.empty(); // it would have been a 4xx, which the log does not keep either
        }
    }

    private void turnedAway(Context ctx, AskRequest request, ApiException e, Instant arrived, long t0) {
        AnswerEnding.Outcome outcome = e instanceof ApiException.TooManyRequests
                ? AnswerEnding.Outcome.LIMITED : AnswerEnding.Outcome.UNAVAILABLE;
        ending(ctx).accept(AnswerEnding.turnedAway(arrived, request.question(), outcome,
                (System.nanoTime() - t0) / 1_000_000, e.detail()));
    }

    private Consumer<AnswerEnding> ending(Context ctx) {
        QuestionLog log = questions;
        if (log == null) {
            return e -> { };
        }
        String client = guards.clientKey(ctx);
        return e -> log.question(e, client);
    }

    /**
     * Reserves the answer's worst case. When the day's tokens cannot cover another model call, a first question the
     * gate turns away still gets its "I don't know", counted as a request: it needs no model.
     */
    private Budget.Reservation reserve(Budget budget, AskHandler handler, AskRequest request, HybridRetriever retriever) {
        try {
            return budget.reserve(reserveFor(handler, request));
        } catch (ApiException.TooManyRequests spent) {
            if (!request.history().isEmpty() || retriever.retrieve(request.question(), request.optionsOn(handler)).answerable()) {
                throw spent; // a follow-up is rewritten by the model; an answerable question needs it
            }
            return budget.reserve(0);
        }
    }

    private long reserveFor(AskHandler handler, AskRequest request) {
        if (handler.model().equals(ModelSpec.DEFAULT_SPEC)) {
            return 0; // extractive answers call no model
        }
        int asked = request.question().length();
        for (Turn t : request.history()) {
            asked += t.text().length();
        }
        return worstCase(maxContextChars, asked, maxOutputTokens);
    }

    private void stream(Context ctx, AskHandler handler, AskRequest request, String generation,
                        LongConsumer settle) throws InterruptedException {
        ctx.status(200);
        AnswerStream.HEADERS.forEach((name, value) -> {
            if (name.equals("Content-Type")) {
                ctx.contentType(value);
            } else {
                ctx.header(name, value);
            }
        });
        AnswerStream.Run run = answers.start(handler, request, generation, () -> ClientWatch.cutOff(ctx),
                AnswerStream.MAX_QUEUED_CHARS, ending(ctx), settle);
        try (Drain.Listening stopping = drain.onStopNow(run::stopNow)) {
            OutputStream out;
            try {
                out = ctx.res().getOutputStream();
            } catch (IOException clientGone) {
                run.cancel();
                ctx.attribute(CLIENT_GONE, true);
                return;
            }
            if (!run.writeTo(out)) {
                ctx.attribute(CLIENT_GONE, true);
                return;
            }
            try {
                out.close(); // the last chunk goes out while the request still counts as in flight, so a shutdown waits for it
            } catch (IOException clientGone) {
                ctx.attribute(CLIENT_GONE, true);
            }
        }
    }

    /** The status to record for a finished request: 499 when its client left mid-answer. */
    static int recordedStatus(Context ctx) {
        return Boolean.TRUE.equals(ctx.attribute(CLIENT_GONE)) ? CLIENT_CLOSED_REQUEST : ctx.statusCode();
    }
}
