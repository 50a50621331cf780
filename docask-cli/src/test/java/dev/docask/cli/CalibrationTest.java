package dev.docask.cli;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class CalibrationTest {
    private static Calibration.Scores s(Double similarity, double coverage) {
        return new Calibration.Scores("q", similarity, coverage);
    }

    @Test
    void of_separatedSignals_suggestsCutsBetweenThem() {
        Calibration c = Calibration.of(List.of(s(0.80, 0.6), s(0.78, 0.2)), List.of(s(0.70, 0.1), s(0.60, 0.0)), 0.5);

        assertThat(c.similarityApplies()).isTrue();
        assertThat(c.similarity().separates()).isTrue();
        assertThat(c.suggested().turnedAway()).isZero();
        assertThat(c.suggested().passed()).isZero();
        assertThat(c.suggested().minSimilarity()).isBetween(0.70, 0.78);
    }

    @Test
    void of_similarityGap_suggestsACutInsideThePrintedGap_evenWhenCoverageCarriesSomeGoodOnes() {
        List<Calibration.Scores> good = List.of(s(0.731, 0.9), s(0.80, 0.9), s(0.85, 0.2), s(0.88, 0.2), s(0.90, 0.2));
        List<Calibration.Scores> junk = List.of(s(0.514, 0.1), s(0.45, 0.0));

        Calibration c = Calibration.of(good, junk, 0.5);

        assertThat(c.similarity().separates()).isTrue();
        assertThat(c.suggested().minSimilarity()).isStrictlyBetween(0.514, 0.731);
        assertThat(c.atCoverage().minSimilarity()).isStrictlyBetween(0.514, 0.731);
        assertThat(c.suggested().turnedAway() + c.suggested().passed()).isZero();
        assertThat(c.tradeOff(good.size(), junk.size())).isEmpty();
    }

    @Test
    void of_noGap_saysSoAndNamesTheTradeOff() {
        List<Calibration.Scores> good = List.of(s(0.70, 0.3), s(0.90, 0.8));
        List<Calibration.Scores> junk = List.of(s(0.80, 0.6), s(0.60, 0.1));

        Calibration c = Calibration.of(good, junk, 0.5);

        assertThat(c.similarity().separates()).isFalse();
        assertThat(c.coverage().separates()).isFalse();
        assertThat(c.tradeOff(good.size(), junk.size())).hasValueSatisfying(t -> assertThat(t)
                .startsWith("no gap: no threshold separates good questions from junk")
                .contains("turns away " + c.suggested().turnedAway() + " of 2 good", "lets " + c.suggested().passed() + " of 2 junk")
                .contains("Raise minSimilarity or minKeywordCoverage to let less junk through at the cost of turning more good questions away"));
    }

    @Test
    void keywordOnly_coverageGap_suggestsItsMiddle() {
        Calibration c = Calibration.keywordOnly(List.of(s(null, 0.9), s(null, 0.6)), List.of(s(null, 0.2)), 0.4);

        assertThat(c.suggested().minKeywordCoverage()).isEqualTo(0.4);
        assertThat(c.tradeOff(2, 1)).isEmpty();
    }

    @Test
    void keywordOnly_noSimilarity_suggestsCoverageAloneAndNoMinSimilarity() {
        List<Calibration.Scores> good = List.of(s(null, 0.75), s(null, 0.5));
        List<Calibration.Scores> junk = List.of(s(null, 0.25), s(null, 0.0));

        Calibration c = Calibration.keywordOnly(good, junk, 0.4);

        assertThat(c.similarityApplies()).isFalse();
        assertThat(c.similarity()).isNull();
        assertThat(c.suggested().minSimilarity()).isNull();
        assertThat(c.suggested().minKeywordCoverage()).isBetween(0.25, 0.5);
        assertThat(c.suggested().turnedAway()).isZero();
        assertThat(c.suggested().passed()).isZero();
        assertThat(c.atCoverage().minSimilarity()).isNull();
        assertThat(c.atCoverage().minKeywordCoverage()).isEqualTo(0.4);
    }

    @Test
    void keywordOnly_overlap_countsMistakesByCoverageAlone() {
        Calibration c = Calibration.keywordOnly(List.of(s(null, 0.2), s(null, 0.8)), List.of(s(null, 0.5)), 0.4);

        assertThat(c.atCoverage().turnedAway()).isEqualTo(1);
        assertThat(c.atCoverage().passed()).isEqualTo(1);
        assertThat(c.suggested().turnedAway() + c.suggested().passed()).isEqualTo(1);
    }
}
