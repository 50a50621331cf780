package dev.docask.cli;

import dev.docask.answer.AskHandler;
import dev.docask.embed.Embedders;
import dev.docask.eval.BeirCollection;
import dev.docask.eval.BeirEval;
import dev.docask.eval.BeirIndex;
import dev.docask.eval.BeirReader;
import dev.docask.eval.BeirReport;
import dev.docask.eval.DocsEval;
import dev.docask.eval.DocsReport;
import dev.docask.eval.EvalHtml;
import dev.docask.eval.ExtractiveEval;
import dev.docask.eval.ExtractiveReport;
import dev.docask.eval.LabelledFile;
import dev.docask.eval.LabelledQuestion;
import dev.docask.eval.Question;
import dev.docask.eval.QuestionFile;
import dev.docask.eval.Strategies;
import dev.docask.eval.Strategy;
import dev.docask.eval.Targets;
import dev.docask.index.DocIndex;
import dev.docask.retrieve.HybridRetriever;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;

/**
 * {@code docask eval}: retrieval quality on a question set, or ranking quality on a BEIR collection.
 * Exit codes: 0 ok, 1 the default strategy missed a {@code --min-…}/{@code --max-…} target or the run
 * failed (a missing index or file, a bad question file or BEIR folder), 2 bad flags.
 *
 * <pre>
 * docask eval --index vitest-index --questions vitest-dev-questions.jsonl --min-recall 0.9
 * docask eval --beir data/beir/scifact --embedder bge-small --strategy bm25 --strategy hybrid
 * docask eval --index samples-index --extractive eval/questions/samples-extractive.jsonl
 * </pre>
 */
@Command(name = "eval", mixinStandardHelpOptions = true, versionProvider = BuildVersion.class,
        description = {"Measures retrieval: recall@k, hit@1, MRR, answerable questions turned away and off-topic "
                + "questions let through, per strategy; or nDCG@10 and Recall@100 on a BEIR collection.",
                "Strategies: bm25, vector, hybrid (default pipeline), topn (no gate), filter and answerability (gate modes); "
                        + "add overrides as NAME:option=value,... or with --set."})
