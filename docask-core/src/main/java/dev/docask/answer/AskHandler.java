package dev.docask.answer;

import org.jspecify.annotations.Nullable;

import dev.docask.answer.internal.SecretMask;
import dev.docask.embed.Embedders;
import dev.docask.index.DocIndex;
import dev.docask.index.internal.IndexEngine;
import dev.docask.index.Manifest;
import dev.docask.retrieve.HybridRetriever;
import dev.docask.retrieve.RetrievalOptions;
import dev.docask.retrieve.internal.FailureLog;
import dev.langchain4j.model.chat.StreamingChatModel;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.concurrent.CompletableFuture;

/**
 * Answers questions about one documentation site from its index: sources first, then a streamed
 * answer that cites them as {@code [n]}, or "I don't know" — without calling the model — when
 * nothing on the site is relevant (docs/design.md#answer). Built once, shared by all threads.
 *
 * <pre>{@code
 * DocIndex index = DocIndex.open(Path.of("docs-index"));  // yours to close, after the handler
 * AskHandler handler = AskHandler.builder()
 *         .index(index)                               // or .retriever(HybridRetriever.create(index, embedder))
 *         .model("openai:gpt-4o-mini")               // or no model: an extractive answer
 *         .siteName("Vitest")
 *         .answerCache(AnswerCache.create(10_000, Duration.ofHours(1)))
 *         .onError(e -> log.warn("answer", e))
 *         .build();
 * Answer a = handler.ask("how do I mock a module?");          // blocking
 * Handle h = handler.ask("and a default export?", List.of(Turn.user("how do I mock a module?"),
 *         Turn.assistant(a.text())), event -> send(event));    // streaming, cancellable
 * }</pre>
 */
public final class AskHandler implements AutoCloseable {
    /** The message of the {@link AskEvent.Failed} that ends an answer cut off by {@link #close()}. */
    public static final String CLOSED_MESSAGE = "The answer was stopped because the service is shutting down.";

    private static final System.Logger LOG = System.getLogger(AskHandler.class.getName());

    private final AskSettings settings;
    private final ExecutorService runs = Executors.newVirtualThreadPerTaskExecutor();
    private final Set<AskRun> running = ConcurrentHashMap.newKeySet();
    private volatile boolean closed;

    private AskHandler(AskSettings settings) {
        this.settings = settings;
    }

    public static Builder builder() {
        return new Builder();
    }

    /**
     * Starts answering {@code question} and returns at once; {@code listener} receives
     * {@link AskEvent.Sources}, {@link AskEvent.Delta}s, then {@link AskEvent.Done} or {@link AskEvent.Failed}.
     *
     * @param history earlier turns of the conversation, oldest first (empty for a first question)
     * @throws IllegalArgumentException when the question is blank, or over
     *                                  {@link HybridRetriever#MAX_QUESTION_CHARS} once stripped
     * @throws NullPointerException     when {@code history}, a turn in it, or {@code listener} is null
     * @throws IllegalStateException    when the handler is closed
     */
    public Handle ask(String question, List<Turn> history, Listener listener) {
        return ask(question, history, settings.retrieval(), listener);
    }

    /**
     * As {@link #ask(String, List, Listener)}, with retrieval options for this question alone, e.g. the
     * docs version the reader is on (the answer cache keeps answers for different options apart):
     *
     * <pre>{@code
     * RetrievalOptions onNext = handler.retrievalOptions().toBuilder().docsVersion("next").build();
     * handler.ask("How do I add a sidebar?", List.of(), onNext, listener);
     * }</pre>
     */
    public Handle ask(String question, List<Turn> history, RetrievalOptions options, Listener listener) {
        Objects.requireNonNull(options, "options");
        String q = HybridRetriever.requireQuestion(question);
        List<Turn> turns = requireHistory(history);
        Objects.requireNonNull(listener, "listener");
        AskRun run = new AskRun(settings.withRetrieval(options), q, turns, listener);
        running.add(run);
        run.result().whenComplete((a, e) -> running.remove(run));
        try {
            if (closed) {
                throw new RejectedExecutionException();
            }
            runs.execute(run::run);
        } catch (RejectedExecutionException e) {
            running.remove(run);
            throw new IllegalStateException("the handler is closed");
        }
        return new Handle(run);
    }

