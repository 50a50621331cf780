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
