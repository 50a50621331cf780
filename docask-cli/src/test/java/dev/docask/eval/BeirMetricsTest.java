package dev.docask.eval;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class BeirMetricsTest {
    @Test
    void ndcg_gradedJudgements_handComputed() {
        // Ranked d1 (grade 1), x (0), d2 (grade 2). DCG = 1/log2(2) + 2/log2(4) = 1 + 1 = 2.
        // Ideal: 2, 1 -> 2/1 + 1/log2(3) = 2.6309297535714573.
        double v = BeirMetrics.ndcg(List.of("d1", "x", "d2"), Map.of("d1", 1, "d2", 2), 10);
        assertThat(v).isCloseTo(2 / (2 + 1 / (Math.log(3) / Math.log(2))), within(1e-12));
        assertThat(v).isCloseTo(0.760188, within(1e-6));
    }

    @Test
    void ndcg_perfectOrder_isOne() {
        assertThat(BeirMetrics.ndcg(List.of("b", "a"), Map.of("a", 1, "b", 2), 10)).isCloseTo(1.0, within(1e-12));
    }

    @Test
    void ndcg_relevantBelowCutoff_countsNothing() {
        assertThat(BeirMetrics.ndcg(List.of("x", "y", "a"), Map.of("a", 1), 2)).isZero();
    }

    @Test
    void ndcg_idealUsesEveryJudgedDocument_evenUnretrieved() {
        // One of two relevant docs at rank 1: DCG 1, IDCG 1 + 1/log2(3).
        double v = BeirMetrics.ndcg(List.of("a"), Map.of("a", 1, "b", 1), 10);
        assertThat(v).isCloseTo(1 / (1 + 1 / (Math.log(3) / Math.log(2))), within(1e-12));
    }

    @Test
    void recall_twoOfThreeInTopK_twoThirds() {
        assertThat(BeirMetrics.recall(List.of("a", "x", "b", "c"), Map.of("a", 1, "b", 2, "c", 1), 3))
                .isCloseTo(2.0 / 3, within(1e-12));
    }

    @Test
    void recall_noneRetrieved_zero() {
        assertThat(BeirMetrics.recall(List.of(), Map.of("a", 1), 100)).isZero();
    }
}
