package dev.docask.answer;

import dev.docask.answer.Answer.Timings;

import dev.docask.retrieve.Retrieval;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class AnswerCacheTest {
    private static final Answer ANSWER = new Answer("q", "q", "text [1]", List.of(), List.of(1), List.of(), false,
            false, false, Retrieval.Mode.HYBRID, false, "extractive", new Timings(0, 1, 2, 3), java.util.Optional.empty());

    @Test
    void key_sameQuestionNormalised_equal() {
        assertThat(AnswerCache.Key.of("How do I mock?", List.of(), "s"))
                .isEqualTo(AnswerCache.Key.of("  how do i   MOCK ", List.of(), "s"))
                .isEqualTo(AnswerCache.Key.of("how do I mock?!", List.of(), "s"))
                .isEqualTo(AnswerCache.Key.of("how do I mock.", List.of(), "s"));
    }

    @Test
    void key_otherSettingsOrHistory_differ() {
        AnswerCache.Key base = AnswerCache.Key.of("q", List.of(), "s");

        assertThat(AnswerCache.Key.of("q", List.of(), "s2")).isNotEqualTo(base);
        assertThat(AnswerCache.Key.of("q", List.of(Turn.user("x")), "s")).isNotEqualTo(base);
    }

    @Test
    void normalise_leadingDashesAndInnerPunctuation_areKept() {
        assertThat(AnswerCache.Key.normalise("--run")).isEqualTo("--run").isNotEqualTo(AnswerCache.Key.normalise("run"));
        assertThat(AnswerCache.Key.normalise("--coverage?")).isEqualTo("--coverage");
        assertThat(AnswerCache.Key.normalise("what does `.only` do?")).isEqualTo("what does `.only` do");
        assertThat(AnswerCache.Key.normalise("\"vi.mock\"")).isEqualTo("\"vi.mock\"");
        assertThat(AnswerCache.Key.normalise("(beta)")).isEqualTo("(beta)");
        assertThat(AnswerCache.Key.normalise("C++")).isNotEqualTo(AnswerCache.Key.normalise("C"));
        assertThat(AnswerCache.Key.normalise("what is vi.fn()")).isNotEqualTo(AnswerCache.Key.normalise("what is vi.fn"));
    }

    @Test
    void normalise_ellipsisOrOnlyMarks_areKept() {
        assertThat(AnswerCache.Key.normalise("what comes after ...?")).isEqualTo("what comes after ...");
        assertThat(AnswerCache.Key.normalise("?")).isEqualTo("?");
    }

    @Test
    void find_afterPut_returnsEntry() {
        AnswerCache cache = AnswerCache.create(10, Duration.ofMinutes(1));
        AnswerCache.Key key = AnswerCache.Key.of("q", List.of(), "s");

        cache.put(key, new AnswerCache.Entry(ANSWER, List.of("text ", "[1]")));

        assertThat(cache.find(key)).get().extracting(AnswerCache.Entry::deltas).isEqualTo(List.of("text ", "[1]"));
        cache.clear();
        assertThat(cache.find(key)).isEmpty();
    }

    @Test
    void find_afterTimeToLive_isGone() throws InterruptedException {
        AnswerCache cache = AnswerCache.create(10, Duration.ofMillis(50));
        AnswerCache.Key key = AnswerCache.Key.of("q", List.of(), "s");
        cache.put(key, new AnswerCache.Entry(ANSWER, List.of()));

        Thread.sleep(120);

        assertThat(cache.find(key)).isEmpty();
    }

    @Test
    void create_badSizeOrTtl_namesTheOption() {
        assertThatThrownBy(() -> AnswerCache.create(0, Duration.ofMinutes(1))).hasMessageContaining("maxEntries");
        assertThatThrownBy(() -> AnswerCache.create(1, Duration.ZERO)).hasMessageContaining("timeToLive");
    }

    @Test
    void cache_bigAnswers_areBoundedBySizeInBytes() {
        long maxBytes = 1L << 20;
        AnswerCache cache = AnswerCache.create(10_000, maxBytes, Duration.ofMinutes(1));
        String tenMb = "x".repeat(100_000); // each answer ~0.4 MB: its text, and once more in its pieces
        for (int i = 0; i < 30; i++) {
            Answer big = new Answer("q" + i, "q" + i, tenMb, List.of(), List.of(), List.of(), false, false, false,
                    Retrieval.Mode.HYBRID, false, "m", new Timings(0, 1, 2, 3), java.util.Optional.empty());
            cache.put(AnswerCache.Key.of("q" + i, List.of(), "s"), new AnswerCache.Entry(big, List.of(tenMb)));
            cache.cleanUp();
        }

        assertThat(cache.bytes()).isPositive().isLessThanOrEqualTo(maxBytes);
        assertThat(cache.size()).isLessThan(30);
    }

    @Test
    void cache_countBound_stillHoldsWithTheByteBound() {
        AnswerCache cache = AnswerCache.create(3, Duration.ofMinutes(1));
        for (int i = 0; i < 10; i++) {
            cache.put(AnswerCache.Key.of("q" + i, List.of(), "s"), new AnswerCache.Entry(ANSWER, List.of("text [1]")));
            cache.cleanUp();
        }

        assertThat(cache.size()).isLessThanOrEqualTo(3);
    }

    @Test
    void create_maxBytesBelowMaxEntries_isRejected() {
        assertThatThrownBy(() -> AnswerCache.create(100, 10, Duration.ofMinutes(1))).hasMessageContaining("maxBytes");
    }
}
