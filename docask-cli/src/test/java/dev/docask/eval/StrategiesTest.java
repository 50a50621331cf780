package dev.docask.eval;

import dev.docask.retrieve.RetrievalOptions;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class StrategiesTest {
    @Test
    void parse_topn_turnsGateOff() {
        RetrievalOptions o = Strategies.parse("topn").options(RetrievalOptions.defaults());
        assertThat(o.minSimilarity().getAsDouble()).isZero();
        assertThat(o.minKeywordCoverage().getAsDouble()).isZero();
    }

    @Test
    void parse_filter_setsGateMode() {
        assertThat(Strategies.parse("filter").options(RetrievalOptions.defaults()).gateMode())
                .isEqualTo(RetrievalOptions.GateMode.FILTER);
    }

    @Test
    void parse_answerability_setsGateMode() {
        RetrievalOptions o = Strategies.parse("answerability").options(RetrievalOptions.defaults());
        assertThat(o.gateMode()).isEqualTo(RetrievalOptions.GateMode.ANSWERABILITY);
    }

    @Test
    void parse_bm25AndVector_runOneRetrieverEach() {
        assertThat(Strategies.parse("bm25").options(RetrievalOptions.defaults()).retrievers())
                .isEqualTo(RetrievalOptions.Retrievers.BM25);
        assertThat(Strategies.parse("vector").options(RetrievalOptions.defaults()).retrievers())
                .isEqualTo(RetrievalOptions.Retrievers.VECTOR);
    }

    @Test
    void parse_hybrid_keepsDefaults() {
        assertThat(Strategies.parse("hybrid").options(RetrievalOptions.defaults()))
                .isEqualTo(RetrievalOptions.defaults());
    }

    @Test
    void parse_withOverrides_appliesThemInOrder() {
        Strategy s = Strategies.parse("hybrid:minSimilarity=0.8,minKeywordCoverage=0.6,gateMode=answerability");
        RetrievalOptions o = s.options(RetrievalOptions.defaults());
        assertThat(s.name()).isEqualTo("hybrid:minSimilarity=0.8,minKeywordCoverage=0.6,gateMode=answerability");
        assertThat(o.minSimilarity().getAsDouble()).isEqualTo(0.8);
        assertThat(o.minKeywordCoverage().getAsDouble()).isEqualTo(0.6);
        assertThat(o.gateMode()).isEqualTo(RetrievalOptions.GateMode.ANSWERABILITY);
    }

    @Test
    void parse_unknownName_listsKnownOnes() {
        assertThatThrownBy(() -> Strategies.parse("bm42")).hasMessageContaining("'bm42'").hasMessageContaining("hybrid");
    }

    @Test
    void parse_badOverride_failsAtParseTime() {
        assertThatThrownBy(() -> Strategies.parse("hybrid:minSimilarity=high")).hasMessageContaining("'high'");
    }

    @Test
    void select_none_allRegistered() {
        assertThat(Strategies.select(List.of(), List.of())).extracting(Strategy::name)
                .containsExactlyElementsOf(Strategies.names());
    }

    @Test
    void select_withSet_addsDefaultVariant() {
        List<Strategy> s = Strategies.select(List.of("topn"), List.of("minSimilarity=0.8"));
        assertThat(s).extracting(Strategy::name).containsExactly("topn", "hybrid:minSimilarity=0.8");
    }

    @Test
    void select_sameOptionTwice_oneVariantPerValue() {
        List<Strategy> s = Strategies.select(List.of("hybrid"),
                List.of("minSimilarity=0.7", "maxPerSource=1", "minSimilarity=0.75"));
        assertThat(s).extracting(Strategy::name).containsExactly("hybrid",
                "hybrid:minSimilarity=0.7,maxPerSource=1", "hybrid:minSimilarity=0.75,maxPerSource=1");
        assertThat(s.get(2).options(RetrievalOptions.defaults()).minSimilarity().getAsDouble()).isEqualTo(0.75);
    }

    @Test
    void parse_sameOptionTwice_isRefusedNotSilentlyOverwritten() {
        assertThatThrownBy(() -> Strategies.parse("hybrid:candidates=20,candidates=80"))
                .hasMessageContaining("candidates twice");
    }
}
