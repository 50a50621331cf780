package dev.docask.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.docask.ingest.Chunk;
import dev.docask.testsupport.FakeModelServer;
import dev.docask.testsupport.ServerError;
import dev.docask.testsupport.StreamTokens;
import dev.docask.testsupport.TestIndexes;
import dev.docask.testsupport.Wire;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code docask ask} on a real index (mock embedder) and, for models, a real fake OpenAI server. */
class AskCommandTest {
    @TempDir
    static Path dir;
    static Path indexDir;

    static final List<Chunk> CHUNKS = List.of(
            TestIndexes.chunk("https://x.dev/guide/mocking#modules", "Mocking", "Mocking › Modules",
                    "Use vi.mock to replace a module with a mock. The call is hoisted to the top of the file."),
            TestIndexes.chunk("https://x.dev/guide/timers", "Timers", "",
                    "Call vi.useFakeTimers to control time in tests. Advance the clock with vi.advanceTimersByTime."));

    @BeforeAll
    static void buildIndex() {
        indexDir = dir.resolve("idx");
        TestIndexes.build(indexDir, "mock", CHUNKS).close();
    }

    private static CliRun run(Map<String, String> env, String... args) {
        AskCommand command = new AskCommand();
        command.env = env;
        return CliRun.command(command, Map.of(), args);
    }

    @Test
    void ask_onTopic_printsSourcesThenCitedExtractiveAnswer() {
        CliRun r = run(Map.of(), "--index", indexDir.toString(), "mock a module with vi.mock");

        assertThat(r.code()).isZero();
        assertThat(r.out()).startsWith("Sources:\n  [1] Mocking › Modules\n      https://x.dev/guide/mocking#modules");
        assertThat(r.out().indexOf("Quoted from")).isGreaterThan(r.out().indexOf("[1] Mocking"));
        assertThat(r.out()).contains("> Use vi.mock to replace a module with a mock. The call is hoisted to the top of the file. [1]");
    }

    @Test
    void ask_filterWithAKeyNoChunkHas_warnsOnStderr() {
        CliRun r = run(Map.of(), "--index", indexDir.toString(), "--filter", "version=3", "mock a module with vi.mock");

        assertThat(r.code()).isZero();
        assertThat(r.err()).contains("warning: filter version=3 matches no chunk: no chunk has the key 'version'; "
                + "this index's chunks have no metadata, only url and source (which match a prefix)");
    }

    @Test
    void ask_versionOfDocsTheIndexDoesNotHave_warnsOnStderr() {
        CliRun r = run(Map.of(), "--index", indexDir.toString(), "--version-of-docs", "v3", "mock a module with vi.mock");

        assertThat(r.code()).isZero();
        assertThat(r.out()).contains("> Use vi.mock to replace a module with a mock. The call is hoisted to the top of the file. [1]");
        assertThat(r.err()).contains("warning: docs version v3: the index has no versioned pages, so it changes nothing");
    }

    @Test
    void ask_offTopic_saysIDontKnowWithSiteName() {
        CliRun r = run(Map.of(), "--index", indexDir.toString(), "--site-name", "Vitest", "capital of France");

        assertThat(r.code()).isZero();
        assertThat(r.out().strip()).isEqualTo("I don't know. I couldn't find anything about that on Vitest.");
    }

    @Test
    void ask_json_printsOneObjectWithAnswerSourcesAndCitations() throws Exception {
        CliRun r = run(Map.of(), "--index", indexDir.toString(), "--json", "fake timers with vi.useFakeTimers");

        assertThat(r.code()).isZero();
        JsonNode o = new ObjectMapper().readTree(r.out());
        assertThat(o.get("refused").asBoolean()).isFalse();
        assertThat(o.get("answer").asText()).contains("vi.useFakeTimers");
        assertThat(o.get("sources").get(0).get("url").asText()).isEqualTo("https://x.dev/guide/timers");
        assertThat(o.get("citations").get(0).asInt()).isEqualTo(1);
        assertThat(o.get("cached").asBoolean()).isFalse();
        assertThat(o.get("mode").asText()).isEqualTo("hybrid");
        assertThat(o.get("timings").has("totalMillis")).isTrue();
    }

