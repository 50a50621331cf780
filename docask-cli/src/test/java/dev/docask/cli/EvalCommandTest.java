package dev.docask.cli;

import dev.docask.retrieve.HybridRetriever;
import dev.docask.testsupport.CapturedLog;
import dev.docask.testsupport.TestIndexes;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static dev.docask.testsupport.TestIndexes.chunk;
import static org.assertj.core.api.Assertions.assertThat;

class EvalCommandTest {
    @TempDir
    Path dir;
    final StringWriter out = new StringWriter();
    final StringWriter err = new StringWriter();

    @BeforeEach
    void site() throws IOException {
        TestIndexes.build(dir.resolve("idx"), "mock", List.of(
                chunk("https://t.dev/config/retry#retry", "retry", "retry",
                        "Retry the test a given number of times when it fails. Useful for flaky tests in CI."),
                chunk("https://t.dev/guide/mocking#modules", "Mocking", "Mocking › Modules",
                        "Use vi.mock to replace a module with a factory that returns fake exports."))).close();
        Files.write(dir.resolve("q.jsonl"), List.of(
                "{\"id\": \"a1\", \"question\": \"retry flaky tests\", \"answerable\": true, \"expected_urls\": [\"https://t.dev/config/retry\"]}",
                "{\"id\": \"a2\", \"question\": \"mock a module\", \"answerable\": true, \"expected_urls\": [\"https://t.dev/nowhere\"]}",
                "{\"id\": \"o1\", \"question\": \"capital of Canada\", \"answerable\": false}"));
    }

    int run(String... args) {
        CommandLine cl = new CommandLine(new EvalCommand());
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        return Main.execute(cl, Map.of(), args);
    }

    @Test
    void eval_questions_printsTablePerStrategy() {
        int code = run("--index", dir.resolve("idx").toString(), "--questions", dir.resolve("q.jsonl").toString(),
                "--strategy", "hybrid", "--strategy", "topn");
        assertThat(code).isZero();
        assertThat(out.toString()).contains("3 questions: 2 answerable, 1 off-topic; k = 6")
                .contains("hybrid").contains("topn").contains("misses of hybrid").contains("a2");
    }

    @Test
    void eval_embedderFailsOnEveryQuestion_saysSoOnceOnStderr_inOneLine_keyMasked_andNotThroughTheLog() {
        Path idx = dir.resolve("queries-fail-idx");
        TestIndexes.build(idx, "queries-fail", List.of(
                chunk("https://t.dev/config/retry#retry", "retry", "retry", "Retry the test a given number of times when it fails."),
                chunk("https://t.dev/guide/mocking#modules", "Mocking", "Mocking › Modules", "Use vi.mock to replace a module."))).close();
        try (CapturedLog log = CapturedLog.of(HybridRetriever.class)) {
            int code = run("--index", idx.toString(), "--questions", dir.resolve("q.jsonl").toString(), "--strategy", "hybrid");

            assertThat(code).as(err.toString()).isZero();
            assertThat(err.toString()).isEqualTo("docask eval: warning: the embedder failed on the question; answering from "
                    + "keywords alone: embedding server refused the API key *** (HTTP 401)\n");
            assertThat(log.all()).isEmpty();
        }
    }

    @Test
    void eval_json_issueShape() {
        run("--index", dir.resolve("idx").toString(), "--questions", dir.resolve("q.jsonl").toString(), "--json",
                "--strategy", "hybrid", "--set", "minKeywordCoverage=0.9");
        assertThat(out.toString()).contains("\"recall_at_k\" : 0.5").contains("\"hybrid:minKeywordCoverage=0.9\"")
                .contains("\"latency_ms\"").contains("\"misses\"");
    }

