package dev.docask.example;

import dev.docask.index.DocIndex;
import dev.docask.index.IndexBuilder;
import dev.docask.ingest.IngestOptions;
import dev.docask.ingest.SiteReader;
import dev.docask.retrieve.HybridRetriever;
import dev.docask.springai.DocaskDocumentRetriever;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.document.Document;
import org.springframework.ai.openai.OpenAiChatModel;
import org.springframework.ai.openai.OpenAiChatOptions;
import org.springframework.ai.rag.Query;
import org.springframework.ai.rag.advisor.RetrievalAugmentationAdvisor;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A Spring AI ChatClient whose retrieval is docask's: index samples/ with bge-small, give
 * RetrievalAugmentationAdvisor a {@link DocaskDocumentRetriever}, ask one question about the docs and
 * one off-topic question. The off-topic one gets no documents, so the advisor tells the model to
 * decline. With no OPENAI_API_KEY the model is {@link LoopbackModel}. Exits 1 unless the first answer
 * has sources and the second has none.
 *
 * <pre>Main [docs folder (samples)] [index folder (target/samples-index)]</pre>
 */
public final class Main {
    public static void main(String[] args) throws Exception {
        Path folder = Path.of(args.length > 0 ? args[0] : "samples");
        Path indexDir = Path.of(args.length > 1 ? args[1] : "target/samples-index");
        if (!Files.exists(indexDir.resolve("CURRENT"))) {
            IndexBuilder.build(SiteReader.read(folder, IngestOptions.defaults("https://docs.quayside.dev")),
                    IndexBuilder.Settings.defaults("bge-small"), indexDir); // named "Quayside" by its base URL
            HybridRetriever.calibrateAndRecordGate(indexDir); // the gate measured on this site, as 'docask index' does
        }
        String key = System.getenv("OPENAI_API_KEY");
        boolean ok;
        try (DocIndex index = DocIndex.open(indexDir);
             LoopbackModel loopback = new LoopbackModel("---------------------\n")) {
            DocaskDocumentRetriever docs = DocaskDocumentRetriever.of(
                    HybridRetriever.create(index));
            OpenAiChatOptions options = key == null
                    ? OpenAiChatOptions.builder().baseUrl(loopback.baseUrl()).apiKey("none").model("loopback").build()
                    : OpenAiChatOptions.builder().apiKey(key).model("gpt-4o-mini").build();
            ChatClient chat = ChatClient.builder(OpenAiChatModel.builder().options(options).build())
                    .defaultAdvisors(RetrievalAugmentationAdvisor.builder().documentRetriever(docs).build())
                    .build();

            String question = "How do I change the retry limit?";
            List<Document> sources = docs.retrieve(new Query(question));
            System.out.println("Q: " + question);
            System.out.println(chat.prompt().user(question).call().content());
            sources.forEach(d -> System.out.println("  [" + d.getMetadata().get(DocaskDocumentRetriever.NUMBER) + "] "
                    + d.getMetadata().get(DocaskDocumentRetriever.URL)));

            String offTopic = "What is the capital of France?";
            List<Document> none = docs.retrieve(new Query(offTopic));
            System.out.println("Q: " + offTopic);
            System.out.println(chat.prompt().user(offTopic).call().content() + "  (documents given to the model: "
                    + none.size() + ")");
            ok = !sources.isEmpty() && none.isEmpty();
        }
        System.exit(ok ? 0 : 1);
    }
}
