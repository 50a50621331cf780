package dev.docask.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.docask.cli.Main;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code docask report} as a user runs it, on logs written as docask serve writes them. */
class ReportCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Instant T0 = Instant.parse("2026-11-20T09:00:00Z");

    @TempDir
    Path dir;

    private record Run(int code, String out, String err) {
    }

    private static Run docask(Object... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        String[] a = java.util.Arrays.stream(args).map(String::valueOf).toArray(String[]::new);
        int code = Main.run(a, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Run(code, out.toString(), err.toString());
    }

    private Path plantedLog() throws Exception {
        return SyntheticLog.planted(dir.resolve("questions"));
    }

    @Test
    void report_threePlantedTopics_comeOutAsThreeGapsLargestFirst() throws Exception {
        Path log = plantedLog();
        Run run = docask("report", "--log", log, "--index", SyntheticLog.index(dir.resolve("idx")), "--json",
                "--group-similarity", "0.5");
        assertThat(run.code()).as(run.err()).isZero();
        JsonNode f = JSON.readTree(run.out());
        assertThat(f.get("questions").asLong()).isEqualTo(12 + 3 + 20 + 2 + 1);
        assertThat(f.get("outcomes").get("answered").asLong()).isEqualTo(12);
        assertThat(f.get("outcomes").get("cached").asLong()).isEqualTo(3);
        assertThat(f.get("outcomes").get("refused").asLong()).isEqualTo(20);
        assertThat(f.get("outcomes").get("failed").asLong()).isEqualTo(2);
        assertThat(f.get("outcomes").get("cancelled").asLong()).isEqualTo(1);
        JsonNode gaps = f.get("gaps");
        assertThat(gaps).hasSize(3);
        assertThat(gaps.get(0).get("count").asLong()).isEqualTo(8);
        assertThat(gaps.get(0).get("examples").toString()).contains("helm").doesNotContain("pdf").doesNotContain("okta");
        assertThat(gaps.get(1).get("count").asLong()).isEqualTo(6);
        assertThat(gaps.get(2).get("count").asLong()).isEqualTo(6);
        assertThat(f.get("thumbsDown")).hasSize(2);
        assertThat(f.get("thumbsDown").toString()).contains("it cites the wrong page").contains("how do I mock a module 0");
        assertThat(f.get("feedback").get("up").asLong()).isEqualTo(2);
        assertThat(f.get("mostCited").get(0).get("url").asText()).isEqualTo("https://x.dev/guide/mocking");
        assertThat(f.get("mostCited").get(0).get("answers").asLong()).isEqualTo(15);
        assertThat(f.get("neverCited").toString()).contains("https://x.dev/config/retry").contains("https://x.dev/guide/cli");
        assertThat(f.get("days")).hasSize(2);
        assertThat(f.get("latencyMs").get("totalP50").asDouble()).isPositive();
        assertThat(f.get("tokensPerDay").get(0).get("input").asLong()).isEqualTo(1200);
    }

    @Test
    void report_html_isOneSelfContainedPageWithCharts() throws Exception {
        Path out = dir.resolve("report.html");
        Run run = docask("report", "--log", plantedLog(), "--index", SyntheticLog.index(dir.resolve("idx")), "--out", out,
                "--group-similarity", "0.5");
        assertThat(run.code()).as(run.err()).isZero();
        assertThat(run.out()).contains("38 questions").contains("3 coverage gaps").contains(out.toString());
        String html = Files.readString(out);
        assertThat(html).contains("<svg").contains("name=\"viewport\"").contains("helm chart")
                .contains("it cites the wrong page");
        assertThat(html).doesNotContain("<script").doesNotContain("src=\"http").doesNotContain("<link");
    }

    @Test
    void report_html_latency_saysTheFirstTokenFiguresAreOfAnswersOnly() throws Exception {
        // refusals are fast and have no first token: a first-token p50 above the total p50 must not read as a contradiction
        Path out = dir.resolve("latency.html");
        Run run = docask("report", "--log", plantedLog(), "--index", SyntheticLog.index(dir.resolve("idx")), "--out", out);
        assertThat(run.code()).as(run.err()).isZero();
        assertThat(Files.readString(out)).contains("<td>to first token (answers only: a refusal calls no model)</td>");
    }

    @Test
    void report_html_linksOnlyWebUrls_aJavascriptUrlInAnEditedLogIsText() throws Exception {
        Path log = Files.createDirectories(dir.resolve("edited"));
        ObjectNode q = SyntheticLog.question("ans_x", T0, "how do I mock a module", "answered");
        q.putArray("cited").add("javascript:alert(1)").add("https://x.dev/guide/mocking#vi-mock");
        q.putArray("sources").add(" JavaScript:alert(2)");
        SyntheticLog.write(log.resolve("questions-2026-11-20-h-1.jsonl"), List.of(q,
                SyntheticLog.feedback("ans_x", T0.plusSeconds(5), "down", "")));
        Path out = dir.resolve("edited.html");

        Run run = docask("report", "--log", log, "--index", SyntheticLog.index(dir.resolve("idx")), "--out", out);

        assertThat(run.code()).as(run.err()).isZero();
        String html = Files.readString(out);
        assertThat(html).contains("<a href=\"https://x.dev/guide/mocking\">").contains("javascript:alert(1)")
                .contains("JavaScript:alert(2)").doesNotContainIgnoringCase("href=\"javascript").doesNotContainIgnoringCase("href=\" javascript");
    }

    @Test
    void report_since_countsOnlyFromThatDay() throws Exception {
        Run run = docask("report", "--log", plantedLog(), "--index", SyntheticLog.index(dir.resolve("idx")), "--json",
                "--since", "2026-11-21");
        assertThat(run.code()).as(run.err()).isZero();
        assertThat(JSON.readTree(run.out()).get("questions").asLong()).isEqualTo(3 + 20);
    }

    @Test
    void report_aRefusedQuestionLongerThanTheServerTakes_isShownCutInItsGap() throws Exception {
        Path log = plantedLog();
        String longQuestion = "how do I roll back a helm release " + "and keep its values ".repeat(5_000); // 100 KB
        List<com.fasterxml.jackson.databind.node.ObjectNode> more = new java.util.ArrayList<>();
        for (int i = 0; i < 3; i++) {
            more.add(SyntheticLog.question("ans_long" + i, SyntheticLog.PLANTED_AT.plusSeconds(90_000 + i), longQuestion, "refused"));
        }
        SyntheticLog.write(log.resolve("questions-2026-11-21-host-c-1.jsonl"), more);
        Run run = docask("report", "--log", log, "--index", SyntheticLog.index(dir.resolve("idx")), "--json");
        assertThat(run.code()).as(run.err()).isZero();
        List<String> examples = new java.util.ArrayList<>();
        JSON.readTree(run.out()).get("gaps").forEach(g -> g.get("examples").forEach(e -> examples.add(e.asText())));
        assertThat(examples).anyMatch(e -> e.startsWith("how do I roll back a helm release and keep"))
                .allMatch(e -> e.length() <= CoverageGaps.EXAMPLE_CHARS + 1);
    }

    @Test
    void report_tornLastLine_isSkippedWithAWarning() throws Exception {
        Path log = plantedLog();
        Files.writeString(log.resolve("questions-2026-11-21-host-b-7.jsonl"), "{\"type\":\"question\",\"id\":\"ans_torn\",\"ti",
                StandardOpenOption.APPEND);
        Run run = docask("report", "--log", log, "--index", SyntheticLog.index(dir.resolve("idx")), "--json");
        assertThat(run.code()).as(run.err()).isZero();
        assertThat(run.err()).contains("questions-2026-11-21-host-b-7.jsonl").contains("incomplete").contains("skipped");
        assertThat(JSON.readTree(run.out()).get("questions").asLong()).isEqualTo(38);
    }

    @Test
    void report_linesInTheMiddleThatAreNotRecords_areCountedInAWarning_andABomIsNoError() throws Exception {
        Path log = Files.createDirectories(dir.resolve("broken"));
        List<ObjectNode> good = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            good.add(SyntheticLog.question("ans_g" + i, T0.plusSeconds(i), "how do I mock a module " + i, "answered"));
        }
        Path day = log.resolve("questions-2026-11-20-h-1.jsonl");
        Files.writeString(day, good.get(0) + "\n" + good.get(1) + "\n{\"type\":\"question\",\"id\n\nnot json\n{}\n"
                + good.get(2) + "\n");
        Files.writeString(log.resolve("questions-2026-11-21-h-1.jsonl"), "\uFEFF" + good.get(3) + "\n");
        Run run = docask("report", "--log", log, "--index", SyntheticLog.index(dir.resolve("idx")), "--json");
        assertThat(run.code()).as(run.err()).isZero();
        assertThat(run.err()).contains("questions-2026-11-20-h-1.jsonl: 3 lines are not a JSON record and were skipped")
                .contains("questions-2026-11-21-h-1.jsonl: 1 line is not a JSON record and was skipped");
        JsonNode f = JSON.readTree(run.out());
        assertThat(f.get("questions").asLong()).isEqualTo(3);
        assertThat(f.get("warnings")).hasSize(2);
    }

    @Test
    void report_countsEveryThumbDown_theLastRatingOfAnAnswer_andNoQuestionOfAnUnknownOutcome() throws Exception {
        Path log = Files.createDirectories(dir.resolve("many"));
        List<ObjectNode> records = new ArrayList<>();
        for (int i = 0; i < Report.THUMBS_DOWN + 20; i++) {
            records.add(SyntheticLog.question("ans_d" + i, T0.plusSeconds(i), "question " + i, "answered"));
            records.add(SyntheticLog.feedback("ans_d" + i, T0.plusSeconds(60 + i), "down", ""));
        }
        records.add(SyntheticLog.feedback("ans_d0", T0.plusSeconds(3_600), "up", "changed my mind"));
        records.add(SyntheticLog.question("ans_x", T0, "a question of a newer kind", "deferred"));
        SyntheticLog.write(log.resolve("questions-2026-11-20-h-1.jsonl"), records);
        Run run = docask("report", "--log", log, "--index", SyntheticLog.index(dir.resolve("idx")), "--json");
        assertThat(run.code()).as(run.err()).isZero();
        JsonNode f = JSON.readTree(run.out());
        assertThat(f.get("feedback").get("down").asLong()).isEqualTo(Report.THUMBS_DOWN + 19);
        assertThat(f.get("feedback").get("up").asLong()).isEqualTo(1);
        assertThat(f.get("thumbsDown")).hasSize(Report.THUMBS_DOWN);
        assertThat(f.get("questions").asLong()).isEqualTo(Report.THUMBS_DOWN + 20);
        assertThat(run.err()).contains("questions with an outcome this docask does not know were not counted: deferred (1)");
        Path html = dir.resolve("many.html");
        assertThat(docask("report", "--log", log, "--index", SyntheticLog.index(dir.resolve("idx")), "--out", html).code()).isZero();
        assertThat(Files.readString(html)).contains("<b>1 / " + (Report.THUMBS_DOWN + 19) + "</b>")
                .contains("The latest " + Report.THUMBS_DOWN + " of " + (Report.THUMBS_DOWN + 19));
    }

    @Test
    void report_asksTurnedAwayByALimitOrALostRedis_areCountedByName_notWarnedAsUnknown_norInTheLatency() throws Exception {
        Path log = Files.createDirectories(dir.resolve("turned-away"));
        SyntheticLog.write(log.resolve("questions-2026-11-20-h-1.jsonl"), List.of(
                SyntheticLog.question("ans_a", T0, "how do I mock a module", "answered"),
                SyntheticLog.question("ans_l1", T0, "how do I mock a module", "limited").put("totalMs", 1),
                SyntheticLog.question("ans_l2", T0, "how do I mock a timer", "limited").put("totalMs", 1),
                SyntheticLog.question("ans_u", T0, "how do I mock a module", "unavailable").put("totalMs", 1000)));
        Run run = docask("report", "--log", log, "--index", SyntheticLog.index(dir.resolve("idx")), "--json");
        assertThat(run.code()).as(run.err()).isZero();
        assertThat(run.err()).doesNotContain("does not know");
        JsonNode f = JSON.readTree(run.out());
        assertThat(f.get("questions").asLong()).isEqualTo(4);
        assertThat(f.get("outcomes").get("limited").asLong()).isEqualTo(2);
        assertThat(f.get("outcomes").get("unavailable").asLong()).isEqualTo(1);
        assertThat(f.get("days").get(0).get("limited").asLong()).isEqualTo(2);
        assertThat(f.get("latencyMs").get("totalP95").asDouble()).isEqualTo(900);
        Path html = dir.resolve("turned-away.html");
        assertThat(docask("report", "--log", log, "--index", SyntheticLog.index(dir.resolve("idx")), "--out", html).code()).isZero();
        assertThat(Files.readString(html)).contains("limited (2)").contains("unavailable (1)").contains("2026-11-20 limited: 2");
    }

    @Test
    void report_latency_leavesOutWhatTheCacheServed_refusalsIncluded() throws Exception {
        Path log = Files.createDirectories(dir.resolve("latency"));
        ObjectNode cachedRefusal = SyntheticLog.question("ans_r", T0, "what is the weather", "refused").put("totalMs", 1);
        cachedRefusal.remove("sourcesMs"); // a cache hit searched nothing
        SyntheticLog.write(log.resolve("questions-2026-11-20-h-1.jsonl"), List.of(
                SyntheticLog.question("ans_a", T0, "how do I mock a module", "answered"),
                SyntheticLog.question("ans_c", T0, "how do I mock a module", "cached").put("totalMs", 1),
                cachedRefusal));
        Run run = docask("report", "--log", log, "--index", SyntheticLog.index(dir.resolve("idx")), "--json");
        assertThat(run.code()).as(run.err()).isZero();
        assertThat(JSON.readTree(run.out()).get("latencyMs").get("totalP50").asDouble()).isEqualTo(900);
    }

    @Test
    void report_outIntoAMissingFolder_saysTheFolderIsMissing() throws Exception {
        Path out = dir.resolve("no-such-folder").resolve("report.html");
        Run run = docask("report", "--log", plantedLog(), "--index", SyntheticLog.index(dir.resolve("idx")), "--out", out);
        assertThat(run.code()).isEqualTo(1);
        assertThat(run.err()).contains("could not be written to " + out + ": no such file or folder (");
    }

    @Test
    void report_recordsOfANewerVersionWithExtraFields_areReadWithANote() throws Exception {
        Path log = Files.createDirectories(dir.resolve("newer"));
        ObjectNode q = SyntheticLog.question("ans_n1", T0, "how do I mock a module", "answered").put("v", 2);
        q.putObject("judge").put("grounded", true);
        q.put("tenant", "acme");
        SyntheticLog.write(log.resolve("questions-2026-11-20-h-1.jsonl"), List.of(q));
        Run run = docask("report", "--log", log, "--index", SyntheticLog.index(dir.resolve("idx")), "--json");
        assertThat(run.code()).as(run.err()).isZero();
        assertThat(run.err()).contains("newer docask");
        assertThat(JSON.readTree(run.out()).get("outcomes").get("answered").asLong()).isEqualTo(1);
    }

    @Test
    void report_missingFolder_exits1NamingIt() {
        Path missing = dir.resolve("nope");
        Run run = docask("report", "--log", missing, "--index", SyntheticLog.index(dir.resolve("idx")));
        assertThat(run.code()).isEqualTo(1);
        assertThat(run.err().strip()).isEqualTo("docask report: question log folder " + missing + " does not exist");
    }

    @Test
    void report_unreadableFolder_exits1SayingSo() throws Exception {
        Path log = plantedLog();
        Files.setPosixFilePermissions(log, java.util.Set.of());
        try {
            org.junit.jupiter.api.Assumptions.assumeFalse(Files.isReadable(log), "running as a user who reads anything");
            Run run = docask("report", "--log", log, "--index", SyntheticLog.index(dir.resolve("idx")));
            assertThat(run.code()).isEqualTo(1);
            assertThat(run.err()).contains(log.toString()).contains("cannot be read");
        } finally {
            Files.setPosixFilePermissions(log, java.nio.file.attribute.PosixFilePermissions.fromString("rwx------"));
        }
    }

    @Test
    void report_fileThatIsNotJsonLines_exits1NamingTheFile() throws Exception {
        Path log = Files.createDirectories(dir.resolve("csv"));
        Path file = Files.writeString(log.resolve("questions-2026-11-20-h-1.jsonl"), "time,question\n2026,how\n");
        Run run = docask("report", "--log", log, "--index", SyntheticLog.index(dir.resolve("idx")));
        assertThat(run.code()).isEqualTo(1);
        assertThat(run.err().strip()).isEqualTo("docask report: " + file + " is not JSON Lines: its first line is not a JSON object");
    }

    @Test
    void report_sinceInTheFutureOrNotADate_exits2() throws Exception {
        Path log = plantedLog();
        Path idx = SyntheticLog.index(dir.resolve("idx"));
        String tomorrow = LocalDate.now(ZoneOffset.UTC).plusDays(1).toString();
        Run future = docask("report", "--log", log, "--index", idx, "--since", tomorrow);
        assertThat(future.code()).isEqualTo(2);
        assertThat(future.err()).contains("--since " + tomorrow + " is in the future").doesNotContain("Exception");
        Run notADate = docask("report", "--log", log, "--index", idx, "--since", "last week");
        assertThat(notADate.code()).isEqualTo(2);
        assertThat(notADate.err()).contains("--since must be a date like 2026-11-01, got 'last week'");
    }

    @Test
    void report_withoutIndex_isAUsageErrorNamingTheOptionItHas() throws Exception {
        Run run = docask("report", "--log", plantedLog());
        assertThat(run.code()).isEqualTo(2);
        assertThat(run.err()).contains("give --index DIR").doesNotContain("--backend");
    }
}
