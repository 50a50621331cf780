package dev.docask.answer;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.docask.ingest.Chunk;
import dev.docask.retrieve.Hit;
import dev.docask.retrieve.Source;
import org.jspecify.annotations.Nullable;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Remembers complete answers so that the same question on the same index is answered again
 * without retrieval, hooks or a model call. Bounded in count and in memory (bytes, estimated),
 * entries expire after a time to live.
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
 *
 * <p>Several processes share one cache through a {@link Store} (docask serve's {@code --redis}):
 * an answer one of them gave is a hit in every other, keyed by the index's content hash instead of
 * the process's own retriever.
 */
public final class AnswerCache {
    private final @Nullable Cache<Key, Entry> cache; // null: shared through the store
    private final @Nullable Store store;
    private final Duration timeToLive;
    private final int maxEntryChars;

    private AnswerCache(@Nullable Cache<Key, Entry> cache, @Nullable Store store, Duration timeToLive, int maxEntryChars) {
        this.cache = cache;
        this.store = store;
        this.timeToLive = timeToLive;
        this.maxEntryChars = maxEntryChars;
    }

    /**
     * Where a shared cache keeps its answers: text under a key, each for a time to live (e.g. Redis
     * {@code SET key value PX ttl}). A store that cannot be reached answers empty and drops writes:
     * a cache fails open, as a miss.
     */
    public interface Store {
        /** The text stored under {@code key}, or empty when there is none (or the store cannot be reached). */
        Optional<String> get(String key);

        /** Stores {@code value} under {@code key} for {@code timeToLive}. */
        void put(String key, String value, Duration timeToLive);
    }

    /** The memory a cache made by {@link #create(long, Duration)} may hold: 64 MiB of answers. */
    public static final long DEFAULT_MAX_BYTES = 64L << 20;

    /**
     * A cache of at most {@code maxEntries} answers and {@link #DEFAULT_MAX_BYTES}, each kept for {@code timeToLive}.
     *
     * @throws IllegalArgumentException when {@code maxEntries} is below 1 or {@code timeToLive} is not positive
     */
    public static AnswerCache create(long maxEntries, Duration timeToLive) {
        return create(maxEntries, DEFAULT_MAX_BYTES, timeToLive);
    }

    /**
     * A cache of at most {@code maxEntries} answers holding at most about {@code maxBytes} of memory
     * (answers, their sources and streamed pieces, estimated), each kept for {@code timeToLive}.
     *
     * <pre>{@code
     * AnswerCache.create(10_000, 64L << 20, Duration.ofHours(1));   // 10,000 answers or 64 MiB
     * }</pre>
     *
     * @throws IllegalArgumentException when {@code maxEntries} is below 1, {@code maxBytes} is below
     *                                  {@code maxEntries} or {@code timeToLive} is not positive
     */
    public static AnswerCache create(long maxEntries, long maxBytes, Duration timeToLive) {
        if (maxEntries < 1) {
            throw new IllegalArgumentException("answer cache maxEntries must be at least 1, got " + maxEntries);
        }
        if (maxBytes < maxEntries) {
            throw new IllegalArgumentException("answer cache maxBytes must be at least maxEntries (" + maxEntries
                    + "), got " + maxBytes);
        }
        if (timeToLive == null || timeToLive.isNegative() || timeToLive.isZero()) {
            throw new IllegalArgumentException("answer cache timeToLive must be positive, got " + timeToLive);
        }
        /*
         * Caffeine bounds a cache by count or by weight, not both; one weight does both here: an
         * entry weighs its estimated bytes, but never less than maxBytes / maxEntries, so the
         * weight bound also allows no more than maxEntries answers.
         */
        long floor = maxBytes / maxEntries;
        return new AnswerCache(Caffeine.newBuilder().maximumWeight(maxBytes)
                .weigher((Key k, Entry e) -> (int) Math.min(Integer.MAX_VALUE, Math.max(floor, k.bytes() + e.bytes())))
                .expireAfterWrite(timeToLive).build(),
                null, timeToLive, Integer.MAX_VALUE);
    }

    /**
     * A cache kept in {@code store}, shared by every process that uses the same store: each answer
     * kept for {@code timeToLive}, answers longer than {@code maxEntryChars} once encoded not kept.
     *
     * <pre>{@code
     * AnswerCache shared = AnswerCache.shared(redisStore, Duration.ofHours(1), 256 * 1024);
     * }</pre>
     *
     * @throws IllegalArgumentException when {@code timeToLive} is not positive or {@code maxEntryChars} is below 1
     */
    public static AnswerCache shared(Store store, Duration timeToLive, int maxEntryChars) {
        Objects.requireNonNull(store, "store");
        if (timeToLive == null || timeToLive.isNegative() || timeToLive.isZero()) {
            throw new IllegalArgumentException("answer cache timeToLive must be positive, got " + timeToLive);
        }
        if (maxEntryChars < 1) {
            throw new IllegalArgumentException("answer cache maxEntryChars must be at least 1, got " + maxEntryChars);
        }
        return new AnswerCache(null, store, timeToLive, maxEntryChars);
    }

    /** Answers currently held (an estimate while evictions are pending); 0 for a shared cache, whose store counts them. */
    public long size() {
        return cache == null ? 0 : cache.estimatedSize();
    }

    /** The estimated memory the answers held take, in bytes (each counted as at least its share of the entry bound). */
    public long bytes() {
        return cache == null ? 0 : cache.policy().eviction().map(ev -> ev.weightedSize().orElse(0)).orElse(0L);
    }

    /** Forgets every answer, e.g. after the index was replaced in place (a shared cache's answers expire in the store). */
    public void clear() {
        if (cache != null) {
            cache.invalidateAll();
        }
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

        /** Estimated memory: the question and turns (the settings are shared by every key of a handler). */
        long bytes() {
            long b = Weights.OBJECT + Weights.of(question);
            for (String t : history) {
                b += Weights.of(t) + Weights.REF;
            }
            return b;
        }

        /** The key as a hex SHA-256, equal in every process for equal answers (a shared store's key). */
        String digest() {
            String shared = settings instanceof AskSettings.Fingerprint f ? f.shared() : settings.toString();
            try {
                MessageDigest sha = MessageDigest.getInstance("SHA-256");
                sha.update(shared.getBytes(StandardCharsets.UTF_8));
                sha.update((byte) 0);
                sha.update(question.getBytes(StandardCharsets.UTF_8));
                for (String turn : history) {
                    sha.update((byte) 0);
                    sha.update(turn.getBytes(StandardCharsets.UTF_8));
                }
                return HexFormat.of().formatHex(sha.digest());
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException("SHA-256 is missing from this Java runtime", e);
            }
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

        /** Estimated memory: the texts, every streamed piece, and the sources with their chunks. */
        long bytes() {
            long b = Weights.OBJECT * 4 + Weights.of(answer.question()) + Weights.of(answer.standaloneQuestion())
                    + Weights.of(answer.text());
            for (String d : deltas) {
                b += Weights.of(d) + Weights.REF;
            }
            for (Source s : answer.sources()) {
                b += Weights.OBJECT + Weights.of(s.url()) + Weights.of(s.title()) + Weights.of(s.heading())
                        + Weights.of(s.source());
                for (Hit h : s.hits()) {
                    Chunk c = h.chunk();
                    b += Weights.OBJECT * 3 + Weights.of(c.text()) + Weights.of(c.url()) + Weights.of(c.title())
                            + Weights.of(c.heading()) + Weights.of(c.source()) + Weights.OBJECT * c.metadata().size();
                }
            }
            return b;
        }
    }

    /** Rough JVM sizes: an object's header and fields, a reference, and a string at two bytes a char. */
    private static final class Weights {
        static final long OBJECT = 48;
        static final long REF = 8;

        static long of(String s) {
            return OBJECT + 2L * s.length();
        }
    }

    Optional<Entry> find(Key key) {
        if (cache != null) {
            return Optional.ofNullable(cache.getIfPresent(key));
        }
        return Objects.requireNonNull(store).get(key.digest()).flatMap(AnswerCodec::decode);
    }

    void put(Key key, Entry entry) {
        if (cache != null) {
            cache.put(key, entry);
            return;
        }
        String text = AnswerCodec.encode(entry);
        if (text.length() <= maxEntryChars) {
            Objects.requireNonNull(store).put(key.digest(), text, timeToLive);
        }
    }

    /** Runs pending evictions now (tests read the bounds after it). */
    void cleanUp() {
        if (cache != null) {
            cache.cleanUp();
        }
    }
}
