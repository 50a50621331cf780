package dev.docask.eval;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The result of running strategies over a BEIR collection.
 *
 * @param dataset    the collection's name
 * @param split      the judgements used ({@code test} or {@code dev})
 * @param queries    judged queries run
 * @param documents  documents indexed
 * @param strategies strategy name → metrics, in run order
 */
public record BeirReport(String dataset, String split, int queries, int documents, Map<String, BeirMetrics> strategies) {
    public BeirReport {
        strategies = Collections.unmodifiableMap(new LinkedHashMap<>(strategies));
    }

    /** A plain-text table, one row per strategy. */
    public String table() {
        return TableReport.beir(this);
    }

    /** The JSON shape of issue 5. */
    public String json() {
        return JsonReport.beir(this);
    }
}
