package dev.docask.answer;

import dev.docask.answer.internal.ApiException;
import dev.docask.answer.internal.Generation;
import dev.docask.answer.internal.LiveIndex;
import dev.docask.index.DocIndex;
import dev.docask.index.Manifest;
import dev.docask.retrieve.HybridRetriever;
import dev.docask.retrieve.Retrieval;
import dev.docask.retrieve.RetrievalOptions;
import com.google.errorprone.annotations.CanIgnoreReturnValue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/*
 * The same LiveIndex as 'docask serve' and the Spring Boot starter (docs/design.md#server): the folder's CURRENT file
 * is polled, a new generation is opened with the program's factories and swapped in, and a question keeps the
 * generation it started on until its answer is done, so a rebuild never closes an index under a running answer.
 */
/**
 * An index folder followed across rebuilds: asks and retrieves from the generation {@code docask index} (or
 * {@code IndexBuilder.build}) last published into it, picking up a new one without a restart. For a long-running
 * program; a {@link DocIndex} stays on the generation it opened.
 *
 * <pre>{@code
 * try (IndexFolder docs = IndexFolder.open(Path.of("docs-index"))) {      // extractive answers, checked every 2 s
 *     System.out.println(docs.ask("How do I mock a module?").text());
 * }
 *
 * IndexFolder docs = IndexFolder.builder(Path.of("docs-index"))
 *         .answers(retriever -> AskHandler.builder().retriever(retriever).model("openai:gpt-4o-mini").build())
 *         .reloadInterval(Duration.ofSeconds(10))
 *         .build();
 * }</pre>
 */
public final class IndexFolder implements AutoCloseable {
    /** How often the folder is checked for a new generation unless the builder says otherwise. */
    public static final Duration DEFAULT_RELOAD_INTERVAL = Duration.ofSeconds(2);

    static {
        dev.docask.answer.internal.FolderLeases.grant(f -> f.live);
    }

    private final Path directory;
    private final LiveIndex live;
    private final RetrievalOptions options;

    private IndexFolder(Builder b) {
        this.directory = b.directory;
        this.options = b.options;
        Function<DocIndex, HybridRetriever> retrievers = b.retrievers;
        Function<HybridRetriever, AskHandler> answers = b.answers;
        this.live = new LiveIndex(b.directory, (name, index) -> {
            HybridRetriever retriever = retrievers.apply(index);
            return new Generation(name, index, retriever, answers.apply(retriever));
        }, b.reloadInterval);
    }

    /**
     * The index in {@code directory} with its own embedder and offline extractive answers, checked for a new generation
     * every {@link #DEFAULT_RELOAD_INTERVAL}.
     *
     * @throws dev.docask.index.IndexException naming the folder, when it holds no index or a damaged one
     */
    public static IndexFolder open(Path directory) {
        return builder(directory).build();
    }

    /** A builder for the index in {@code directory}: how each generation's retriever and handler are made. */
    public static Builder builder(Path directory) {
        return new Builder(Objects.requireNonNull(directory, "directory"));
    }

    /** The index folder. */
    public Path directory() {
        return directory;
    }

    /** The generation answers come from now, e.g. {@code gen-000002}; throws {@link IllegalStateException} once closed, as every call below does. */
    public String generation() {
        try (LiveIndex.Lease lease = lease()) {
            return lease.generation().name();
        }
    }

    /** The number of chunks in the current generation. */
    public int chunks() {
        try (LiveIndex.Lease lease = lease()) {
            return lease.generation().index().size();
        }
    }

    /** The manifest of the current generation: embedder, site name, base URL, gate floors. */
    public Manifest manifest() {
        try (LiveIndex.Lease lease = lease()) {
            return lease.generation().index().manifest();
        }
    }

    /** Checks the folder for a new generation now, rather than at the next poll; true when it swapped to one. */
    public boolean reloadNow() {
        lease().close(); // after close() a reload would open a generation nobody closes
        return live.reloadIfChanged();
    }

