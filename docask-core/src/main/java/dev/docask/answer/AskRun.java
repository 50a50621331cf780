package dev.docask.answer;

import org.jspecify.annotations.Nullable;

import dev.docask.answer.Answer.Usage;

import dev.docask.answer.Answer.Timings;

import dev.docask.answer.internal.ApiException;
import dev.docask.index.IndexException;
import dev.docask.retrieve.HybridRetriever;
import dev.docask.retrieve.Retrieval;
import dev.docask.retrieve.Source;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/*
 * One answer, top-down: cache → follow-up rewrite → retrieval → refusal | sources → extractive |
 * model stream → done. Events come from three threads (this run's, the model's HTTP thread, a
 * timeout's), so every delivery goes through one lock and the 'finished' flag lets exactly one of
 * done / error / cancel / stop end the run.
 *
 * All handlers share one daemon timer thread, which only decides that a timeout has passed: the
 * failure itself is delivered on a virtual thread, so a listener that blocks (a slow client)
 * cannot hold up other answers' timeouts.
 */
final class AskRun {
    private static final ScheduledThreadPoolExecutor TIMERS = timers();

    private final AskSettings s;
    private final String question;
    private final List<Turn> history;
    private final AskHandler.Listener listener;
    private final long started = System.nanoTime();
    private final CompletableFuture<Answer> result = new CompletableFuture<>();
    private final List<String> deltas = new ArrayList<>();
    private final StringBuilder text = new StringBuilder();
    private final List<ScheduledFuture<?>> timeouts = new ArrayList<>();
    private volatile @Nullable ScheduledFuture<?> firstTokenTimer;
    private boolean finished;
    private volatile boolean cancelled;
    private volatile @Nullable ModelCall call;
    private long firstTokenMillis = -1;
    private volatile long lastDeltaNanos;
    // written by the run thread before the model call starts, read by the model's thread at the end
    private volatile AnswerCache.@Nullable Key cacheKey;
    private volatile String standalone;
    private volatile @Nullable Retrieval retrieval;
    private volatile long rewriteMillis;
    private volatile long retrievalMillis;
    private volatile @Nullable Usage rewriteUsage;

    AskRun(AskSettings settings, String question, List<Turn> history, AskHandler.Listener listener) {
        this.s = settings;
        this.question = question;
        this.history = List.copyOf(history);
        this.listener = listener;
        this.standalone = question;
    }

    CompletableFuture<Answer> result() {
        return result;
    }

    void run() {
        synchronized (this) {
            if (finished) {
                return;
            }
        }
        schedule(s.totalTimeout(), "The answer took longer than " + seconds(s.totalTimeout()) + " and was stopped.");
        try {
            if (s.cache() != null) {
                cacheKey = AnswerCache.Key.of(question, history, s.fingerprint());
                Optional<AnswerCache.Entry> hit = s.cache().find(cacheKey);
                if (hit.isPresent()) {
                    replay(hit.get());
                    return;
                }
            }
            // "thanks!" after an answer asks nothing: neither a model call to rewrite it nor the previous question's search
            if (!history.isEmpty() && s.rewriteFollowUps() && !HybridRetriever.asksNothing(question)) {
                if (s.model() != null) {
                    rewrite();
                } else {
                    standalone = FollowUpRewriter.withContext(question, history);
                }
            }
            long t0 = System.nanoTime();
            retrieval = s.retriever().retrieve(standalone, s.retrieval(), () -> cancelled);
            retrievalMillis = millisSince(t0);
            if (!retrieval.answerable()) {
                deliver(new AskEvent.Sources(List.of()));
                delta(s.noAnswerMessage());
                finish(null, false, true);
                return;
            }
            if (!deliver(new AskEvent.Sources(retrieval.sources()))) {
                return;
            }
            if (s.model() == null) {
                s.extractive().write(standalone, retrieval.sources(), s.site()).forEach(this::delta);
                finish(null, false, false);
            } else {
                streamFromModel();
            }
        } catch (IndexException e) {
            fail(IndexException.CLIENT_MESSAGE, e); // the operator hears the index's own words through onError
        } catch (RuntimeException e) {
            fail("Could not search the documentation (" + e.getClass().getSimpleName() + ").", e);
        } catch (Error e) {
            // ends the run the listener waits on; thrown on, it would only kill this virtual thread with a stack trace
            fail("The answer failed (" + e.getClass().getSimpleName() + ").", e);
        }
    }

