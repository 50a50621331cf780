package dev.docask.answer.internal;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.docask.answer.Answer;
import dev.docask.answer.AskEvent;
import dev.docask.answer.AskException;
import dev.docask.index.IndexException;
import dev.docask.answer.AskHandler;
import dev.docask.retrieve.Hit;
import dev.docask.retrieve.Source;
import org.jspecify.annotations.Nullable;

import java.io.IOException;
import java.io.OutputStream;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.LongConsumer;

/*
 * The answer half of POST …/ask, shared by docask serve and the Spring Boot starter so both send the
 * same stream and the same JSON. The stream is written from the request's own thread: the answer's
 * events are queued by the listener and written here, and when nothing happens for a while an SSE
 * comment is written, because a failed write is the only reliable sign that the reader has gone;
 * then the model stream is cancelled. Every request ends exactly once, whichever way (done, failed,
 * stopped, client gone), and that ending goes to the request's own sink: the question log of
 * docs/design.md#question-log hangs there.
 *
 * The queue between the model and the writer is bounded: a client that does not read (its writes
 * block) while the model keeps writing would otherwise hold the whole answer in memory, however
 * long. Past MAX_QUEUED_CHARS of unwritten text the answer is cancelled (the model stream stopped)
 * and the connection is cut off (reset: nothing more can reach a reader that does not read), so memory
 * per stream stays bounded whatever the model or client do.
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
     * @throws ApiException 502 when the model fails, 503 when the answer was cancelled or the index cannot be read
     */
    public ObjectNode answerAsJson(AskHandler handler, AskRequest request, Consumer<Runnable> onClientGone)
            throws InterruptedException {
        return answerAsJson(handler, request, onClientGone, ending -> { }, tokens -> { });
    }

    /**
     * As {@link #answerAsJson(AskHandler, AskRequest, Consumer)}, handing how it ended to {@code onEnd} once
     * and, once, the model tokens the answer cost however it ended to {@code spent} ({@link TokenCount}).
     */
    public ObjectNode answerAsJson(AskHandler handler, AskRequest request, Consumer<Runnable> onClientGone,
                                   Consumer<AnswerEnding> onEnd, LongConsumer spent) throws InterruptedException {
        String id = AnswerEnding.newId();
        Instant startedAt = Instant.now();
        long t0 = System.nanoTime();
        List<Source> sources = new java.util.concurrent.CopyOnWriteArrayList<>();
        long[] sourcesAt = {-1};
        TokenCount count = new TokenCount(handler, request.question().length(), event -> {
            if (event instanceof AskEvent.Sources s) {
                sources.addAll(s.sources());
                sourcesAt[0] = millisSince(t0);
            }
        });
        AskHandler.Handle handle = ask(handler, request, count, spent);
        onClientGone.accept(handle::cancel);
        Answer answer;
        try {
            answer = handle.completion().get();
        } catch (CancellationException | ExecutionException e) {
            Throwable cause = e instanceof ExecutionException && e.getCause() != null ? e.getCause() : e;
            OptionalLong sourcesMillis = sourcesAt[0] < 0 ? OptionalLong.empty() : OptionalLong.of(sourcesAt[0]);
            if (cause instanceof CancellationException) {
                meters.cancellation();
                end(onEnd, AnswerEnding.unfinished(id, startedAt, request.question(), AnswerEnding.Outcome.CANCELLED,
                        sources, sourcesMillis, millisSince(t0), "The answer was cancelled."));
                throw new ApiException.Unavailable("The answer was cancelled.");
            }
            meters.failure();
            String message = cause instanceof AskException a && a.getMessage() != null ? a.getMessage() : "The answer failed.";
            end(onEnd, AnswerEnding.unfinished(id, startedAt, request.question(), AnswerEnding.Outcome.FAILED,
                    sources, sourcesMillis, millisSince(t0), message));
            if (cause.getCause() instanceof IndexException) {
                throw new ApiException.Unavailable(message); // our own index failed, not the model behind us
            }
            throw new ApiException.UpstreamFailed(message);
        } catch (InterruptedException stopping) {
            handle.cancel();
            end(onEnd, AnswerEnding.unfinished(id, startedAt, request.question(), AnswerEnding.Outcome.CANCELLED,
                    sources, OptionalLong.empty(), millisSince(t0), "The server stopped."));
            throw stopping;
        }
        record(id, answer);
        end(onEnd, AnswerEnding.of(id, startedAt, answer));
        ObjectNode body = json.createObjectNode().put("id", id);
        body.setAll((ObjectNode) json.valueToTree(AnswerJson.of(answer)));
        return body;
    }

    /** Starts answering; write the stream with {@link Run#writeTo(OutputStream)} after sending {@link #HEADERS}. */
    public Run start(AskHandler handler, AskRequest request, String generation) {
        return start(handler, request, generation, () -> { }, MAX_QUEUED_CHARS, ending -> { }, tokens -> { });
    }

    /**
     * As {@link #start(AskHandler, AskRequest, String)}: {@code cutOff} closes the client's connection when
     * more than {@code maxQueuedChars} of the answer wait to be written (the client does not read);
     * {@code onEnd} hears how the answer ended, once; {@code spent} receives, once, the model tokens it cost.
     */
    public Run start(AskHandler handler, AskRequest request, String generation, Runnable cutOff, int maxQueuedChars,
                     Consumer<AnswerEnding> onEnd, LongConsumer spent) {
        return new Run(handler, request, generation, cutOff, maxQueuedChars, onEnd, spent);
    }

    /** Thrown by a stream's listener when its client stopped reading: the answer is cancelled. */
    static final class ClientNotReading extends RuntimeException {
        ClientNotReading(int limit) {
            super("client stopped reading: more than " + limit + " characters of the answer were waiting; cut off");
        }
    }

    /** Starts the answer; {@code spent} hears its cost once it ends, or 0 at once when it cannot start. */
    private static AskHandler.Handle ask(AskHandler handler, AskRequest request, TokenCount count, LongConsumer spent) {
        AskHandler.Handle handle;
        try {
            handle = request.askOn(handler, count);
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
        private final String id = AnswerEnding.newId();
        private final Runnable cutOff;
        private final int maxQueuedChars;
        private final AtomicLong queuedChars = new AtomicLong();
        private final AtomicLong peakQueuedChars = new AtomicLong();

        private final Instant startedAt = Instant.now();
        private final long t0 = System.nanoTime();
        private final String question;
        private final Consumer<AnswerEnding> onEnd;
        private final AtomicBoolean ended = new AtomicBoolean();
        private volatile List<Source> sources = List.of();
        private volatile long sourcesAt = -1;

        private Run(AskHandler handler, AskRequest request, String generation, Runnable cutOff, int maxQueuedChars,
                    Consumer<AnswerEnding> onEnd, LongConsumer spent) {
            if (maxQueuedChars < 1) {
                throw new IllegalArgumentException("maxQueuedChars must be positive, got " + maxQueuedChars);
            }
            this.generation = generation;
            this.cutOff = cutOff;
            this.maxQueuedChars = maxQueuedChars;
            this.question = request.question();
            this.onEnd = onEnd;
            TokenCount count = new TokenCount(handler, request.question().length(), this::enqueue);
            this.handle = ask(handler, request, count, spent);
        }

        /** The listener: queues the event, or, when the client is too far behind, cuts it off. */
        private void enqueue(AskEvent event) {
            if (event instanceof AskEvent.Delta d) {
                long queued = queuedChars.addAndGet(d.text().length());
                if (queued > maxQueuedChars) {
                    queuedChars.addAndGet(-d.text().length());
                    events.add(CUT_OFF); // a writer that is not stuck in a write ends the request
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

        /** Hands the ending on unless this run already ended (a cancel racing a failure ends it once). */
        private void end(AnswerEnding ending) {
            if (ended.compareAndSet(false, true)) {
                AnswerStream.this.end(onEnd, ending);
            }
        }

        private void endUnfinished(AnswerEnding.Outcome outcome, String error) {
            if (!ended.get()) {
                end(AnswerEnding.unfinished(id, startedAt, question, outcome, sources,
                        sourcesAt < 0 ? OptionalLong.empty() : OptionalLong.of(sourcesAt), millisSince(t0), error));
            }
        }

        /** Ends the stream now with an error event saying the service is shutting down. */
        public void stopNow() {
            events.add(STOP_NOW);
        }

        /** Stops the answer: the client is gone before the stream could be written. */
        public void cancel() {
            handle.cancel();
            meters.cancellation();
            endUnfinished(AnswerEnding.Outcome.CANCELLED, "The reader left before the answer was complete.");
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
                    if (event == CUT_OFF) {
                        meters.cancellation();
                        endUnfinished(AnswerEnding.Outcome.CANCELLED, "The client stopped reading.");
                        try {
                            ui.error("The answer was stopped because it was not being read.");
                        } catch (IOException alreadyCut) {
                            // the listener cut the connection first
                        }
                        cutOff.run(); // here too, inside the request: the listener's call may come after it ended
                        return false;
                    }
                    switch (event) {
                        case AskEvent.Sources s -> {
                            sources = s.sources();
                            sourcesAt = millisSince(t0);
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
                            end(AnswerEnding.of(id, startedAt, d.answer()));
                            ObjectNode meta = json.valueToTree(AnswerJson.facts(d.answer()));
                            meta.put("id", id);
                            ui.finish(meta);
                            return true;
                        }
                        case AskEvent.Failed f -> {
                            meters.failure();
                            endUnfinished(AnswerEnding.Outcome.FAILED, f.message());
                            if (!started) {
                                ui.start(id, json.createObjectNode().put("refused", false));
                            }
                            ui.error(f.message());
                            return true;
                        }
                        default -> { // STOP_NOW: the shutdown grace period is over
                            handle.cancel();
                            meters.cancellation();
                            endUnfinished(AnswerEnding.Outcome.CANCELLED, "The server is shutting down.");
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
                cutOff.run(); // a write that failed (idle timeout) leaves nothing to keep the connection for
                return false;
            } catch (InterruptedException stopping) {
                handle.cancel();
                endUnfinished(AnswerEnding.Outcome.CANCELLED, "The server stopped.");
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

    /* A sink that throws must not turn a delivered answer into an error: it is logged by the sink's owner. */
    private void end(Consumer<AnswerEnding> onEnd, AnswerEnding ending) {
        try {
            onEnd.accept(ending);
        } catch (RuntimeException e) {
            org.slf4j.LoggerFactory.getLogger(AnswerStream.class).warn("the ending of answer {} was not recorded", ending.id(), e);
        }
    }

    private static long millisSince(long t0) {
        return (System.nanoTime() - t0) / 1_000_000;
    }
}
