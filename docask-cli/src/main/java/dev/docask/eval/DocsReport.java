package dev.docask.eval;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The result of running strategies over a question set.
 *
 * @param k          sources counted per question
 * @param questions  questions asked
 * @param answerable how many of them the site answers
 * @param offtopic   how many are off-topic probes
 * @param strategies strategy name → metrics, in run order
 * @param missesOf   the strategy whose misses are listed (the default one when it ran, else the first)
 * @param misses     that strategy's misses
 */
public record DocsReport(int k, int questions, int answerable, int offtopic, Map<String, DocsMetrics> strategies,
                         String missesOf, List<Miss> misses) {
    public DocsReport {
        strategies = Collections.unmodifiableMap(new LinkedHashMap<>(strategies));
        misses = List.copyOf(misses);
    }

    /** The metrics of the strategy the targets apply to. */
    public DocsMetrics primary() {
        return strategies.get(missesOf);
    }

    /** A plain-text table, one row per strategy, then the misses. */
    public String table() {
        return TableReport.docs(this);
    }

    /** The JSON shape of issue 5. */
    public String json() {
        return JsonReport.docs(this);
    }
}
