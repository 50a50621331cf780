package dev.docask.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import java.util.function.ToDoubleFunction;

/*
 * Threshold suggestion for the OR gate. Per signal it reports the lowest "good" score against the
 * highest "junk" score (a gap or an overlap). The suggested pair is the one that makes the fewest
 * mistakes on the given questions (turned away + let through, ties going to fewer turned away),
 * searched over midpoints between observed scores so a suggestion never sits on a question's score.
 */
record Calibration(Signal similarity, Signal coverage, Suggestion suggested) {

    record Scores(String question, double similarity, double coverage) {
    }

    record Signal(double lowestGood, double highestJunk) {
        boolean separates() {
            return highestJunk < lowestGood;
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

    record Suggestion(double minSimilarity, double minKeywordCoverage, int turnedAway, int passed) {
    }

    static Calibration of(List<Scores> good, List<Scores> junk) {
        Signal sim = signal(good, junk, Scores::similarity);
        Signal cov = signal(good, junk, Scores::coverage);
        List<Double> simCuts = cuts(good, junk, Scores::similarity);
        List<Double> covCuts = cuts(good, junk, Scores::coverage);
        Suggestion best = null;
        for (double s : simCuts) {
            for (double c : covCuts) {
                int away = 0;
                int passed = 0;
                for (Scores g : good) {
                    away += g.similarity() >= s || g.coverage() >= c ? 0 : 1;
                }
                for (Scores j : junk) {
                    passed += j.similarity() >= s || j.coverage() >= c ? 1 : 0;
                }
                Suggestion cand = new Suggestion(s, c, away, passed);
                if (best == null || better(cand, best)) {
                    best = cand;
                }
            }
        }
        return new Calibration(sim, cov, best);
    }

    private static boolean better(Suggestion a, Suggestion b) {
        int ea = a.turnedAway() + a.passed();
        int eb = b.turnedAway() + b.passed();
        return ea != eb ? ea < eb : a.turnedAway() < b.turnedAway();
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
