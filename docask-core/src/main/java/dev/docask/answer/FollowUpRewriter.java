package dev.docask.answer;

import org.jspecify.annotations.Nullable;

import dev.docask.answer.Answer.Usage;

import dev.docask.retrieve.HybridRetriever;
import dev.langchain4j.model.chat.StreamingChatModel;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.MatchResult;
import java.util.regex.Pattern;

/*
 * Retrieval sees one question, not a conversation: "and how do I reset it?" finds nothing. So a
 * follow-up is first rewritten into a standalone question by one short model call. A reply that
 * is empty or implausibly long (the model answered instead of rewriting) is ignored.
 *
 * Without a model (or when the rewrite fails) there is a plain, deterministic stand-in: a
 * follow-up that cannot stand alone is searched together with the user's previous question,
 * "how do I mock a module? and a default export?". Cannot stand alone means: it opens like a
 * continuation ("and …", "what about …"), points back with a pronoun ("it", "them", "those"; not
 * "this" or "that", which more often do not), or has three words or fewer. Those tests are English; in other languages only the short ones are caught. A
 * follow-up that names its own subject is searched as asked, so a change of topic is not blurred.
 */
final class FollowUpRewriter {
    private static final int MAX_CHARS = 400;
    private static final int SHORT_WORDS = 3;
    private static final Pattern WORD = Pattern.compile("[\\p{L}\\p{N}']+");
    private static final Pattern CONTINUATION = Pattern.compile(
            "^(?:and|or|but|also|so|then|plus|same|what about|how about|what if|why not)\\b", Pattern.CASE_INSENSITIVE);
    private static final Set<String> POINTING = Set.of("it", "its", "it's", "they", "them", "their", "these", "those");

    /** The standalone question and the tokens the rewrite cost. */
    record Rewrite(String question, @Nullable Usage usage) {
    }

    /** A standalone question is short; a longer reply is an answer, not a rewrite, and is dropped anyway. */
    static final int REWRITE_MAX_TOKENS = 200;

    private FollowUpRewriter() {
    }

    /** Rewrites {@code question} in the light of {@code history}; throws when the model fails or times out. */
    static Rewrite rewrite(StreamingChatModel model, String question, List<Turn> history, Duration timeout, int maxOutputTokens)
            throws Exception {
        CompletableFuture<Rewrite> result = new CompletableFuture<>();
        ModelCall call = ModelCall.prepare(new ModelCall.Events() {
                    @Override
                    public void token(String text) {
                    }

                    @Override
                    public void complete(String text, @Nullable Usage usage, boolean truncated) {
                        result.complete(new Rewrite(clean(text, question), usage));
                    }

                    @Override
                    public void failed(Throwable failure) {
                        result.completeExceptionally(failure);
                    }
                });
        call.run(model, Prompt.REWRITE_INSTRUCTIONS, Prompt.rewrite(question, history),
                Math.min(maxOutputTokens, REWRITE_MAX_TOKENS));
        try {
            return result.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } finally {
            call.cancel();
        }
    }

    /**
     * The question retrieval should see when no model rewrites {@code question}: joined to the
     * previous user question when it cannot stand alone (see above), else {@code question} itself.
     */
    static String withContext(String question, List<Turn> history) {
        String previous = null;
        for (Turn t : history) {
            if (t.role() == Turn.Role.USER && !t.text().isBlank()) {
                previous = t.text().strip();
            }
        }
        if (previous == null || !leansOnContext(question)) {
            return question;
        }
        String joined = previous + " " + question;
        return joined.length() > HybridRetriever.MAX_QUESTION_CHARS ? question : joined;
    }

    static boolean leansOnContext(String question) {
        List<String> words = WORD.matcher(question.toLowerCase(Locale.ROOT)).results().map(MatchResult::group).toList();
        return words.size() <= SHORT_WORDS || CONTINUATION.matcher(question.strip()).find()
                || words.stream().anyMatch(POINTING::contains) || HybridRetriever.onlyAsksToGoOn(question);
    }

    static String clean(String reply, String original) {
        String q = reply.strip();
        int newline = q.indexOf('\n');
        q = (newline < 0 ? q : q.substring(0, newline)).strip();
        q = q.replaceAll("^[\"'“]+|[\"'”]+$", "").strip();
        return q.isEmpty() || q.length() > MAX_CHARS ? original : q;
    }
}
