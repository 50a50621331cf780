package dev.docask.answer;

import dev.docask.retrieve.HybridRetriever;
import dev.docask.retrieve.RetrievalOptions;
import dev.langchain4j.model.chat.StreamingChatModel;

import java.time.Duration;
import java.util.Objects;
import java.util.function.Consumer;

/** Everything an {@link AskHandler} was built with, resolved and validated; shared by all its runs. */
record AskSettings(HybridRetriever retriever, String indexHash, boolean indexHasVectors, StreamingChatModel model,
                   String modelId, SiteName site, RetrievalOptions retrieval, String noAnswerMessage,
                   String instructions, AnswerCache cache, Duration firstTokenTimeout, Duration totalTimeout,
                   boolean rewriteFollowUps, Consumer<Throwable> onError, Consumer<Answer> onFinish) {
    AskSettings {
        Objects.requireNonNull(retriever, "a retriever is required: call retriever(...)");
        Objects.requireNonNull(indexHash, "indexHash");
        Objects.requireNonNull(modelId, "modelId");
        Objects.requireNonNull(site, "site");
        Objects.requireNonNull(retrieval, "retrieval");
        Objects.requireNonNull(noAnswerMessage, "noAnswerMessage");
        Objects.requireNonNull(instructions, "instructions");
        requirePositive("firstTokenTimeout", firstTokenTimeout);
        requirePositive("totalTimeout", totalTimeout);
        Objects.requireNonNull(onError, "onError");
        Objects.requireNonNull(onFinish, "onFinish");
    }

    /** Reports a failure that the answer survived; a failing {@code onError} is not allowed to break the answer. */
    void report(Throwable failure) {
        try {
            onError.accept(failure);
        } catch (RuntimeException ignored) {
            // onError is the last resort; there is nowhere left to report its own failure
        }
    }

    private static void requirePositive(String name, Duration d) {
        if (d == null || d.isNegative() || d.isZero()) {
            throw new IllegalArgumentException(name + " must be positive, got " + d);
        }
    }
}