    void cancel() {
        synchronized (this) {
            if (finished) {
                return;
            }
            cancelled = true;
            finished = true;
            timeouts.forEach(t -> t.cancel(false));
        }
        result.completeExceptionally(new CancellationException("the answer was cancelled"));
        ModelCall c = call;
        if (c != null) {
            c.cancel();
        }
    }

    /**
     * Ends the run with {@code message} as its error event, without reporting it: the handler is
     * closing, nothing went wrong. The model stream is closed.
     */
    void stop(String message) {
        end(message, new CancellationException(message), false);
    }

    private void rewrite() {
        long t0 = System.nanoTime();
        try {
            FollowUpRewriter.Rewrite r = FollowUpRewriter.rewrite(java.util.Objects.requireNonNull(s.model()), question, history,
                    s.firstTokenTimeout(), s.maxOutputTokens());
            standalone = r.question();
            rewriteUsage = r.usage();
        } catch (Exception e) {
            if (!cancelled) {
                s.report(e);
            }
            standalone = FollowUpRewriter.withContext(question, history);
        }
        rewriteMillis = millisSince(t0);
    }

    private void streamFromModel() {
        firstTokenTimer = schedule(s.firstTokenTimeout(), "The language model did not start answering within "
                + seconds(s.firstTokenTimeout()) + ".");
        ModelCall c = ModelCall.prepare(new ModelCall.Events() {
                    @Override
                    public void token(String t) {
                        modelDelta(t);
                    }

                    @Override
                    public void complete(String fullText, @Nullable Usage usage, boolean truncated) {
                        deltaIfNoneYet(fullText);
                        finish(usage, truncated, false);
                    }

                    @Override
                    public void failed(Throwable failure) {
                        fail(FailureText.of(failure), failure);
                    }
                });
        call = c;
        if (cancelled) {
            c.cancel();
        }
        c.run(java.util.Objects.requireNonNull(s.model()), s.instructions(),
                Prompt.question(standalone, java.util.Objects.requireNonNull(retrieval, "retrieval").sources()),
                s.maxOutputTokens());
    }

    private void replay(AnswerCache.Entry entry) {
        Answer stored = entry.answer();
        deliver(new AskEvent.Sources(stored.sources()));
        entry.deltas().forEach(this::delta);
        long total = millisSince(started);
        complete(stored.asCached(question, new Timings(0, 0, Math.max(firstTokenMillis, 0), total)), false);
    }

    private synchronized void delta(String t) {
        if (finished) {
            return;
        }
        lastDeltaNanos = System.nanoTime();
        if (firstTokenMillis < 0) {
            firstTokenMillis = millisSince(started);
            if (firstTokenTimer != null) {
                firstTokenTimer.cancel(false);
                watchForSilence();
            }
        }
        text.append(t);
        deltas.add(t);
        deliver(new AskEvent.Delta(t));
    }

    /**
     * A piece of the model's answer. Past {@link AskSettings#maxAnswerChars()} (a model that ignores
     * the token cap) the answer keeps what fits, the model stream is stopped, and the answer ends as
     * truncated, so no answer grows without bound.
     */
    private void modelDelta(String t) {
        long room;
        synchronized (this) {
            room = s.maxAnswerChars() - text.length();
        }
        if (t.length() <= room) {
            delta(t);
            return;
        }
        int keep = (int) Math.max(0, room);
        if (keep > 0 && Character.isHighSurrogate(t.charAt(keep - 1))) {
            keep--; // never half a character
        }
        if (keep > 0) {
            delta(t.substring(0, keep));
        }
        ModelCall c = call;
        if (c != null) {
            c.cancel();
        }
        finish(null, true, false);
    }

    /** Some providers send the whole text only at the end; then it becomes the one delta. */
    private synchronized void deltaIfNoneYet(String fullText) {
        if (deltas.isEmpty() && !fullText.isEmpty()) {
            delta(fullText);
        }
    }

