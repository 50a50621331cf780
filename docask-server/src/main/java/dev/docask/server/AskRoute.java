package dev.docask.server;

import org.jspecify.annotations.Nullable;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.docask.answer.Answer;
import dev.docask.answer.internal.AnswerJson;
import dev.docask.answer.AskEvent;
import dev.docask.answer.AskException;
import dev.docask.answer.AskHandler;
import dev.docask.retrieve.Hit;
import dev.docask.retrieve.Source;
import io.javalin.http.Context;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/*
 * POST /api/ask. Cheap checks first (rate limit, body, budget), then the answer, on the index
 * generation that was live when the request arrived. The stream is written from this request's
 * own (virtual) thread: the answer's events are queued by the listener and written here, and
 * when nothing happens for a while an SSE comment is written, because a failed write is the only
 * reliable sign that the reader has gone; then the model stream is cancelled.
 */
final class AskRoute {
    private static final Object STOP_NOW = new Object();

    private final LiveIndex live;
    private final Guards guards;
    private final JsonBodies bodies;
    private final ObjectMapper json;
    private final ServerMetrics metrics;
    private final RecentAnswers recent;
    private final Drain drain;
    private final int maxQuestionChars;
    private final Duration pingInterval;

    AskRoute(LiveIndex live, Guards guards, JsonBodies bodies, ObjectMapper json,
             ServerMetrics metrics, RecentAnswers recent, Drain drain, int maxQuestionChars, Duration pingInterval) {
        this.live = live;
        this.guards = guards;
        this.bodies = bodies;
        this.json = json;
        this.metrics = metrics;
        this.recent = recent;
        this.drain = drain;
        this.maxQuestionChars = maxQuestionChars;
        this.pingInterval = pingInterval;
    }

    void handle(Context ctx) throws InterruptedException {
        guards.rateLimit(ctx);
        AskRequest request = AskRequest.from(bodies.readObject(ctx), maxQuestionChars);
        guards.budget().acquire();
        try (LiveIndex.Lease lease = live.lease()) {
            AskHandler handler = lease.generation().handler();
            if (wantsJson(ctx.header("Accept"))) {
                answerAsJson(ctx, handler, request);
            } else {
                stream(ctx, handler, request);
            }
        }
    }

    static boolean wantsJson(@Nullable String accept) {
        String a = accept == null ? "" : accept.toLowerCase(Locale.ROOT);
        return a.contains("application/json") && !a.contains("text/event-stream");
    }

    private void answerAsJson(Context ctx, AskHandler handler, AskRequest request) throws InterruptedException {
        AskHandler.Handle handle = handler.ask(request.question(), request.history(), event -> { });
        ClientWatch.onGone(ctx, handle::cancel);
        Answer answer;
        try {
            answer = handle.completion().get();
        } catch (CancellationException | ExecutionException e) {
            Throwable cause = e instanceof ExecutionException ? e.getCause() : e;
            if (cause instanceof CancellationException) {
                metrics.cancellation();
                throw new ApiException.Unavailable("The answer was cancelled.");
            }
            metrics.failure();
            throw new ApiException.UpstreamFailed(cause instanceof AskException a && a.getMessage() != null ? a.getMessage() : "The answer failed.");
        } catch (InterruptedException stopping) {
            handle.cancel();
            throw stopping;
        }
        String id = newId();
        record(id, answer);
        ObjectNode body = json.createObjectNode().put("id", id);
        body.setAll((ObjectNode) json.valueToTree(AnswerJson.of(answer)));
        ctx.contentType(Problems.JSON).result(Problems.utf8(body));
    }

    private void stream(Context ctx, AskHandler handler, AskRequest request) throws InterruptedException {
        ctx.status(200).contentType("text/event-stream; charset=utf-8")
                .header("Cache-Control", "no-cache, no-transform")
                .header("X-Accel-Buffering", "no")
                .header(UiMessageStream.HEADER, UiMessageStream.VERSION);
        BlockingQueue<Object> events = new LinkedBlockingQueue<>(); // AskEvents, or STOP_NOW
        AskHandler.Handle handle = handler.ask(request.question(), request.history(), events::add);
        metrics.streamOpened();
        String id = newId();
        boolean started = false;
        try (Drain.Listening stopping = drain.onStopNow(() -> events.add(STOP_NOW))) {
            UiMessageStream ui = new UiMessageStream(ctx.res().getOutputStream(), json);
            while (true) {
                Object event = events.poll(pingInterval.toMillis(), TimeUnit.MILLISECONDS);
                if (event == null) {
                    ui.ping();
                    continue;
                }
                switch (event) {
                    case AskEvent.Sources s -> {
                        ui.start(id, startMetadata(s.sources()));
                        started = true;
                        for (Source source : s.sources()) {
                            ui.source(source);
                        }
                    }
                    case AskEvent.Delta d -> ui.delta(d.text());
                    case AskEvent.Done d -> {
                        record(id, d.answer());
                        ObjectNode meta = json.valueToTree(AnswerJson.facts(d.answer()));
                        meta.put("id", id);
                        ui.finish(meta);
                        return;
                    }
                    case AskEvent.Failed f -> {
                        metrics.failure();
                        if (!started) {
                            ui.start(id, json.createObjectNode().put("refused", false));
                        }
                        ui.error(f.message());
                        return;
                    }
                    default -> { // STOP_NOW: the shutdown grace period is over
                        handle.cancel();
                        metrics.cancellation();
                        if (!started) {
                            ui.start(id, json.createObjectNode().put("refused", false));
                        }
                        ui.error("The server is shutting down, so this answer stopped here. Please ask again in a moment.");
                        return;
                    }
                }
            }
        } catch (IOException clientGone) {
            handle.cancel();
            metrics.cancellation();
        } catch (InterruptedException stopping) {
            handle.cancel();
            throw stopping;
        } finally {
            metrics.streamClosed();
        }
    }

    private ObjectNode startMetadata(List<Source> sources) {
        ObjectNode meta = json.createObjectNode();
        meta.put("refused", sources.isEmpty());
        ObjectNode retrieval = meta.putObject("retrieval");
        retrieval.put("sources", sources.size());
        float bestSim = Float.NaN;
        float bestCov = 0;
        for (Source s : sources) {
            for (Hit h : s.hits()) {
                if (h.similarity().isPresent() && (Float.isNaN(bestSim) || h.similarity().getAsDouble() > bestSim)) {
                    bestSim = (float) h.similarity().getAsDouble();
                }
                bestCov = Math.max(bestCov, h.keywordCoverage());
            }
        }
        if (!Float.isNaN(bestSim)) {
            retrieval.put("bestSimilarity", bestSim);
        }
        retrieval.put("bestKeywordCoverage", bestCov);
        retrieval.put("generation", live.generation());
        return meta;
    }

    /** Metrics, budget and feedback memory, once per completed answer. */
    private void record(String id, Answer a) {
        recent.remember(id, a.question(), a.text());
        if (a.refused()) {
            metrics.refusal();
        }
        if (a.cached()) {
            metrics.cacheHit();
        }
        if (a.keywordFallback()) {
            metrics.keywordFallback();
        }
        if (!a.cached()) {
            metrics.retrieval(Duration.ofMillis(a.timings().retrievalMillis()));
            if (!a.refused()) {
                metrics.firstToken(Duration.ofMillis(a.timings().firstTokenMillis()));
            }
        }
        a.usage().ifPresent(u -> guards.budget().spend(u.totalTokens()));
    }

    private static String newId() {
        return "ans_" + UUID.randomUUID().toString().replace("-", "");
    }
}
