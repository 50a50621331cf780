package dev.docask.eval;

import dev.docask.retrieve.RetrievalOptions;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class OptionOverridesTest {
    final RetrievalOptions d = RetrievalOptions.defaults();

    @Test
    void apply_eachSpecName_setsThatOption() {
        assertThat(OptionOverrides.apply(d, "topK=3").topK()).isEqualTo(3);
        assertThat(OptionOverrides.apply(d, "candidates=80").candidates()).isEqualTo(80);
        assertThat(OptionOverrides.apply(d, "rrfK=10").rrfK()).isEqualTo(10);
        assertThat(OptionOverrides.apply(d, "minSimilarity=0.7").minSimilarity().getAsDouble()).isEqualTo(0.7);
        assertThat(OptionOverrides.apply(d, "minKeywordCoverage=0.45").minKeywordCoverage().getAsDouble()).isEqualTo(0.45);
        assertThat(OptionOverrides.apply(d, "maxContextChars=500").maxContextChars()).isEqualTo(500);
        assertThat(OptionOverrides.apply(d, "collapseCopies=false").collapseCopies()).isFalse();
        assertThat(OptionOverrides.apply(d, "maxPerSource=2").maxPerSource().getAsInt()).isEqualTo(2);
        assertThat(OptionOverrides.apply(d, "similarityNeedsKeyword=true").similarityNeedsKeyword()).contains(true);
        assertThat(OptionOverrides.apply(d, "gateMode=answerability").gateMode())
                .isEqualTo(RetrievalOptions.GateMode.ANSWERABILITY);
        assertThat(OptionOverrides.apply(d, "retrievers=bm25").retrievers()).isEqualTo(RetrievalOptions.Retrievers.BM25);
    }

    @Test
    void apply_unknownName_listsKnown() {
        assertThatThrownBy(() -> OptionOverrides.apply(d, "minScore=0.5"))
                .hasMessageContaining("'minScore'").hasMessageContaining("minSimilarity");
    }

    @Test
    void apply_noEquals_showsExample() {
        assertThatThrownBy(() -> OptionOverrides.apply(d, "minSimilarity")).hasMessageContaining("name=value");
    }

    @Test
    void apply_outOfRange_quotesAssignment() {
        assertThatThrownBy(() -> OptionOverrides.apply(d, "minSimilarity=1.5")).hasMessageContaining("minSimilarity");
    }

    @Test
    void apply_badBoolean_quotesValue() {
        assertThatThrownBy(() -> OptionOverrides.apply(d, "collapseCopies=maybe")).hasMessageContaining("'maybe'");
    }
}
