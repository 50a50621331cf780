package dev.docask.eval;

import java.util.List;

/**
 * Quality of one strategy on a question set. Rates are fractions in [0, 1]; a rate over an empty
 * group (no answerable or no off-topic questions in the set) is {@code NaN}.
 *
 * @param recallAtK      answerable questions with an expected page among the first k sources
 * @param hitAt1         answerable questions whose first source is an expected page
 * @param mrr            mean of 1/rank of the first expected source (0 when none in the first k)
 * @param turnedAway     answerable questions the gate refused ("I don't know")
 * @param offtopicPassed off-topic questions that reached the model
 * @param latency        retrieval time per question
 */
public record DocsMetrics(double recallAtK, double hitAt1, double mrr, double turnedAway,
                          double offtopicPassed, Latency latency) {

    /** Computes the metrics from one outcome per question. */
    static DocsMetrics of(List<Outcome> outcomes) {
        List<Outcome> answerable = outcomes.stream().filter(o -> o.question().answerable()).toList();
        List<Outcome> offtopic = outcomes.stream().filter(o -> !o.question().answerable()).toList();
        double found = answerable.stream().filter(o -> o.matchRank() > 0).count();
        double first = answerable.stream().filter(o -> o.matchRank() == 1).count();
        double rr = answerable.stream().filter(o -> o.matchRank() > 0).mapToDouble(o -> 1.0 / o.matchRank()).sum();
        double refused = answerable.stream().filter(o -> !o.answered()).count();
        double passed = offtopic.stream().filter(Outcome::answered).count();
        return new DocsMetrics(rate(found, answerable.size()), rate(first, answerable.size()),
                rate(rr, answerable.size()), rate(refused, answerable.size()), rate(passed, offtopic.size()),
                Latency.ofMicros(outcomes.stream().map(Outcome::micros).toList()));
    }

    private static double rate(double count, int of) {
        return of == 0 ? Double.NaN : count / of;
    }
}
