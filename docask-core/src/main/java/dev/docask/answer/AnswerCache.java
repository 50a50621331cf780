package dev.docask.answer;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Remembers complete answers so that the same question on the same index is answered again
 * without retrieval, hooks or a model call. Bounded in size, entries expire after a time to live.
 * One cache may be shared by several handlers: the key holds everything a handler's answer
 * depends on besides the question (its retriever — index and embedder —, retrieval options and
 * hooks, model and the server it runs on, instructions, "I don't know" message and site name), so
 * handlers that differ in any of these never see each other's answers.
 *
 * <pre>{@code
 * AskHandler handler = AskHandler.builder().retriever(retriever)
 *         .answerCache(AnswerCache.create(10_000, Duration.ofHours(1))).build();
 * }</pre>
 *
 * <p>Answers that were truncated, failed, cancelled or found with the keyword fallback (the
 * embedder failed, so a later try may find better sources) are never stored.
 */
public final class AnswerCache {
    private final Cache<Key, Entry> cache;

    private AnswerCache(Cache<Key, Entry> cache) {
        this.cache = cache;
    }

    /**
     * A cache of at most {@code maxEntries} answers, each kept for {@code timeToLive}.
     *
     * @throws IllegalArgumentException when {@code maxEntries} is below 1 or {@code timeToLive} is not positive
     */
    public static AnswerCache create(long maxEntries, Duration timeToLive) {
        if (maxEntries < 1) {
            throw new IllegalArgumentException("answer cache maxEntries must be at least 1, got " + maxEntries);
        }
        if (timeToLive == null || timeToLive.isNegative() || timeToLive.isZero()) {
            throw new IllegalArgumentException("answer cache timeToLive must be positive, got " + timeToLive);
        }
        return new AnswerCache(Caffeine.newBuilder().maximumSize(maxEntries).expireAfterWrite(timeToLive).build());
    }

    /** Answers currently held (an estimate while evictions are pending). */
    public long size() {
        return cache.estimatedSize();
    }

    /** Forgets every answer, e.g. after the index was replaced in place. */
    public void clear() {
        cache.invalidateAll();
    }

    private static final Pattern SPACES = Pattern.compile("\\s+");

    /**
     * What identifies an answer: the question and conversation as normalised, and {@code settings},
     * a value (equal when the answers would be) standing for everything else the answer depends on.
     */
    record Key(String question, List<String> history, Object settings) {
        Key {
            Objects.requireNonNull(question, "question");
            history = List.copyOf(history);
            Objects.requireNonNull(settings, "settings");
        }

        static Key of(String question, List<Turn> history, Object settings) {
            List<String> turns = history.stream().map(t -> t.role() + ":" + normalise(t.text())).toList();
            return new Key(normalise(question), turns, settings);
        }

        /*
         * Only what cannot change the answer is normalised. Case: keyword search is case-blind and so
         * are bge-small and the mock embedder (an OpenAI embedder's vector barely moves), so "Mock"
         * and "mock" find the same sources. Runs of white space, and the marks that end a sentence (? ! and one final .)
         * are tone, not content. Everything else stays: leading dashes (--run is a CLI flag, run
         * a verb), quotes, brackets, an ellipsis, dots inside names like vi.mock.
         */
        static String normalise(String text) {
            String s = SPACES.matcher(text.strip().toLowerCase(Locale.ROOT)).replaceAll(" ");
            int end = s.length();
            while (end > 0 && "?!？！".indexOf(s.charAt(end - 1)) >= 0) {
                end--;
            }
            if (end > 1 && ".。".indexOf(s.charAt(end - 1)) >= 0 && s.charAt(end - 2) != '.') {
                end--;
            }
            String stripped = s.substring(0, end).stripTrailing();
            return stripped.isEmpty() ? s : stripped;
        }
    }

    /** A stored answer and the pieces its text was streamed in, so a hit replays the same events. */
    record Entry(Answer answer, List<String> deltas) {
        Entry {
            deltas = List.copyOf(deltas);
        }
    }

    Optional<Entry> find(Key key) {
        return Optional.ofNullable(cache.getIfPresent(key));
    }

    void put(Key key, Entry entry) {
        cache.put(key, entry);
    }
}