    /**
     * Answers {@code question} and waits for the whole answer.
     *
     * <pre>{@code
     * Answer a = handler.ask("How do I mock a module?");
     * System.out.println(a.refused() ? "I don't know." : a.text());
     * }</pre>
     *
     * @throws IllegalArgumentException when the question is blank, or over {@link HybridRetriever#MAX_QUESTION_CHARS}
     *                                  once stripped
     * @throws AskException             when retrieval or the model fails, a timeout passes or the handler is closed
     *                                  meanwhile
     * @throws IllegalStateException    when the handler is closed
     */
    public Answer ask(String question) {
        return ask(question, List.of());
    }

    /**
     * Answers a follow-up {@code question} and waits for the whole answer.
     *
     * @throws IllegalArgumentException as {@link #ask(String)}
     * @throws NullPointerException     when {@code history} or a turn in it is null
     * @throws AskException             when retrieval or the model fails, a timeout passes or the handler is closed
     *                                  meanwhile
     * @throws IllegalStateException    when the handler is closed
     */
    public Answer ask(String question, List<Turn> history) {
        Handle handle = ask(question, history, event -> { });
        try {
            return handle.completion().get(settings.totalTimeout().toMillis() + 5_000, TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof AskException a ? a : new AskException("The answer failed.", e.getCause());
        } catch (InterruptedException e) {
            handle.cancel();
            Thread.currentThread().interrupt();
            throw new CancellationException("interrupted while waiting for the answer");
        } catch (java.util.concurrent.TimeoutException e) {
            handle.cancel();
            throw new AskException("The answer did not complete in time.", e);
        }
    }

    /** The retrieval options this handler answers with, unless a question brings its own. */
    public RetrievalOptions retrievalOptions() {
        return settings.retrieval();
    }

    /** The site's display name, as used in the prompt and the "I don't know" message: "this site" when it has none. */
    public String siteName() {
        return settings.site().display();
    }

    /** The model spec answers are written with, e.g. {@code openai:gpt-4o-mini} or {@code extractive}. */
    public String model() {
        return settings.modelId();
    }

    /**
     * Stops the handler: answers still running are cut off at once — their model streams closed,
     * each ended with an {@link AskEvent.Failed} saying {@link #CLOSED_MESSAGE} (a blocking ask throws
     * an {@link AskException}) — and later asks throw {@link IllegalStateException}. Being closed is
     * no failure, so onError hears nothing of it. Closing twice is harmless.
     */
    @Override
    public void close() {
        closed = true;
        runs.shutdown();
        for (AskRun run : running) {
            run.stop(CLOSED_MESSAGE);
        }
        runs.shutdownNow();
    }

    private static List<Turn> requireHistory(List<Turn> history) {
        Objects.requireNonNull(history, "history (List.of() for a first question)");
        for (Turn t : history) {
            Objects.requireNonNull(t, "history holds a null turn");
        }
        return List.copyOf(history);
    }

    /** Collects the handler's parts; only the sources ({@link #retriever(HybridRetriever)} or {@link #index(DocIndex)}) are required. */
    public static final class Builder {
        /** The refusal; {@code {siteName}} is replaced by the site's name, or "this site" when it has none. */
        public static final String DEFAULT_NO_ANSWER = "I don't know. I couldn't find anything about that on {siteName}.";
        /** The longest timeout in effect (a day): longer ones mean "no limit" and are cut to it. */
        public static final Duration MAX_TIMEOUT = Duration.ofDays(1);
        /** The most tokens a model may write per answer unless {@link #maxOutputTokens(int)} says otherwise. */
        public static final int DEFAULT_MAX_OUTPUT_TOKENS = 800;

        private @Nullable HybridRetriever retriever;
        private @Nullable StreamingChatModel model;
        private String modelId = ModelSpec.DEFAULT_SPEC;
        private @Nullable ModelSpec modelSpec;
        private Map<String, String> modelEnv = Map.of();
        private @Nullable Map<String, String> embedderEnv;
        private @Nullable String siteName;
        private RetrievalOptions retrieval = RetrievalOptions.defaults();
        private String noAnswerMessage = DEFAULT_NO_ANSWER;
        private String instructions = Prompt.DEFAULT_INSTRUCTIONS;
        private @Nullable AnswerCache cache;
        private Duration firstTokenTimeout = Duration.ofSeconds(20);
        private Duration totalTimeout = Duration.ofSeconds(90);
        private boolean rewriteFollowUps = true;
        private int maxOutputTokens = DEFAULT_MAX_OUTPUT_TOKENS;
        /** Null until {@link #onError} is called; while it is, failures are logged ({@link #build()}). */
        private @Nullable Consumer<Throwable> onError;
        private Consumer<Answer> onFinish = a -> { };

        private Builder() {
        }

        /** Where sources come from; also supplies the index content hash and the default site name. */
        public Builder retriever(HybridRetriever retriever) {
            this.retriever = Objects.requireNonNull(retriever, "retriever");
            this.embedderEnv = null;
            return this;
        }

        /**
         * Sources from {@code index}, searched with the embedder it was built with
         * ({@link Manifest#embedderSpec()}), its settings ({@code OPENAI_BASE_URL}, {@code OPENAI_API_KEY})
         * read from the process environment; the same as {@code retriever(HybridRetriever.create(index, ...))}.
         *
         * @throws IllegalArgumentException when that embedder is unknown here
         * @throws IllegalStateException    when it needs an API key the environment lacks
         *                                  ({@code openai:<model>} on api.openai.com without {@code OPENAI_API_KEY})
         */
        public Builder index(DocIndex index) {
            return index(index, System.getenv());
        }

        /** As {@link #index(DocIndex)}, with the embedder's settings read from {@code env} instead of the process environment. */
        public Builder index(DocIndex index, Map<String, String> env) {
            Objects.requireNonNull(index, "index");
            Objects.requireNonNull(env, "env");
            retriever(HybridRetriever.create(index, Embedders.create(index.manifest().embedderSpec(), env)));
            this.embedderEnv = Map.copyOf(env);
            return this;
        }

        /** The chat model that writes answers; {@code id} names it in the cache key and in answers. */
        public Builder model(StreamingChatModel model, String id) {
            this.model = Objects.requireNonNull(model, "model");
            this.modelId = Objects.requireNonNull(id, "id");
            this.modelSpec = null;
            return this;
        }

        /** A model from a spec ({@link ModelSpec}): {@code openai:<name>}, {@code anthropic:<name>}, {@code ollama:<name>}, {@code extractive}. */
        public Builder model(String spec) {
            return model(spec, System.getenv());
        }

        /**
         * A model from a spec, with keys and addresses read from {@code env} instead of the process environment.
         *
         * @throws IllegalArgumentException quoting the spec when it is malformed
         */
        public Builder model(String spec, Map<String, String> env) {
            return model(ModelSpec.parse(Objects.requireNonNull(spec, "spec")), env);
        }

        /**
         * A model from a typed spec, built by its {@link ChatModelProvider} (docask-models serves
         * {@code openai}, {@code anthropic} and {@code ollama}) with keys and addresses from {@code env}.
         *
         * <pre>{@code
         * AskHandler.builder().index(index).model(ModelSpec.parse("ollama:llama3.2"), System.getenv()).build();
         * }</pre>
         */
        public Builder model(ModelSpec spec, Map<String, String> env) {
            this.modelSpec = Objects.requireNonNull(spec, "spec");
            this.modelEnv = Map.copyOf(Objects.requireNonNull(env, "env"));
            this.model = null;
            return this;
        }

        /** The site's name in answers (default: the index's); blank means the site has none, whatever the index says. */
        public Builder siteName(String siteName) {
            this.siteName = Objects.requireNonNull(siteName, "siteName");
            return this;
        }

        public Builder retrieval(RetrievalOptions options) {
            this.retrieval = Objects.requireNonNull(options, "retrieval");
            return this;
        }

        /**
         * Replaces the "I don't know" answer; {@code {siteName}} is replaced by the site's name, or by
         * "this site" when it has none, so put it where both read ("on {siteName}", not "the {siteName} docs").
         */
        public Builder noAnswerMessage(String message) {
            this.noAnswerMessage = requireText("noAnswerMessage", message);
            return this;
        }

        /** Replaces the model's instructions (the system message); {@code {siteName}} is replaced as in {@link #noAnswerMessage}. */
        public Builder instructions(String instructions) {
            this.instructions = requireText("instructions", instructions);
            return this;
        }

        public Builder answerCache(AnswerCache cache) {
            this.cache = cache;
            return this;
        }

        /**
         * How long to wait for the model's first token, and then for each next one (20 s: a stream
         * that goes quiet without ending is stopped too), and for the whole answer (90 s). Anything
         * over {@link #MAX_TIMEOUT} counts as that, so "no limit" can be said with a huge duration.
         *
         * @throws IllegalArgumentException when either is null, zero or negative
         */
        public Builder timeouts(Duration firstToken, Duration total) {
            this.firstTokenTimeout = requireTimeout("firstTokenTimeout", firstToken);
            this.totalTimeout = requireTimeout("totalTimeout", total);
            return this;
        }

        /**
         * Whether follow-ups are made standalone before retrieval (on): rewritten by the model, or, with
         * no model or when the rewrite fails, a follow-up that cannot stand alone ("and a default
         * export?") is searched together with the previous user question. Off: searched as asked.
         */
        public Builder rewriteFollowUps(boolean rewrite) {
            this.rewriteFollowUps = rewrite;
            return this;
        }

        /**
         * The most tokens the model may write per answer (800), sent with every request as the API's own
         * cap ({@code max_tokens}, Ollama's {@code num_predict}). An answer that reaches it ends as
         * truncated; one whose model ignores it is stopped at 16 characters per token, truncated too.
         *
         * @throws IllegalArgumentException when {@code tokens} is below 1
         */
        public Builder maxOutputTokens(int tokens) {
            if (tokens < 1) {
                throw new IllegalArgumentException("maxOutputTokens must be at least 1, got " + tokens);
            }
            this.maxOutputTokens = tokens;
            return this;
        }

        /**
         * Receives every failure an answer survived or ended with (model, timeouts, hooks, listeners), retrieval's
         * (the embedder's) included; a second call replaces the first. Without it, each failure is logged at WARNING
         * through {@link System.Logger} ({@code dev.docask.answer.AskHandler}), one line with its message, API keys
         * masked, the stack trace at DEBUG: an embedder that fails on every question (a wrong key, a model server
         * down) turns retrieval into keyword search, and the log says so. A receiver the retriever has hears
         * retrieval's failures as well; without this one, it alone hears them (they are not logged a second time).
         */
        public Builder onError(Consumer<Throwable> onError) {
            this.onError = Objects.requireNonNull(onError, "onError");
            return this;
        }

        /** Receives every completed answer, cached and refused ones included. */
        public Builder onFinish(Consumer<Answer> onFinish) {
            this.onFinish = Objects.requireNonNull(onFinish, "onFinish");
            return this;
        }

        /**
         * @throws IllegalArgumentException for a bad model spec
         * @throws IllegalStateException    when the model needs an API key the environment lacks
         *                                  (e.g. {@code anthropic:<name>} without {@code ANTHROPIC_API_KEY}),
         *                                  or when the index is closed
         * @throws NullPointerException     when no retriever was given
         */
        public AskHandler build() {
            Objects.requireNonNull(retriever, "a retriever is required: call retriever(...)");
            if (IndexEngine.of(retriever.index()).closed()) { // else every ask fails with "cannot be read right now"
                throw new IllegalStateException("the index in " + retriever.index().directory() + " is closed");
            }
            Manifest m = retriever.index().manifest();
            String modelKey = modelId;
            if (modelSpec != null) {
                ModelSpec spec = modelSpec;
                model = spec.create(modelEnv, totalTimeout).orElse(null);
                modelId = spec.toString();
                modelKey = modelId + " " + spec.endpoint(modelEnv);
            }
            SiteName site = new SiteName(siteName != null ? siteName : m.siteName());
            Consumer<Throwable> errors = onError != null ? onError : logged(modelEnv, embedderEnv);
            Consumer<Throwable> reported = e -> AskSettings.report(errors, e);
            // retrieval's failures reach this handler's onError too, besides the retriever's own receivers; the log only
            // where nobody hears them, not beside a retriever's onError (docs/retrieval.md §10)
            HybridRetriever reporting = retriever.toBuilder()
                    .onError(onError != null ? reported : FailureLog.unlessHeard(reported)).build();
            String refusal = site.fill(noAnswerMessage);
            String prompt = site.fill(instructions);
            AskSettings.Fingerprint fingerprint = AskSettings.Fingerprint.of(retriever, retrieval, modelKey,
                    site.display(), prompt, refusal, rewriteFollowUps, maxOutputTokens);
            ExtractiveAnswer extractive = new ExtractiveAnswer(IndexEngine.of(retriever.index()),
                    model == null ? passageVectors(retriever.index(), embedderEnv) : null, e -> AskSettings.report(errors, e));
            return new AskHandler(new AskSettings(reporting, retriever.index().hasVectors(), model, modelId, site, retrieval,
                    refusal, prompt, cache, firstTokenTimeout, totalTimeout, rewriteFollowUps, errors, onFinish,
                    fingerprint, extractive, maxOutputTokens));
        }

        /** The receiver without {@link #onError}: the log, with the keys of the environments the models were made from masked. */
        private static Consumer<Throwable> logged(Map<String, String> modelEnv, @Nullable Map<String, String> embedderEnv) {
            Map<String, String> env = new HashMap<>(System.getenv());
            env.putAll(modelEnv);
            if (embedderEnv != null) {
                env.putAll(embedderEnv);
            }
            SecretMask secrets = SecretMask.of(env); // a provider's error body may echo the key
            return e -> FailureLog.warn(LOG, e, secrets::mask);
        }

        /**
         * The index's own model, for choosing quotes by meaning when no chat model writes the answer;
         * none for a keyword-only index, for the mock (its vectors hold nothing beyond the words,
         * which keywords already weigh), or when the model cannot be made here (then keywords choose).
         */
        private static @Nullable PassageVectors passageVectors(DocIndex index, @Nullable Map<String, String> env) {
            if (!index.hasVectors()) {
                return null;
            }
            try {
                return Embedders.create(index.manifest().embedderSpec(), env != null ? env : System.getenv())
                        .filter(e -> !e.matchesWordsOnly()).map(PassageVectors::new).orElse(null);
            } catch (RuntimeException e) {
                return null;
            }
        }

        private static Duration requireTimeout(String name, Duration d) {
            return AskSettings.requirePositive(name, d).compareTo(MAX_TIMEOUT) > 0 ? MAX_TIMEOUT : d;
        }

        private static String requireText(String name, String value) {
            if (value == null || value.isBlank()) {
                throw new IllegalArgumentException(name + " must not be blank");
            }
            return value;
        }
    }

    /**
     * Receives the events of one answer. Events of one answer arrive one at a time, in order, but on
     * a thread that is not the caller's; a listener must not block for long (it holds up the stream).
     *
     * <pre>{@code
     * Listener print = event -> { if (event instanceof AskEvent.Delta d) System.out.print(d.text()); };
     * }</pre>
     */
    @FunctionalInterface
    public interface Listener {
        void on(AskEvent event);
    }

    /**
     * A running answer. Cancel it when the asker goes away: the model stream is stopped and its HTTP
     * connection closed, and no further event is sent.
     *
     * <pre>{@code
     * Handle h = handler.ask(question, List.of(), sse::send);
     * sse.onClose(h::cancel);
     * }</pre>
     */
    public static final class Handle {
        private final AskRun run;

        Handle(AskRun run) {
            this.run = run;
        }

        /** Stops the answer; harmless when it is already complete. */
        public void cancel() {
            run.cancel();
        }

        /** Whether the answer is complete, failed or cancelled. */
        public boolean isDone() {
            return run.result().isDone();
        }

        /**
         * Completes with the answer, or exceptionally: an {@link AskException} when the answer failed,
         * a {@link java.util.concurrent.CancellationException} when it was cancelled (each the root cause).
         * Cancelling the future cancels the answer, as {@link #cancel()} does.
         */
        public CompletableFuture<Answer> completion() {
            CompletableFuture<Answer> f = run.result().copy();
            f.whenComplete((answer, failure) -> {
                if (f.isCancelled()) {
                    run.cancel();
                }
            });
            return f;
        }
    }
}
