package dev.docask.retrieve.internal;

import java.util.List;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;

/*
 * What HybridRetriever and AskHandler do with a failure they survived when the program set no onError: an embedder
 * that fails on every question (a wrong key, Ollama down) would otherwise turn retrieval into keyword search without
 * a word. System.Logger reaches the application's logging (JUL, or SLF4J and Log4j through their bridges); one
 * WARNING line keeps a failure repeated on every question readable, the stack trace waits at DEBUG. The log only
 * stands in for a receiver: AskHandler's reaches the retriever it asks through as a stand-in (unlessHeard), so a
 * retriever with an onError of the program's own does not log its failures a second time (docs/retrieval.md §10).
 */
/** Logs a failure nobody else receives: one WARNING line with its message, the stack trace at DEBUG. */
public final class FailureLog {
    private FailureLog() {
    }

    /**
     * {@code receiver} as a stand-in for one the program sets: a {@code HybridRetriever} hands it a failure only when
     * no other receiver is there to hear it.
     */
    public static Consumer<Throwable> unlessHeard(Consumer<Throwable> receiver) {
        return new StandIn(receiver);
    }

    /** The receivers that hear a failure: those the program set, else the stand-ins ({@link #unlessHeard}). */
    public static List<Consumer<Throwable>> hearing(List<Consumer<Throwable>> receivers) {
        List<Consumer<Throwable>> set = receivers.stream().filter(r -> !(r instanceof StandIn)).toList();
        return set.isEmpty() ? List.copyOf(receivers) : set;
    }

    private record StandIn(Consumer<Throwable> receiver) implements Consumer<Throwable> {
        @Override
        public void accept(Throwable failure) {
            receiver.accept(failure);
        }
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
