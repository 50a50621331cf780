package dev.docask.retrieve;

import org.jspecify.annotations.Nullable;

/** A failure that retrieval survived (embedder, hook, a filter that matches nothing), as reported to {@code onError}. */
public final class RetrievalException extends RuntimeException {
    public RetrievalException(String message, @Nullable Throwable cause) {
        super(message, cause);
    }
}
