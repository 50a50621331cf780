package dev.docask.answer;

import org.jspecify.annotations.Nullable;

import dev.docask.retrieve.HybridRetriever;
import dev.docask.retrieve.RetrievalOptions;
import dev.langchain4j.model.chat.StreamingChatModel;

import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.WeakHashMap;
import java.util.function.Consumer;

/** Everything an {@link AskHandler} was built with, resolved and validated; shared by all its runs. */
record AskSettings(HybridRetriever retriever, boolean indexHasVectors, @Nullable StreamingChatModel model,
                   String modelId, SiteName site, RetrievalOptions retrieval, String noAnswerMessage,
                   String instructions, @Nullable AnswerCache cache, Duration firstTokenTimeout, Duration totalTimeout,
                   boolean rewriteFollowUps, Consumer<Throwable> onError, Consumer<Answer> onFinish,
                   Fingerprint fingerprint, ExtractiveAnswer extractive, int maxOutputTokens) {
    /*
     * A model that ignores the token cap (or a server that does not honour it) must not grow one
     * answer without bound: past this many characters per allowed token the stream is stopped and
     * the answer ends as truncated. Tokens average about 4 characters of English; 16 leaves room
     * for long identifiers and code while still bounding the answer (800 tokens → 12,800 chars).
     */
    static final int MAX_CHARS_PER_TOKEN = 16;

    AskSettings {
        Objects.requireNonNull(retriever, "a retriever is required: call retriever(...)");
        Objects.requireNonNull(modelId, "modelId");
        Objects.requireNonNull(site, "site");
        Objects.requireNonNull(retrieval, "retrieval");
        Objects.requireNonNull(noAnswerMessage, "noAnswerMessage");
        Objects.requireNonNull(instructions, "instructions");
        requirePositive("firstTokenTimeout", firstTokenTimeout);
        requirePositive("totalTimeout", totalTimeout);
        Objects.requireNonNull(onError, "onError");
        Objects.requireNonNull(onFinish, "onFinish");
        Objects.requireNonNull(fingerprint, "fingerprint");
        Objects.requireNonNull(extractive, "extractive");
        if (maxOutputTokens < 1) {
            throw new IllegalArgumentException("maxOutputTokens must be at least 1, got " + maxOutputTokens);
        }
    }

    /** The most characters one model answer may hold before it is stopped as truncated. */
    long maxAnswerChars() {
        return (long) maxOutputTokens * MAX_CHARS_PER_TOKEN;
    }

    /** These settings with other retrieval options (one request's, e.g. the reader's docs version), fingerprint included. */
    AskSettings withRetrieval(RetrievalOptions asked) {
        // a version is kept as the folder it stands for, or dropped when it stands for none (it then changes nothing):
        // "v3", "3.x" and "3.8.1" share cached answers, and a widget's path segment that is no version ("sidebar")
        // shares those of questions asked without one
        RetrievalOptions options = asked.docsVersion().map(v -> retriever.docsVersionFolder(v).orElse(""))
                .filter(folder -> !folder.equals(asked.docsVersion().get()))
                .map(folder -> asked.toBuilder().docsVersion(folder).build()).orElse(asked);
        if (options.equals(retrieval)) {
            return this;
        }
        Fingerprint f = fingerprint;
        return new AskSettings(retriever, indexHasVectors, model, modelId, site, options, noAnswerMessage, instructions,
                cache, firstTokenTimeout, totalTimeout, rewriteFollowUps, onError, onFinish,
                new Fingerprint(f.retriever(), f.index(), options, f.model(), f.site(), f.instructions(), f.noAnswerMessage(),
                        f.rewriteFollowUps(), f.maxOutputTokens()), extractive, maxOutputTokens);
    }

    /** Reports a failure that the answer survived; a failing {@code onError} is not allowed to break the answer. */
    void report(Throwable failure) {
        report(onError, failure);
    }

    /** Hands {@code failure} to {@code onError}, whose own failure is swallowed: it is the last resort. */
    static void report(Consumer<Throwable> onError, Throwable failure) {
        try {
            onError.accept(failure);
        } catch (RuntimeException ignored) {
            // onError is the last resort; there is nowhere left to report its own failure
        }
    }

    static Duration requirePositive(String name, Duration d) {
        if (d == null || d.isNegative() || d.isZero()) {
            throw new IllegalArgumentException(name + " must be positive, got " + d);
        }
        return d;
    }

    /**
     * Everything besides the question and the conversation that an answer depends on; the
     * {@link AnswerCache} key holds it, so handlers that share a cache never mix answers.
     *
     * @param retriever  stands for the retriever: its index (content, generation) and its embedder,
     *                   query variant included; a number rather than the object, so the cache does
     *                   not keep a replaced index alive
     * @param index      the index's content hash and embedder, the same in every process
     * @param retrieval  the retrieval options (the retriever's hooks count as part of the retriever)
     * @param model      the model's id, plus the server it is reached at when built from a spec
     */
    record Fingerprint(long retriever, String index, RetrievalOptions retrieval, String model, String site,
                       String instructions, String noAnswerMessage, boolean rewriteFollowUps, int maxOutputTokens) {
        private static final Map<HybridRetriever, Long> RETRIEVERS = new WeakHashMap<>();
        private static long lastRetriever;

        static Fingerprint of(HybridRetriever retriever, RetrievalOptions retrieval, String model, String site,
                              String instructions, String noAnswerMessage, boolean rewriteFollowUps, int maxOutputTokens) {
            long id;
            synchronized (RETRIEVERS) {
                id = RETRIEVERS.computeIfAbsent(retriever, r -> ++lastRetriever);
            }
            String index = retriever.index().manifest().contentHash() + " " + retriever.index().manifest().embedderId();
            return new Fingerprint(id, index, retrieval, model, site, instructions,
                    noAnswerMessage, rewriteFollowUps, maxOutputTokens);
        }

        /**
         * The same settings as text that is equal in every process: the index by its content hash and
         * embedder instead of this process's retriever number (a shared cache's key; hooks are not in
         * it, so replicas sharing a cache run the same hooks).
         */
        String shared() {
            return String.join("\u0000", index, retrieval.toString(), model, site, instructions, noAnswerMessage,
                    Boolean.toString(rewriteFollowUps), Integer.toString(maxOutputTokens));
        }
    }
}
