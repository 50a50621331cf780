package dev.docask.retrieve;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RetrievalOptionsTest {
    @Test
    void defaults_areTheSpecs() {
        RetrievalOptions d = RetrievalOptions.defaults();
        assertThat(d.topK()).isEqualTo(6);
        assertThat(d.candidates()).isEqualTo(40);
        assertThat(d.rrfK()).isEqualTo(60);
        assertThat(d.maxContextChars()).isEqualTo(8000);
        assertThat(d.collapseCopies()).isTrue();
        assertThat(d.maxPerSource()).isZero();
        assertThat(d.minSimilarity()).as("per embedder").isNull();
        assertThat(d.minKeywordCoverage()).as("0.5, or 0.4 keyword-only").isNull();
    }

    @Test
    void eachWith_changesItsOptionAndKeepsTheOthers() {
        RetrievalOptions d = RetrievalOptions.defaults();
        RetrieveHook retrieve = (q, search) -> search.find(q, RetrievalOptions.defaults());
        RerankHook rerank = (q, hits) -> hits;
        java.util.function.Consumer<Throwable> onError = e -> { };
        RetrievalOptions all = d.withTopK(3).withCandidates(20).withRrfK(10).withMinSimilarity(0.6)
                .withMinKeywordCoverage(0.3).withMaxContextChars(500).withCollapseCopies(false).withMaxPerSource(2)
                .withFilter(java.util.Map.of("docType", "guide")).withSimilarityNeedsKeyword(true)
                .withGateMode(RetrievalOptions.GateMode.FILTER).withRetrievers(RetrievalOptions.Retrievers.BM25)
                .withSearchOpening(false).withRetrieveHook(retrieve).withRerankHook(rerank).withOnError(onError);
        assertThat(all).isEqualTo(new RetrievalOptions(3, 20, 10, 0.6, 0.3, 500, false, 2,
                java.util.Map.of("docType", "guide"), true, RetrievalOptions.GateMode.FILTER,
                RetrievalOptions.Retrievers.BM25, false, retrieve, rerank, onError));
        assertThat(all.withTopK(6).withCandidates(40)).isEqualTo(new RetrievalOptions(6, 40, 10, 0.6, 0.3, 500, false, 2,
                java.util.Map.of("docType", "guide"), true, RetrievalOptions.GateMode.FILTER,
                RetrievalOptions.Retrievers.BM25, false, retrieve, rerank, onError));
    }

    @Test
    void withSetting_changesOneOptionByItsSpecName() {
        RetrievalOptions o = RetrievalOptions.defaults().withSetting("maxPerSource", " 1 ")
                .withSetting("gateMode", "filter").withSetting("minSimilarity", "0.8");
        assertThat(o.maxPerSource()).isEqualTo(1);
        assertThat(o.gateMode()).isEqualTo(RetrievalOptions.GateMode.FILTER);
        assertThat(o.minSimilarity()).isEqualTo(0.8);
    }

    @Test
    void withSetting_badNameOrValue_quotesBoth() {
        RetrievalOptions d = RetrievalOptions.defaults();
        assertThatThrownBy(() -> d.withSetting("minScore", "1")).hasMessageContaining("'minScore'").hasMessageContaining("minSimilarity");
        assertThatThrownBy(() -> d.withSetting("topK", "many")).hasMessage("topK must be a whole number, got 'many'");
        assertThatThrownBy(() -> d.withSetting("minSimilarity", "1.5")).hasMessageContaining("minSimilarity must be between");
        assertThatThrownBy(() -> d.withSetting("gateMode", "strict")).hasMessageContaining("[filter, answerability]");
    }

    @Test
    void settingNames_eachIsAcceptedByWithSetting_andTheErrorListsThemAll() {
        RetrievalOptions d = RetrievalOptions.defaults();
        java.util.Map<String, String> values = java.util.Map.of("minSimilarity", "0.5", "minKeywordCoverage", "0.5",
                "collapseCopies", "false", "similarityNeedsKeyword", "true", "searchOpening", "false",
                "gateMode", "filter", "retrievers", "bm25");
        for (String name : RetrievalOptions.SETTING_NAMES) {
            assertThat(d.withSetting(name, values.getOrDefault(name, "3"))).as(name).isNotEqualTo(d);
        }
        assertThat(RetrievalOptions.SETTING_NAMES).contains("topK", "similarityNeedsKeyword", "retrievers");
        assertThat(RetrievalOptions.SETTING_HELP).contains("retrievers (both|bm25|vector)", "gateMode (filter|answerability)");
        assertThatThrownBy(() -> d.withSetting("nope", "1"))
                .hasMessage("unknown option 'nope'; known: " + String.join(", ", RetrievalOptions.SETTING_HELP));
    }

    @Test
    void candidates_aboveTheMaximum_isRefusedWithTheOptionNamed() {
        RetrievalOptions d = RetrievalOptions.defaults();
        assertThat(d.withCandidates(RetrievalOptions.MAX_CANDIDATES).candidates()).isEqualTo(100_000);
        assertThatThrownBy(() -> d.withCandidates(Integer.MAX_VALUE)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("candidates must be at most 100000, got 2147483647");
        assertThatThrownBy(() -> d.withSetting("candidates", "50000000")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("candidates must be at most 100000, got 50000000");
    }

    @Test
    void thresholds_notANumberOrInfinite_areRefusedWithTheOptionNamed() {
        RetrievalOptions d = RetrievalOptions.defaults();
        for (double bad : new double[] {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY}) {
            assertThatThrownBy(() -> d.withMinSimilarity(bad)).hasMessageStartingWith("minSimilarity must be between");
            assertThatThrownBy(() -> d.withMinKeywordCoverage(bad)).hasMessageStartingWith("minKeywordCoverage must be between");
        }
        assertThatThrownBy(() -> d.withSetting("minSimilarity", "NaN")).hasMessageStartingWith("minSimilarity must be between");
        assertThatThrownBy(() -> d.withSetting("minKeywordCoverage", "Infinity"))
                .hasMessageStartingWith("minKeywordCoverage must be between");
    }

    @Test
    void nulls_inWithSettingOrTheFilter_areNullPointerExceptionsNamingThem() {
        RetrievalOptions d = RetrievalOptions.defaults();
        assertThatThrownBy(() -> d.withSetting(null, "3")).isInstanceOf(NullPointerException.class).hasMessage("name");
        assertThatThrownBy(() -> d.withSetting("topK", null)).isInstanceOf(NullPointerException.class).hasMessage("value");
        java.util.Map<String, String> nullValue = new java.util.HashMap<>();
        nullValue.put("docType", null);
        assertThatThrownBy(() -> d.withFilter(nullValue)).isInstanceOf(NullPointerException.class)
                .hasMessage("filter value of 'docType'");
        java.util.Map<String, String> nullKey = new java.util.HashMap<>();
        nullKey.put(null, "guide");
        assertThatThrownBy(() -> d.withFilter(nullKey)).isInstanceOf(NullPointerException.class).hasMessage("filter key");
    }
}
