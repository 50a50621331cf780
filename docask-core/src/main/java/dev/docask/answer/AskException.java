package dev.docask.answer;

import org.jspecify.annotations.Nullable;

/**
 * Thrown by the blocking {@link AskHandler#ask(String)} when an answer fails (model error,
 * timeout). The message is the same safe sentence the {@code error} event carries.
 */
public final class AskException extends RuntimeException {
    public AskException(String message, @Nullable Throwable cause) {
        super(message, cause);
    }
}
