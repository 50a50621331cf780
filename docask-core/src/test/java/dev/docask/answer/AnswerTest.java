package dev.docask.answer;

import dev.docask.answer.Answer.Usage;

import dev.docask.answer.Answer.Timings;

import dev.docask.retrieve.Retrieval;
import dev.docask.testsupport.TestSites;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class AnswerTest {
    private static Answer answer(List<Integer> citations) {
        return new Answer("q", "q", "t", Retrievals.of(TestSites.MOCKING, TestSites.TIMERS).sources(), citations,
                List.of(), false, false, false, Retrieval.Mode.HYBRID, false, "extractive", new Timings(0, 0, 0, 0), java.util.Optional.empty());
    }

    @Test
    void citedSources_inCitationOrder() {
        assertThat(answer(List.of(2, 1)).citedSources()).extracting(s -> s.n()).containsExactly(2, 1);
    }

    @Test
    void asCached_markedCachedWithoutUsage() {
        Answer cached = answer(List.of(1)).asCached("Q?", new Timings(0, 0, 1, 1));

        assertThat(cached.cached()).isTrue();
        assertThat(cached.question()).isEqualTo("Q?");
        assertThat(cached.usage()).isEmpty();
    }

    @Test
    void usage_negativeCounts_rejected() {
        assertThatThrownBy(() -> new Usage(-1, 0)).hasMessageContaining("negative");
        assertThat(Usage.plus(new Usage(1, 2), new Usage(3, 4))).isEqualTo(new Usage(4, 6));
        assertThat(Usage.plus(null, null)).isNull();
    }
}
