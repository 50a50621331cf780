package dev.docask.answer;

/**
 * Where the time of one answer went, in milliseconds from the moment {@code ask} was called.
 *
 * @param rewriteMillis    spent rewriting a follow-up into a standalone question (0 when not done)
 * @param retrievalMillis  spent retrieving sources (embedding included)
 * @param firstTokenMillis until the first token of the answer was sent
 * @param totalMillis      until the answer was complete
 */
public record Timings(long rewriteMillis, long retrievalMillis, long firstTokenMillis, long totalMillis) {
    public Timings {
        if (rewriteMillis < 0 || retrievalMillis < 0 || firstTokenMillis < 0 || totalMillis < 0) {
            throw new IllegalArgumentException("timings cannot be negative");
        }
    }
}