final class EvalCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--index", paramLabel = "DIR", description = "Index to evaluate (built with docask index).")
    Path index;

    @Option(names = "--backend", paramLabel = "URI",
            description = "Evaluate a site of a Solr collection instead of --index: solr://host:port/solr/<collection> with --site.")
    String backend;

    @Option(names = "--site", paramLabel = "NAME", description = "The site in the --backend collection.")
    String site;

    @Option(names = "--questions", paramLabel = "FILE",
            description = "Question file (JSON Lines); repeat to evaluate the union of several files.")
    List<Path> questions = new ArrayList<>();

    @Option(names = "--extractive", paramLabel = "FILE",
            description = "Labelled answer file (JSON Lines: id, question, url, answers, part): measures how often the "
                    + "extractive answer's first quote is a labelled answer, instead of retrieval.")
    Path extractive;

    @Option(names = "--min-first-quote", paramLabel = "X",
            description = "With --extractive: exit 1 when the share of first quotes that answer is lower.")
    Double minFirstQuote;

    @Option(names = "--beir", paramLabel = "DIR", description = "BEIR folder (corpus.jsonl, queries.jsonl, qrels/).")
    Path beir;

    @Option(names = "--embedder", paramLabel = "SPEC", description = "Embedder for the BEIR index (default: ${DEFAULT-VALUE}).")
    String embedder = Embedders.DEFAULT_SPEC;

    @Option(names = "--qrels", paramLabel = "SPLIT", description = "BEIR judgements to score: test or dev (default: ${DEFAULT-VALUE}).")
    String qrels = "test";

    @Option(names = "--cache", paramLabel = "DIR", description = "Where BEIR indexes are cached (default: ~/.cache/docask/beir).")
    Path cache;

    @Option(names = "--k", paramLabel = "N", description = "Sources counted per question (default: ${DEFAULT-VALUE}).")
    int k = 6;

    @Option(names = "--long", description = "Ask long_question where a question has one.")
    boolean preferLong;

    @Option(names = "--strategy", paramLabel = "NAME", description = "Strategy to run; repeatable (default: all).")
    List<String> strategies = new ArrayList<>();

    @Option(names = "--set", paramLabel = "NAME=VALUE",
            description = "Adds the default pipeline with this option changed, e.g. minSimilarity=0.8; repeatable: "
                    + "different options combine, one option given twice compares both values.")
    List<String> overrides = new ArrayList<>();

    @Option(names = "--json", description = "Print JSON instead of a table.")
    boolean json;

    @Option(names = "--html", paramLabel = "FILE",
            description = "With --questions: also write a per-question HTML report (rank of the expected page, scores, "
                    + "gate reasons, misses, score distributions of answerable and off-topic questions).")
    Path html;

    @Option(names = "--min-recall", paramLabel = "X", description = "Exit 1 when the default strategy's recall@k is lower.")
    Double minRecall;

    @Option(names = "--max-turned-away", paramLabel = "X",
            description = "Exit 1 when the default strategy turns away a larger share of answerable questions.")
    Double maxTurnedAway;

    @Option(names = "--max-offtopic-passed", paramLabel = "X",
            description = "Exit 1 when the default strategy lets a larger share of off-topic questions through.")
    Double maxOfftopicPassed;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        boolean anIndex = index != null || backend != null;
        if (anIndex == (beir != null)) {
            throw OptionCheck.fail(spec, "give either --index DIR --questions FILE, or --beir DIR");
        }
        if (anIndex) {
            OptionCheck.convert(spec, () -> {
                IndexArgs.requireOne(index, backend, site);
                return index;
            });
        }
        if (k < 1) {
            throw OptionCheck.fail(spec, "--k must be at least 1, got " + k);
        }
        if (beir != null) {
            refuseOptionsOfTheOtherMode("--beir", "--questions", "--k", "--long", "--min-recall", "--max-turned-away",
                    "--max-offtopic-passed", "--extractive", "--min-first-quote");
        } else {
            refuseOptionsOfTheOtherMode("--index", "--embedder", "--qrels", "--cache");
        }
        if (beir != null || extractive != null) {
            refuseOptionsOfTheOtherMode(beir != null ? "--beir" : "--extractive", "--html");
        }
        if (extractive != null) {
            refuseOptionsOfTheOtherMode("--extractive", "--questions", "--k", "--long", "--strategy", "--set",
                    "--min-recall", "--max-turned-away", "--max-offtopic-passed");
            return runExtractive(out, err);
        }
        if (minFirstQuote != null) {
            throw OptionCheck.fail(spec, "--min-first-quote needs --extractive FILE");
        }
        return beir != null ? runBeir(out, err) : runQuestions(out, err);
    }

    /** An option the chosen mode never reads would be silently ignored: refuse it instead. */
    private void refuseOptionsOfTheOtherMode(String mode, String... others) {
        var parsed = spec.commandLine().getParseResult();
        for (String o : others) {
            if (parsed != null && parsed.hasMatchedOption(o)) {
                throw OptionCheck.fail(spec, o + " does not apply with " + mode
                        + (mode.equals("--index") ? " (an index is searched with the embedder it was built with)" : ""));
            }
        }
    }

    private int runQuestions(PrintWriter out, PrintWriter err) {
        if (questions.isEmpty()) {
            throw OptionCheck.fail(spec, "--index needs --questions FILE");
        }
        Targets targets = OptionCheck.convert(spec, () -> new Targets(minRecall, maxTurnedAway, maxOfftopicPassed));
        List<Strategy> run = OptionCheck.convert(spec, () -> Strategies.select(strategies, overrides));
        List<Question> asked = readQuestions();
        Warnings warnings = Warnings.of(spec);
        try (DocIndex idx = IndexArgs.open(index, backend, site)) {
            HybridRetriever retriever = HybridRetriever.builder(idx).onError(warnings).build();
            DocsReport report = DocsEval.run(retriever::retrieve, asked, run, k, preferLong);
            out.print(json ? report.json() : report.table());
            out.flush();
            warnings.print();
            if (html != null) {
                String page = EvalHtml.render(retriever::retrieve, asked, k, preferLong, "docask eval: " + index.getFileName());
                try {
                    java.nio.file.Files.writeString(html, page);
                } catch (java.io.IOException e) {
                    throw new IllegalStateException("the HTML report could not be written to " + html + ": " + e.getMessage(), e);
                }
                warnings.print();
                err.println("docask eval: wrote " + html);
            }
            List<String> failures = targets.failures(report.primary());
            failures.forEach(f -> err.println("docask eval: " + report.missesOf() + ": " + f));
            return failures.isEmpty() ? 0 : 1;
        }
    }

    private int runExtractive(PrintWriter out, PrintWriter err) {
        if (minFirstQuote != null && !(minFirstQuote >= 0 && minFirstQuote <= 1)) {
            throw OptionCheck.fail(spec, "--min-first-quote must be between 0 and 1, got " + minFirstQuote);
        }
        List<LabelledQuestion> asked = LabelledFile.read(extractive);
        Warnings warnings = Warnings.of(spec);
        try (DocIndex idx = IndexArgs.open(index, backend, site);
             AskHandler handler = AskHandler.builder().index(idx).onError(warnings).build()) {
            ExtractiveReport report = ExtractiveEval.run(handler::ask, asked);
            out.print(json ? report.json() : report.table());
            out.flush();
            warnings.print();
            if (minFirstQuote != null && report.firstQuoteRate() < minFirstQuote) {
                err.printf(java.util.Locale.ROOT, "docask eval: first quote answers %.3f of the questions, below --min-first-quote %s%n",
                        report.firstQuoteRate(), minFirstQuote);
                return 1;
            }
            return 0;
        }
    }

    private List<Question> readQuestions() {
        List<Question> all = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        for (Path file : questions) {
            for (Question q : QuestionFile.read(file)) {
                if (!ids.add(q.id())) {
                    throw new IllegalArgumentException("question id '" + q.id() + "' appears in more than one file");
                }
                all.add(q);
            }
        }
        return all;
    }

    private int runBeir(PrintWriter out, PrintWriter err) {
        if (!qrels.equals("test") && !qrels.equals("dev")) {
            throw OptionCheck.fail(spec, "--qrels must be test or dev, got '" + qrels + "'");
        }
        boolean keywordOnly = OptionCheck.convert(spec, () -> Embedders.fromSpec(embedder)).isEmpty();
        List<String> names = !strategies.isEmpty() ? strategies
                : keywordOnly ? List.of("bm25") : List.of("bm25", "vector", "hybrid");
        List<Strategy> run = OptionCheck.convert(spec, () -> Strategies.select(names, overrides));
        BeirCollection collection = BeirReader.read(beir, qrels);
        int total = collection.docs().size();
        int[] reported = {0};
        Path dir = BeirIndex.ensure(collection, beir, embedder, cache == null ? BeirIndex.defaultCache() : cache, n -> {
            if (n / 500 > reported[0] / 500 || n == total) { // batches of 64 rarely land on a round number
                reported[0] = n;
                err.println("docask eval: embedded " + n + " of " + total + " documents");
                err.flush();
            }
        });
        Warnings warnings = Warnings.of(spec);
        try (DocIndex idx = DocIndex.open(dir)) {
            HybridRetriever retriever = HybridRetriever.builder(idx).onError(warnings).build();
            BeirReport report = BeirEval.run(retriever::retrieve, collection, qrels, run);
            out.print(json ? report.json() : report.table());
            out.flush();
            warnings.print();
            return 0;
        }
    }
}
