package dev.docask.eval;

import dev.docask.answer.Answer;
import dev.docask.retrieve.Source;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Asks each labelled question for an extractive answer and checks its quotations against the
 * labels: is the first quote one of the answering passages, is one of the first two, and was an
 * answering passage among the sources at all (what any choice of sentence could reach).
 *
 * <pre>{@code
 * AskHandler handler = AskHandler.builder().index(index).build();      // no model: extractive
 * ExtractiveReport r = ExtractiveEval.run(handler::ask, LabelledFile.read(file));
 * System.out.print(r.table());
 * }</pre>
 */
public final class ExtractiveEval {
    private ExtractiveEval() {
    }

    /** One labelled question's result: its quotes, and which of the three checks it passed. */
    public record Outcome(LabelledQuestion question, List<String> quotes, boolean first, boolean topTwo,
                          boolean inSources, long millis) {
        public Outcome {
            quotes = List.copyOf(quotes);
        }
    }

    /** Runs every question through {@code ask} (an extractive {@code AskHandler::ask}). */
    public static ExtractiveReport run(Function<String, Answer> ask, List<LabelledQuestion> questions) {
        List<Outcome> outcomes = new ArrayList<>();
        for (LabelledQuestion q : questions) {
            long start = System.nanoTime();
            Answer a = ask.apply(q.question());
            long millis = (System.nanoTime() - start) / 1_000_000;
            List<String> quotes = a.refused() ? List.of() : Quotes.of(a.text());
            boolean first = !quotes.isEmpty() && q.answeredBy(quotes.getFirst());
            boolean topTwo = quotes.stream().limit(2).anyMatch(q::answeredBy);
            boolean inSources = a.sources().stream().map(Source::text).anyMatch(q::answeredBy);
            outcomes.add(new Outcome(q, quotes, first, topTwo, inSources, millis));
        }
        return new ExtractiveReport(outcomes);
    }
}
