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
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/*
 * The answer half of POST …/ask, shared by docask serve and the Spring Boot starter so both send the
 * same stream and the same JSON. The stream is written from the request's own thread: the answer's
 * events are queued by the listener and written here, and when nothing happens for a while an SSE
 * comment is written, because a failed write is the only reliable sign that the reader has gone;
 * then the model stream is cancelled.
 *
 * The queue between the model and the writer is bounded: a client that does not read (its writes
 * block) while the model keeps writing would otherwise hold the whole answer in memory, however
 * long. Past MAX_QUEUED_CHARS of unwritten text the answer is cancelled (the model stream stopped)
 * and the connection is cut off, so memory per stream stays bounded whatever the model or client do.
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
    private static final Object CUT_OFF = new Object();
    /**
     * The most answer text queued for one stream and not yet written (256 Ki chars, about 512 KiB):
     * far above an answer's length, so a reader that reads is never cut off.
     */
    public static final int MAX_QUEUED_CHARS = 256 * 1024;

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
        AskHandler.Handle handle = request.askOn(handler, event -> { });
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
        return start(handler, request, generation, () -> { }, MAX_QUEUED_CHARS);
    }

    /**
     * As {@link #start(AskHandler, AskRequest, String)}; {@code cutOff} closes the client's connection
     * when more than {@code maxQueuedChars} of the answer wait to be written (the client does not read).
     */
    public Run start(AskHandler handler, AskRequest request, String generation, Runnable cutOff, int maxQueuedChars) {
        return new Run(handler, request, generation, cutOff, maxQueuedChars);
    }

    /** Thrown by a stream's listener when its client stopped reading: the answer is cancelled. */
    static final class ClientNotReading extends RuntimeException {
        ClientNotReading(int limit) {
            super("client stopped reading: more than " + limit + " characters of the answer were waiting; cut off");
        }
    }

    /** One streamed answer. */
    public final class Run {
        private final BlockingQueue<Object> events = new LinkedBlockingQueue<>(); // AskEvents, or STOP_NOW
        private final AskHandler.Handle handle;
        private final String generation;
        private final String id = newId();
        private final Runnable cutOff;
        private final int maxQueuedChars;
        private final AtomicLong queuedChars = new AtomicLong();
        private final AtomicLong peakQueuedChars = new AtomicLong();

        private Run(AskHandler handler, AskRequest request, String generation, Runnable cutOff, int maxQueuedChars) {
            if (maxQueuedChars < 1) {
                throw new IllegalArgumentException("maxQueuedChars must be positive, got " + maxQueuedChars);
            }
            this.generation = generation;
            this.cutOff = cutOff;
            this.maxQueuedChars = maxQueuedChars;
            this.handle = request.askOn(handler, this::enqueue);
        }

        /** The listener: queues the event, or, when the client is too far behind, cuts it off. */
        private void enqueue(AskEvent event) {
            if (event instanceof AskEvent.Delta d) {
                long queued = queuedChars.addAndGet(d.text().length());
                if (queued > maxQueuedChars) {
                    queuedChars.addAndGet(-d.text().length());
                    events.add(CUT_OFF); // a writer that is not stuck ends the stream
                    cutOff.run();
                    throw new ClientNotReading(maxQueuedChars); // the answer is cancelled, its model stream closed
                }
                peakQueuedChars.accumulateAndGet(queued, Math::max);
            }
            events.add(event);
        }

        /** The most answer text that waited to be written at any one time, in chars; never over the limit. */
        public long peakQueuedChars() {
            return peakQueuedChars.get();
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

        /** Writes the stream until the answer ends, fails, is stopped, or the client goes (the answer is then cancelled). */
        public void writeTo(OutputStream out) throws InterruptedException {
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
                    if (event == CUT_OFF) {
                        meters.cancellation();
                        ui.error("The answer was stopped because it was not being read.");
                        return;
                    }
                    switch (event) {
                        case AskEvent.Sources s -> {
                            ui.start(id, startMetadata(s.sources(), generation));
                            started = true;
                            for (Source source : s.sources()) {
                                ui.source(source);
                            }
                        }
                        case AskEvent.Delta d -> {
                            queuedChars.addAndGet(-d.text().length());
                            ui.delta(d.text());
                        }
                        case AskEvent.Done d -> {
                            record(id, d.answer());
                            ObjectNode meta = json.valueToTree(AnswerJson.facts(d.answer()));
                            meta.put("id", id);
                            ui.finish(meta);
                            return;
                        }
                        case AskEvent.Failed f -> {
                            meters.failure();
                            if (!started) {
                                ui.start(id, json.createObjectNode().put("refused", false));
                            }
                            ui.error(f.message());
                            return;
                        }
                        default -> { // STOP_NOW: the shutdown grace period is over
                            handle.cancel();
                            meters.cancellation();
                            if (!started) {
                                ui.start(id, json.createObjectNode().put("refused", false));
                            }
                            ui.error("The server is shutting down, so this answer stopped here. Please ask again in a moment.");
                            return;
                        }
                    }
                }
            } catch (IOException clientGone) {
                cancel();
                cutOff.run(); // a write that failed (idle timeout) leaves nothing to keep the connection for
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
