package dev.docask.cli;

import dev.docask.eval.Question;
import dev.docask.eval.QuestionFile;
import dev.docask.eval.TextLines;
import dev.docask.index.DocIndex;
import dev.docask.index.Manifest;
import dev.docask.retrieve.HybridRetriever;
import dev.docask.retrieve.Retrieval;
import dev.docask.retrieve.RetrievalOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code docask calibrate}: the scores of questions that should and should not match, and thresholds between them. */
@Command(name = "calibrate", mixinStandardHelpOptions = true, versionProvider = BuildVersion.class,
        description = "Suggest minSimilarity and minKeywordCoverage from questions that should and should not match.")
final class CalibrateCommand implements Callable<Integer> {
    private static final String BOTH_KINDS = "calibrate needs questions that should match and questions that "
            + "should not: give --match and --no-match files, or --questions files with both kinds";

    @Spec
    CommandSpec spec;

    @Mixin
    IndexArgs.WithBackend index;

    @Option(names = "--match", paramLabel = "FILE", description = "Questions the site answers, one per line.")
    Path match;

    @Option(names = "--no-match", paramLabel = "FILE", description = "Questions it does not answer, one per line.")
    Path noMatch;

    @Option(names = "--questions", paramLabel = "FILE",
            description = "Question files in the format of 'docask eval' (JSON Lines with \"answerable\"); repeatable. "
                    + "Instead of, or together with, --match and --no-match.")
    List<Path> questionFiles = new ArrayList<>();

    @Option(names = "--long", description = "With --questions: ask long_question where a question has one, as 'docask eval --long' does.")
    boolean preferLong;

    @Option(names = "--json", description = "Print one JSON object.")
    boolean json;

    @Option(names = "--auto", description = "Measure the gate on the index itself, without labelled questions (what "
            + "'docask index' does), and record it in the index's manifest.")
    boolean auto;

    @Option(names = "--dump-scores", hidden = true, description = "With --auto: print every score the calibration measures.")
    boolean dumpScores;

