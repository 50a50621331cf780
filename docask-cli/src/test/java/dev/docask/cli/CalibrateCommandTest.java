package dev.docask.cli;

import dev.docask.retrieve.HybridRetriever;
import dev.docask.testsupport.CapturedLog;
import dev.docask.testsupport.TestIndexes;
import dev.docask.testsupport.TestSites;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static dev.docask.cli.CliRun.run;
import static org.assertj.core.api.Assertions.assertThat;

/** {@code docask calibrate} through the real command line, on a keyword-only index of the sample docs. */
class CalibrateCommandTest {
    @TempDir
    static Path tmp;
    static Path keywordIndex;
    static Path good;
    static Path bad;


    @BeforeAll
    static void buildIndex() throws Exception {
        keywordIndex = tmp.resolve("keyword-idx");
        CliRun r = run("index", TestSites.samples().toString(), "--out", keywordIndex.toString(), "--base-url", "https://docs.quayside.dev",
                "--embedder", "none", "-q");
        assertThat(r.code()).as(r.err()).isZero();
        good = Files.writeString(tmp.resolve("good.txt"), "createRelayHandler options\nretry limit default\n");
        bad = Files.writeString(tmp.resolve("bad.txt"), "weather in Mumbai\nsourdough bread\n");
    }

    @Test
    void calibrate_keywordOnlyIndex_saysSimilarityDoesNotApplyAndSuggestsCoverageOnly() {
        CliRun r = run("calibrate", "--index", keywordIndex.toString(), "--match", good.toString(), "--no-match", bad.toString());

        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("similarity:       does not apply: the index has no vectors")
                .contains("suggested: --set minKeywordCoverage=")
                .doesNotContain("minSimilarity").doesNotContain("0.000  0.");
    }

    @Test
    void calibrate_embedderFailsOnEveryQuestion_saysSoOnceOnStderr_notThroughTheLog() {
        Path idx = tmp.resolve("queries-fail-idx");
        TestIndexes.build(idx, "queries-fail", List.of(
                TestIndexes.chunk("https://t.dev/config/retry", "Retry", "", "The retry limit default is three attempts."))).close();
        try (CapturedLog log = CapturedLog.of(HybridRetriever.class)) {
            CliRun r = run("calibrate", "--index", idx.toString(), "--match", good.toString(), "--no-match", bad.toString());

            assertThat(r.code()).as(r.err()).isZero();
            assertThat(r.err()).isEqualTo("docask calibrate: warning: the embedder failed on the question; answering from "
                    + "keywords alone: embedding server refused the API key *** (HTTP 401)\n");
            assertThat(log.all()).isEmpty();
        }
    }

    @Test
    void calibrateJson_keywordOnlyIndex_similarityIsNullNotZero() throws Exception {
        CliRun r = run("calibrate", "--index", keywordIndex.toString(), "--match", good.toString(), "--no-match", bad.toString(),
                "--json");

        assertThat(r.code()).as(r.err()).isZero();
        JsonNode j = new ObjectMapper().readTree(r.out());
        assertThat(j.get("similarity").isNull()).isTrue();
        assertThat(j.get("match").get(0).get("similarity").isNull()).isTrue();
        assertThat(j.get("suggested").get("minSimilarity").isNull()).isTrue();
        assertThat(j.get("suggested").get("minKeywordCoverage").asDouble()).isPositive();
    }

