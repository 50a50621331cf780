package dev.docask.cli;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.TreeSet;
import java.util.function.ToDoubleFunction;

/*
 * Threshold suggestion for the OR gate. Per signal it reports the lowest "good" score against the
 * highest "junk" score (a gap or an overlap). A signal with a gap gets its cut in the middle of the
 * gap, the largest margin on both sides: a cut outside the gap it prints would turn good questions
 * away on that signal, or let junk through, for no reason the questions give. For a signal without
 * a gap (and the other one, given that cut) the suggested pair is the one that makes the fewest
 * mistakes on the given questions (turned away + let through, ties going to fewer turned away),
 * searched over midpoints between observed scores so a suggestion never sits on a question's score.
 * Among equally good pairs it keeps minKeywordCoverage nearest the given default (coverage is the
 * signal that generalises, docs/retrieval.md#coverage-holds-cosine-does-not) and takes the middle
 * of the tied similarity cuts, the largest margin on both sides. A second suggestion fixes coverage at the default and picks only
 * minSimilarity — the number a per-model default needs.
 *
 * A keyword-only index (--embedder none) has no similarity at all, so the gate is coverage alone:
 * the similarity signal and cut are null (not 0, which would suggest a meaningless minSimilarity),
 * the suggestion picks only minKeywordCoverage, and the second one is how the default coverage does.
 */
record Calibration(Signal similarity, Signal coverage, Suggestion suggested, Suggestion atCoverage) {

    /** One question's best scores; {@code similarity} is null on a keyword-only index. */
    record Scores(String question, Double similarity, double coverage) {
    }

    record Signal(double lowestGood, double highestJunk) {
        boolean separates() {
            return highestJunk < lowestGood;
        }

        /** The middle of the gap, rounded as the other cuts are; only when {@link #separates()}. */
        double middle() {
            return round((lowestGood + highestJunk) / 2);
        }

        String describe() {
            if (separates()) {
                return String.format(Locale.ROOT, "lowest good %.3f > highest junk %.3f: separated by %.3f",
                        lowestGood, highestJunk, lowestGood - highestJunk);
            }
            return String.format(Locale.ROOT, "lowest good %.3f <= highest junk %.3f: they overlap by %.3f",
                    lowestGood, highestJunk, highestJunk - lowestGood);
        }
    }

    /** A pair of thresholds and its mistakes; {@code minSimilarity} is null when similarity does not apply. */
    record Suggestion(Double minSimilarity, double minKeywordCoverage, int turnedAway, int passed) {
    }

    boolean similarityApplies() {
        return similarity != null;
    }

    /** Calibration of both signals (the index has vectors). */
    static Calibration of(List<Scores> good, List<Scores> junk, double defaultCoverage) {
        Signal sim = signal(good, junk, Scores::similarity);
        Signal cov = signal(good, junk, Scores::coverage);
        List<Double> simCuts = sim.separates() ? List.of(sim.middle()) : cuts(good, junk, Scores::similarity);
        List<Double> covCuts = cov.separates() ? List.of(cov.middle()) : cuts(good, junk, Scores::coverage);
        List<Suggestion> joint = new ArrayList<>();
        for (double c : covCuts) {
            joint.add(bestSimilarity(good, junk, simCuts, c));
        }
        return new Calibration(sim, cov, fewestMistakes(joint, defaultCoverage), bestSimilarity(good, junk, simCuts, defaultCoverage));
    }

    /** Calibration of keyword coverage alone, for a keyword-only index: the scores' similarities are ignored. */
    static Calibration keywordOnly(List<Scores> good, List<Scores> junk, double defaultCoverage) {
        Signal cov = signal(good, junk, Scores::coverage);
        List<Suggestion> cuts = new ArrayList<>();
        for (double c : cov.separates() ? List.of(cov.middle()) : cuts(good, junk, Scores::coverage)) {
            cuts.add(evaluate(good, junk, null, c));
        }
        return new Calibration(null, cov, fewestMistakes(cuts, defaultCoverage),
                evaluate(good, junk, null, defaultCoverage));
    }

