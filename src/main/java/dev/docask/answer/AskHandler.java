package dev.docask.answer;

import dev.docask.embed.Embedders;
import dev.docask.index.DocIndex;
import dev.docask.index.Manifest;
import dev.docask.retrieve.HybridRetriever;
import dev.docask.retrieve.RetrievalOptions;
import dev.langchain4j.model.chat.StreamingChatModel;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Answers questions about one documentation site from its index: sources first, then a streamed
 * answer that cites them as {@code [n]}, or "I don't know" — without calling the model — when
 * nothing on the site is relevant (SPEC §5). Built once, shared by all threads.
 *
 * <pre>{@code
 * AskHandler handler = AskHandler.builder()
 *         .index(DocIndex.open(Path.of("docs-index")))  // or .retriever(HybridRetriever.create(index, embedder))
 *         .model("openai:gpt-4o-mini")               // or no model: an extractive answer
 *         .siteName("Vitest")
 *         .answerCache(AnswerCache.create(10_000, Duration.ofHours(1)))
 *         .onError(e -> log.warn("answer", e))
 *         .build();
 * Answer a = handler.ask("how do I mock a module?");          // blocking
 * AskHandle h = handler.ask("and a default export?", List.of(Turn.user("how do I mock a module?"),
 *         Turn.assistant(a.text())), event -> send(event));    // streaming, cancellable
 * }</pre>
 */
public final class AskHandler implements AutoCloseable {
    private final AskSettings settings;
    private final ScheduledExecutorService timers;
    private final ExecutorService runs = Executors.newVirtualThreadPerTaskExecutor();

