package dev.docask.eval;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class LabelledQuestionTest {
    final LabelledQuestion q = new LabelledQuestion("x", "retries?", "https://d.dev/retries",
            List.of("The default is 8 attempts", "`--retry-limit <n>`"), "tune");

    @Test
    void answeredBy_quoteHoldingAFragment_ignoringCaseAndMarkdown() {
        assertThat(q.answeredBy("Use --retry-limit. the default is **8** attempts, which spans 40 minutes.")).isTrue();
        assertThat(q.answeredBy("Flag: --retry-limit <n>; Default: 8")).isTrue();
    }

    @Test
    void answeredBy_fragmentOnlyInsideALongerWord_doesNotCount() {
        assertThat(q.answeredBy("The default is 80 attempts")).isFalse();
    }

    @Test
    void new_partOtherThanTuneReportOrCheck_refused() {
        assertThatThrownBy(() -> new LabelledQuestion("x", "q", "u", List.of("a"), "test"))
                .hasMessageContaining("'part' must be tune, tune<n>, report, check or check<n>, got 'test'");
        assertThatThrownBy(() -> new LabelledQuestion("x", "q", "u", List.of("a"), "all"))
                .hasMessageContaining("got 'all'");
    }

    @Test
    void new_numberedTunePart_accepted() {
        assertThat(new LabelledQuestion("x", "q", "u", List.of("a"), "tune2").part()).isEqualTo("tune2");
    }

    @Test
    void new_checkPart_accepted() {
        assertThat(new LabelledQuestion("x", "q", "u", List.of("a"), "check").part()).isEqualTo("check");
    }

    @Test
    void new_numberedCheckPart_accepted() {
        assertThat(new LabelledQuestion("x", "q", "u", List.of("a"), "check2").part()).isEqualTo("check2");
    }
}