    /** Retrieves with the builder's options: the gated sources, with every score. */
    public Retrieval retrieve(String question) {
        return retrieve(question, options);
    }

    /** Retrieves with {@code options}. */
    public Retrieval retrieve(String question, RetrievalOptions options) {
        try (LiveIndex.Lease lease = lease()) {
            return lease.generation().retriever().retrieve(question, options);
        }
    }

    /** Answers {@code question} and waits for the whole answer; throws as {@link AskHandler#ask(String)}. */
    public Answer ask(String question) {
        return ask(question, List.of());
    }

    /** Answers a follow-up {@code question} and waits for the whole answer; throws as {@link AskHandler#ask(String, List)}. */
    public Answer ask(String question, List<Turn> history) {
        try (LiveIndex.Lease lease = lease()) {
            return lease.generation().handler().ask(question, history);
        }
    }

    /**
     * Streams the answer to {@code listener}; the generation is held until the answer ends.
     *
     * @see AskHandler#ask(String, List, AskHandler.Listener)
     */
    public AskHandler.Handle ask(String question, List<Turn> history, AskHandler.Listener listener) {
        LiveIndex.Lease lease = lease();
        try {
            AskHandler.Handle handle = lease.generation().handler().ask(question, history, listener);
            handle.completion().whenComplete((a, e) -> lease.close());
            return handle;
        } catch (RuntimeException e) {
            lease.close();
            throw e;
        }
    }

    /* LiveIndex speaks to the HTTP front ends (a 503 "shutting down"); a program that asks after close() made a mistake. */
    private LiveIndex.Lease lease() {
        try {
            return live.lease();
        } catch (ApiException.Unavailable e) {
            throw new IllegalStateException("the index folder " + directory + " is closed", e);
        }
    }

    /** Stops checking the folder and closes the index and handler; an answer still streaming finishes first. */
    @Override
    public void close() {
        live.close();
    }

    /** Builds an {@link IndexFolder}. */
    public static final class Builder {
        private final Path directory;
        private Function<DocIndex, HybridRetriever> retrievers = HybridRetriever::create;
        private Function<HybridRetriever, AskHandler> answers = r -> AskHandler.builder().retriever(r).build();
        private RetrievalOptions options = RetrievalOptions.defaults();
        private Duration reloadInterval = DEFAULT_RELOAD_INTERVAL;

        private Builder(Path directory) {
            this.directory = directory;
        }

        /** How each generation's retriever is made (hooks, an embedder of the program's); default {@link HybridRetriever#create(DocIndex)}. */
        @CanIgnoreReturnValue
        public Builder retrievers(Function<DocIndex, HybridRetriever> retrievers) {
            this.retrievers = Objects.requireNonNull(retrievers, "retrievers");
            return this;
        }

        /** How each generation's handler is made (a model, prompts, the refusal); default: extractive answers. */
        @CanIgnoreReturnValue
        public Builder answers(Function<HybridRetriever, AskHandler> answers) {
            this.answers = Objects.requireNonNull(answers, "answers");
            return this;
        }

        /** The options {@link #retrieve(String)} uses; answers use their handler's. */
        @CanIgnoreReturnValue
        public Builder retrievalOptions(RetrievalOptions options) {
            this.options = Objects.requireNonNull(options, "options");
            return this;
        }

        /** How often the folder is checked for a new generation (default 2 s, at least 10 ms; a small read of its CURRENT file). */
        @CanIgnoreReturnValue
        public Builder reloadInterval(Duration interval) {
            Objects.requireNonNull(interval, "interval");
            if (interval.isNegative()) {
                throw new IllegalArgumentException("reloadInterval must not be negative, got " + interval);
            }
            this.reloadInterval = interval;
            return this;
        }

        /**
         * Opens the folder's current generation.
         *
         * @throws dev.docask.index.IndexException naming the folder, when it holds no index or a damaged one
         */
        public IndexFolder build() {
            return new IndexFolder(this);
        }
    }
}
