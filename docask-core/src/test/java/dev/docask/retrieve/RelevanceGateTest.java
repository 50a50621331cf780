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

    @Test
    void loweredBand_cosineBetweenTheTwoFloors_passesOnlyForAQuestionWithALeadAtMost0() {
        var v = dev.docask.index.internal.QuantizedVector.of(new float[] {1, 0, 0});
        java.util.function.Function<java.util.OptionalDouble, RelevanceGate> gateWith = top -> new RelevanceGate(0.72, 0.5,
                false, Double.POSITIVE_INFINITY, java.util.Optional.of(new dev.docask.index.Manifest.Neighbours(1, 0.05, top,
                java.util.List.of(v), java.util.List.of(v))));
        RelevanceGate band = gateWith.apply(java.util.OptionalDouble.of(0.75));

        assertThat(band.reject(0.74f, 0.1f, -0.01)).as("in the band, nearer the site's questions").isNull();
        assertThat(band.reject(0.74f, 0.1f, 0)).as("a lead of 0").isNull();
        assertThat(band.reject(0.74f, 0.1f, 0.02)).as("in the band, a lead within the rule's limit but above 0")
                .isEqualTo("similarity 0.740 < 0.750 (0.720 with a question-space lead at most 0; its lead 0.020) "
                        + "and keyword coverage 0.100 < 0.500");
        assertThat(band.reject(0.74f, 0.1f, Double.NaN)).as("no lead measured: the band's top").isNotNull();
        assertThat(band.reject(0.75f, 0.1f, 0.02)).as("at the band's top").isNull();
        assertThat(band.reject(0.74f, 0.6f, 0.02)).as("on coverage").isNull();
        assertThat(band.reject(0.71f, 0.1f, -0.5)).as("below the band").startsWith("similarity 0.710 < 0.720 and");
        assertThat(gateWith.apply(java.util.OptionalDouble.empty()).reject(0.74f, 0.1f, 0.02)).as("no band recorded").isNull();
    }
}
