package dev.docask.cli;

import dev.docask.index.DocIndex;
import dev.docask.retrieve.Hit;
import dev.docask.retrieve.HybridRetriever;
import dev.docask.retrieve.Retrieval;
import dev.docask.retrieve.internal.RetrievalJson;
import dev.docask.retrieve.RetrievalOptions;
import dev.docask.retrieve.Source;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

/** {@code docask search}: the ranked sources for a question, with the numbers behind them. */
@Command(name = "search", description = "Show the sources retrieval finds for a question, or that there are none.",
        mixinStandardHelpOptions = true, versionProvider = BuildVersion.class)
final class SearchCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    IndexArgs.WithBackend index;

    @Mixin
    RetrievalArgs retrieval;

    @Option(names = "--json", description = "Print one JSON object.")
    boolean json;

    @Option(names = "--explain", description = "Show every hit's scores and why candidates were gated out.")
    boolean explain;

    @Parameters(paramLabel = "QUESTION", arity = "1..*", description = "The question.")
    List<String> words;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        String question = OptionCheck.question(spec, words);
        index.check(spec);
        List<String> errors = new ArrayList<>();
        RetrievalOptions options = OptionCheck.convert(spec, retrieval::options);
        try (DocIndex idx = index.open()) {
            HybridRetriever retriever = HybridRetriever.create(idx).toBuilder().onError(e -> errors.add(e.getMessage())).build();
            errors.addAll(retriever.optionProblems(options));
            Retrieval r = retriever.retrieve(question, options);
            errors.forEach(e -> spec.commandLine().getErr().println("warning: " + e));
            if (json) {
                JsonPrinter.print(out, RetrievalJson.of(r));
            } else {
                printText(out, r, retriever.thresholds(options));
            }
            return 0;
        }
    }

    private void printText(PrintWriter out, Retrieval r, HybridRetriever.Thresholds thresholds) {
        if (!r.answerable()) {
            out.println("No relevant information found.");
        }
        for (Source s : r.sources()) {
            Hit top = s.hits().get(0);
            out.printf(Locale.ROOT, "#%d  score=%.4f  [%s]  %s%n", s.n(), top.score(), s.source(), label(s.title(), s.heading()));
            // the snippet is the section's own text; the page's other sections the source carries are named with their
            // URLs below it, so no text reads as if it were at the first URL (docs/retrieval.md §8)
            out.println("    " + snippet(top.chunk().text()));
            out.println("    " + s.url());
            if (explain) {
                out.println("    " + numbers(top));
            }
            for (Hit h : s.hits().subList(1, s.hits().size())) {
                boolean other = !h.chunk().url().equals(s.url());
                if (other) {
                    out.println("    + " + label(h.chunk().title(), h.chunk().heading()) + "  " + h.chunk().url());
                }
                if (explain) {
                    out.println("    " + (other ? "  " : "") + numbers(h));
                }
            }
        }
        if (explain) {
            // in keyword mode (no vectors, or the embedder failed) no cosine is measured, so no cosine floor applies
            String minSimilarity = r.mode() == Retrieval.Mode.KEYWORD ? "n/a" : String.format(Locale.ROOT, "%.3f", thresholds.minSimilarity());
            out.printf(Locale.ROOT, "mode %s, gate minSimilarity=%s minKeywordCoverage=%.3f, best similarity %s, "
                            + "best coverage %.3f, %d µs%n", r.mode().name().toLowerCase(Locale.ROOT), minSimilarity,
                    thresholds.minKeywordCoverage(), r.bestSimilarity().isEmpty() ? "n/a" : String.format(Locale.ROOT, "%.3f", r.bestSimilarity().getAsDouble()),
                    r.bestCoverage(), r.micros());
            r.opening().ifPresent(o -> out.println("also searched by its opening sentence: \"" + o + "\""));
            if (!r.respelt().isEmpty()) {
                out.println("searched with the site's words for words no page has: " + String.join(", ", r.respelt().entrySet()
                        .stream().map(e -> e.getKey() + " -> " + e.getValue()).toList()));
            }
            r.notSearched().ifPresent(why -> out.println("not searched: " + why));
            for (Hit h : r.gatedOut()) {
                out.printf("gated out  [%s]  %s: %s%n", h.chunk().source(), label(h.chunk().title(), h.chunk().heading()), h.gatedOut().orElse(""));
            }
        }
    }

    static String label(String title, String heading) {
        if (heading.isEmpty()) {
            return title;
        }
        return heading.startsWith(title) ? heading : title + " › " + heading;
    }

    private static String numbers(Hit h) {
        return String.format(Locale.ROOT, "bm25 rank %s (%.2f), vector rank %s, similarity %s, coverage %.3f, fused %.4f",
                h.bm25Rank().isEmpty() ? "-" : h.bm25Rank().getAsInt(), h.bm25Score().orElse(0),
                h.vectorRank().isEmpty() ? "-" : h.vectorRank().getAsInt(),
                h.similarity().isEmpty() ? "n/a" : String.format(Locale.ROOT, "%.3f", h.similarity().getAsDouble()),
                h.keywordCoverage(), h.score());
    }

    static String snippet(String text) {
        String flat = text.replaceAll("\\s+", " ").trim();
        return flat.length() <= 160 ? flat : flat.substring(0, 157) + "...";
    }
}
