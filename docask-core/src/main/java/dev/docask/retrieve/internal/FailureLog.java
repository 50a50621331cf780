package dev.docask.retrieve.internal;

import java.util.function.UnaryOperator;

/*
 * What HybridRetriever and AskHandler do with a failure they survived when the program set no onError: an embedder
 * that fails on every question (a wrong key, Ollama down) would otherwise turn retrieval into keyword search without
 * a word. System.Logger reaches the application's logging (JUL, or SLF4J and Log4j through their bridges); one
 * WARNING line keeps a failure repeated on every question readable, the stack trace waits at DEBUG.
 */
/** Logs a failure nobody else receives: one WARNING line with its message, the stack trace at DEBUG. */
public final class FailureLog {
    private FailureLog() {
    }

    /**
     * Logs {@code failure} to {@code log}; {@code safe} cleans its message first (masks keys a provider echoed).
     *
     * <pre>{@code
     * FailureLog.warn(LOG, e, UnaryOperator.identity());
     * }</pre>
     */
    public static void warn(System.Logger log, Throwable failure, UnaryOperator<String> safe) {
        String message = failure.getMessage();
        String line = safe.apply(message == null || message.isBlank() ? failure.toString() : message)
                .replaceAll("\\s*\\R\\s*", " ");
        log.log(System.Logger.Level.WARNING, line);
        if (log.isLoggable(System.Logger.Level.DEBUG)) {
            log.log(System.Logger.Level.DEBUG, line, failure);
        }
    }
}
