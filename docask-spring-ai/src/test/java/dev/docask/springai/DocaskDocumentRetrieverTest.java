package dev.docask.springai;

import dev.docask.ingest.Chunk;
import dev.docask.retrieve.HybridRetriever;
import dev.docask.retrieve.RetrievalOptions;
import dev.docask.testsupport.Completion;
import dev.docask.testsupport.FakeModelServer;
import dev.docask.testsupport.TestIndexes;
import dev.docask.testsupport.TestSites;
import dev.docask.testsupport.Wire;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.document.Document;
import org.springframework.ai.openai.OpenAiChatModel;
import org.springframework.ai.openai.OpenAiChatOptions;
import org.springframework.ai.rag.Query;
import org.springframework.ai.rag.advisor.RetrievalAugmentationAdvisor;
import org.springframework.ai.rag.retrieval.join.ConcatenationDocumentJoiner;

import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class DocaskDocumentRetrieverTest {
    @RegisterExtension
    static final TestIndexes.Shared INDEX = TestIndexes.shared("mock", TestSites.VITEST);

    static final String OFF_TOPIC = "What is the capital of France?";

    private static ChatClient chat(FakeModelServer fake) {
        OpenAiChatModel model = OpenAiChatModel.builder().options(OpenAiChatOptions.builder()
                .baseUrl(fake.baseUrl()).apiKey("sk-test").model("fake").build()).build();
        return ChatClient.builder(model).defaultAdvisors(RetrievalAugmentationAdvisor.builder()
                .documentRetriever(DocaskDocumentRetriever.of(INDEX.retriever())).build()).build();
    }

    @Test
    void retrieve_offTopicQuestion_returnsNoDocuments() {
        assertThat(DocaskDocumentRetriever.of(INDEX.retriever()).retrieve(new Query(OFF_TOPIC))).isEmpty();
    }

    @Test
    void retrieve_answerableQuestion_documentsCarryUrlTitleHeadingAndScores() {
        List<Document> docs = DocaskDocumentRetriever.of(INDEX.retriever()).retrieve(new Query("how do I mock a module with vi.mock?"));
        assertThat(docs).isNotEmpty();
        Document first = docs.get(0);
        assertThat(first.getText()).contains("vi.mock");
        assertThat(first.getMetadata()).containsEntry(DocaskDocumentRetriever.URL, TestSites.MOCKING.url())
                .containsEntry(DocaskDocumentRetriever.TITLE, "Mocking")
                .containsEntry(DocaskDocumentRetriever.HEADING, "Mocking › Modules")
                .containsEntry(DocaskDocumentRetriever.NUMBER, 1)
                .containsKey(DocaskDocumentRetriever.KEYWORD_COVERAGE);
        assertThat(first.getScore()).isPositive();
    }

    @Test
    void retrieve_rerankedSources_keepDocasksOrderThroughTheAdvisorsDocumentJoiner() {
        HybridRetriever reranked = INDEX.retriever().toBuilder().rerankHook((q, hits) -> hits.reversed()).build();
        Query query = new Query("vi.mock vi.useFakeTimers mocking");
        List<Document> docs = DocaskDocumentRetriever.of(reranked, RetrievalOptions.parse("maxPerSource=0")).retrieve(query);
        assertThat(docs).hasSizeGreaterThan(1);

        // RetrievalAugmentationAdvisor's default joiner keeps one document per id and sorts them by score
        List<Document> joined = new ConcatenationDocumentJoiner().join(Map.of(query, List.of(docs)));

        assertThat(joined).extracting(d -> d.getMetadata().get(DocaskDocumentRetriever.NUMBER))
                .containsExactlyElementsOf(IntStream.rangeClosed(1, docs.size()).boxed().toList());
    }

    @Test
    void retrieve_aMessageOverTheLimit_isSearchedByItsEnds_notFailed() {
        // 13,000 characters: over the retriever's 8,000, as a chat message that goes on about what was tried
        String message = "How do I mock a module with vi.mock? "
                + "I tried vi.mock with a factory and the module is still imported. ".repeat(200);
        List<Document> found = DocaskDocumentRetriever.of(INDEX.retriever()).retrieve(new Query(message));
        assertThat(found).isNotEmpty();
        assertThat(found.get(0).getMetadata().get("url")).isEqualTo(TestSites.MOCKING.url());
    }

    @Test
    void chatClient_offTopicQuestion_modelIsGivenNoChunkOfTheSite() {
        try (FakeModelServer fake = FakeModelServer.start(Wire.OPENAI, new Completion("I don't know."))) {
            assertThat(chat(fake).prompt().user(OFF_TOPIC).call().content()).isEqualTo("I don't know.");
            String prompt = fake.lastRequest().body();
            // with no documents, the advisor's default augmenter asks the model to decline
            assertThat(prompt).contains("outside your knowledge base");
            for (Chunk chunk : TestSites.VITEST) {
                assertThat(prompt).doesNotContain(chunk.text().substring(0, 30));
            }
        }
    }

    @Test
    void chatClient_answerableQuestion_modelIsGivenTheMatchingSource() {
        try (FakeModelServer fake = FakeModelServer.start(Wire.OPENAI, new Completion("Use vi.mock [1]."))) {
            assertThat(chat(fake).prompt().user("how do I mock a module with vi.mock?").call().content())
                    .isEqualTo("Use vi.mock [1].");
            String prompt = fake.lastRequest().body();
            assertThat(prompt).contains("Use vi.mock to replace a module");
        }
    }
}