    @Test
    void calibrateLong_withMatchAndNoMatchOnly_isAUsageErrorNamingItsMode() {
        CliRun r = run("calibrate", "--index", keywordIndex.toString(), "--match", good.toString(), "--no-match", bad.toString(),
                "--long");

        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).startsWith("docask calibrate: --long does not apply with --match and --no-match")
                .contains("belongs to --questions");
        assertThat(r.out()).isEmpty();
    }

    @Test
    void calibrateLong_withQuestionsAndMatch_isAccepted() throws Exception {
        Path questions = Files.writeString(tmp.resolve("q.jsonl"), """
                {"id": "b", "question": "weather in Mumbai", "long_question": "What is the weather in Mumbai today?", "answerable": false}
                """);
        CliRun r = run("calibrate", "--index", keywordIndex.toString(), "--match", good.toString(),
                "--questions", questions.toString(), "--long", "--json");

        assertThat(r.code()).as(r.err()).isZero();
        JsonNode j = new ObjectMapper().readTree(r.out());
        assertThat(j.get("noMatch").get(0).get("question").asText()).isEqualTo("What is the weather in Mumbai today?");
    }

    @Test
    void calibrateAuto_measuresTheGateWithoutLabels_recordsIt_andInspectShowsIt() throws Exception {
        Path idx = tmp.resolve("auto-idx");
        CliRun built = run("index", TestSites.samples().toString(), "--out", idx.toString(), "--base-url",
                "https://docs.quayside.dev", "--embedder", "mock");
        assertThat(built.code()).as(built.err()).isZero();
        assertThat(built.out()).containsPattern("Gate measured on the index in \\d+\\.\\d s: minSimilarity 0\\.\\d{3}, "
                        + "minKeywordCoverage 0\\.\\d{3}( and the limits of \\d more rules?)? \\('docask inspect' shows each rule's figures\\)\n")
                .as("one short line: the rules' limits are inspect's").doesNotContain("question-space lead");

        CliRun auto = run("calibrate", "--auto", "--index", idx.toString(), "--json");
        assertThat(auto.code()).as(auto.err()).isZero();
        JsonNode gate = new ObjectMapper().readTree(auto.out());
        assertThat(gate.get("minSimilarity").isNumber()).isTrue();
        assertThat(gate.get("figures").get(0).asText()).contains("site questions");

        CliRun inspect = run("inspect", "--index", idx.toString());
        assertThat(inspect.out()).containsPattern("gate minSimilarity \\d\\.\\d{3}, minKeywordCoverage \\d\\.\\d{3}")
                .contains("off-topic questions (bundled pool)").contains("question-space rule");
        assertThat(gate.has("neighbours")).as("the question-space rule, adopted or null").isTrue();
        JsonNode inspected = new ObjectMapper().readTree(run("inspect", "--index", idx.toString(), "--json").out());
        assertThat(inspected.get("gate").get("minKeywordCoverage").asDouble())
                .isEqualTo(gate.get("minKeywordCoverage").asDouble());
        // the mock embedder's calibration adopts the question-space rule on the samples, and records every heading
        assertThat(inspect.out()).contains("a question it refuses is spared with a lead over the site's")
                .contains("the site's headings: ");
        assertThat(inspected.get("gate").get("neighbours").get("headings").asInt()).isPositive();
        assertThat(inspected.get("gate").get("neighbours").get("headingsMaxLead").asDouble()).isNotNegative();
    }

    @Test
    void calibrateAuto_keywordOnlyIndex_recordsNoSimilarityFloor() throws Exception {
        CliRun auto = run("calibrate", "--auto", "--index", keywordIndex.toString(), "--json");
        assertThat(auto.code()).as(auto.err()).isZero();
        JsonNode gate = new ObjectMapper().readTree(auto.out());
        assertThat(gate.get("minSimilarity").isNull()).isTrue();
        assertThat(gate.get("minKeywordCoverage").asDouble()).isPositive();
        assertThat(run("inspect", "--index", keywordIndex.toString()).out())
                .containsPattern("a question that names another tool \\(one the site mentions on at most \\d+ pages\\) needs "
                        + "keyword coverage \\d\\.\\d{3}, and below it any question needs two of its neighbouring words written "
                        + "together \\(the pair rule\\)");
    }

    @Test
    void calibrateAuto_indexAndBackend_isAUsageErrorAndRecordsNothing() throws Exception {
        Path manifest = Files.list(keywordIndex).filter(p -> p.getFileName().toString().startsWith("gen-"))
                .findFirst().orElseThrow().resolve("manifest.json");
        String before = Files.readString(manifest);

        CliRun r = run("calibrate", "--auto", "--index", keywordIndex.toString(),
                "--backend", "solr://127.0.0.1:8983/solr/docs", "--site", "a");

        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("give --index or --backend, not both");
        assertThat(Files.readString(manifest)).isEqualTo(before);
    }

    @Test
    void calibrateAuto_siteWithoutBackend_isAUsageError() {
        CliRun r = run("calibrate", "--auto", "--index", keywordIndex.toString(), "--site", "a");

        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("--site names a site of a --backend collection");
    }

    @Test
    void calibrateAuto_backend_saysItRecordsInAnIndexFolder() {
        CliRun r = run("calibrate", "--auto", "--backend", "solr://127.0.0.1:8983/solr/docs", "--site", "a");

        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("--auto records the gate in an index folder's manifest: give --index DIR");
    }

    @Test
    void calibrate_noMatchFileNotUtf8_namesTheFileAndWhy() throws Exception {
        Path latin1 = Files.write(tmp.resolve("latin1.txt"), new byte[] {'c', 'a', 'f', (byte) 0xE9, '\n'});

        CliRun r = run("calibrate", "--index", keywordIndex.toString(), "--match", good.toString(), "--no-match", latin1.toString());

        assertThat(r.code()).isEqualTo(1);
        assertThat(r.err()).contains("cannot read " + latin1 + ": not UTF-8 text").doesNotContain("Input length");
    }

    @Test
    void calibrate_matchLineOverTheLimit_namesTheFileAndLine() throws Exception {
        Path huge = Files.writeString(tmp.resolve("huge.txt"), "retry limit\n" + "word ".repeat(2_000) + "\n");

        CliRun r = run("calibrate", "--index", keywordIndex.toString(), "--match", huge.toString(), "--no-match", bad.toString());

        assertThat(r.code()).isEqualTo(1);
        assertThat(r.err()).contains(huge + ":2: the question is 9999 characters long; the limit is 8000");
    }

    @Test
    void calibrateAuto_withLabelledQuestions_isAUsageError() {
        CliRun r = run("calibrate", "--auto", "--index", keywordIndex.toString(), "--match", good.toString());
        assertThat(r.code()).isNotZero();
        assertThat(r.err()).contains("--auto measures the gate without labelled questions");
    }
}
