package dev.docask.answer.internal;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.docask.answer.Answer;
import dev.docask.answer.AskEvent;
import dev.docask.answer.AskException;
import dev.docask.answer.AskHandler;
import dev.docask.retrieve.Hit;
import dev.docask.retrieve.Source;
import org.jspecify.annotations.Nullable;

import java.io.IOException;
import java.io.OutputStream;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.LongConsumer;

/*
 * The answer half of POST …/ask, shared by docask serve and the Spring Boot starter so both send the
 * same stream and the same JSON. The stream is written from the request's own thread: the answer's
 * events are queued by the listener and written here, and when nothing happens for a while an SSE
 * comment is written, because a failed write is the only reliable sign that the reader has gone;
 * then the model stream is cancelled.
 */
/** Answers one parsed request as an AI SDK UI message stream, or as one JSON object. */
public final class AnswerStream {
    /** The response headers of a stream, besides status 200. */
    public static final Map<String, String> HEADERS = Map.of(
            "Content-Type", "text/event-stream; charset=utf-8",
            "Cache-Control", "no-cache, no-transform",
            "X-Accel-Buffering", "no",
            UiMessageStream.HEADER, UiMessageStream.VERSION);
    /** The content type of a JSON answer and of the search results. */
    public static final String JSON = "application/json; charset=utf-8";
    private static final Object STOP_NOW = new Object();

    private final ObjectMapper json;
    private final AnswerMeters meters;
    private final BiConsumer<String, Answer> onAnswer;
    private final Duration pingInterval;

    /**
     * @param onAnswer receives each completed answer with its id, after {@code meters} counted it
     * @param pingInterval how long a stream may be silent before a ping checks that the reader is still there
     */
    public AnswerStream(ObjectMapper json, AnswerMeters meters, BiConsumer<String, Answer> onAnswer, Duration pingInterval) {
        this.json = json;
        this.meters = meters;
        this.onAnswer = onAnswer;
        this.pingInterval = pingInterval;
    }

    /** Whether the client asked for one JSON object rather than a stream. */
    public static boolean wantsJson(@Nullable String accept) {
        String a = accept == null ? "" : accept.toLowerCase(Locale.ROOT);
        return a.contains("application/json") && !a.contains("text/event-stream");
    }

    /**
     * The whole answer as a JSON object ({@code id} and the shape of {@code docask ask --json}).
     *
     * @param onClientGone given a way to cancel the answer, arranges for it to run when the client leaves
     * @throws ApiException 502 when the model fails, 503 when the answer was cancelled
     */
    public ObjectNode answerAsJson(AskHandler handler, AskRequest request, Consumer<Runnable> onClientGone)
            throws InterruptedException {
        return answerAsJson(handler, request, onClientGone, tokens -> { });
    }

    /**
     * As {@link #answerAsJson(AskHandler, AskRequest, Consumer)}; {@code spent} then receives, once, the
     * model tokens the answer cost however it ended ({@link TokenCount}).
     */
    public ObjectNode answerAsJson(AskHandler handler, AskRequest request, Consumer<Runnable> onClientGone,
                                   LongConsumer spent) throws InterruptedException {
        TokenCount count = new TokenCount(handler, request.question().length(), event -> { });
        AskHandler.Handle handle = ask(handler, request, count, spent);
        onClientGone.accept(handle::cancel);
        Answer answer;
        try {
            answer = handle.completion().get();
        } catch (CancellationException | ExecutionException e) {
            Throwable cause = e instanceof ExecutionException && e.getCause() != null ? e.getCause() : e;
            if (cause instanceof CancellationException) {
                meters.cancellation();
                throw new ApiException.Unavailable("The answer was cancelled.");
            }
            meters.failure();
            throw new ApiException.UpstreamFailed(cause instanceof AskException a && a.getMessage() != null
                    ? a.getMessage() : "The answer failed.");
        } catch (InterruptedException stopping) {
            handle.cancel();
            throw stopping;
        }
        String id = newId();
        record(id, answer);
        ObjectNode body = json.createObjectNode().put("id", id);
        body.setAll((ObjectNode) json.valueToTree(AnswerJson.of(answer)));
        return body;
    }

