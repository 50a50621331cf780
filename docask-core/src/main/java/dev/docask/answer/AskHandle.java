package dev.docask.answer;

import java.util.concurrent.CompletableFuture;

/**
 * A running answer. Cancel it when the asker goes away: the model stream is stopped and its HTTP
 * connection closed, and no further event is sent.
 *
 * <pre>{@code
 * AskHandle h = handler.ask(question, List.of(), sse::send);
 * sse.onClose(h::cancel);
 * }</pre>
 */
public final class AskHandle {
    private final AskRun run;

    AskHandle(AskRun run) {
        this.run = run;
    }

    /** Stops the answer; harmless when it is already complete. */
    public void cancel() {
        run.cancel();
    }

    /** Whether the answer is complete, failed or cancelled. */
    public boolean isDone() {
        return run.result().isDone();
    }

    /**
     * Completes with the answer, or exceptionally: an {@link AskException} when the answer failed,
     * a {@link java.util.concurrent.CancellationException} when it was cancelled (each the root cause).
     * Cancelling the future cancels the answer, as {@link #cancel()} does.
     */
    public CompletableFuture<Answer> completion() {
        CompletableFuture<Answer> f = run.result().copy();
        f.whenComplete((answer, failure) -> {
            if (f.isCancelled()) {
                run.cancel();
            }
        });
        return f;
    }
}
