package dev.docask.retrieve;

/** A failure that retrieval survived (embedder, hook, a filter that matches nothing), as reported to {@code onError}. */
public final class RetrievalException extends RuntimeException {
    public RetrievalException(String message, Throwable cause) {
        super(message, cause);
    }
}
