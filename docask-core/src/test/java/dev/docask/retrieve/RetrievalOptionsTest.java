package dev.docask.retrieve;

import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalInt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RetrievalOptionsTest {
    @Test
    void defaults_areTheDocumentedOnes() {
        RetrievalOptions d = RetrievalOptions.defaults();
        assertThat(d.topK()).isEqualTo(6);
        assertThat(d.candidates()).isEqualTo(40);
        assertThat(d.rrfK()).isEqualTo(60);
        assertThat(d.maxContextChars()).isEqualTo(8000);
        assertThat(d.collapseCopies()).isTrue();
        assertThat(d.maxPerSource()).as("one section per page").hasValue(1);
        assertThat(d.minSimilarity()).as("per embedder").isEmpty();
        assertThat(d.minKeywordCoverage()).as("0.5, or 0.4 keyword-only").isEmpty();
        assertThat(d.similarityNeedsKeyword()).as("per embedder").isEmpty();
        assertThat(d.gateMode()).isEqualTo(RetrievalOptions.GateMode.ANSWERABILITY);
        assertThat(d.retrievers()).isEqualTo(RetrievalOptions.Retrievers.BOTH);
        assertThat(d.searchOpening()).isTrue();
        assertThat(d.filter()).isEmpty();
        assertThat(RetrievalOptions.builder().build()).isEqualTo(d);
    }

    @Test
    void builder_eachSetterChangesItsOption_andToBuilderKeepsTheOthers() {
        RetrievalOptions all = RetrievalOptions.builder().topK(3).candidates(20).rrfK(10).minSimilarity(0.6)
                .minKeywordCoverage(0.3).maxContextChars(500).collapseCopies(false).maxPerSource(2)
                .filter(Map.of("docType", "guide")).similarityNeedsKeyword(true)
                .gateMode(RetrievalOptions.GateMode.FILTER).retrievers(RetrievalOptions.Retrievers.BM25)
                .searchOpening(false).build();
        assertThat(all.topK()).isEqualTo(3);
        assertThat(all.candidates()).isEqualTo(20);
        assertThat(all.rrfK()).isEqualTo(10);
        assertThat(all.minSimilarity()).isEqualTo(OptionalDouble.of(0.6));
        assertThat(all.minKeywordCoverage()).isEqualTo(OptionalDouble.of(0.3));
        assertThat(all.maxContextChars()).isEqualTo(500);
        assertThat(all.collapseCopies()).isFalse();
        assertThat(all.maxPerSource()).isEqualTo(OptionalInt.of(2));
        assertThat(all.filter()).isEqualTo(Map.of("docType", "guide"));
        assertThat(all.similarityNeedsKeyword()).contains(true);
        assertThat(all.gateMode()).isEqualTo(RetrievalOptions.GateMode.FILTER);
        assertThat(all.retrievers()).isEqualTo(RetrievalOptions.Retrievers.BM25);
        assertThat(all.searchOpening()).isFalse();

        RetrievalOptions changed = all.toBuilder().topK(6).build();
        assertThat(changed.topK()).isEqualTo(6);
        assertThat(changed.toBuilder().topK(3).build()).isEqualTo(all).hasSameHashCodeAs(all);
        assertThat(all.toBuilder().defaultMinSimilarity().noMaxPerSource().build().minSimilarity()).isEmpty();
    }

    @Test
    void parse_readsTheStringForm_andToStringWritesIt() {
        RetrievalOptions o = RetrievalOptions.parse(" topK=8, gateMode=filter ,minSimilarity=0.75,maxPerSource=1");
        assertThat(o).isEqualTo(RetrievalOptions.builder().topK(8).gateMode(RetrievalOptions.GateMode.FILTER)
                .minSimilarity(0.75).maxPerSource(1).build());
        assertThat(RetrievalOptions.parse(o.toString())).isEqualTo(o);
        assertThat(RetrievalOptions.parse("")).isEqualTo(RetrievalOptions.defaults());
        assertThat(RetrievalOptions.parse("maxPerSource=0").maxPerSource()).as("0 is no limit").isEmpty();
        assertThatThrownBy(() -> RetrievalOptions.parse("topK")).hasMessageContaining("'topK' is not name=value");
    }

    @Test
    void set_changesOneOptionByItsName() {
        RetrievalOptions o = RetrievalOptions.builder().set("maxPerSource", " 1 ")
                .set("gateMode", "filter").set("minSimilarity", "0.8").build();
        assertThat(o.maxPerSource()).isEqualTo(OptionalInt.of(1));
        assertThat(o.gateMode()).isEqualTo(RetrievalOptions.GateMode.FILTER);
        assertThat(o.minSimilarity()).isEqualTo(OptionalDouble.of(0.8));
    }

    @Test
    void set_badNameOrValue_quotesBoth() {
        RetrievalOptions.Builder b = RetrievalOptions.builder();
        assertThatThrownBy(() -> b.set("minScore", "1")).hasMessageContaining("'minScore'").hasMessageContaining("minSimilarity");
        assertThatThrownBy(() -> b.set("topK", "many")).hasMessage("topK must be a whole number, got 'many'");
        assertThatThrownBy(() -> b.set("minSimilarity", "1.5")).hasMessageContaining("minSimilarity must be between");
        assertThatThrownBy(() -> b.set("gateMode", "strict")).hasMessageContaining("[filter, answerability]");
        assertThatThrownBy(() -> b.set("maxPerSource", "-1")).hasMessage("maxPerSource must be at least 0, got -1");
    }

    @Test
    void settingNames_eachIsAcceptedBySet_andTheErrorListsThemAll() {
        RetrievalOptions d = RetrievalOptions.defaults();
        Map<String, String> values = new java.util.HashMap<>(Map.of("minSimilarity", "0.5", "minKeywordCoverage", "0.5",
                "collapseCopies", "false", "similarityNeedsKeyword", "true", "searchOpening", "false", "closeWords", "false",
                "gateMode", "filter", "retrievers", "bm25"));
        values.putAll(Map.of("versionAware", "false", "docsVersion", "next", "fusion", "ranks", "denseWeight", "0.7",
                "coverageNeedsPair", "false", "listFirsts", "false", "namedPage", "false"));
        for (String name : RetrievalOptions.SETTING_NAMES) {
            assertThat(d.toBuilder().set(name, values.getOrDefault(name, "3")).build()).as(name).isNotEqualTo(d);
        }
        assertThat(RetrievalOptions.SETTING_NAMES).contains("topK", "similarityNeedsKeyword", "retrievers");
        assertThat(RetrievalOptions.SETTING_HELP).contains("retrievers (both|bm25|vector)", "gateMode (filter|answerability)",
                "fusion (ranks|scores|both)");
        assertThatThrownBy(() -> d.toBuilder().set("nope", "1"))
                .hasMessage("unknown option 'nope'; known: " + String.join(", ", RetrievalOptions.SETTING_HELP));
    }

    @Test
    void candidates_aboveTheMaximum_isRefusedWithTheOptionNamed() {
        RetrievalOptions.Builder b = RetrievalOptions.builder();
        assertThat(b.candidates(RetrievalOptions.MAX_CANDIDATES).build().candidates()).isEqualTo(100_000);
        assertThatThrownBy(() -> b.candidates(Integer.MAX_VALUE)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("candidates must be at most 100000, got 2147483647");
        assertThatThrownBy(() -> b.set("candidates", "50000000")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("candidates must be at most 100000, got 50000000");
    }

    @Test
    void thresholds_notANumberOrInfinite_areRefusedWithTheOptionNamed() {
        RetrievalOptions.Builder b = RetrievalOptions.builder();
        for (double bad : new double[] {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY}) {
            assertThatThrownBy(() -> b.minSimilarity(bad)).hasMessageStartingWith("minSimilarity must be between");
            assertThatThrownBy(() -> b.minKeywordCoverage(bad)).hasMessageStartingWith("minKeywordCoverage must be between");
        }
        assertThatThrownBy(() -> b.set("minSimilarity", "NaN")).hasMessageStartingWith("minSimilarity must be between");
        assertThatThrownBy(() -> b.set("minKeywordCoverage", "Infinity"))
                .hasMessageStartingWith("minKeywordCoverage must be between");
    }

    @Test
    void fractionOutOfRange_namesItsBoundsAsWritten() {
        RetrievalOptions.Builder b = RetrievalOptions.builder();
        assertThatThrownBy(() -> b.set("denseWeight", "2")).hasMessage("denseWeight must be between 0 and 1, got 2.0");
        assertThatThrownBy(() -> b.minSimilarity(-2)).hasMessage("minSimilarity must be between -1 and 1, got -2.0");
    }

    @Test
    void nulls_inSetOrTheFilter_areNullPointerExceptionsNamingThem() {
        RetrievalOptions.Builder b = RetrievalOptions.builder();
        assertThatThrownBy(() -> b.set(null, "3")).isInstanceOf(NullPointerException.class).hasMessage("name");
        assertThatThrownBy(() -> b.set("topK", null)).isInstanceOf(NullPointerException.class).hasMessage("value");
        Map<String, String> nullValue = new HashMap<>();
        nullValue.put("docType", null);
        assertThatThrownBy(() -> b.filter(nullValue)).isInstanceOf(NullPointerException.class)
                .hasMessage("filter value of 'docType'");
        Map<String, String> nullKey = new HashMap<>();
        nullKey.put(null, "guide");
        assertThatThrownBy(() -> b.filter(nullKey)).isInstanceOf(NullPointerException.class).hasMessage("filter key");
    }
}
