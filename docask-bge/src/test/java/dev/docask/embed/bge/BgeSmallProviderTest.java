package dev.docask.embed.bge;

import dev.docask.embed.Embedder;
import dev.docask.embed.Embedders;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The bge-small family as {@link Embedders} finds it on the class path. */
class BgeSmallProviderTest {
    @Test
    void fromSpec_bgeSmall_instructVariantByDefault() {
        Embedder e = Embedders.fromSpec(" bge-small ").orElseThrow();

        assertThat(e.id()).isEqualTo("bge-small-en-v1.5-q");
        assertThat(e.dimensions()).isEqualTo(384);
        assertThat(e.queryVariant()).isEqualTo("instruct");
        assertThat(Embedders.fromSpec(Embedders.DEFAULT_SPEC).orElseThrow().queryVariant()).isEqualTo("instruct");
    }

    @Test
    void fromSpec_bgeSmallPlain_sameIdPlainQueries() {
        Embedder e = Embedders.fromSpec("bge-small:plain").orElseThrow();

        assertThat(e.id()).isEqualTo("bge-small-en-v1.5-q");
        assertThat(e.queryVariant()).isEqualTo("plain");
    }

    @Test
    void fromSpec_unknownVariant_failsQuotingSpec() {
        assertThatThrownBy(() -> Embedders.fromSpec("bge-small:fast", Map.of()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'bge-small:fast'");
    }

    @Test
    void findId_sameAsTheBuiltEmbedder() {
        for (String spec : new String[] {" bge-small ", "bge-small:plain", "bge-small:instruct"}) {
            assertThat(Embedders.findId(spec)).as(spec).contains(Embedders.fromSpec(spec, Map.of()).orElseThrow().id());
        }
    }
}
