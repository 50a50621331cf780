package dev.docask.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** index, inspect, search and calibrate through the real command line, on the sample docs (mock embedder). */
class IndexSearchCommandsTest {
    @TempDir
    static Path tmp;
    static Path index;

    record Run(int code, String out, String err) {
    }

    static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Run(code, out.toString(), err.toString());
    }

    @BeforeAll
    static void buildIndex() {
        index = tmp.resolve("idx");
        Run r = run("index", "samples", "--out", index.toString(), "--base-url", "https://docs.quayside.dev",
                "--embedder", "mock", "-q");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).startsWith("Indexed 16 pages: ").contains("0 problems");
    }

    @Test
    void inspectJson_reportsPagesChunksCopiesEmbedderAndProblems() throws Exception {
        Run r = run("inspect", "--index", index.toString(), "--json");
        JsonNode j = new ObjectMapper().readTree(r.out());
        assertThat(j.get("pages").asInt()).isEqualTo(16);
        assertThat(j.get("chunks").asInt()).isPositive();
        assertThat(j.get("copies").asInt()).isZero();
        assertThat(j.get("embedder").asText()).isEqualTo("mock");
        assertThat(j.get("dimensions").asInt()).isEqualTo(256);
        assertThat(j.get("problems").isArray()).isTrue();
    }

    @Test
    void inspectChunks_printsOneJsonLinePerChunk() throws Exception {
        Run r = run("inspect", "--index", index.toString(), "--chunks");
        String[] lines = r.out().strip().split("\n");
        JsonNode first = new ObjectMapper().readTree(lines[0]);
        assertThat(first.fieldNames()).toIterable().containsExactly("url", "source", "title", "heading", "chars", "copyOf");
        assertThat(first.get("url").asText()).startsWith("https://docs.quayside.dev/");
    }

    @Test
    void search_printsRankedSourcesWithScores() {
        Run r = run("search", "--index", index.toString(), "createRelayHandler options");
        assertThat(r.code()).isZero();
        assertThat(r.out()).containsPattern("#1  score=0\\.\\d{4}  \\[api/create-relay-handler\\.md\\]  createRelayHandler");
    }

    @Test
    void search_offTopic_saysNoRelevantInformation_exitZero() {
        Run r = run("search", "--index", index.toString(), "What's the weather in Mumbai today?");
        assertThat(r.code()).isZero();
        assertThat(r.out()).startsWith("No relevant information found.");
    }

    @Test
    void searchJson_hasTheContractFields() throws Exception {
        Run r = run("search", "--index", index.toString(), "--json", "--explain", "retry limit");
        JsonNode j = new ObjectMapper().readTree(r.out());
        assertThat(j.fieldNames()).toIterable().contains("answerable", "mode", "best", "sources", "gatedOut");
        assertThat(j.get("sources").get(0).fieldNames()).toIterable()
                .contains("n", "url", "title", "heading", "source", "bm25Rank", "similarity", "keywordCoverage", "score");
    }

    @Test
    void search_questionOfSeveralSentences_saysWhichOpeningItAlsoSearched() throws Exception {
        String question = "Retry limit. Our nightly job keeps failing since the move.";
        Run text = run("search", "--index", index.toString(), "--explain", question);
        assertThat(text.out()).contains("also searched by its opening sentence: \"Retry limit.\"");
        JsonNode j = new ObjectMapper().readTree(run("search", "--index", index.toString(), "--json", question).out());
        assertThat(j.get("opening").asText()).isEqualTo("Retry limit.");
        JsonNode one = new ObjectMapper().readTree(run("search", "--index", index.toString(), "--json", "retry limit").out());
        assertThat(one.has("opening")).isFalse();
    }

    @Test
    void searchJson_onAKeywordOnlyIndex_writesNullSimilarities() throws Exception {
        Path keywordOnly = tmp.resolve("keyword-only");
        assertThat(run("index", "samples", "--out", keywordOnly.toString(), "--embedder", "none", "-q").code()).isZero();
        Run r = run("search", "--index", keywordOnly.toString(), "--json", "retry limit");
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode j = new ObjectMapper().readTree(r.out());
        assertThat(j.get("mode").asText()).isEqualTo("keyword");
        assertThat(j.get("best").get("similarity").isNull()).isTrue();
        assertThat(j.get("sources").get(0).get("similarity").isNull()).isTrue();
        assertThat(j.get("sources").get(0).get("bm25Rank").asInt()).isPositive();
    }

    @Test
    void check_freshIndex_exitsZero_staleIndex_exitsOne() throws Exception {
        assertThat(run("index", "samples", "--out", index.toString(), "--base-url", "https://docs.quayside.dev",
                "--embedder", "mock", "--check").code()).isZero();
        Path copy = tmp.resolve("docs");
        Files.createDirectories(copy);
        Files.writeString(copy.resolve("page.md"), "# Page\n\nSomething new.\n");
        Run stale = run("index", copy.toString(), "--out", index.toString(), "--embedder", "mock", "--check");
        assertThat(stale.code()).isEqualTo(1);
        assertThat(stale.out()).startsWith("stale:");
    }

    @Test
    void calibrate_printsBothSignalsAndASuggestion() throws Exception {
        Path good = Files.writeString(tmp.resolve("good.txt"), "createRelayHandler options\nretry limit default\n");
        Path bad = Files.writeString(tmp.resolve("bad.txt"), "weather in Mumbai\nsourdough bread\n");
        Run r = run("calibrate", "--index", index.toString(), "--match", good.toString(), "--no-match", bad.toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("similarity:", "keyword coverage:", "suggested: --set minSimilarity=");
    }

    @Test
    void calibrate_readsEvalQuestionFiles_answerableOnesShouldMatch() throws Exception {
        Path questions = Files.writeString(tmp.resolve("q.jsonl"), """
                {"id": "a", "question": "createRelayHandler options", "answerable": true, "expected_urls": ["https://docs.quayside.dev/x"]}
                {"id": "b", "question": "weather in Mumbai", "answerable": false}
                {"id": "c", "question": "sourdough bread", "answerable": false}
                """);
        Run r = run("calibrate", "--index", index.toString(), "--questions", questions.toString(), "--json");
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode j = new ObjectMapper().readTree(r.out());
        assertThat(j.get("match")).hasSize(1);
        assertThat(j.get("match").get(0).get("question").asText()).isEqualTo("createRelayHandler options");
        assertThat(j.get("noMatch")).hasSize(2);
    }

    @Test
    void calibrateLong_asksTheLongFormWhereThereIsOne() throws Exception {
        Path questions = Files.writeString(tmp.resolve("q-long.jsonl"), """
                {"id": "a", "question": "createRelayHandler options", "long_question": "createRelayHandler options. Which ones are there?", "answerable": true, "expected_urls": ["https://docs.quayside.dev/x"]}
                {"id": "b", "question": "weather in Mumbai", "answerable": false}
                """);
        Run r = run("calibrate", "--index", index.toString(), "--questions", questions.toString(), "--long", "--json");
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode j = new ObjectMapper().readTree(r.out());
        assertThat(j.get("match").get(0).get("question").asText()).isEqualTo("createRelayHandler options. Which ones are there?");
        assertThat(j.get("noMatch").get(0).get("question").asText()).isEqualTo("weather in Mumbai");
    }

    @Test
    void calibrate_withoutQuestionsOfBothKinds_isAClearError() throws Exception {
        Path questions = Files.writeString(tmp.resolve("only-junk.jsonl"),
                "{\"id\": \"b\", \"question\": \"weather in Mumbai\", \"answerable\": false}\n");
        Run r = run("calibrate", "--index", index.toString(), "--questions", questions.toString());
        assertThat(r.code()).isNotZero();
        assertThat(r.err()).contains("questions that should match").doesNotContain("Exception");
    }

    @Test
    void unknownFlag_isAUsageError_oneLineAndAHint() {
        Run r = run("search", "--index", index.toString(), "--nope", "q");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err().strip().split("\n")).hasSize(2);
        assertThat(r.err()).contains("Unknown option: '--nope'").contains("docask search --help");
    }

    @Test
    void missingIndex_isAClearFailure_withoutStackTrace() {
        Run r = run("search", "--index", tmp.resolve("none").toString(), "q");
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.err()).startsWith("docask: no docask index in").doesNotContain("\tat ");
    }

    @Test
    void hugeQuestion_isAClearFailure() {
        Run r = run("search", "--index", index.toString(), "x".repeat(1 << 20));
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.err()).contains("the limit is").doesNotContain("\tat ");
    }

    @Test
    void badFramework_namesTheAcceptedOnes() {
        Run r = run("index", "samples", "--out", tmp.resolve("x").toString(), "--framework", "jekyll", "--embedder", "none");
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.err()).contains("unknown framework 'jekyll'").contains("docusaurus");
    }

    @Test
    void badSetOption_namesTheOption() {
        Run r = run("search", "--index", index.toString(), "--set", "topK=many", "q");
        assertThat(r.err()).contains("topK must be a whole number, got 'many'");
    }
}
