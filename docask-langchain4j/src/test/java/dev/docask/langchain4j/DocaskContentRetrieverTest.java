package dev.docask.langchain4j;

import dev.docask.testsupport.Completion;
import dev.docask.testsupport.FakeModelServer;
import dev.docask.testsupport.TestIndexes;
import dev.docask.testsupport.TestSites;
import dev.docask.testsupport.Wire;
import dev.langchain4j.model.openai.OpenAiChatModel;
import dev.langchain4j.rag.DefaultRetrievalAugmentor;
import dev.langchain4j.rag.content.Content;
import dev.langchain4j.rag.content.ContentMetadata;
import dev.langchain4j.rag.content.injector.DefaultContentInjector;
import dev.langchain4j.rag.query.Query;
import dev.langchain4j.service.AiServices;
import dev.langchain4j.service.SystemMessage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class DocaskContentRetrieverTest {
    @RegisterExtension
    static final TestIndexes.Shared INDEX = TestIndexes.shared("mock", TestSites.VITEST);

    static final String OFF_TOPIC = "What is the capital of France?";

    interface Assistant {
        @SystemMessage("Answer only from the information given, citing each claim as [n]. "
                + "When no information is given, say \"I don't know.\"")
        String answer(String question);
    }

    private static Assistant assistant(FakeModelServer fake) {
        OpenAiChatModel model = OpenAiChatModel.builder().baseUrl(fake.baseUrl()).apiKey("sk-test").modelName("fake")
                .timeout(Duration.ofSeconds(30)).build();
        return AiServices.builder(Assistant.class).chatModel(model)
                .retrievalAugmentor(DefaultRetrievalAugmentor.builder()
                        .contentRetriever(DocaskContentRetriever.of(INDEX.retriever()))
                        .contentInjector(DefaultContentInjector.builder().metadataKeysToInclude(
                                List.of(DocaskContentRetriever.NUMBER, DocaskContentRetriever.URL)).build())
                        .build())
                .build();
    }

    @Test
    void retrieve_offTopicQuestion_returnsNoContent() {
        assertThat(DocaskContentRetriever.of(INDEX.retriever()).retrieve(Query.from(OFF_TOPIC))).isEmpty();
    }

    @Test
    void retrieve_answerableQuestion_contentCarriesUrlTitleHeadingAndScores() {
        List<Content> contents = DocaskContentRetriever.of(INDEX.retriever()).retrieve(Query.from("how do I mock a module with vi.mock?"));
        assertThat(contents).isNotEmpty();
        Content first = contents.get(0);
        assertThat(first.textSegment().text()).contains("vi.mock");
        assertThat(first.textSegment().metadata().getString(DocaskContentRetriever.URL)).isEqualTo(TestSites.MOCKING.url());
        assertThat(first.textSegment().metadata().getString(DocaskContentRetriever.TITLE)).isEqualTo("Mocking");
        assertThat(first.textSegment().metadata().getString(DocaskContentRetriever.HEADING)).isEqualTo("Mocking › Modules");
        assertThat(first.textSegment().metadata().getInteger(DocaskContentRetriever.NUMBER)).isEqualTo(1);
        assertThat(first.textSegment().metadata().getFloat(DocaskContentRetriever.KEYWORD_COVERAGE)).isPositive();
        assertThat((Double) first.metadata().get(ContentMetadata.SCORE)).isPositive();
    }

    @Test
    void retrieve_aMessageOverTheLimit_isSearchedByItsEnds_notFailed() {
        // 13,000 characters: over the retriever's 8,000, as a chat message that goes on about what was tried
        String message = "How do I mock a module with vi.mock? "
                + "I tried vi.mock with a factory and the module is still imported. ".repeat(200);
        List<Content> found = DocaskContentRetriever.of(INDEX.retriever()).retrieve(Query.from(message));
        assertThat(found).isNotEmpty();
        assertThat(found.get(0).textSegment().metadata().getString(DocaskContentRetriever.URL)).isEqualTo(TestSites.MOCKING.url());
    }

    @Test
    void assistant_offTopicQuestion_modelIsGivenNoChunkOfTheSite() {
        try (FakeModelServer fake = FakeModelServer.start(Wire.OPENAI, new Completion("I don't know."))) {
            assertThat(assistant(fake).answer(OFF_TOPIC)).isEqualTo("I don't know.");
            String prompt = fake.lastRequest().body();
            assertThat(prompt).contains("capital of France");
            for (var chunk : TestSites.VITEST) {
                assertThat(prompt).doesNotContain(chunk.url()).doesNotContain(chunk.text().substring(0, 30));
            }
        }
    }

    @Test
    void assistant_answerableQuestion_modelIsGivenTheSourcesWithTheirUrls() {
        try (FakeModelServer fake = FakeModelServer.start(Wire.OPENAI, new Completion("Use vi.mock [1]."))) {
            assertThat(assistant(fake).answer("how do I mock a module with vi.mock?")).isEqualTo("Use vi.mock [1].");
            String prompt = fake.lastRequest().body();
            assertThat(prompt).contains(TestSites.MOCKING.url()).contains("Use vi.mock to replace a module");
        }
    }
}
