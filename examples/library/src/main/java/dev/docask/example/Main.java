package dev.docask.example;

import dev.docask.answer.Answer;
import dev.docask.answer.AskHandler;
import dev.docask.index.DocIndex;
import dev.docask.index.IndexBuilder;
import dev.docask.ingest.IngestOptions;
import dev.docask.ingest.SiteReader;
import dev.docask.retrieve.HybridRetriever;

import java.nio.file.Path;

/**
 * README's library snippet as a program, with docask-core and docask-bge taken by their Maven
 * coordinates: index a docs folder with the local bge-small embedder, measure its relevance gate, open the index, ask one
 * question with the extractive answer (no model, no network) and print the answer and its sources.
 * Exits 1 when the answer is refused or has no sources, so CI notices.
 *
 * <pre>Main [docs folder (samples)] [index folder (target/samples-index)]</pre>
 */
public final class Main {
    public static void main(String[] args) {
        Path folder = Path.of(args.length > 0 ? args[0] : "samples");
        Path indexDir = Path.of(args.length > 1 ? args[1] : "target/samples-index");
        IndexBuilder.build(SiteReader.read(folder, IngestOptions.defaults("https://docs.quayside.dev")),
                IndexBuilder.Settings.defaults("bge-small"), indexDir); // named "Quayside" by its base URL
        HybridRetriever.calibrateAndRecordGate(indexDir);   // the gate measured on this site, as 'docask index' does

        boolean answered;
        try (DocIndex index = DocIndex.open(indexDir);
             AskHandler docs = AskHandler.builder().index(index).build()) {   // no .model(...): extractive
            Answer a = docs.ask("How do I change the retry limit?");
            System.out.println(a.text());
            a.sources().forEach(s -> System.out.println("[" + s.n() + "] " + s.url()));
            answered = !a.refused() && !a.sources().isEmpty();
        }
        if (!answered) {
            System.err.println("the example question was refused or has no sources");
        }
        System.exit(answered ? 0 : 1);
    }
}