    @Test
    void eval_html_writesEachQuestionWithRankScoresAndTheTwoDistributions() throws IOException {
        Path html = dir.resolve("eval.html");
        int code = run("--index", dir.resolve("idx").toString(), "--questions", dir.resolve("q.jsonl").toString(),
                "--strategy", "hybrid", "--html", html.toString());
        assertThat(code).as(err.toString()).isZero();
        String page = Files.readString(html);
        assertThat(page).contains("<svg").contains("retry flaky tests").contains("capital of Canada")
                .contains("Misses (1)").contains("recall@6 0.500").doesNotContain("<script");
        assertThat(page.split("<tr class=\"miss\">", -1)).as("the miss is marked in both tables").hasSize(3);
    }

    @Test
    void eval_htmlWithBeir_isAUsageError() {
        int code = run("--beir", dir.toString(), "--html", dir.resolve("e.html").toString());
        assertThat(code).isEqualTo(2);
        assertThat(err.toString()).contains("--html does not apply with --beir");
    }

    @Test
    void eval_targetMissed_exits1AndSaysWhy() {
        int code = run("--index", dir.resolve("idx").toString(), "--questions", dir.resolve("q.jsonl").toString(),
                "--strategy", "hybrid", "--min-recall", "0.9");
        assertThat(code).isEqualTo(1);
        assertThat(err.toString()).contains("--min-recall");
    }

    @Test
    void eval_targetsMet_exits0() {
        int code = run("--index", dir.resolve("idx").toString(), "--questions", dir.resolve("q.jsonl").toString(),
                "--strategy", "hybrid", "--min-recall", "0.5", "--max-offtopic-passed", "0");
        assertThat(code).isZero();
    }

    @Test
    void eval_unknownStrategy_clearErrorNoStackTrace() {
        int code = run("--index", dir.resolve("idx").toString(), "--questions", dir.resolve("q.jsonl").toString(),
                "--strategy", "bm42");
        assertThat(code).isEqualTo(2);
        assertThat(err.toString()).contains("unknown strategy 'bm42'").doesNotContain("Exception");
    }

    @Test
    void eval_neitherIndexNorBeir_explainsUsage() {
        assertThat(run("--questions", "q.jsonl")).isEqualTo(2);
        assertThat(err.toString()).contains("--index DIR --questions FILE, or --beir DIR");
    }

    @Test
    void eval_missingIndex_failsWithExit1() {
        int code = run("--index", dir.resolve("nope").toString(), "--questions", dir.resolve("q.jsonl").toString());
        assertThat(code).isEqualTo(1);
        assertThat(err.toString()).startsWith("docask eval: no docask index in").contains("nope").doesNotContain("\tat ");
    }

    @Test
    void eval_missingQuestionFile_failsWithExit1() {
        int code = run("--index", dir.resolve("idx").toString(), "--questions", dir.resolve("none.jsonl").toString());
        assertThat(code).isEqualTo(1);
        assertThat(err.toString()).contains("none.jsonl").doesNotContain("\tat ");
    }

    @Test
    void eval_folderThatIsNotBeir_failsWithExit1() {
        int code = run("--beir", dir.toString(), "--embedder", "none");
        assertThat(code).isEqualTo(1);
        assertThat(err.toString()).startsWith("docask eval: not a BEIR folder");
    }

    @Test
    void eval_optionOfTheOtherMode_isAUsageErrorNotIgnored() {
        assertThat(run("--index", dir.resolve("idx").toString(), "--questions", dir.resolve("q.jsonl").toString(),
                "--embedder", "bge-small")).isEqualTo(2);
        assertThat(err.toString()).contains("--embedder does not apply with --index");
        assertThat(run("--beir", dir.toString(), "--questions", dir.resolve("q.jsonl").toString())).isEqualTo(2);
        assertThat(err.toString()).contains("--questions does not apply with --beir");
    }

    @Test
    void eval_kBelowOne_isUsageError() {
        int code = run("--index", dir.resolve("idx").toString(), "--questions", dir.resolve("q.jsonl").toString(), "--k", "0");
        assertThat(code).isEqualTo(2);
        assertThat(err.toString()).startsWith("docask eval: --k must be at least 1, got 0");
    }