    private void finish(@Nullable Usage usage, boolean truncated, boolean refused) {
        Retrieval retrieval = java.util.Objects.requireNonNull(this.retrieval, "retrieval"); // set before any finish
        List<Source> sources = refused ? List.of() : retrieval.sources();
        String answerText;
        synchronized (this) {
            answerText = text.toString();
        }
        Citations c = refused ? new Citations(List.of(), List.of()) : Citations.parse(answerText, sources.size());
        boolean fallback = retrieval.mode() == Retrieval.Mode.KEYWORD && s.indexHasVectors();
        long total = millisSince(started);
        Timings timings = new Timings(rewriteMillis, retrievalMillis, Math.max(firstTokenMillis, 0), total);
        Answer answer = new Answer(question, standalone, answerText, sources, c.valid(), c.invalid(), refused, false,
                truncated, retrieval.mode(), fallback, s.modelId(), timings,
                Optional.ofNullable(Usage.plus(rewriteUsage, usage)), retrieval.bestSimilarity(), retrieval.bestCoverage());
        complete(answer, !truncated && !fallback);
    }

    /** Ends the run with {@code answer}: cache, then onFinish, then the done event, so hooks have run when the client hears. */
    private void complete(Answer answer, boolean cacheable) {
        synchronized (this) {
            if (finished) {
                return;
            }
            AnswerCache cache = s.cache();
            if (cacheable && cacheKey != null && cache != null && !answer.cached()) {
                cache.put(cacheKey, new AnswerCache.Entry(answer, deltas));
            }
            try {
                s.onFinish().accept(answer);
            } catch (RuntimeException e) {
                s.report(e);
            }
            deliver(new AskEvent.Done(answer));
            finished = true;
            timeouts.forEach(t -> t.cancel(false));
        }
        result.complete(answer);
    }

    private void fail(String message, Throwable cause) {
        end(message, cause, true);
    }

    /** Ends the run once with {@code message}: a failure is reported to onError, a stop is not. */
    private void end(String message, Throwable cause, boolean failure) {
        synchronized (this) {
            if (finished) {
                return;
            }
            if (failure) {
                s.report(cause);
            } else {
                cancelled = true;
            }
            deliver(new AskEvent.Failed(message));
            finished = true;
            timeouts.forEach(t -> t.cancel(false));
        }
        ModelCall c = call;
        if (c != null) {
            c.cancel();
        }
        result.completeExceptionally(new AskException(message, cause));
    }

    /** Sends one event; a listener that throws (e.g. its client went away) cancels the answer. */
    private synchronized boolean deliver(AskEvent event) {
        if (finished) {
            return false;
        }
        try {
            listener.on(event);
            return true;
        } catch (RuntimeException e) {
            s.report(e);
            cancel();
            return false;
        }
    }

    /*
     * Some providers' clients end a broken stream without telling anyone (no completion, no
     * error): without this watch the answer would hang until the total timeout.
     */
    private void watchForSilence() {
        long limit = s.firstTokenTimeout().toNanos();
        long period = Math.max(10, s.firstTokenTimeout().toMillis() / 4);
        String message = "The language model stopped sending for " + seconds(s.firstTokenTimeout())
                + " and the answer was stopped.";
        timeouts.add(TIMERS.scheduleWithFixedDelay(() -> {
            if (System.nanoTime() - lastDeltaNanos > limit) {
                Thread.startVirtualThread(() -> fail(message, new TimeoutException(message)));
            }
        }, period, period, TimeUnit.MILLISECONDS));
    }

    private synchronized @Nullable ScheduledFuture<?> schedule(Duration after, String message) {
        if (finished) {
            return null;
        }
        ScheduledFuture<?> timer = TIMERS.schedule(
                () -> Thread.startVirtualThread(() -> fail(message, new TimeoutException(message))),
                after.toMillis(), TimeUnit.MILLISECONDS);
        timeouts.add(timer);
        return timer;
    }

    private static ScheduledThreadPoolExecutor timers() {
        ScheduledThreadPoolExecutor timers = new ScheduledThreadPoolExecutor(1, r -> {
            Thread t = new Thread(r, "docask-answer-timeouts");
            t.setDaemon(true);
            return t;
        });
        timers.setRemoveOnCancelPolicy(true);
        return timers;
    }

    private static long millisSince(long nanos) {
        return (System.nanoTime() - nanos) / 1_000_000;
    }

    private static String seconds(Duration d) {
        return d.toMillis() % 1000 == 0 ? d.toSeconds() + " s" : d.toMillis() + " ms";
    }
}
