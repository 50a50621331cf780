package dev.docask.eval;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.stream.LongStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class LatencyTest {
    @Test
    void ofMicros_oneToTwentyMs_nearestRankPercentiles() {
        // 20 values 1..20 ms: p50 is the 10th, p95 the 19th.
        List<Long> micros = LongStream.rangeClosed(1, 20).map(ms -> ms * 1000).boxed().toList().reversed();
        Latency l = Latency.ofMicros(micros);
        assertThat(l.p50()).isEqualTo(10.0);
        assertThat(l.p95()).isEqualTo(19.0);
    }

    @Test
    void ofMicros_single_bothEqual() {
        assertThat(Latency.ofMicros(List.of(2500L))).isEqualTo(new Latency(2.5, 2.5));
    }

    @Test
    void ofMicros_empty_zero() {
        assertThat(Latency.ofMicros(List.of())).isEqualTo(new Latency(0, 0));
    }

    @Test
    void latency_p95BelowP50_rejected() {
        assertThatThrownBy(() -> new Latency(3, 2)).isInstanceOf(IllegalArgumentException.class);
    }
}