    /** Starts answering; write the stream with {@link Run#writeTo(OutputStream)} after sending {@link #HEADERS}. */
    public Run start(AskHandler handler, AskRequest request, String generation) {
        return start(handler, request, generation, tokens -> { });
    }

    /** As {@link #start(AskHandler, AskRequest, String)}; {@code spent} receives, once, the model tokens the answer cost. */
    public Run start(AskHandler handler, AskRequest request, String generation, LongConsumer spent) {
        return new Run(handler, request, generation, spent);
    }

    /** Starts the answer; {@code spent} hears its cost once it ends, or 0 at once when it cannot start. */
    private static AskHandler.Handle ask(AskHandler handler, AskRequest request, TokenCount count, LongConsumer spent) {
        AskHandler.Handle handle;
        try {
            handle = handler.ask(request.question(), request.history(), count);
        } catch (RuntimeException notStarted) {
            spent.accept(0);
            throw notStarted;
        }
        handle.completion().whenComplete((answer, failure) -> spent.accept(count.spent(answer)));
        return handle;
    }

    /** One streamed answer. */
    public final class Run {
        private final BlockingQueue<Object> events = new LinkedBlockingQueue<>(); // AskEvents, or STOP_NOW
        private final AskHandler.Handle handle;
        private final String generation;
        private final String id = newId();

        private Run(AskHandler handler, AskRequest request, String generation, LongConsumer spent) {
            this.generation = generation;
            TokenCount count = new TokenCount(handler, request.question().length(), events::add);
            this.handle = ask(handler, request, count, spent);
        }

        /** Ends the stream now with an error event saying the service is shutting down. */
        public void stopNow() {
            events.add(STOP_NOW);
        }

        /** Stops the answer: the client is gone before the stream could be written. */
        public void cancel() {
            handle.cancel();
            meters.cancellation();
        }

        /**
         * Writes the stream until the answer ends, fails, is stopped, or the client goes (the answer is then
         * cancelled).
         *
         * @return false when the client went away before the stream ended
         */
        public boolean writeTo(OutputStream out) throws InterruptedException {
            meters.streamOpened();
            boolean started = false;
            try {
                UiMessageStream ui = new UiMessageStream(out, json);
                while (true) {
                    Object event = events.poll(pingInterval.toMillis(), TimeUnit.MILLISECONDS);
                    if (event == null) {
                        ui.ping();
                        continue;
                    }
                    switch (event) {
                        case AskEvent.Sources s -> {
                            ui.start(id, startMetadata(s.sources(), generation));
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
                            return true;
                        }
                        case AskEvent.Failed f -> {
                            meters.failure();
                            if (!started) {
                                ui.start(id, json.createObjectNode().put("refused", false));
                            }
                            ui.error(f.message());
                            return true;
                        }
                        default -> { // STOP_NOW: the shutdown grace period is over
                            handle.cancel();
                            meters.cancellation();
                            if (!started) {
                                ui.start(id, json.createObjectNode().put("refused", false));
                            }
                            ui.error("The server is shutting down, so this answer stopped here. Please ask again in a moment.");
                            return true;
                        }
                    }
                }
            } catch (IOException clientGone) {
                cancel();
                return false;
            } catch (InterruptedException stopping) {
                handle.cancel();
                throw stopping;
            } finally {
                meters.streamClosed();
            }
        }
    }

    private ObjectNode startMetadata(List<Source> sources, String generation) {
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
        retrieval.put("generation", generation);
        return meta;
    }

    private void record(String id, Answer a) {
        meters.answered(a);
        onAnswer.accept(id, a);
    }

    private static String newId() {
        return "ans_" + UUID.randomUUID().toString().replace("-", "");
    }
}
