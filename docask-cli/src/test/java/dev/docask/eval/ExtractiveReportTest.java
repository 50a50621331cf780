package dev.docask.eval;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class ExtractiveReportTest {
    private static ExtractiveEval.Outcome outcome(String id, String part, boolean first) {
        LabelledQuestion q = new LabelledQuestion(id, "How many retries?", "https://d.dev/r", List.of("8 attempts"), part);
        return new ExtractiveEval.Outcome(q, List.of(first ? "The default is 8 attempts." : "Retries happen."),
                first, first, true, 10);
    }

    @Test
    void parts_theFileHas_inTheOrderTheyFirstAppear_thenAll() {
        ExtractiveReport report = new ExtractiveReport(List.of(outcome("a", "tune", true),
                outcome("b", "report", false), outcome("c", "tune2", true), outcome("d", "tune2", false)));

        assertThat(report.parts()).containsExactly("tune", "report", "tune2", "all");
        assertThat(report.table()).contains("tune2           2           0.500 (1)")
                .contains("all             4           0.500 (2)");
        assertThat(report.json()).contains("\"tune2\" : {");
    }

    @Test
    void parts_aFileWithOnePart_showsItAndAllOnly() {
        ExtractiveReport report = new ExtractiveReport(List.of(outcome("a", "report", true)));

        assertThat(report.parts()).containsExactly("report", "all");
        assertThat(report.table()).doesNotContain("tune ");
    }

    @Test
    void table_missesOfTheReportAndCheckParts_areCountedNotShown() {
        ExtractiveReport report = new ExtractiveReport(List.of(outcome("a", "tune", false), outcome("b", "report", false),
                outcome("c", "check", false), outcome("d", "check2", false)));

        assertThat(report.table()).contains("a (tune)").doesNotContain("b (report)").doesNotContain("c (check)")
                .doesNotContain("d (check2)").contains("(3 of the report, check and check2 parts, not shown)");
        assertThat(report.json()).contains("\"b\"").contains("\"c\"").contains("\"d\"");
    }
}
