package dev.docask.cli;

import dev.docask.testsupport.TestSites;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static dev.docask.cli.CliRun.run;
import static dev.docask.cli.CliRun.runWith;
import static org.assertj.core.api.Assertions.assertThat;

/** index, inspect, search and calibrate through the real command line, on the sample docs (mock embedder). */
class IndexSearchCommandsTest {
    @TempDir
    static Path tmp;
    static Path index;



    @BeforeAll
    static void buildIndex() {
        index = tmp.resolve("idx");
        CliRun r = run("index", TestSites.samples().toString(), "--out", index.toString(), "--base-url", "https://docs.quayside.dev",
                "--embedder", "mock", "-q");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).startsWith("Indexed 16 pages: ").contains("0 problems");
    }

    @Test
    void inspectJson_reportsPagesChunksCopiesEmbedderProblemsAndTheVersionThatWroteIt() throws Exception {
        CliRun r = run("inspect", "--index", index.toString(), "--json");
        JsonNode j = new ObjectMapper().readTree(r.out());
        assertThat(j.get("pages").asInt()).isEqualTo(16);
        assertThat(j.get("chunks").asInt()).isPositive();
        assertThat(j.get("copies").asInt()).isZero();
        assertThat(j.get("embedder").asText()).isEqualTo("mock");
        assertThat(j.get("dimensions").asInt()).isEqualTo(256);
        assertThat(j.get("problems").isArray()).isTrue();
        assertThat(j.get("bm25").fieldNames()).toIterable().as("always k1 then b").containsExactly("k1", "b");
        assertThat(j.get("builtBy").asText()).isEqualTo(dev.docask.index.internal.DocaskVersion.build());
        assertThat(run("inspect", "--index", index.toString()).out()).contains(" by docask " + dev.docask.index.internal.DocaskVersion.build());
    }

    @Test
    void inspectChunks_printsOneJsonLinePerChunk() throws Exception {
        CliRun r = run("inspect", "--index", index.toString(), "--chunks");
        String[] lines = r.out().strip().split("\n");
        JsonNode first = new ObjectMapper().readTree(lines[0]);
        assertThat(first.fieldNames()).toIterable().containsExactly("url", "source", "title", "heading", "chars", "copyOf", "metadata");
        assertThat(first.get("url").asText()).startsWith("https://docs.quayside.dev/");
    }

    @Test
    void inspectChunks_showEachChunksMetadata_andTheSummaryNamesTheKeys() throws Exception {
        CliRun r = run("inspect", "--index", index.toString(), "--chunks");
        ObjectMapper json = new ObjectMapper();
        JsonNode api = null;
        for (String line : r.out().strip().split("\n")) {
            JsonNode chunk = json.readTree(line);
            if (chunk.get("source").asText().startsWith("api/")) {
                api = chunk;
            }
        }
        assertThat(api).isNotNull();
        assertThat(api.get("metadata").get("docType").asText()).isEqualTo("api");
        assertThat(run("inspect", "--index", index.toString()).out()).contains("metadata keys docType (4 values), tags (2 values)");
        assertThat(json.readTree(run("inspect", "--index", index.toString(), "--json").out()).get("metadataKeys").get("docType").asInt())
                .isEqualTo(4);
    }

    @Test
    void search_filterWithAKeyOrValueNoChunkHas_warnsWithTheKnownOnes_exitZero() {
        CliRun key = run("search", "--index", index.toString(), "--filter", "foo=bar", "retry limit");
        assertThat(key.code()).isZero();
        assertThat(key.out()).startsWith("No relevant information found.");
        assertThat(key.err()).contains("warning: filter foo=bar matches no chunk: no chunk has the key 'foo'; "
                + "keys are docType, tags, and url and source (which match a prefix)");
        CliRun value = run("search", "--index", index.toString(), "--filter", "docType=gide", "retry limit");
        assertThat(value.err()).contains("warning: filter docType=gide matches no chunk: "
                + "docType is one of api, getting-started, guides, reference");
        CliRun fine = run("search", "--index", index.toString(), "--filter", "docType=guides", "retry limit");
        assertThat(fine.err()).doesNotContain("warning");
        assertThat(fine.out()).contains("[guides/retries.md]");
    }

    @Test
    void index_siteNameFromTheSitesConfig_andSiteNameFlagWins() throws Exception {
        Path site = Files.createDirectories(tmp.resolve("mk"));
        Files.writeString(site.resolve("mkdocs.yml"), "site_name: Relay Handbook\nuse_directory_urls: false\n");
        Files.createDirectories(site.resolve("docs"));
        Files.writeString(site.resolve("docs/setup.md"), "# Setup\n\nInstall the relay with the package manager of your system.\n");
        CliRun fromConfig = run("index", site.toString(), "--out", tmp.resolve("mk-idx").toString(), "--base-url", "https://relay.example",
                "--embedder", "none", "-q");
        CliRun flagged = run("index", site.toString(), "--out", tmp.resolve("mk-idx2").toString(), "--base-url", "https://relay.example",
                "--embedder", "none", "--site-name", "Mine", "-q");
        assertThat(fromConfig.code()).as(fromConfig.err()).isZero();
        assertThat(flagged.code()).as(flagged.err()).isZero();
        ObjectMapper json = new ObjectMapper();
        assertThat(json.readTree(run("inspect", "--index", tmp.resolve("mk-idx").toString(), "--json").out()).get("siteName").asText())
                .isEqualTo("Relay Handbook");
        assertThat(json.readTree(run("inspect", "--index", tmp.resolve("mk-idx2").toString(), "--json").out()).get("siteName").asText())
                .isEqualTo("Mine");
        assertThat(run("search", "--index", tmp.resolve("mk-idx").toString(), "install relay").out())
                .contains("https://relay.example/setup.html");
    }

    @Test
    void index_folderWithNoPages_saysWhatDocaskReads() throws Exception {
        Path notes = Files.createDirectories(tmp.resolve("notes"));
        Files.writeString(notes.resolve("readme.txt"), "plain text");
        CliRun r = run("index", notes.toString(), "--out", tmp.resolve("notes-idx").toString(), "--embedder", "none");
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.err()).contains("no pages found in " + notes).contains(".md, .mdx");
    }

    @Test
    void search_printsRankedSourcesWithScores() {
        CliRun r = run("search", "--index", index.toString(), "createRelayHandler options");
        assertThat(r.code()).isZero();
        assertThat(r.out()).containsPattern("#1  score=\\d\\.\\d{4}  \\[api/create-relay-handler\\.md\\]  createRelayHandler");
    }

    @Test
    void search_aSourceThatCarriesOtherSectionsOfItsPage_namesEachWithItsUrl_andQuotesOnlyItsOwnSection() {
        CliRun r = run("search", "--index", index.toString(), "retry limit");
        String[] lines = r.out().split("\n");
        int first = java.util.Arrays.asList(lines).indexOf(java.util.Arrays.stream(lines).filter(l -> l.startsWith("#1 ")).findFirst().orElseThrow());
        assertThat(lines[first]).contains("Retries and backoff › Limiting attempts");
        assertThat(lines[first + 1]).startsWith("    Use `--retry-limit`").doesNotContain("dead-letter");
        assertThat(lines[first + 2]).isEqualTo("    https://docs.quayside.dev/guides/retries#limiting-attempts");
        assertThat(lines[first + 3]).startsWith("    + Retries and backoff").contains("  https://docs.quayside.dev/guides/retries");
    }

    @Test
    void search_offTopic_saysNoRelevantInformation_exitZero() {
        CliRun r = run("search", "--index", index.toString(), "What's the weather in Mumbai today?");
        assertThat(r.code()).isZero();
        assertThat(r.out()).startsWith("No relevant information found.");
    }

    @Test
    void search_aMessageThatAsksNothing_saysWhyItWasNotSearched() throws Exception {
        CliRun text = run("search", "--index", index.toString(), "--explain", "thanks!");
        assertThat(text.code()).isZero();
        assertThat(text.out()).startsWith("No relevant information found.")
                .contains("not searched: the question asks nothing a page can answer: it only greets, thanks or says goodbye");
        JsonNode j = new ObjectMapper().readTree(run("search", "--index", index.toString(), "--json", "🙂🙂").out());
        assertThat(j.get("answerable").asBoolean()).isFalse();
        assertThat(j.get("notSearched").asText()).endsWith("it has no letter or digit");
        assertThat(new ObjectMapper().readTree(run("search", "--index", index.toString(), "--json", "retry limit").out())
                .has("notSearched")).isFalse();
    }

    @Test
    void searchJson_hasTheContractFields() throws Exception {
        CliRun r = run("search", "--index", index.toString(), "--json", "--explain", "retry limit");
        JsonNode j = new ObjectMapper().readTree(r.out());
        assertThat(j.fieldNames()).toIterable().contains("answerable", "mode", "best", "sources", "gatedOut");
        assertThat(j.get("sources").get(0).fieldNames()).toIterable()
                .contains("n", "url", "title", "heading", "source", "bm25Rank", "similarity", "keywordCoverage", "score");
    }

    @Test
    void search_questionOfSeveralSentences_saysWhichOpeningItAlsoSearched() throws Exception {
        String question = "Retry limit. Our nightly job keeps failing since the move.";
        CliRun text = run("search", "--index", index.toString(), "--explain", question);
        assertThat(text.out()).contains("also searched by its opening sentence: \"Retry limit.\"");
        JsonNode j = new ObjectMapper().readTree(run("search", "--index", index.toString(), "--json", question).out());
        assertThat(j.get("opening").asText()).isEqualTo("Retry limit.");
        JsonNode one = new ObjectMapper().readTree(run("search", "--index", index.toString(), "--json", "retry limit").out());
        assertThat(one.has("opening")).isFalse();
    }

    @Test
    void search_misspeltWords_saysWhichSiteWordsWereSearchedInTheirPlace() throws Exception {
        String question = "How do I chnage the retyr limit?";
        CliRun text = run("search", "--index", index.toString(), "--explain", question);
        assertThat(text.out()).contains("searched with the site's words for words no page has: chnage -> change, retyr -> retry");
        JsonNode j = new ObjectMapper().readTree(run("search", "--index", index.toString(), "--json", question).out());
        assertThat(j.get("respelt").get("retyr").asText()).isEqualTo("retry");
        assertThat(new ObjectMapper().readTree(run("search", "--index", index.toString(), "--json", "retry limit").out())
                .has("respelt")).as("absent when nothing was respelt").isFalse();
    }

    @Test
    void searchJson_onAKeywordOnlyIndex_writesNullSimilarities() throws Exception {
        Path keywordOnly = tmp.resolve("keyword-only");
        assertThat(run("index", TestSites.samples().toString(), "--out", keywordOnly.toString(), "--embedder", "none", "-q").code()).isZero();
        CliRun r = run("search", "--index", keywordOnly.toString(), "--json", "retry limit");
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode j = new ObjectMapper().readTree(r.out());
        assertThat(j.get("mode").asText()).isEqualTo("keyword");
        assertThat(j.get("best").get("similarity").isNull()).isTrue();
        assertThat(j.get("sources").get(0).get("similarity").isNull()).isTrue();
        assertThat(j.get("sources").get(0).get("bm25Rank").asInt()).isPositive();
        assertThat(run("search", "--index", keywordOnly.toString(), "--set", "retrievers=vector", "retry limit").err())
                .contains("warning: retrievers=vector: the index has no vectors");
        assertThat(run("search", "--index", keywordOnly.toString(), "--explain", "retry limit").out())
                .as("no cosine is measured, so no cosine floor is shown as if it applied")
                .contains("mode keyword, gate minSimilarity=n/a minKeywordCoverage=0.400, best similarity n/a");
    }

    @Test
    void check_freshIndex_exitsZero_staleIndex_exitsOne() throws Exception {
        assertThat(run("index", TestSites.samples().toString(), "--out", index.toString(), "--base-url", "https://docs.quayside.dev",
                "--embedder", "mock", "--check").code()).isZero();
        Path copy = tmp.resolve("docs");
        Files.createDirectories(copy);
        Files.writeString(copy.resolve("page.md"), "# Page\n\nSomething new.\n");
        CliRun stale = run("index", copy.toString(), "--out", index.toString(), "--embedder", "mock", "--check");
        assertThat(stale.code()).isEqualTo(1);
        assertThat(stale.out()).startsWith("stale:");
    }

    @Test
    void calibrate_printsBothSignalsAndASuggestion() throws Exception {
        Path good = Files.writeString(tmp.resolve("good.txt"), "createRelayHandler options\nretry limit default\n");
        Path bad = Files.writeString(tmp.resolve("bad.txt"), "weather in Mumbai\nsourdough bread\n");
        CliRun r = run("calibrate", "--index", index.toString(), "--match", good.toString(), "--no-match", bad.toString());
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
        CliRun r = run("calibrate", "--index", index.toString(), "--questions", questions.toString(), "--json");
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
        CliRun r = run("calibrate", "--index", index.toString(), "--questions", questions.toString(), "--long", "--json");
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode j = new ObjectMapper().readTree(r.out());
        assertThat(j.get("match").get(0).get("question").asText()).isEqualTo("createRelayHandler options. Which ones are there?");
        assertThat(j.get("noMatch").get(0).get("question").asText()).isEqualTo("weather in Mumbai");
    }

    @Test
    void calibrate_withoutQuestionsOfBothKinds_isAClearError() throws Exception {
        Path questions = Files.writeString(tmp.resolve("only-junk.jsonl"),
                "{\"id\": \"b\", \"question\": \"weather in Mumbai\", \"answerable\": false}\n");
        CliRun r = run("calibrate", "--index", index.toString(), "--questions", questions.toString());
        assertThat(r.code()).isEqualTo(1); // the file lacks a kind: its content, not the command line
        assertThat(r.err()).contains("questions that should match").doesNotContain("Exception");
    }

    @Test
    void embedderHelp_ofIndexAndDemo_namesEverySpecTheCommandsAccept() {
        // the same list an unknown --embedder is told (Embedders.SPECS); e5-small and bge-small:plain were missing
        for (String spec : dev.docask.embed.Embedders.SPECS.split(", | or ")) {
            for (String command : new String[] {"index", "demo"}) {
                // without whitespace: the help wraps inside a spec ("mock[:" / "dims]")
                assertThat(run(command, "--help").out().replaceAll("\\s+", "")).as(command).contains(spec);
            }
        }
    }

    @Test
    void indexHelp_namesTheContactTheUserAgentCarriesByDefault() {
        // without whitespace: the help wraps inside the URL ("https:" / "//github.com")
        assertThat(run("index", "--help").out().replaceAll("\\s+", ""))
                .contains("User-Agent(default:docask'sownpage," + dev.docask.crawl.SiteCrawler.DEFAULT_CONTACT + ")");
        assertThat(dev.docask.crawl.SiteCrawler.builder("https://docs.example.com/").build().userAgent())
                .endsWith("(+" + dev.docask.crawl.SiteCrawler.DEFAULT_CONTACT + ")");
    }

    @Test
    void setHelpAndUnknownSetError_listTheSameNames_thoseRetrievalOptionsAccepts() {
        String known = String.join(", ", dev.docask.retrieve.RetrievalOptions.SETTING_HELP);
        for (String command : new String[] {"search", "ask"}) {
            CliRun help = run(command, "--help");
            assertThat(help.out().replaceAll("\\s+", " ")).as(command).contains("option (repeatable): " + known + ".");
        }
        CliRun bad = run("search", "--index", index.toString(), "--set", "nope=1", "q");
        assertThat(bad.code()).isEqualTo(2);
        assertThat(bad.err().replaceAll("\\s+", " ")).contains("unknown option 'nope'; known: " + known);
        assertThat(known).contains("topK", "similarityNeedsKeyword", "retrievers (both|bm25|vector)");
    }

    @Test
    void search_questionThatLooksLikeAnOption_usageErrorSaysToPutDashDashBeforeIt() {
        CliRun r = run("search", "--index", index.toString(), "--retry-limit");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("Missing required parameter: 'QUESTION'")
                .contains("'--retry-limit' was read as an option, not as the question. To search for text starting with '-', "
                        + "put -- before it: docask search --index DIR -- --retry-limit");
        CliRun asked = run("ask", "--index", index.toString(), "--retry-limit backoff");
        assertThat(asked.code()).isEqualTo(2);
        assertThat(asked.err()).contains("To ask about text starting with '-', put -- before it: "
                + "docask ask --index DIR -- \"--retry-limit backoff\"");
        CliRun fixed = run("search", "--index", index.toString(), "--", "--retry-limit");
        assertThat(fixed.code()).isZero();
        assertThat(fixed.out()).contains("[guides/retries.md]");
    }

    @Test
    void unknownFlag_isAUsageError_oneLineAndAHint() {
        CliRun r = run("search", "--index", index.toString(), "--nope", "q");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err().strip().split("\n")).hasSize(2);
        assertThat(r.err()).contains("Unknown option: '--nope'").contains("docask search --help");
    }

    @Test
    void missingIndex_isAClearFailure_withoutStackTrace() {
        CliRun r = run("search", "--index", tmp.resolve("none").toString(), "q");
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.err()).startsWith("docask search: no docask index in").doesNotContain("\tat ");
    }

    @Test
    void hugeQuestion_isAUsageError() {
        CliRun r = run("search", "--index", index.toString(), "x".repeat(1 << 20));
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("the limit is").doesNotContain("\tat ");
    }

    @Test
    void badFramework_isAUsageError_namingTheAcceptedOnes() {
        CliRun r = run("index", TestSites.samples().toString(), "--out", tmp.resolve("x").toString(), "--framework", "jekyll", "--embedder", "none");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("unknown framework 'jekyll'").contains("docusaurus");
    }

    @Test
    void setOptionTwice_isAUsageErrorNotALastOneWins() {
        CliRun r = run("search", "--index", index.toString(), "--set", "minSimilarity=0.7", "--set", "minSimilarity=0.8", "q");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("--set gives minSimilarity twice ('0.7' and '0.8')");
    }

    @Test
    void topKGivenTwoWays_isAUsageError() {
        CliRun r = run("search", "--index", index.toString(), "--top-k", "4", "--set", "topK=3", "q");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("--top-k and --set topK both give topK");
    }

    @Test
    void search_versionOfDocsAndSetDocsVersion_isAUsageError() {
        CliRun r = run("search", "--index", index.toString(), "--version-of-docs", "1", "--set", "docsVersion=2", "q");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("--version-of-docs and --set docsVersion both give docsVersion");
    }

    @Test
    void search_versionOfDocsTheIndexDoesNotHave_warnsThatItChangesNothing_exitZero() {
        CliRun r = run("search", "--index", index.toString(), "--version-of-docs", "next", "retry limit");
        assertThat(r.code()).isZero();
        assertThat(r.out()).startsWith("#1 ");
        assertThat(r.err()).contains("warning: docs version next: the index has no versioned pages, so it changes nothing");
        assertThat(run("search", "--index", index.toString(), "retry limit").err()).doesNotContain("docs version");
    }

    @Test
    void search_versionOfDocsBlank_isAUsageError() {
        CliRun r = run("search", "--index", index.toString(), "--version-of-docs", " ", "retry limit");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).startsWith("docask search: --version-of-docs '': expected a version name");
    }

    @Test
    void search_versionOfDocsTooLong_namesTheLimitWithoutEchoingItAll() {
        CliRun r = run("search", "--index", index.toString(), "--version-of-docs", "v".repeat(1000), "q");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("at most 100 characters").doesNotContain("v".repeat(41)).hasSizeLessThan(400);
    }

    @Test
    void badSetOption_isAUsageError_namingTheOption() {
        CliRun r = run("search", "--index", index.toString(), "--set", "topK=many", "q");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).startsWith("docask search: topK must be a whole number, got 'many'")
                .contains("Try 'docask search --help'");
    }

    @Test
    void topKBelowOne_isAUsageError() {
        CliRun r = run("search", "--index", index.toString(), "--top-k", "0", "q");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).startsWith("docask search: --top-k must be at least 1, got 0");
    }

    @Test
    void setWithoutNameOrEquals_isAUsageError_sayingWhatIsExpected() {
        for (String bad : new String[] {"=1", "abc"}) {
            CliRun r = run("search", "--index", index.toString(), "--set", bad, "q");
            assertThat(r.code()).isEqualTo(2);
            assertThat(r.err()).startsWith("docask search: --set '" + bad + "': expected NAME=VALUE")
                    .doesNotContain("option option");
        }
    }

    @Test
    void badIgnoreGlob_isAUsageError_namingTheOption() {
        CliRun r = run("index", TestSites.samples().toString(), "--out", tmp.resolve("x").toString(), "--ignore", "[", "--embedder", "none");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).startsWith("docask index: --ignore '[': not a valid glob: ").hasLineCount(2);
    }

    @Test
    void badChunkSizeAndEmbedder_areUsageErrors() {
        assertThat(run("index", TestSites.samples().toString(), "--out", tmp.resolve("x").toString(), "--chunk-size", "5").code()).isEqualTo(2);
        assertThat(run("index", TestSites.samples().toString(), "--out", tmp.resolve("x").toString(), "--embedder", "nosuch").code()).isEqualTo(2);
    }

    @Test
    void check_whereThereIsNoIndex_saysSo_exitsOne() {
        CliRun r = run("index", TestSites.samples().toString(), "--out", tmp.resolve("nothing-here").toString(), "--embedder", "mock", "--check");
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.out()).startsWith("no index in ").doesNotContain("stale");
    }

    @Test
    void calibrate_matchWithoutNoMatch_isAUsageError() throws Exception {
        Path good = Files.writeString(tmp.resolve("good-only.txt"), "retry limit\n");
        CliRun r = run("calibrate", "--index", index.toString(), "--match", good.toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).startsWith("docask calibrate: calibrate needs questions that should match");
    }

    @Test
    void demo_emptyQuestion_isRefusedBeforeIndexing() {
        CliRun r = run("demo", "--docs", tmp.resolve("no-such-docs").toString(), "--question", " ");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).startsWith("docask demo: the question is empty");
    }

    @Test
    void debugStackTraces_onlyForANonEmptyValueOtherThanZeroOrFalse() {
        assertThat(Main.debug(null)).isFalse();
        assertThat(Main.debug("")).isFalse();
        assertThat(Main.debug(" ")).isFalse();
        assertThat(Main.debug("0")).isFalse();
        assertThat(Main.debug("false")).isFalse();
        assertThat(Main.debug("FALSE")).isFalse();
        assertThat(Main.debug("1")).isTrue();
        assertThat(Main.debug("yes")).isTrue();
    }

    @Test
    void debugStackTraces_printedOnlyWhenAskedFor() {
        String[] args = {"search", "--index", tmp.resolve("none").toString(), "q"};
        assertThat(runWith(Map.of("DOCASK_DEBUG", "0"), args).err()).doesNotContain("\tat ");
        assertThat(runWith(Map.of("DOCASK_DEBUG", ""), args).err()).doesNotContain("\tat ");
        CliRun debug = runWith(Map.of("DOCASK_DEBUG", "1"), args);
        assertThat(debug.code()).isEqualTo(1);
        assertThat(debug.err()).startsWith("docask search: no docask index in").contains("\tat ");
    }
}
