package dev.docask.eval;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class TargetsTest {
    final DocsMetrics m = new DocsMetrics(0.85, 0.5, 0.6, 0.1, 0.2, new Latency(1, 2));

    @Test
    void failures_allMet_empty() {
        assertThat(new Targets(0.8, 0.1, 0.2).failures(m)).isEmpty();
    }

    @Test
    void failures_eachBroken_reportsEach() {
        assertThat(new Targets(0.9, 0.05, 0.1).failures(m)).hasSize(3)
                .anyMatch(s -> s.contains("--min-recall")).anyMatch(s -> s.contains("--max-turned-away"))
                .anyMatch(s -> s.contains("--max-offtopic-passed"));
    }

    @Test
    void failures_nanRate_passes() {
        DocsMetrics probesOnly = new DocsMetrics(Double.NaN, Double.NaN, Double.NaN, Double.NaN, 0, new Latency(1, 1));
        assertThat(new Targets(0.9, 0.05, 0.1).failures(probesOnly)).isEmpty();
    }

    @Test
    void targets_outOfRange_namesFlag() {
        assertThatThrownBy(() -> new Targets(1.5, null, null)).hasMessageContaining("--min-recall");
    }
}
