package dev.docask.embed;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class EmbeddersTest {

    @Test
    void fromSpec_none_givesNoEmbedder() {
        assertThat(Embedders.fromSpec("none")).isEmpty();
    }

    @Test
    void fromSpec_mockWithDimensions_givesMockOfThatSize() {
        Embedder e = Embedders.fromSpec("mock:64").orElseThrow();

        assertThat(e.id()).isEqualTo("mock:64");
        assertThat(e.dimensions()).isEqualTo(64);
        assertThat(e.matchesWordsOnly()).isTrue();
    }

    @Test
    void fromSpec_bgeSmallWithoutItsModule_namesTheModule() {
        assertThatThrownBy(() -> Embedders.fromSpec("bge-small", Map.of()))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("dev.docask:docask-bge");
        assertThat(Embedders.findId("bge-small")).isEmpty();
    }

    @Test
    void fromSpec_e5SmallWithoutItsModule_namesTheModuleInsteadOfCallingItUnknown() {
        assertThatThrownBy(() -> Embedders.fromSpec("e5-small", Map.of()))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("dev.docask:docask-e5")
                .hasMessageNotContaining("unknown");
    }

    @Test
    void fromSpec_openai_usesModelAndKnownDimensionsWithoutCalling() {
        Embedder e = Embedders.fromSpec("openai:text-embedding-3-small",
                Map.of("OPENAI_BASE_URL", "http://127.0.0.1:1/v1", "OPENAI_API_KEY", "k")).orElseThrow();

        assertThat(e.id()).isEqualTo("openai:text-embedding-3-small");
        assertThat(e.dimensions()).isEqualTo(1536);
        assertThat(e.queryVariant()).isEmpty();
    }

    @Test
    void fromSpec_openaiWithoutBaseUrl_defaultsToOpenAi() {
        Embedder e = Embedders.fromSpec("openai:text-embedding-3-small", Map.of("OPENAI_API_KEY", "k")).orElseThrow();

        assertThat(e).isInstanceOf(OpenAiEmbedder.class);
    }

    @Test
    void fromSpec_openaiWithoutKey_failsSayingWhichVariableToSet() {
        assertThatThrownBy(() -> Embedders.fromSpec("openai:text-embedding-3-small", Map.of()))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("OPENAI_API_KEY")
                .hasMessageContaining(Embedders.OPENAI_DEFAULT_BASE_URL);
    }

    @Test
    void fromSpec_openaiBadBaseUrl_failsQuotingUrl() {
        assertThatThrownBy(() -> Embedders.fromSpec("openai:m", Map.of("OPENAI_BASE_URL", "not a url")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'not a url'");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "bge", "openai:", "openai: ", "OpenAI:x", "mock:x", "bm25"})
    void fromSpec_badSpec_failsQuotingSpec(String spec) {
        assertThatThrownBy(() -> Embedders.fromSpec(spec, Map.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'" + spec + "'");
    }

    @Test
    void fromSpec_null_failsClearly() {
        assertThatThrownBy(() -> Embedders.fromSpec(null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("unknown embedder");
    }

    @Test
    void findId_isTheIdOfTheEmbedderTheSpecBuilds_withoutBuildingIt() {
        Map<String, String> env = Map.of("OPENAI_API_KEY", "k");
        for (String spec : new String[] {"mock", "mock:64", "openai: text-embedding-3-small"}) {
            assertThat(Embedders.findId(spec)).as(spec).contains(Embedders.fromSpec(spec, env).orElseThrow().id());
        }
        assertThat(Embedders.findId("none")).contains("none");
        assertThat(Embedders.findId("openai:m")).as("no key needed").contains("openai:m");
        assertThat(Embedders.findId("total garbage")).isEmpty();
        assertThat(Embedders.findId(null)).isEmpty();
    }

    @Test
    void fromSpec_nullEnv_namesTheParameter() {
        assertThatThrownBy(() -> Embedders.fromSpec("mock", null))
                .isInstanceOf(NullPointerException.class).hasMessage("env");
    }
}
