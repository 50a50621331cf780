package dev.docask.retrieve;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class RelevanceGateTest {
    private final RelevanceGate gate = new RelevanceGate(0.7, 0.5, false);

    @Test
    void gate_similarityBelowFloorAndLowCoverage_dropsChunk() {
        assertThat(gate.reject(0.69f, 0.49f)).isEqualTo("similarity 0.690 < 0.700 and keyword coverage 0.490 < 0.500");
    }

    @Test
    void gate_valueJustUnderTheFloor_isPrintedWithEnoughDecimalsToShowIt() {
        assertThat(gate.reject(0.6996f, 0.4999f))
                .isEqualTo("similarity 0.6996 < 0.700 and keyword coverage 0.4999 < 0.500");
    }

    @Test
    void gate_similarityAtFloor_passesOnItsOwn() {
        assertThat(gate.reject(0.7f, 0f)).isNull();
    }

    @Test
    void gate_coverageAtFloor_passesOnItsOwn() {
        assertThat(gate.reject(0.1f, 0.5f)).isNull();
    }

    @Test
    void gate_keywordMode_decidesOnCoverageAlone() {
        assertThat(gate.reject(Float.NaN, 0.6f)).isNull();
        assertThat(gate.reject(Float.NaN, 0.4f)).startsWith("no similarity");
    }

    @Test
    void gate_bothThresholdsZero_isTopNMode() {
        RelevanceGate open = new RelevanceGate(0, 0, false);
        assertThat(open.isOpen()).isTrue();
        assertThat(open.reject(-0.3f, 0f)).isNull();
    }

    @Test
    void gate_mockSimilarityNeedsKeyword_ignoresCosineWithoutASharedWord() {
        RelevanceGate mock = new RelevanceGate(0.2, 0.5, true);
        assertThat(mock.reject(0.9f, 0f)).contains("ignored (no shared word)");
        assertThat(mock.reject(0.9f, 0.1f)).isNull();
    }

    @Test
    void gate_questionWhoseHeavyWordsTheSiteNeverUses_isRefused() {
        RelevanceGate withRule = new RelevanceGate(0.7, 0.5, false, 0.55);
        assertThat(withRule.rejectQuestion(0.6f)).isEqualTo(
                "words the site never uses carry 0.60 of the question's weight (at most 0.55)");
        assertThat(withRule.rejectQuestion(0.55f)).as("at the limit").isNotNull();
        assertThat(withRule.rejectQuestion(0.3f)).as("a few unknown words").isNull();
    }

    @Test
    void gate_withoutTheUnknownWordRule_judgesCandidatesOnly() {
        assertThat(gate.rejectQuestion(1f)).isNull();
        assertThat(new RelevanceGate(0, 0, false, 0.55).rejectQuestion(1f)).as("top-N mode").isNull();
    }
}
