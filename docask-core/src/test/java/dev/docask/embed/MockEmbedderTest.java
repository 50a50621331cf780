package dev.docask.embed;

import dev.docask.embed.internal.Vectors;
import java.util.List;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class MockEmbedderTest {
    private final MockEmbedder mock = new MockEmbedder(64);

    @Test
    void embedQuery_sameTextTwice_sameVector() {
        assertThat(mock.embedQuery("Mock a Module")).containsExactly(mock.embedQuery("mock a module"));
    }

    @Test
    void embedAll_textsSharingWords_positiveCosine() {
        List<float[]> v = mock.embedAll(List.of("mock a module", "module mocking", "alpha", "alpha beta"));

        assertThat(v).hasSize(4).allSatisfy(x -> assertThat(x).hasSize(64));
        assertThat(Vectors.cosine(v.get(0), v.get(1))).isPositive();
        assertThat(Vectors.cosine(v.get(2), v.get(3))).isPositive();
    }

    @Test
    void embedQuery_noWords_zeroVector() {
        assertThat(mock.embedQuery("  ... ")).containsOnly(0f);
    }

    @Test
    void embedQuery_wordsPresent_unitLength() {
        float[] v = mock.embedQuery("vi.mock replaces a module");

        assertThat(Vectors.cosine(v, v)).isCloseTo(1f, within(1e-5f));
    }

    @Test
    void constructor_dimensionsOutOfRange_failsNamingValue() {
        assertThatThrownBy(() -> new MockEmbedder(4)).hasMessageContaining("got 4");
    }

    @Test
    void id_namesDimensions() {
        assertThat(mock.id()).isEqualTo("mock:64");
        assertThat(mock.queryVariant()).isEmpty();
    }
}
