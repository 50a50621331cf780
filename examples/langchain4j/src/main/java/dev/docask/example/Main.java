package dev.docask.example;

import dev.docask.index.DocIndex;
import dev.docask.index.IndexBuilder;
import dev.docask.ingest.IngestOptions;
import dev.docask.ingest.SiteReader;
import dev.docask.langchain4j.DocaskContentRetriever;
import dev.docask.retrieve.HybridRetriever;
import dev.langchain4j.model.openai.OpenAiChatModel;
import dev.langchain4j.rag.DefaultRetrievalAugmentor;
import dev.langchain4j.rag.content.Content;
import dev.langchain4j.rag.content.injector.DefaultContentInjector;
import dev.langchain4j.rag.query.Query;
import dev.langchain4j.service.AiServices;
import dev.langchain4j.service.SystemMessage;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A LangChain4j AiServices assistant whose retrieval is docask's: index samples/ with bge-small, give
 * the assistant a {@link DocaskContentRetriever}, ask one question about the docs and one off-topic
 * question. The off-topic one reaches the model with no content at all, so it says it does not know.
 * With no OPENAI_API_KEY the model is {@link LoopbackModel}. Exits 1 unless the first answer cites [1]
 * and the second gets no content.
 *
 * <pre>Main [docs folder (samples)] [index folder (target/samples-index)]</pre>
 */
public final class Main {
    interface Assistant {
        @SystemMessage("Answer only from the information given, citing each claim with its n as [n]. "
                + "When no information is given, say \"I don't know.\"")
        String answer(String question);
    }

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
             LoopbackModel loopback = new LoopbackModel("content: ")) {
            DocaskContentRetriever docs = DocaskContentRetriever.of(
                    HybridRetriever.create(index));
            OpenAiChatModel model = key == null
                    ? OpenAiChatModel.builder().baseUrl(loopback.baseUrl()).apiKey("none").modelName("loopback").build()
                    : OpenAiChatModel.builder().apiKey(key).modelName("gpt-4o-mini").build();
            Assistant assistant = AiServices.builder(Assistant.class).chatModel(model)
                    .retrievalAugmentor(DefaultRetrievalAugmentor.builder().contentRetriever(docs)
                            .contentInjector(DefaultContentInjector.builder().metadataKeysToInclude(
                                    List.of(DocaskContentRetriever.NUMBER, DocaskContentRetriever.URL)).build())
                            .build())
                    .build();

            String question = "How do I change the retry limit?";
            List<Content> sources = docs.retrieve(Query.from(question));
            System.out.println("Q: " + question);
            System.out.println(assistant.answer(question));
            sources.forEach(c -> System.out.println("  [" + c.textSegment().metadata().getString(DocaskContentRetriever.NUMBER)
                    + "] " + c.textSegment().metadata().getString(DocaskContentRetriever.URL)));

            String offTopic = "What is the capital of France?";
            List<Content> none = docs.retrieve(Query.from(offTopic));
            System.out.println("Q: " + offTopic);
            System.out.println(assistant.answer(offTopic) + "  (content given to the model: " + none.size() + ")");
            ok = !sources.isEmpty() && none.isEmpty();
        }
        System.exit(ok ? 0 : 1);
    }
}