    @Test
    void ask_openAiModel_streamsAnswerAfterSources() {
        try (FakeModelServer server = FakeModelServer.start(Wire.OPENAI, new StreamTokens("Use ", "vi.mock [1]."))) {
            CliRun r = run(Map.of("OPENAI_BASE_URL", server.baseUrl()), "--index", indexDir.toString(),
                    "--model", "openai:fake", "mock a module with vi.mock");

            assertThat(r.code()).isZero();
            assertThat(r.out()).startsWith("Sources:").endsWith("Use vi.mock [1].\n");
            assertThat(server.requests()).isEqualTo(1);
        }
    }

    @Test
    void ask_answerCutAtTheModelsLimit_saysSo() {
        try (FakeModelServer server = FakeModelServer.start(Wire.OPENAI, new StreamTokens("Use ", "vi.mo").truncated())) {
            for (String stream : List.of("--no-stream", "--max-output-tokens=800")) {
                CliRun r = run(Map.of("OPENAI_BASE_URL", server.baseUrl()), "--index", indexDir.toString(),
                        "--model", "openai:fake", stream, "mock a module with vi.mock");
                assertThat(r.code()).as(r.err()).isZero();
                assertThat(r.out()).contains("Use vi.mo").contains("the model reached its output limit");
            }
        }
    }

    @Test
    void ask_answerThatCitesANumberNoSourceHas_saysWhichInPlainText() {
        try (FakeModelServer server = FakeModelServer.start(Wire.OPENAI, new StreamTokens("See [9] and ", "[1] and [0]."))) {
            CliRun r = run(Map.of("OPENAI_BASE_URL", server.baseUrl()), "--index", indexDir.toString(),
                    "--model", "openai:fake", "mock a module with vi.mock");
            assertThat(r.code()).as(r.err()).isZero();
            assertThat(r.out()).contains("See [9] and [1] and [0].").contains("(The answer cites [9], [0], which no source above has");
        }
    }

    @Test
    void ask_aModelBaseUrlThatIsNoUrl_isAUsageErrorNamingTheVariable_beforeAnyWork() {
        CliRun r = run(Map.of("OPENAI_BASE_URL", "not a url"), "--index", indexDir.toString(), "--model", "openai:fake",
                "mock a module with vi.mock");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).startsWith("docask ask: OPENAI_BASE_URL='not a url' is not a URL");
    }

    @Test
    void ask_modelFails_oneLineErrorExit1() {
        try (FakeModelServer server = FakeModelServer.start(Wire.OPENAI, new ServerError(500))) {
            CliRun r = run(Map.of("OPENAI_BASE_URL", server.baseUrl(), "OPENAI_API_KEY", "sk-secret-1"), "--index",
                    indexDir.toString(), "--model", "openai:fake", "--no-stream", "mock a module with vi.mock");

            assertThat(r.code()).isEqualTo(1);
            assertThat(r.err()).isEqualTo("docask ask: The language model failed with HTTP status 500. (model openai:fake)\n");
        }
    }

    @Test
    void ask_openAiWithoutKey_failsNamingTheVariable_notAUsageError() {
        CliRun r = run(Map.of(), "--index", indexDir.toString(), "--model", "openai:gpt-4o-mini", "anything");

        assertThat(r.code()).isEqualTo(1);
        assertThat(r.err()).contains("OPENAI_API_KEY").doesNotContain("Exception").doesNotContain("--help");
    }

    @Test
    void ask_unknownModel_isUsageErrorBeforeOpeningTheIndex() {
        CliRun r = run(Map.of(), "--index", dir.resolve("nope").toString(), "--model", "nosuch", "anything");

        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).startsWith("docask ask: unknown model 'nosuch'").contains("Try 'docask ask --help'");
    }

    @Test
    void ask_blankQuestion_isUsageError() {
        CliRun r = run(Map.of(), "--index", indexDir.toString(), "  ");

        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).startsWith("docask ask: the question is empty");
    }

    @Test
    void ask_noQuestion_isUsageError() {
        CliRun r = run(Map.of(), "--index", indexDir.toString());

        assertThat(r.code()).isEqualTo(2);
    }

    @Test
    void ask_missingIndex_oneLineErrorExit1() {
        CliRun r = run(Map.of(), "--index", dir.resolve("nope").toString(), "anything");

        assertThat(r.code()).isEqualTo(1);
        assertThat(r.err().lines()).hasSize(1);
    }
}
