package dev.docask.spring;

import dev.docask.answer.Answer;
import dev.docask.answer.AskEvent;
import dev.docask.answer.AskException;
import dev.docask.answer.AskHandler;
import dev.docask.answer.Turn;
import dev.docask.answer.IndexFolder;
import dev.docask.answer.internal.AnswerMeters;
import dev.docask.answer.internal.FolderLeases;
import dev.docask.answer.internal.LiveIndex;
import dev.docask.answer.internal.MicrometerMeters;
import dev.docask.index.Manifest;
import dev.docask.retrieve.Retrieval;
import dev.docask.retrieve.RetrievalOptions;
import io.micrometer.core.instrument.MeterRegistry;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletionException;
import java.util.function.Supplier;

/*
 * The starter serves through core's IndexFolder, on the same LiveIndex as 'docask serve' (docs/design.md#server): the
 * folder's CURRENT file is polled, a new generation is loaded with the application's factories and swapped in, and a
 * request keeps the generation it started on until it is done, so a reload never closes an index under a running
 * answer. That is why the index, retriever and handler are not beans themselves: they change with each generation.
 * Ask through this class and each call takes the current one. Its answers are counted on the docask.* meters as the
 * /docask endpoints' are (those ask the folder directly, so nothing is counted twice), one built by hand's too: on the
 * registry it is given, else on Micrometer's global one, where Spring Boot's registry sits by default.
 */
/**
 * The docask index in {@code docask.index}, with the retriever and ask handler built on its current
 * generation; a new generation published into the folder ({@code docask index} run again) is picked up
 * without a restart. Inject it and ask:
 *
 * <pre>{@code
 * @RestController
 * class HelpController {
 *     private final DocaskIndex docs;
 *     HelpController(DocaskIndex docs) { this.docs = docs; }
 *
 *     @GetMapping("/help")
 *     String help(@RequestParam String q) {
 *         return docs.ask(q).text();     // "... use vi.mock [1] ..." or "I don't know. ..."
 *     }
 * }
 * }</pre>
 */
public final class DocaskIndex implements AutoCloseable {
    private final IndexFolder folder;
    private final AnswerMeters meters;

    /**
     * Opens {@code directory} and checks it for new generations every {@code reloadInterval}. Answers are counted on
     * the {@code docask.*} meters of Micrometer's global registry, which Spring Boot adds its registry to, when
     * Micrometer is on the class path.
     *
     * @throws dev.docask.index.IndexException naming the folder, when it holds no index or a damaged one
     */
    public DocaskIndex(Path directory, DocaskRetrieverFactory retrievers, DocaskAnswerFactory answers,
                       RetrievalOptions options, Duration reloadInterval) {
        this(directory, retrievers, answers, options, reloadInterval, AnswerMeters.global());
    }

    /**
     * As {@link #DocaskIndex(Path, DocaskRetrieverFactory, DocaskAnswerFactory, RetrievalOptions, Duration)}, answers
     * counted on the {@code docask.*} meters of {@code registry}, as the auto-configured index counts them:
     *
     * <pre>{@code
     * @Bean
     * DocaskIndex docs(MeterRegistry registry) {
     *     return new DocaskIndex(Path.of("docs-index"), i -> HybridRetriever.create(i, Embedders.fromSpec("bge-small")),
     *             r -> AskHandler.builder().retriever(r).build(), RetrievalOptions.defaults(), Duration.ofSeconds(5), registry);
     * }
     * }</pre>
     */
    public DocaskIndex(Path directory, DocaskRetrieverFactory retrievers, DocaskAnswerFactory answers,
                       RetrievalOptions options, Duration reloadInterval, MeterRegistry registry) {
        this(directory, retrievers, answers, options, reloadInterval,
                MicrometerMeters.answers(Objects.requireNonNull(registry, "registry")));
    }

    DocaskIndex(Path directory, DocaskRetrieverFactory retrievers, DocaskAnswerFactory answers,
                RetrievalOptions options, Duration reloadInterval, AnswerMeters meters) {
        this.folder = IndexFolder.builder(directory).retrievers(retrievers::create).answers(answers::create)
                .retrievalOptions(options).reloadInterval(reloadInterval).build();
        this.meters = meters;
    }

    /** The index folder. */
    public Path directory() {
        return folder.directory();
    }

    /** The generation answers come from now, e.g. {@code gen-000002}. */
    public String generation() {
        return folder.generation();
    }

    /** The number of chunks in the current generation. */
    public int chunks() {
        return folder.chunks();
    }

    /** The manifest of the current generation: embedder, site name, base URL, gate floors. */
    public Manifest manifest() {
        return folder.manifest();
    }

    /** Checks the folder for a new generation now, rather than at the next poll; true when it swapped to one. */
    public boolean reloadNow() {
        return folder.reloadNow();
    }

    /** Retrieves with the {@code docask.retrieval} options: the gated sources, with every score. */
    public Retrieval retrieve(String question) {
        return folder.retrieve(question);
    }

    /** Retrieves with {@code options}. */
    public Retrieval retrieve(String question, RetrievalOptions options) {
        return folder.retrieve(question, options);
    }

    /** Answers {@code question} and waits for the whole answer. */
    public Answer ask(String question) {
        return counted(() -> folder.ask(question));
    }

    /** Answers a follow-up {@code question} and waits for the whole answer. */
    public Answer ask(String question, List<Turn> history) {
        return counted(() -> folder.ask(question, history));
    }

    /**
     * Streams the answer to {@code listener}; the generation is held until the answer ends.
     *
     * @see AskHandler#ask(String, List, AskHandler.Listener)
     */
    public AskHandler.Handle ask(String question, List<Turn> history, AskHandler.Listener listener) {
        // an answer is counted as its done event passes, which comes before completion() completes: one who waits on
        // completion() then finds it counted (a whenComplete stage could still be running)
        AskHandler.Handle handle = folder.ask(question, history, event -> {
            if (event instanceof AskEvent.Done done) {
                meters.answered(done.answer());
            }
            listener.on(event);
        });
        handle.completion().whenComplete((a, e) -> {
            if (a == null) {
                if ((e instanceof CompletionException && e.getCause() != null ? e.getCause() : e) instanceof CancellationException) {
                    meters.cancellation();
                } else {
                    meters.failure();
                }
            }
        });
        return handle;
    }

    private Answer counted(Supplier<Answer> ask) {
        Answer a;
        try {
            a = ask.get();
        } catch (AskException e) { // the model failed or timed out; a bad question is the caller's, not counted
            meters.failure();
            throw e;
        }
        meters.answered(a);
        return a;
    }

    /** The same index folder for a program that does not use Spring's types. */
    public IndexFolder folder() {
        return folder;
    }

    LiveIndex live() {
        return FolderLeases.of(folder);
    }

    /** Stops polling and closes the index and handler (Spring calls this on shutdown). */
    @Override
    public void close() {
        folder.close();
    }
}
