package dev.docask.report;

import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;

/*
 * One self-contained page: no script, no font, no request of any kind, so it opens from a mail
 * attachment or a CI artefact as it is, and a phone shows it in one column. Charts are inline SVG
 * drawn here (a day's bar stacked by outcome), with their numbers in a table beside them for
 * screen readers and for copying.
 */
/** Renders {@link Figures} as one HTML page. */
public final class HtmlReport {
    private static final List<String> COLOURS = List.of("#2f7d32", "#5c8fd6", "#c77700", "#c62828", "#7b7b7b",
            "#8e44ad", "#4e342e"); // one per Figures.OUTCOMES, in its order

    private HtmlReport() {
    }

    public static String render(Figures f, String title) {
        StringBuilder h = new StringBuilder(16_384);
        h.append("<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">")
                .append("<title>").append(esc(title)).append("</title><style>").append(CSS).append("</style></head><body>")
                .append("<main><h1>").append(esc(title)).append("</h1>");
        h.append("<p class=\"sub\">").append(count(f.questions(), "question"))
                .append(f.since().map(d -> " since " + esc(d)).orElse(""))
                .append(", ").append(count(f.clients(), "client")).append("</p>");
        for (String w : f.warnings()) {
            h.append("<p class=\"warn\">").append(esc(w)).append("</p>");
        }
        tiles(h, f);
        h.append("<section><h2>Questions per day</h2>");
        volumeChart(h, f);
        h.append("</section>");
        gaps(h, f);
        thumbsDown(h, f);
        cited(h, f);
        latency(h, f);
        tokens(h, f);
        h.append("</main></body></html>\n");
        return h.toString();
    }

    private static String count(long n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }

    private static void tiles(StringBuilder h, Figures f) {
        h.append("<div class=\"tiles\">");
        for (String o : Figures.OUTCOMES) {
            h.append("<div class=\"tile\"><b>").append(pct(f.count(o), f.questions())).append("</b><span>").append(o)
                    .append(" (").append(f.count(o)).append(")</span></div>");
        }
        h.append("<div class=\"tile\"><b>").append(f.thumbsUp()).append(" / ").append(f.thumbsDownCount())
                .append("</b><span>thumbs up / down</span></div></div>");
    }

    private static void volumeChart(StringBuilder h, Figures f) {
        List<Figures.Day> days = f.days();
        if (days.isEmpty()) {
            h.append("<p>No questions.</p>");
            return;
        }
        long max = days.stream().mapToLong(Figures.Day::total).max().orElse(1);
        int w = 640;
        int ch = 200;
        double bar = (double) (w - 40) / days.size();
        h.append("<svg viewBox=\"0 0 ").append(w).append(' ').append(ch + 30)
                .append("\" role=\"img\" aria-label=\"Questions per day by outcome\">");
        h.append("<text x=\"0\" y=\"12\" class=\"axis\">").append(max).append("</text>");
        for (int i = 0; i < days.size(); i++) {
            Figures.Day d = days.get(i);
            double y = ch;
            for (int k = 0; k < Figures.OUTCOMES.size(); k++) {
                long n = d.outcomes().getOrDefault(Figures.OUTCOMES.get(k), 0L);
                double height = (double) n / max * (ch - 20);
                y -= height;
                if (n > 0) {
                    h.append(String.format(Locale.ROOT,
                            "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\"><title>%s %s: %d</title></rect>",
                            40 + i * bar, y, Math.max(1, bar - 2), height, COLOURS.get(k), d.date(),
                            Figures.OUTCOMES.get(k), n));
                }
            }
        }
        h.append("<text x=\"40\" y=\"").append(ch + 20).append("\" class=\"axis\">").append(esc(days.getFirst().date()))
                .append("</text><text x=\"").append(w).append("\" y=\"").append(ch + 20)
                .append("\" class=\"axis\" text-anchor=\"end\">").append(esc(days.getLast().date())).append("</text></svg>");
        h.append("<p class=\"legend\">");
        for (int k = 0; k < Figures.OUTCOMES.size(); k++) {
            h.append("<span><i style=\"background:").append(COLOURS.get(k)).append("\"></i>")
                    .append(Figures.OUTCOMES.get(k)).append("</span>");
        }
        h.append("</p><details><summary>Numbers</summary><div class=\"scroll\"><table><tr><th>Day</th>");
        Figures.OUTCOMES.forEach(o -> h.append("<th>").append(o).append("</th>"));
        h.append("</tr>");
        for (Figures.Day d : days) {
            h.append("<tr><td>").append(esc(d.date())).append("</td>");
            Figures.OUTCOMES.forEach(o -> h.append("<td>").append(d.outcomes().getOrDefault(o, 0L)).append("</td>"));
            h.append("</tr>");
        }
        h.append("</table></div></details>");
    }

    private static void gaps(StringBuilder h, Figures f) {
        h.append("<section><h2>Coverage gaps</h2><p class=\"sub\">Refused questions grouped by meaning, largest first: "
                + "what to write next.</p>");
        if (f.gaps().isEmpty()) {
            h.append("<p>No refused questions.</p>");
        }
        int n = 0;
        for (Figures.Gap g : f.gaps()) {
            h.append("<article class=\"gap\"><h3>").append(++n).append(". ").append(g.count()).append(" question")
                    .append(g.count() == 1 ? "" : "s").append("</h3><ul>");
            g.examples().forEach(e -> h.append("<li>").append(esc(e)).append("</li>"));
            h.append("</ul><p class=\"sub\">Closest page: ");
            if (g.closestPage().isPresent()) {
                String url = g.closestPage().get();
                h.append(link(url)).append(g.closestSimilarity().isPresent()
                                ? String.format(Locale.ROOT, " (similarity %.2f)", g.closestSimilarity().getAsDouble()) : "");
            } else {
                h.append("none");
            }
            h.append("</p></article>");
        }
        h.append("</section>");
    }

    private static void thumbsDown(StringBuilder h, Figures f) {
        h.append("<section><h2>Thumbs down</h2>");
        if (f.thumbsDown().isEmpty()) {
            h.append("<p>None.</p>");
        } else if (f.thumbsDownCount() > f.thumbsDown().size()) {
            h.append("<p class=\"sub\">The latest ").append(f.thumbsDown().size()).append(" of ").append(f.thumbsDownCount())
                    .append("; the JSON report (--json) lists the same.</p>");
        }
        for (Figures.ThumbsDown t : f.thumbsDown()) {
            h.append("<article class=\"down\"><p><b>").append(esc(t.question())).append("</b></p><blockquote>")
                    .append(esc(t.answer())).append("</blockquote>");
            if (!t.comment().isBlank()) {
                h.append("<p>Comment: ").append(esc(t.comment())).append("</p>");
            }
            if (!t.sources().isEmpty()) {
                h.append("<p class=\"sub\">Sources: ");
                t.sources().forEach(s -> h.append(link(s)).append(' '));
                h.append("</p>");
            }
            h.append("<p class=\"sub\">").append(esc(t.time())).append(" · ").append(esc(t.id())).append("</p></article>");
        }
        h.append("</section>");
    }

    private static void cited(StringBuilder h, Figures f) {
        h.append("<section><h2>Most cited pages</h2>");
        if (f.mostCited().isEmpty()) {
            h.append("<p>No answer cited a page.</p>");
        } else {
            h.append("<div class=\"scroll\"><table><tr><th>Page</th><th>Answers</th></tr>");
            f.mostCited().forEach(p -> h.append("<tr><td>").append(link(p.url())).append("</td><td>").append(p.count()).append("</td></tr>"));
            h.append("</table></div>");
        }
        h.append("<h2>Pages never cited</h2>");
        if (f.neverCited().isEmpty()) {
            h.append("<p>Every page was cited.</p>");
        } else {
            h.append("<details><summary>").append(f.neverCited().size()).append(" pages</summary><ul>");
            f.neverCited().forEach(u -> h.append("<li>").append(link(u)).append("</li>"));
            h.append("</ul></details>");
        }
        h.append("</section>");
    }

    private static void latency(StringBuilder h, Figures f) {
        Figures.Latency l = f.latency();
        h.append("<section><h2>Latency</h2><div class=\"scroll\"><table><tr><th></th><th>p50</th><th>p95</th></tr>")
                .append("<tr><td>to sources</td><td>").append(ms(l.sourcesP50())).append("</td><td>")
                .append(ms(l.sourcesP95())).append("</td></tr><tr><td>to first token (answers only: a refusal calls no model)</td><td>")
                .append(ms(l.firstTokenP50())).append("</td><td>").append(ms(l.firstTokenP95()))
                .append("</td></tr><tr><td>total</td><td>").append(ms(l.totalP50())).append("</td><td>")
                .append(ms(l.totalP95())).append("</td></tr></table></div></section>");
    }

    private static void tokens(StringBuilder h, Figures f) {
        h.append("<section><h2>Model tokens per day</h2>");
        long max = f.tokens().stream().mapToLong(t -> t.input() + t.output()).max().orElse(0);
        if (max == 0) {
            h.append("<p>No tokens were reported.</p></section>");
            return;
        }
        int w = 640;
        int ch = 120;
        double bar = (double) (w - 40) / f.tokens().size();
        h.append("<svg viewBox=\"0 0 ").append(w).append(' ').append(ch + 10)
                .append("\" role=\"img\" aria-label=\"Model tokens per day\">");
        for (int i = 0; i < f.tokens().size(); i++) {
            Figures.Tokens t = f.tokens().get(i);
            double height = (double) (t.input() + t.output()) / max * ch;
            h.append(String.format(Locale.ROOT,
                    "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"#5c8fd6\"><title>%s: %d in, %d out</title></rect>",
                    40 + i * bar, ch - height, Math.max(1, bar - 2), height, t.date(), t.input(), t.output()));
        }
        h.append("</svg><details><summary>Numbers</summary><div class=\"scroll\"><table><tr><th>Day</th><th>Input</th>"
                + "<th>Output</th></tr>");
        f.tokens().forEach(t -> h.append("<tr><td>").append(esc(t.date())).append("</td><td>").append(t.input())
                .append("</td><td>").append(t.output()).append("</td></tr>"));
        h.append("</table></div></details></section>");
    }

    private static String pct(long n, long of) {
        return of == 0 ? "0%" : String.format(Locale.ROOT, "%.0f%%", 100.0 * n / of);
    }

    private static String ms(OptionalDouble v) {
        return v.isPresent() ? String.format(Locale.ROOT, "%.0f ms", v.getAsDouble()) : "–";
    }

    /** {@code s} escaped for HTML text and attribute values. */
    /*
     * URLs come from the log, which is only data: a link is made of an http(s) or site-relative URL, anything else
     * (a javascript: URL in an edited log) is shown as text, so the page stays one without scripts.
     */
    private static String link(String url) {
        String u = url.strip().toLowerCase(Locale.ROOT);
        boolean web = u.startsWith("https://") || u.startsWith("http://") || u.startsWith("/");
        return web ? "<a href=\"" + esc(url) + "\">" + esc(url) + "</a>" : esc(url);
    }

    public static String esc(String s) {
        StringBuilder b = new StringBuilder(s.length());
        for (char c : s.toCharArray()) {
            switch (c) {
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '&' -> b.append("&amp;");
                case '"' -> b.append("&quot;");
                case '\'' -> b.append("&#39;");
                default -> b.append(c);
            }
        }
        return b.toString();
    }

    /** The page style the report and {@code docask eval --html} share: one column, phone-readable. */
    public static final String CSS = """
            body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d1d1f;background:#fafafa}
            main{max-width:760px;margin:0 auto;padding:16px}
            h1{font-size:1.5rem;margin:.5rem 0}h2{font-size:1.2rem;margin:1.5rem 0 .5rem}h3{font-size:1rem;margin:0 0 .25rem}
            .sub{color:#555;font-size:.9rem;margin:.25rem 0}.warn{background:#fff4e5;border-left:4px solid #c77700;padding:.5rem}
            .tiles{display:grid;grid-template-columns:repeat(auto-fit,minmax(110px,1fr));gap:8px}
            .tile{background:#fff;border:1px solid #ddd;border-radius:8px;padding:8px}.tile b{display:block;font-size:1.3rem}
            .tile span{color:#555;font-size:.85rem}svg{width:100%;height:auto;background:#fff;border:1px solid #ddd;border-radius:8px}
            .axis{font-size:11px;fill:#555}.legend span{margin-right:12px;font-size:.85rem;white-space:nowrap}
            .legend i{display:inline-block;width:10px;height:10px;margin-right:4px;border-radius:2px}
            .gap,.down{background:#fff;border:1px solid #ddd;border-radius:8px;padding:8px 12px;margin:8px 0}
            blockquote{margin:.25rem 0;padding-left:8px;border-left:3px solid #ddd;white-space:pre-wrap;overflow-wrap:anywhere}
            a{color:#1a5fb4;overflow-wrap:anywhere}.scroll{overflow-x:auto}table{border-collapse:collapse;width:100%;background:#fff}
            td,th{border:1px solid #ddd;padding:4px 8px;text-align:left;font-size:.9rem}
            """;
}
