package dev.docask.index;

/** An index that cannot be opened or written: missing, damaged, or built for another model. */
public final class IndexException extends RuntimeException {
    public IndexException(String message) {
        super(message);
    }

    public IndexException(String message, Throwable cause) {
        super(message, cause);
    }
}