    @Option(names = "--dump-features", hidden = true, description = "Print the gate's question-level features of the "
            + "site questions, the pool and the --questions files (each line ends with the question's vector).")
    boolean dumpFeatures;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        Warnings warnings = Warnings.of(spec);
        index.check(spec);
        if (dumpFeatures) {
            Map<String, List<String>> labelled = new LinkedHashMap<>();
            for (Path file : questionFiles) {
                String name = file.getFileName().toString().replace(".jsonl", "");
                for (Question q : QuestionFile.read(file)) {
                    labelled.computeIfAbsent(name + (q.answerable() ? ":match" : ":nomatch"), k -> new ArrayList<>())
                            .add(q.text(preferLong));
                }
            }
            try (DocIndex idx = index.open()) {
                HybridRetriever.builder(idx).onError(warnings).build().gateFeatures(labelled).forEach(out::println);
            }
            out.flush();
            warnings.print();
            return 0;
        }
        if (auto) {
            if (!questionFiles.isEmpty() || match != null || noMatch != null || preferLong) {
                throw OptionCheck.fail(spec, "--auto measures the gate without labelled questions: "
                        + "leave out --questions, --match, --no-match and --long");
            }
            return autoCalibrate(out, warnings);
        }
        if (questionFiles.isEmpty() && (match == null || noMatch == null)) {
            throw OptionCheck.fail(spec, BOTH_KINDS);
        }
        if (preferLong && questionFiles.isEmpty()) { // as 'eval' refuses an option of the other mode
            throw OptionCheck.fail(spec, "--long does not apply with --match and --no-match: it belongs to --questions "
                    + "(eval's question files, where a question may have a long_question)");
        }
        List<String> good = new ArrayList<>();
        List<String> junk = new ArrayList<>();
        if (match != null) {
            good.addAll(questions(match));
        }
        if (noMatch != null) {
            junk.addAll(questions(noMatch));
        }
        for (Path file : questionFiles) {
            for (Question q : QuestionFile.read(file)) {
                (q.answerable() ? good : junk).add(q.text(preferLong));
            }
        }
        if (good.isEmpty() || junk.isEmpty()) { // the files lack a kind: a failure of their content
            throw new IllegalArgumentException(BOTH_KINDS);
        }
        try (DocIndex idx = index.open()) {
            // an embedder that fails turns a question's similarity into 0: the suggested floor would be measured on keywords
            HybridRetriever retriever = HybridRetriever.builder(idx).onError(warnings).build();
            boolean vectors = idx.hasVectors();
            List<Calibration.Scores> goodScores = score(retriever, good, vectors);
            List<Calibration.Scores> junkScores = score(retriever, junk, vectors);
            double defaultCoverage = retriever.thresholds(RetrievalOptions.defaults()).minKeywordCoverage();
            Calibration c = vectors ? Calibration.of(goodScores, junkScores, defaultCoverage)
                    : Calibration.keywordOnly(goodScores, junkScores, defaultCoverage);
            if (json) {
                Map<String, Object> o = new LinkedHashMap<>();
                o.put("match", goodScores);
                o.put("noMatch", junkScores);
                o.put("similarity", c.similarity());
                o.put("keywordCoverage", c.coverage());
                o.put("suggested", c.suggested());
                o.put("suggestedAtDefaultCoverage", c.atCoverage());
                c.tradeOff(goodScores.size(), junkScores.size()).ifPresent(t -> o.put("tradeOff", t));
                JsonPrinter.print(out, o);
            } else {
                print(out, goodScores, junkScores, c);
            }
        }
        out.flush();
        warnings.print();
        return 0;
    }

    private int autoCalibrate(PrintWriter out, Warnings warnings) {
        if (index.backend != null) {
            throw OptionCheck.fail(spec, "--auto records the gate in an index folder's manifest: give --index DIR, "
                    + "not --backend (a collection's sites are calibrated by 'docask index --backend')");
        }
        if (dumpScores) {
            try (DocIndex idx = index.open()) {
                HybridRetriever.builder(idx).onError(warnings).build().gateCalibrationScores().forEach(out::println);
            }
            out.flush();
            warnings.print();
            return 0;
        }
        Manifest.Gate gate = HybridRetriever.calibrateAndRecordGate(index.dir);
        if (json) {
            JsonPrinter.print(out, GateReport.json(gate));
        } else {
            GateReport.print(out, gate);
            out.println("recorded in " + index.dir + "; a floor set with --set or in the options still wins");
        }
        return 0;
    }

    private static List<String> questions(Path file) throws IOException {
        List<String> lines = TextLines.read(file);
        List<String> qs = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String q = lines.get(i).strip();
            if (!q.isEmpty() && !q.startsWith("#")) {
                try {
                    qs.add(HybridRetriever.requireQuestion(q)); // the limit retrieval itself holds a question to
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException(file + ":" + (i + 1) + ": " + e.getMessage(), e);
                }
            }
        }
        if (qs.isEmpty()) {
            throw new IllegalArgumentException(file + " has no questions (one per line)");
        }
        return qs;
    }

    private static List<Calibration.Scores> score(HybridRetriever retriever, List<String> questions, boolean vectors) {
        List<Calibration.Scores> out = new ArrayList<>();
        RetrievalOptions open = RetrievalOptions.builder().withoutGate().build();
        for (String q : questions) {
            Retrieval r = retriever.retrieve(q, open);
            Double similarity = !vectors ? null : r.bestSimilarity().orElse(0.0);
            out.add(new Calibration.Scores(q, similarity, r.bestCoverage()));
        }
        return out;
    }

    private static void print(PrintWriter out, List<Calibration.Scores> good, List<Calibration.Scores> junk, Calibration c) {
        if (!c.similarityApplies()) {
            printKeywordOnly(out, good, junk, c);
            return;
        }
        out.println("should match (best similarity, best keyword coverage):");
        good.forEach(s -> out.printf(Locale.ROOT, "  %.3f  %.3f  %s%n", s.similarity(), s.coverage(), s.question()));
        out.println("should not match:");
        junk.forEach(s -> out.printf(Locale.ROOT, "  %.3f  %.3f  %s%n", s.similarity(), s.coverage(), s.question()));
        out.println();
        out.println("similarity:       " + c.similarity().describe());
        out.println("keyword coverage: " + c.coverage().describe());
        Calibration.Suggestion s = c.suggested();
        out.printf(Locale.ROOT, "suggested: --set minSimilarity=%.3f --set minKeywordCoverage=%.3f%n", s.minSimilarity(), s.minKeywordCoverage());
        out.printf(Locale.ROOT, "  with both (similarity OR coverage): %d of %d good questions turned away, %d of %d junk questions let through%n",
                s.turnedAway(), good.size(), s.passed(), junk.size());
        c.tradeOff(good.size(), junk.size()).ifPresent(t -> out.println("  " + t));
        Calibration.Suggestion d = c.atCoverage();
        out.printf(Locale.ROOT, "keeping minKeywordCoverage=%.3f: --set minSimilarity=%.3f -> %d of %d turned away, %d of %d let through%n",
                d.minKeywordCoverage(), d.minSimilarity(), d.turnedAway(), good.size(), d.passed(), junk.size());
    }

    private static void printKeywordOnly(PrintWriter out, List<Calibration.Scores> good, List<Calibration.Scores> junk,
                                         Calibration c) {
        out.println("should match (best keyword coverage):");
        good.forEach(s -> out.printf(Locale.ROOT, "  %.3f  %s%n", s.coverage(), s.question()));
        out.println("should not match:");
        junk.forEach(s -> out.printf(Locale.ROOT, "  %.3f  %s%n", s.coverage(), s.question()));
        out.println();
        out.println("similarity:       does not apply: the index has no vectors (built with --embedder none), "
                + "so keyword coverage alone decides");
        out.println("keyword coverage: " + c.coverage().describe());
        Calibration.Suggestion s = c.suggested();
        out.printf(Locale.ROOT, "suggested: --set minKeywordCoverage=%.3f%n", s.minKeywordCoverage());
        out.printf(Locale.ROOT, "  %d of %d good questions turned away, %d of %d junk questions let through%n",
                s.turnedAway(), good.size(), s.passed(), junk.size());
        c.tradeOff(good.size(), junk.size()).ifPresent(t -> out.println("  " + t));
        Calibration.Suggestion d = c.atCoverage();
        out.printf(Locale.ROOT, "the default minKeywordCoverage=%.3f: %d of %d turned away, %d of %d let through%n",
                d.minKeywordCoverage(), d.turnedAway(), good.size(), d.passed(), junk.size());
    }
}