    @Test
    void eval_beir_buildsCachedIndexAndReports() throws IOException {
        dev.docask.testsupport.BeirFixtures.writeMiniBeir(dir.resolve("mini"));
        int code = run("--beir", dir.resolve("mini").toString(), "--embedder", "mock", "--cache",
                dir.resolve("cache").toString(), "--json");
        assertThat(code).isZero();
        assertThat(out.toString()).contains("\"dataset\" : \"mini\"").contains("\"bm25\"").contains("\"vector\"")
                .contains("\"hybrid\"").contains("\"ndcg_at_10\"");
        assertThat(Files.list(dir.resolve("cache")).toList()).hasSize(1);
    }

    @Test
    void eval_beirBadSplit_clearError() {
        assertThat(run("--beir", dir.toString(), "--qrels", "train")).isEqualTo(2);
        assertThat(err.toString()).contains("--qrels must be test or dev");
    }

    @Test
    void eval_extractive_reportsFirstQuotePerPartAndMisses() throws IOException {
        Files.write(dir.resolve("x.jsonl"), List.of(
                "{\"id\": \"x1\", \"question\": \"retry the test when it fails\", \"url\": \"https://t.dev/config/retry\", "
                        + "\"answers\": [\"Retry the test a given number of times\"], \"part\": \"tune\"}",
                "{\"id\": \"x2\", \"question\": \"mock a module\", \"url\": \"https://t.dev/guide/mocking\", "
                        + "\"answers\": [\"no such sentence anywhere\"], \"part\": \"report\"}"));

        int code = run("--index", dir.resolve("idx").toString(), "--extractive", dir.resolve("x.jsonl").toString(),
                "--min-first-quote", "0.4");

        assertThat(code).as(err.toString()).isZero();
        assertThat(out.toString()).contains("2 labelled questions").containsPattern("tune +1 +1.000 \\(1\\)")
                .containsPattern("report +1 +0.000 \\(0\\)").contains("first quote missed").contains("(1 of the report part, not shown)")
                .doesNotContain("x2 (report)");
    }

    @Test
    void eval_extractiveBelowTarget_exits1AndSaysWhy() throws IOException {
        Files.write(dir.resolve("x.jsonl"), List.of("{\"id\": \"x2\", \"question\": \"mock a module\", "
                + "\"url\": \"u\", \"answers\": [\"no such sentence\"], \"part\": \"report\"}"));

        int code = run("--index", dir.resolve("idx").toString(), "--extractive", dir.resolve("x.jsonl").toString(),
                "--min-first-quote", "0.8");

        assertThat(code).isEqualTo(1);
        assertThat(err.toString()).contains("below --min-first-quote 0.8");
    }

    @Test
    void eval_extractiveWithRetrievalOption_isAUsageError() {
        int code = run("--index", dir.resolve("idx").toString(), "--extractive", dir.resolve("q.jsonl").toString(),
                "--strategy", "bm25");

        assertThat(code).isEqualTo(2);
        assertThat(err.toString()).contains("--strategy does not apply with --extractive");
    }

    @Test
    void eval_extractiveFileWithoutAnswers_namesTheLine() {
        int code = run("--index", dir.resolve("idx").toString(), "--extractive", dir.resolve("q.jsonl").toString());

        assertThat(code).isEqualTo(1);
        assertThat(err.toString()).contains("q.jsonl:1: 'answers' must be an array of strings");
    }

    @Test
    void eval_extractiveQuestionOverTheLimit_namesTheLine() throws IOException {
        Files.write(dir.resolve("x.jsonl"), List.of("{\"id\": \"x1\", \"question\": \"" + "word ".repeat(2_000)
                + "\", \"url\": \"u\", \"answers\": [\"a sentence\"], \"part\": \"tune\"}"));

        int code = run("--index", dir.resolve("idx").toString(), "--extractive", dir.resolve("x.jsonl").toString());

        assertThat(code).isEqualTo(1);
        assertThat(err.toString()).contains("x.jsonl:1: 'question' is 9999 characters long; the limit is 8000");
    }
}