    /**
     * What the suggestion trades when no signal separates the questions (no gap in any: every cut
     * turns good questions away or lets junk through); empty when a signal has a gap.
     */
    Optional<String> tradeOff(int goodCount, int junkCount) {
        boolean gap = coverage.separates() || similarityApplies() && similarity.separates();
        if (gap) {
            return Optional.empty();
        }
        String which = similarityApplies() ? "minSimilarity or minKeywordCoverage" : "minKeywordCoverage";
        return Optional.of(String.format(Locale.ROOT,
                "no gap: no threshold separates good questions from junk; the suggestion turns away %d of %d good "
                        + "questions and lets %d of %d junk through. Raise %s to let less junk through at the cost of "
                        + "turning more good questions away; lower it for the opposite",
                suggested.turnedAway(), goodCount, suggested.passed(), junkCount, which));
    }

    private static Suggestion fewestMistakes(List<Suggestion> all, double defaultCoverage) {
        return all.stream().min(Comparator.comparingInt(Calibration::mistakes)
                .thenComparingInt(Suggestion::turnedAway)
                .thenComparingDouble(x -> Math.abs(x.minKeywordCoverage() - defaultCoverage))).orElseThrow();
    }

    /** The similarity cut with the fewest mistakes at coverage cut {@code c}; ties → the middle one. */
    private static Suggestion bestSimilarity(List<Scores> good, List<Scores> junk, List<Double> simCuts, double c) {
        List<Suggestion> all = new ArrayList<>();
        for (double s : simCuts) {
            all.add(evaluate(good, junk, s, c));
        }
        int least = all.stream().mapToInt(Calibration::mistakes).min().orElseThrow();
        List<Suggestion> tied = all.stream().filter(x -> mistakes(x) == least).toList();
        int fewestAway = tied.stream().mapToInt(Suggestion::turnedAway).min().orElseThrow();
        tied = tied.stream().filter(x -> x.turnedAway() == fewestAway).toList();
        return tied.get(tied.size() / 2);
    }

    private static Suggestion evaluate(List<Scores> good, List<Scores> junk, Double s, double c) {
        int away = 0;
        int passed = 0;
        for (Scores g : good) {
            away += passes(g, s, c) ? 0 : 1;
        }
        for (Scores j : junk) {
            passed += passes(j, s, c) ? 1 : 0;
        }
        return new Suggestion(s, c, away, passed);
    }

    private static boolean passes(Scores x, Double s, double c) {
        return s != null && x.similarity() != null && x.similarity() >= s || x.coverage() >= c;
    }

    private static int mistakes(Suggestion s) {
        return s.turnedAway() + s.passed();
    }

    private static Signal signal(List<Scores> good, List<Scores> junk, ToDoubleFunction<Scores> f) {
        double lowGood = good.stream().mapToDouble(f).min().orElse(Double.NaN);
        double highJunk = junk.stream().mapToDouble(f).max().orElse(Double.NaN);
        return new Signal(lowGood, highJunk);
    }

    /** Candidate thresholds: midpoints between consecutive observed values, plus one above the highest. */
    private static List<Double> cuts(List<Scores> good, List<Scores> junk, ToDoubleFunction<Scores> f) {
        TreeSet<Double> values = new TreeSet<>();
        good.forEach(s -> values.add(round(f.applyAsDouble(s))));
        junk.forEach(s -> values.add(round(f.applyAsDouble(s))));
        List<Double> cuts = new ArrayList<>();
        Double prev = null;
        for (double v : values) {
            if (prev != null) {
                cuts.add(round((prev + v) / 2));
            }
            prev = v;
        }
        cuts.add(Math.min(1.0, round(values.last() + 0.01)));
        return cuts;
    }

    private static double round(double v) {
        return Math.round(v * 1000) / 1000.0;
    }
}
