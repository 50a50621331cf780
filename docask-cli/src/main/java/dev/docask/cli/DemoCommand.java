package dev.docask.cli;

import dev.docask.answer.AskHandler;
import dev.docask.embed.Embedder;
import dev.docask.embed.Embedders;
import dev.docask.index.DocIndex;
import dev.docask.index.IndexBuilder;
import dev.docask.ingest.Corpus;
import dev.docask.ingest.IngestOptions;
import dev.docask.ingest.SiteReader;
import dev.docask.retrieve.HybridRetriever;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;

/** {@code docask demo}: indexes the bundled sample docs with the local embedder and answers a question with the offline extractive answerer. */
@Command(name = "demo", mixinStandardHelpOptions = true, versionProvider = BuildVersion.class,
        description = "Index the bundled samples/ docs (with the local embedder unless --embedder says otherwise) and answer a sample question.")
final class DemoCommand implements Callable<Integer> {
    static final String SAMPLE_QUESTION = "How many times does Quayside retry a failed delivery?";
    static final String SAMPLE_BASE_URL = "https://docs.quayside.dev";

    @Spec
    CommandSpec spec;

    @Option(names = "--docs", paramLabel = "DIR", description = "Sample docs folder (default: samples/ of the docask checkout).")
    Path docs;

    @Option(names = "--embedder", defaultValue = Embedders.DEFAULT_SPEC, paramLabel = "SPEC",
            description = "Embedder the samples are indexed and searched with: bge-small (default, local), "
                    + "bge-small:plain, e5-small (local), openai:<model>, mock[:dims] or none (keyword search only).")
    String embedder;

    @Option(names = "--question", paramLabel = "TEXT", description = "Question to ask (default: \"" + SAMPLE_QUESTION + "\").")
    String question = SAMPLE_QUESTION;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        String asked = OptionCheck.question(spec, List.of(question)); // before minutes of indexing, not after
        Optional<Embedder> e = OptionCheck.convert(spec, () -> Embedders.fromSpec(embedder));
        Path home = Path.of(System.getProperty("docask.home", "."));
        Path folder = docs != null ? docs : home.resolve("samples");
        if (!Files.isDirectory(folder)) {
            throw new IllegalArgumentException("sample docs not found at " + folder + " (pass --docs DIR)");
        }
        Path indexDir = home.resolve("target").resolve("demo-index");
        long start = System.nanoTime();
        Corpus corpus = SiteReader.read(folder, IngestOptions.defaults(SAMPLE_BASE_URL));
        IndexBuilder.Settings settings = IndexBuilder.Settings.defaults(embedder).withSiteName("Quayside");
        if (IndexBuilder.upToDate(corpus, settings, indexDir).isPresent()) {
            // a second demo with the same samples and embedder asks at once (docs/reliability.md, "A build with nothing
            // to do writes nothing")
            out.printf(Locale.ROOT, "The index in %s already holds the %d pages of %s, built with %s; %.1f s.%n%n", indexDir,
                    corpus.pages(), folder, embedder, (System.nanoTime() - start) / 1e9);
        } else {
            IndexBuilder.build(corpus, e, settings, indexDir, n -> { });
            double indexed = (System.nanoTime() - start) / 1e9;
            // the gate measured on this site, as 'docask index' records it: the demo answers as an index built by hand would
            long calibrating = System.nanoTime();
            HybridRetriever.calibrateAndRecordGate(indexDir);
            out.printf(Locale.ROOT, "Indexed %d pages of %s into %d chunks with %s in %.1f s; gate measured in %.1f s.%n%n",
                    corpus.pages(), folder, corpus.chunks().size(), embedder, indexed, (System.nanoTime() - calibrating) / 1e9);
        }
        Warnings warnings = Warnings.of(spec);
        try (DocIndex index = DocIndex.open(indexDir);
             AskHandler handler = AskHandler.builder().index(index).onError(warnings).build()) {
            out.println("Q: " + asked);
            out.println();
            AskCommand.answerAndPrint(handler, asked, out, true);
        }
        out.flush();
        warnings.print();
        return 0;
    }
}
