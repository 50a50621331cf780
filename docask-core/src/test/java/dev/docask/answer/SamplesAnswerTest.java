package dev.docask.answer;

import dev.docask.testsupport.TestSites;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.docask.embed.Embedders;
import dev.docask.index.DocIndex;
import dev.docask.index.IndexBuilder;
import dev.docask.ingest.IngestOptions;
import dev.docask.ingest.SiteReader;
import dev.docask.retrieve.HybridRetriever;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/*
 * The extractive answer end to end on the sample docs in samples/ (ingest → index with the mock
 * embedder → retrieval → quoted answer), with questions from samples-questions.jsonl (test resources of docask-core).
 * Five answerable questions of different kinds (API options, a CLI flag, an error code, a header
 * name, an environment variable) must cite their page; three off-topic ones must be refused.
 * SamplesAnswerIT runs the same with the default local embedder (bge-small).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SamplesAnswerTest {

    DocIndex index;
    AskHandler handler;

    /** The embedder the sample index is built with. */
    String embedder() {
        return "mock";
    }

    @BeforeAll
    void build(@TempDir Path dir) {
        String spec = embedder();
        IndexBuilder.build(SiteReader.read(TestSites.samples(), IngestOptions.defaults("https://docs.quayside.dev")),
                Embedders.fromSpec(spec), IndexBuilder.Settings.defaults(spec).withSiteName("Quayside"), dir, n -> { });
        index = DocIndex.open(dir);
        handler = AskHandler.builder().retriever(HybridRetriever.create(index, Embedders.fromSpec(spec))).build();
    }

    @AfterAll
    void close() {
        handler.close();
        index.close();
    }

    private static JsonNode question(String id) {
        try {
            ObjectMapper json = new ObjectMapper();
            for (String line : TestSites.samplesQuestions()) {
                JsonNode q = json.readTree(line);
                if (q.get("id").asText().equals(id)) {
                    return q;
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        throw new IllegalArgumentException("no question " + id + " in samples-questions.jsonl");
    }

    @ParameterizedTest
    @ValueSource(strings = {"s01", "s02", "s05", "s06", "s11"})
    void ask_sampleQuestion_extractiveAnswerCitesExpectedPage(String id) {
        JsonNode q = question(id);
        List<String> expected = new ArrayList<>();
        q.get("expected_urls").forEach(u -> expected.add(u.asText()));

        Answer a = handler.ask(q.get("question").asText());

        assertThat(a.refused()).isFalse();
        assertThat(a.model()).isEqualTo("extractive");
        assertThat(a.text()).startsWith("Quoted from the Quayside docs");
        assertThat(a.invalidCitations()).isEmpty();
        assertThat(a.citedSources()).extracting(s -> s.url().replaceFirst("#.*", "")).containsAnyElementsOf(expected);
    }

    @ParameterizedTest
    @ValueSource(strings = {"s13", "s15", "s17"})
    void ask_offTopicQuestion_refusedWithoutSources(String id) {
        Answer a = handler.ask(question(id).get("question").asText());

        assertThat(a.refused()).isTrue();
        assertThat(a.sources()).isEmpty();
        assertThat(a.text()).isEqualTo("I don't know. I couldn't find anything about that on Quayside.");
    }
}
