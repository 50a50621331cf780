package dev.docask.answer;

import dev.langchain4j.model.chat.StreamingChatModel;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/*
 * Retrieval sees one question, not a conversation: "and how do I reset it?" finds nothing. So a
 * follow-up is first rewritten into a standalone question by one short model call. A reply that
 * is empty or implausibly long (the model answered instead of rewriting) is ignored.
 */
final class FollowUpRewriter {
    private static final int MAX_CHARS = 400;

    /** The standalone question and the tokens the rewrite cost. */
    record Rewrite(String question, Usage usage) {
    }

    private FollowUpRewriter() {
    }

    /** Rewrites {@code question} in the light of {@code history}; throws when the model fails or times out. */
    static Rewrite rewrite(StreamingChatModel model, String question, List<Turn> history, Duration timeout)
            throws Exception {
        CompletableFuture<Rewrite> result = new CompletableFuture<>();
        ModelCall call = ModelCall.prepare(new ModelCall.Events() {
                    @Override
                    public void token(String text) {
                    }

                    @Override
                    public void complete(String text, Usage usage, boolean truncated) {
                        result.complete(new Rewrite(clean(text, question), usage));
                    }

                    @Override
                    public void failed(Throwable failure) {
                        result.completeExceptionally(failure);
                    }
                });
        call.run(model, Prompt.REWRITE_INSTRUCTIONS, Prompt.rewrite(question, history));
        try {
            return result.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } finally {
            call.cancel();
        }
    }

    static String clean(String reply, String original) {
        String q = reply.strip();
        int newline = q.indexOf('\n');
        q = (newline < 0 ? q : q.substring(0, newline)).strip();
        q = q.replaceAll("^[\"'“]+|[\"'”]+$", "").strip();
        return q.isEmpty() || q.length() > MAX_CHARS ? original : q;
    }
}
