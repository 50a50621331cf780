package dev.docask.retrieve;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class KeywordCoverageTest {
    @Test
    void coverage_isSumOfPresentIdfOverSumOfAllIdf() {
        float c = KeywordCoverage.of(new float[] {3f, 1f}, new boolean[] {true, false});
        assertThat(c).isCloseTo(0.75f, within(1e-6f));
    }

    @Test
    void coverage_liesBetweenZeroAndOne() {
        assertThat(KeywordCoverage.of(new float[] {2f, 5f}, new boolean[] {true, true})).isEqualTo(1f);
        assertThat(KeywordCoverage.of(new float[] {2f, 5f}, new boolean[] {false, false})).isZero();
        assertThat(KeywordCoverage.of(new float[0], new boolean[0])).isZero();
    }

    @Test
    void aCloseWordStandingInForAMisspeltOne_coversItsWeightShareOfItsIdf() {
        float c = KeywordCoverage.of(new float[] {2f, 2f}, new float[] {1f, 0.5f}, new boolean[] {true, true});
        assertThat(c).isCloseTo(0.75f, org.assertj.core.api.Assertions.within(1e-6f));
    }
}
