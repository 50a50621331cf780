package dev.docask.eval;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class DocsMetricsTest {
    static Outcome answerable(boolean answered, int rank) {
        return new Outcome(Question.answerable("a" + rank, "q", List.of("https://x/a"), List.of()), answered,
                rank, List.of(), 1000);
    }

    static Outcome offtopic(boolean answered) {
        return new Outcome(Question.offTopic("o", "q"), answered, 0, List.of(), 3000);
    }

    @Test
    void of_mixedOutcomes_handComputedRates() {
        // Ranks 1, 2, 4, miss (answered), miss (turned away); off-topic: one passed of three.
        List<Outcome> o = List.of(answerable(true, 1), answerable(true, 2), answerable(true, 4), answerable(true, 0),
                answerable(false, 0), offtopic(true), offtopic(false), offtopic(false));
        DocsMetrics m = DocsMetrics.of(o);
        assertThat(m.recallAtK()).isCloseTo(3.0 / 5, within(1e-12));
        assertThat(m.hitAt1()).isCloseTo(1.0 / 5, within(1e-12));
        assertThat(m.mrr()).isCloseTo((1 + 0.5 + 0.25) / 5, within(1e-12));
        assertThat(m.turnedAway()).isCloseTo(1.0 / 5, within(1e-12));
        assertThat(m.offtopicPassed()).isCloseTo(1.0 / 3, within(1e-12));
        assertThat(m.latency()).isEqualTo(new Latency(1.0, 3.0));
    }

    @Test
    void of_onlyOfftopic_answerableRatesAreNaN() {
        DocsMetrics m = DocsMetrics.of(List.of(offtopic(false), offtopic(false)));
        assertThat(m.recallAtK()).isNaN();
        assertThat(m.turnedAway()).isNaN();
        assertThat(m.offtopicPassed()).isZero();
    }

    @Test
    void outcome_isMiss_answerableNotFoundOrOfftopicPassed() {
        assertThat(answerable(true, 0).isMiss()).isTrue();
        assertThat(answerable(true, 3).isMiss()).isFalse();
        assertThat(offtopic(true).isMiss()).isTrue();
        assertThat(offtopic(false).isMiss()).isFalse();
    }
}
