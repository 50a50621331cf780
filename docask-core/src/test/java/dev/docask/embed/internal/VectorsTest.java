package dev.docask.embed.internal;


import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class VectorsTest {
    @Test
    void cosine_identicalVectors_isOne() {
        assertThat(Vectors.cosine(new float[] {1, 2, 3}, new float[] {1, 2, 3})).isCloseTo(1f, within(1e-6f));
    }

    @Test
    void cosine_orthogonalVectors_isZero() {
        assertThat(Vectors.cosine(new float[] {1, 0}, new float[] {0, 5})).isEqualTo(0f);
    }

    @Test
    void cosine_zeroVector_isZero() {
        assertThat(Vectors.cosine(new float[] {0, 0}, new float[] {1, 1})).isEqualTo(0f);
    }

    @Test
    void cosine_lengthMismatch_throws() {
        assertThatThrownBy(() -> Vectors.cosine(new float[] {1}, new float[] {1, 2}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("1 vs 2");
    }

    @Test
    void normalize_scalesToUnitLength() {
        float[] v = Vectors.normalize(new float[] {3, 4});
        assertThat(v).containsExactly(0.6f, 0.8f);
    }
}
