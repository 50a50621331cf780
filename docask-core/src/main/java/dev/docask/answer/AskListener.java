package dev.docask.answer;

/**
 * Receives the events of one answer. Events of one answer arrive one at a time, in order, but on
 * a thread that is not the caller's; a listener must not block for long (it holds up the stream).
 *
 * <pre>{@code
 * AskListener print = event -> { if (event instanceof AskEvent.Delta d) System.out.print(d.text()); };
 * }</pre>
 */
@FunctionalInterface
public interface AskListener {
    void on(AskEvent event);
}
