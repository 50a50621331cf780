package dev.docask.answer.internal;

import dev.docask.answer.Answer;
import dev.docask.answer.AskEvent;
import dev.docask.answer.AskHandler;
import dev.docask.answer.ModelSpec;
import dev.docask.retrieve.Source;
import org.jspecify.annotations.Nullable;

/*
 * What one answer cost in model tokens, for the daily budget (docs/design.md#limits): the
 * provider's own count when it reported one, otherwise an estimate from the text that went to the
 * model and came back, so that an answer the client dropped, one that failed, and one from a
 * provider that reports no usage are charged too. The estimate is about four characters a token
 * (English prose with OpenAI and Llama tokenizers), plus the instructions the prompt carries.
 */
/** Counts the text of one answer as it streams, and says what it cost when it ends. */
public final class TokenCount implements AskHandler.Listener {
    /** The instructions and framing around the sources and the question, in characters (about 700 today). */
    public static final int PROMPT_OVERHEAD_CHARS = 1_000;
    private static final int CHARS_PER_TOKEN = 4;

    private final AskHandler.Listener next;
    private final boolean model;
    private final int questionChars;
    private long promptChars; // 0 until sources went to the model
    private long outputChars;

    /** Counts for an answer of {@code handler} to a question of {@code questionChars}, passing events on to {@code next}. */
    public TokenCount(AskHandler handler, int questionChars, AskHandler.Listener next) {
        this.next = next;
        this.model = !handler.model().equals(ModelSpec.DEFAULT_SPEC);
        this.questionChars = questionChars;
    }

    /** Tokens for {@code chars} characters of text, rounded up. */
    public static long estimate(long chars) {
        return (Math.max(0, chars) + CHARS_PER_TOKEN - 1) / CHARS_PER_TOKEN;
    }

    @Override
    public void on(AskEvent event) {
        synchronized (this) {
            switch (event) {
                case AskEvent.Sources s when !s.sources().isEmpty() -> {
                    long chars = PROMPT_OVERHEAD_CHARS + questionChars;
                    for (Source src : s.sources()) {
                        chars += src.text().length() + src.url().length() + src.title().length();
                    }
                    promptChars = chars;
                }
                case AskEvent.Delta d -> outputChars += d.text().length();
                default -> { }
            }
        }
        next.on(event);
    }

    /** The tokens spent: {@code answer}'s reported usage, or an estimate; {@code answer} is null when it failed or was cancelled. */
    public synchronized long spent(@Nullable Answer answer) {
        if (answer != null && (answer.cached() || answer.usage().isPresent())) {
            return answer.usage().map(u -> (long) u.totalTokens()).orElse(0L);
        }
        if (!model || promptChars == 0) {
            return 0; // no model call: extractive, refused, or failed before the sources were found
        }
        return estimate(promptChars + outputChars);
    }
}
