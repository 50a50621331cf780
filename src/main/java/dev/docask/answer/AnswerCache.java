package dev.docask.answer;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Remembers complete answers so that the same question on the same index is answered again
 * without retrieval, hooks or a model call. Bounded in size, entries expire after a time to live.
 * One cache may be shared by several handlers: the key holds the index content, model and
 * instructions, so their answers never mix.
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
    private static final Pattern EDGE_PUNCTUATION = Pattern.compile("^[\\p{Punct}\\s]+|[\\p{Punct}\\s]+$");

    /** What identifies an answer: everything that could change it. */
    record Key(String question, String indexHash, String model, String instructions, List<String> history) {
        Key {
            history = List.copyOf(history);
        }

        static Key of(String question, List<Turn> history, String indexHash, String model, String instructions) {
            List<String> turns = history.stream().map(t -> t.role() + ":" + normalise(t.text())).toList();
            return new Key(normalise(question), indexHash, model, instructions, turns);
        }

        /** The text reduced to what changes its meaning: lower case, single spaces, no end punctuation. */
        static String normalise(String text) {
            String s = SPACES.matcher(text.strip().toLowerCase(Locale.ROOT)).replaceAll(" ");
            return EDGE_PUNCTUATION.matcher(s).replaceAll("");
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
