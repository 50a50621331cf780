package dev.docask.eval;

import dev.docask.report.HtmlReport;
import dev.docask.retrieve.Hit;
import dev.docask.retrieve.Retrieval;
import dev.docask.retrieve.RetrievalOptions;
import dev.docask.retrieve.Source;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;
import java.util.TreeSet;
import java.util.function.BiFunction;

/*
 * docask eval --html: the picture of where the gate cuts. Each question is asked once more with the
 * default pipeline, keeping what the table leaves out: the gate's best similarity and keyword
 * coverage, and the reasons it turned passages away. Two histograms (answerable questions above the
 * axis, off-topic ones below) show how far apart the two populations are, which is what a calibration
 * moves the thresholds within. One self-contained page, styled like docask report's.
 */
/** A per-question HTML report of an eval run: rank of the expected page, scores, gate reasons, misses. */
public final class EvalHtml {
    private static final int BINS = 20;

    private EvalHtml() {
    }

    /** One question as the default pipeline saw it. */
    record Row(Question question, String text, boolean answered, int rank, OptionalDouble similarity, float coverage,
               List<String> reasons) {
        boolean miss() {
            return question.answerable() ? rank == 0 : answered;
        }
    }

    public static String render(BiFunction<String, RetrievalOptions, Retrieval> retriever, List<Question> questions,
                                int k, boolean preferLong, String title) {
        RetrievalOptions options = RetrievalOptions.builder().topK(k).build();
        List<Row> rows = new ArrayList<>();
        for (Question q : questions) {
            String text = q.text(preferLong);
            Retrieval r = retriever.apply(text, options);
            List<Source> sources = r.answerable() ? r.sources() : List.of();
            TreeSet<String> reasons = new TreeSet<>();
            r.gatedOut().stream().map(Hit::gatedOut).forEach(g -> g.ifPresent(reasons::add));
            rows.add(new Row(q, text, r.answerable(), SourceMatch.firstMatchRank(q, sources, k), r.bestSimilarity(),
                    r.bestCoverage(), List.copyOf(reasons)));
        }
        return page(rows, k, title);
    }

    static String page(List<Row> rows, int k, String title) {
        StringBuilder h = new StringBuilder(32_768);
        h.append("<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>")
                .append(HtmlReport.esc(title)).append("</title><style>").append(HtmlReport.CSS)
                .append(".miss td{background:#fdecea}</style></head><body><main><h1>").append(HtmlReport.esc(title))
                .append("</h1>");
        long answerable = rows.stream().filter(r -> r.question().answerable()).count();
        long found = rows.stream().filter(r -> r.question().answerable() && r.rank() > 0).count();
        long turnedAway = rows.stream().filter(r -> r.question().answerable() && !r.answered()).count();
        long offPassed = rows.stream().filter(r -> !r.question().answerable() && r.answered()).count();
        h.append(String.format(Locale.ROOT, "<p class=\"sub\">%d questions (%d answerable, %d off-topic), default "
                        + "pipeline, top %d: recall@%d %.3f, answerable turned away %d, off-topic let through %d</p>",
                rows.size(), answerable, rows.size() - answerable, k, k, answerable == 0 ? 0.0 : (double) found / answerable,
                turnedAway, offPassed));
        h.append("<section><h2>Best similarity</h2>");
        histogram(h, rows, r -> r.similarity().isPresent() ? r.similarity().getAsDouble() : Double.NaN, "similarity");
        h.append("<h2>Best keyword coverage</h2>");
        histogram(h, rows, r -> r.coverage(), "keyword coverage");
        h.append("<p class=\"legend\"><span><i style=\"background:#2f7d32\"></i>answerable (above)</span>"
                + "<span><i style=\"background:#c62828\"></i>off-topic (below)</span></p></section>");
        List<Row> misses = rows.stream().filter(Row::miss).toList();
        h.append("<section><h2>Misses (").append(misses.size()).append(")</h2>");
        table(h, misses);
        h.append("</section><section><h2>Every question</h2>");
        table(h, rows);
        h.append("</section></main></body></html>\n");
        return h.toString();
    }

    private static void histogram(StringBuilder h, List<Row> rows, java.util.function.ToDoubleFunction<Row> value,
                                  String what) {
        int[] yes = new int[BINS];
        int[] no = new int[BINS];
        for (Row r : rows) {
            double v = value.applyAsDouble(r);
            if (Double.isNaN(v)) {
                continue;
            }
            int bin = Math.min(BINS - 1, Math.max(0, (int) (v * BINS)));
            (r.question().answerable() ? yes : no)[bin]++;
        }
        int max = 1;
        for (int i = 0; i < BINS; i++) {
            max = Math.max(max, Math.max(yes[i], no[i]));
        }
        int w = 640;
        int half = 90;
        double bar = (w - 20.0) / BINS;
        h.append("<svg viewBox=\"0 0 ").append(w).append(' ').append(2 * half + 30).append("\" role=\"img\" aria-label=\"")
                .append(what).append(" of answerable and off-topic questions\">");
        for (int i = 0; i < BINS; i++) {
            double x = 10 + i * bar;
            double up = (double) yes[i] / max * (half - 5);
            double down = (double) no[i] / max * (half - 5);
            String range = String.format(Locale.ROOT, "%.2f–%.2f", (double) i / BINS, (double) (i + 1) / BINS);
            if (yes[i] > 0) {
                h.append(String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" "
                        + "fill=\"#2f7d32\"><title>%s: %d answerable</title></rect>", x, half - up, bar - 2, up, range, yes[i]));
            }
            if (no[i] > 0) {
                h.append(String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%.1f\" "
                        + "fill=\"#c62828\"><title>%s: %d off-topic</title></rect>", x, half, bar - 2, down, range, no[i]));
            }
        }
        h.append("<line x1=\"10\" x2=\"").append(w - 10).append("\" y1=\"").append(half).append("\" y2=\"").append(half)
                .append("\" stroke=\"#555\"/>");
        for (int t = 0; t <= 4; t++) {
            h.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" class=\"axis\" text-anchor=\"middle\">%.2f</text>",
                    10 + t * (w - 20) / 4.0, 2 * half + 20, t / 4.0));
        }
        h.append("</svg>");
    }

    private static void table(StringBuilder h, List<Row> rows) {
        if (rows.isEmpty()) {
            h.append("<p>None.</p>");
            return;
        }
        h.append("<div class=\"scroll\"><table><tr><th>Id</th><th>Question</th><th>Kind</th><th>Answered</th>")
                .append("<th>Rank</th><th>Similarity</th><th>Coverage</th><th>Gate reasons</th></tr>");
        for (Row r : rows) {
            h.append(r.miss() ? "<tr class=\"miss\">" : "<tr>").append("<td>").append(HtmlReport.esc(r.question().id()))
                    .append("</td><td>").append(HtmlReport.esc(r.text())).append("</td><td>")
                    .append(r.question().answerable() ? "answerable" : "off-topic").append("</td><td>")
                    .append(r.answered() ? "yes" : "no").append("</td><td>")
                    .append(r.question().answerable() ? (r.rank() > 0 ? String.valueOf(r.rank()) : "–") : "")
                    .append("</td><td>").append(r.similarity().isPresent()
                            ? String.format(Locale.ROOT, "%.3f", r.similarity().getAsDouble()) : "–")
                    .append("</td><td>").append(String.format(Locale.ROOT, "%.2f", r.coverage())).append("</td><td>")
                    .append(HtmlReport.esc(String.join("; ", r.reasons()))).append("</td></tr>");
        }
        h.append("</table></div>");
    }
}
