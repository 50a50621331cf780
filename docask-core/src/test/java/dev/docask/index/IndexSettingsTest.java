package dev.docask.index;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class IndexSettingsTest {
    @Test
    void bm25_k1NotFiniteOrNegative_isRefusedWithK1Named() {
        IndexBuilder.Settings d = IndexBuilder.Settings.defaults("none");
        for (float bad : new float[] {Float.POSITIVE_INFINITY, Float.NaN, -0.1f}) {
            assertThatThrownBy(() -> d.withBm25(bad, 0.75f)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("BM25 k1 must be a finite number >= 0, got " + bad);
        }
        assertThat(d.withBm25(0, 0.75f).bm25K1()).isZero();
    }

    @Test
    void bm25_bOutsideZeroToOne_isRefusedWithBNamed() {
        IndexBuilder.Settings d = IndexBuilder.Settings.defaults("none");
        for (float bad : new float[] {Float.NaN, -0.1f, 1.5f, Float.POSITIVE_INFINITY}) {
            assertThatThrownBy(() -> d.withBm25(1.2f, bad)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("BM25 b must be between 0 and 1, got " + bad);
        }
    }
}
