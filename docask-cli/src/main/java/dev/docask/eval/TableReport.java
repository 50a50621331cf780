package dev.docask.eval;

import java.util.Locale;
import java.util.Map;

/** Renders reports as fixed-width text tables for a terminal. */
final class TableReport {
    private TableReport() {
    }

    static String docs(DocsReport r) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "%d questions: %d answerable, %d off-topic; k = %d%n%n",
                r.questions(), r.answerable(), r.offtopic(), r.k()));
        int width = nameWidth(r.strategies());
        sb.append(String.format(Locale.ROOT, "%-" + width + "s  %9s  %6s  %6s  %11s  %16s  %7s  %7s%n", "strategy",
                "recall@" + r.k(), "hit@1", "MRR", "turned away", "off-topic passed", "p50 ms", "p95 ms"));
        for (Map.Entry<String, DocsMetrics> e : r.strategies().entrySet()) {
            DocsMetrics m = e.getValue();
            sb.append(String.format(Locale.ROOT, "%-" + width + "s  %9s  %6s  %6s  %11s  %16s  %7.1f  %7.1f%n",
                    e.getKey(), rate(m.recallAtK()), rate(m.hitAt1()), rate(m.mrr()),
                    share(m.turnedAway(), r.answerable()), share(m.offtopicPassed(), r.offtopic()),
                    m.latency().p50(), m.latency().p95()));
        }
        if (!r.misses().isEmpty()) {
            sb.append(String.format(Locale.ROOT, "%nmisses of %s:%n", r.missesOf()));
            for (Miss m : r.misses()) {
                sb.append("  ").append(m.id()).append("  ").append(m.question()).append('\n');
                if (!m.expected().isEmpty()) {
                    sb.append("      expected ").append(String.join(" ", m.expected())).append('\n');
                }
                sb.append("      got      ").append(m.got().isEmpty() ? "(I don't know)" : String.join(" ", m.got()))
                        .append('\n');
            }
        }
        return sb.toString();
    }

    static String beir(BeirReport r) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "%s: %d judged queries (%s split), %d documents%n%n",
                r.dataset(), r.queries(), r.split(), r.documents()));
        int width = nameWidth(r.strategies());
        sb.append(String.format(Locale.ROOT, "%-" + width + "s  %8s  %10s  %18s%n", "strategy", "nDCG@10", "Recall@100",
                "refused by gate"));
        for (Map.Entry<String, BeirMetrics> e : r.strategies().entrySet()) {
            BeirMetrics m = e.getValue();
            sb.append(String.format(Locale.ROOT, "%-" + width + "s  %8.4f  %10.4f  %18s%n", e.getKey(), m.ndcgAt10(),
                    m.recallAt100(), m.refused() + " of " + m.queries()));
        }
        return sb.toString();
    }

    private static int nameWidth(Map<String, ?> strategies) {
        return Math.max("strategy".length(), strategies.keySet().stream().mapToInt(String::length).max().orElse(0));
    }

    private static String rate(double v) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.3f", v);
    }

    private static String share(double v, int of) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.3f (%d)", v, Math.round(v * of));
    }
}