    private AskHandler(AskSettings settings) {
        this.settings = settings;
        this.timers = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "docask-answer-timeouts");
            t.setDaemon(true);
            return t;
        });
    }

    public static Builder builder() {
        return new Builder();
    }

    /**
     * Starts answering {@code question} and returns at once; {@code listener} receives
     * {@link AskEvent.Sources}, {@link AskEvent.Delta}s, then {@link AskEvent.Done} or {@link AskEvent.Failed}.
     *
     * @param history earlier turns of the conversation, oldest first (empty for a first question)
     * @throws IllegalArgumentException when the question is blank
     */
    public AskHandle ask(String question, List<Turn> history, AskListener listener) {
        Objects.requireNonNull(listener, "listener");
        AskRun run = new AskRun(settings, timers, requireQuestion(question), history, listener);
        runs.execute(run::run);
        return new AskHandle(run);
    }

    /** Answers {@code question} and waits for the whole answer. */
    public Answer ask(String question) {
        return ask(question, List.of());
    }

    /**
     * Answers a follow-up {@code question} and waits for the whole answer.
     *
     * @throws AskException when the model fails or a timeout passes
     */
    public Answer ask(String question, List<Turn> history) {
        AskHandle handle = ask(question, history, event -> { });
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

    /** The site's display name, as used in the prompt and the "I don't know" message: "this site" when it has none. */
    public String siteName() {
        return settings.site().display();
    }

    /** The model spec answers are written with, e.g. {@code openai:gpt-4o-mini} or {@code extractive}. */
    public String model() {
        return settings.modelId();
    }

    /** Stops the handler's threads; answers still running are cut off. */
    @Override
    public void close() {
        runs.shutdownNow();
        timers.shutdownNow();
    }

    private static String requireQuestion(String question) {
        if (question == null || question.isBlank()) {
            throw new IllegalArgumentException("the question is empty");
        }
        if (question.length() > HybridRetriever.MAX_QUESTION_CHARS) {
            throw new IllegalArgumentException("the question is " + question.length()
                    + " characters long; the limit is " + HybridRetriever.MAX_QUESTION_CHARS);
        }
        return question.strip();
    }

    /** Collects the handler's parts; only the sources ({@link #retriever(HybridRetriever)} or {@link #index(DocIndex)}) are required. */
    public static final class Builder {
        /** The refusal; {@code {siteName}} is replaced by the site's name, or "this site" when it has none. */
        public static final String DEFAULT_NO_ANSWER = "I don't know. I couldn't find anything about that on {siteName}.";

        private HybridRetriever retriever;
        private StreamingChatModel model;
        private String modelId = ModelSpecs.EXTRACTIVE;
        private String modelSpec;
        private Map<String, String> modelEnv = Map.of();
        private String siteName;
        private RetrievalOptions retrieval = RetrievalOptions.defaults();
        private String noAnswerMessage = DEFAULT_NO_ANSWER;
        private String instructions = Prompt.DEFAULT_INSTRUCTIONS;
        private AnswerCache cache;
        private Duration firstTokenTimeout = Duration.ofSeconds(20);
        private Duration totalTimeout = Duration.ofSeconds(90);
        private boolean rewriteFollowUps = true;
        private Consumer<Throwable> onError = e -> { };
        private Consumer<Answer> onFinish = a -> { };

        private Builder() {
        }

        /** Where sources come from; also supplies the index content hash and the default site name. */
        public Builder retriever(HybridRetriever retriever) {
            this.retriever = Objects.requireNonNull(retriever, "retriever");
            return this;
        }

        /**
         * Sources from {@code index}, searched with the embedder it was built with
         * ({@link Manifest#embedderSpec()}); the same as {@code retriever(HybridRetriever.create(index, ...))}.
         *
         * @throws IllegalArgumentException when that embedder cannot be created here
         */
        public Builder index(DocIndex index) {
            return retriever(HybridRetriever.create(index, Embedders.fromSpec(index.manifest().embedderSpec())));
        }

        /** The chat model that writes answers; {@code id} names it in the cache key and in answers. */
        public Builder model(StreamingChatModel model, String id) {
            this.model = Objects.requireNonNull(model, "model");
            this.modelId = Objects.requireNonNull(id, "id");
            this.modelSpec = null;
            return this;
        }

        /** A model from a spec ({@link ModelSpecs}): {@code openai:<name>}, {@code anthropic:<name>}, {@code ollama:<name>}, {@code extractive}. */
        public Builder model(String spec) {
            return model(spec, System.getenv());
        }

        /** A model from a spec, with keys and addresses read from {@code env} instead of the process environment. */
        public Builder model(String spec, Map<String, String> env) {
            this.modelSpec = Objects.requireNonNull(spec, "spec");
            this.modelEnv = Map.copyOf(env);
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
         * that goes quiet without ending is stopped too), and for the whole answer (90 s).
         */
        public Builder timeouts(Duration firstToken, Duration total) {
            this.firstTokenTimeout = firstToken;
            this.totalTimeout = total;
            return this;
        }

        /** Whether follow-ups are rewritten into standalone questions before retrieval (on; needs a model). */
        public Builder rewriteFollowUps(boolean rewrite) {
            this.rewriteFollowUps = rewrite;
            return this;
        }

        /** Receives every failure an answer survived or ended with (model, timeouts, hooks, listeners). */
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
         * @throws IllegalArgumentException for a bad model spec or missing API key, or bad timeouts
         * @throws NullPointerException     when no retriever was given
         */
        public AskHandler build() {
            Objects.requireNonNull(retriever, "a retriever is required: call retriever(...)");
            Manifest m = retriever.index().manifest();
            String indexHash = m.contentHash() == null ? "" : m.contentHash();
            if (modelSpec != null) {
                model = ModelSpecs.fromSpec(modelSpec, modelEnv, totalTimeout).orElse(null);
                modelId = model == null ? ModelSpecs.EXTRACTIVE : modelSpec.strip();
            }
            SiteName site = new SiteName(siteName != null ? siteName : m.siteName());
            Consumer<Throwable> errors = onError;
            Consumer<Throwable> retrievalErrors = retrieval.onError();
            RetrievalOptions options = retrieval.withOnError(e -> {
                retrievalErrors.accept(e);
                errors.accept(e);
            });
            return new AskHandler(new AskSettings(retriever, indexHash, retriever.index().hasVectors(), model, modelId, site, options,
                    site.fill(noAnswerMessage), site.fill(instructions), cache,
                    firstTokenTimeout, totalTimeout, rewriteFollowUps, onError, onFinish));
        }

        private static String requireText(String name, String value) {
            if (value == null || value.isBlank()) {
                throw new IllegalArgumentException(name + " must not be blank");
            }
            return value;
        }
    }
}
