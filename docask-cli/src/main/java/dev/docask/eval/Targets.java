package dev.docask.eval;

import java.util.ArrayList;
import java.util.List;

/**
 * Quality floors for CI: {@code docask eval} exits 1 when the default strategy misses one.
 * A {@code null} bound is not checked.
 *
 * @param minRecall         lowest acceptable recall@k
 * @param maxTurnedAway     highest acceptable share of answerable questions turned away
 * @param maxOfftopicPassed highest acceptable share of off-topic questions let through
 */
public record Targets(Double minRecall, Double maxTurnedAway, Double maxOfftopicPassed) {
    public Targets {
        requireFraction("--min-recall", minRecall);
        requireFraction("--max-turned-away", maxTurnedAway);
        requireFraction("--max-offtopic-passed", maxOfftopicPassed);
    }

    /** No bounds. */
    public static Targets none() {
        return new Targets(null, null, null);
    }

    /** The bounds {@code m} breaks, in plain words; empty when it meets them all. Rates over empty groups pass. */
    public List<String> failures(DocsMetrics m) {
        List<String> out = new ArrayList<>();
        if (minRecall != null && m.recallAtK() < minRecall) {
            out.add(String.format("recall@k %.3f is below --min-recall %.3f", m.recallAtK(), minRecall));
        }
        if (maxTurnedAway != null && m.turnedAway() > maxTurnedAway) {
            out.add(String.format("turned away %.3f is above --max-turned-away %.3f", m.turnedAway(), maxTurnedAway));
        }
        if (maxOfftopicPassed != null && m.offtopicPassed() > maxOfftopicPassed) {
            out.add(String.format("off-topic passed %.3f is above --max-offtopic-passed %.3f",
                    m.offtopicPassed(), maxOfftopicPassed));
        }
        return out;
    }

    private static void requireFraction(String flag, Double v) {
        if (v != null && (v.isNaN() || v < 0 || v > 1)) {
            throw new IllegalArgumentException(flag + " must be a fraction between 0 and 1, got " + v);
        }
    }
}
