package dev.docask.cli;

import dev.docask.index.Manifest;

import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/** How 'inspect' and 'calibrate --auto' show a gate recorded in a manifest (docs/retrieval.md §4). */
final class GateReport {
    private GateReport() {
    }

    static String floors(Manifest.Gate g) {
        return (g.minSimilarity().isPresent()
                ? String.format(Locale.ROOT, "minSimilarity %.3f, ", g.minSimilarity().getAsDouble()) : "")
                + String.format(Locale.ROOT, "minKeywordCoverage %.3f", g.minKeywordCoverage())
                + (g.maxUnknownShare().isPresent()
                ? String.format(Locale.ROOT, ", maxUnknownShare %.2f", g.maxUnknownShare().getAsDouble()) : "")
                + g.neighbours().map(n -> String.format(Locale.ROOT, ", question-space lead at most %.4f (k %d)",
                n.maxLead(), n.k()) + (n.bandTop().isPresent() ? String.format(Locale.ROOT, ", a cosine from %.3f up to %.3f "
                + "counts only with a lead at most 0 (the lowered band)", g.minSimilarity().orElse(Double.NaN),
                n.bandTop().getAsDouble()) : "") + (n.fewPages().isPresent() ? String.format(Locale.ROOT, ", a question that "
                + "names another tool (one the site mentions on at most %d pages) gets no band and, with a lead above 0, "
                + "must pass both floors", n.fewPages().getAsInt()) : "") + (n.headings().isEmpty() ? ""
                : String.format(Locale.ROOT, ", a question it refuses is spared with a lead over the site's %d headings of "
                + "at most %.4f", n.headings().size(), n.headingsMaxLead()))).orElse("")
                + g.otherToolFloor().map(f -> String.format(Locale.ROOT, ", a question that names another tool (one the site "
                + "mentions on at most %d pages) needs keyword coverage %.3f, and below it any question needs two of its "
                + "neighbouring words written together (the pair rule)", f.fewPages(), f.minKeywordCoverage())).orElse("");
    }

    /**
     * The two floors and how many of the gate's other rules were measured on the site, for the line a build prints; the
     * whole gate with each rule's limit is {@link #floors}, which {@code docask inspect} prints.
     */
    static String brief(Manifest.Gate g) {
        int rules = (g.maxUnknownShare().isPresent() ? 1 : 0) + (g.otherToolFloor().isPresent() ? 1 : 0)
                + g.neighbours().map(n -> 1 + (n.bandTop().isPresent() ? 1 : 0) + (n.fewPages().isPresent() ? 1 : 0)
                + (n.headings().isEmpty() ? 0 : 1)).orElse(0);
        return (g.minSimilarity().isPresent()
                ? String.format(Locale.ROOT, "minSimilarity %.3f, ", g.minSimilarity().getAsDouble()) : "")
                + String.format(Locale.ROOT, "minKeywordCoverage %.3f", g.minKeywordCoverage())
                + (rules == 0 ? "" : " and the limits of " + rules + (rules == 1 ? " more rule" : " more rules"));
    }

    static void print(PrintWriter out, Manifest.Gate g) {
        out.println("gate " + floors(g) + " (calibrated on this index " + g.calibratedAt() + ")");
        g.figures().forEach(f -> out.println("  " + f));
    }

    static Map<String, Object> json(Manifest.Gate g) {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("minSimilarity", g.minSimilarity().isPresent() ? g.minSimilarity().getAsDouble() : null);
        o.put("minKeywordCoverage", g.minKeywordCoverage());
        o.put("maxUnknownShare", g.maxUnknownShare().isPresent() ? g.maxUnknownShare().getAsDouble() : null);
        o.put("neighbours", g.neighbours().map(GateReport::json).orElse(null));
        g.otherToolFloor().ifPresent(f -> {
            // absent where there is none (an index with vectors), so such a gate reads as before
            Map<String, Object> t = new LinkedHashMap<>();
            t.put("fewPages", f.fewPages());
            t.put("siteTools", f.siteTools());
            t.put("minKeywordCoverage", f.minKeywordCoverage());
            o.put("otherToolFloor", t);
        });
        o.put("embedderId", g.embedderId());
        o.put("queryVariant", g.queryVariant());
        o.put("calibratedAt", g.calibratedAt().toString());
        o.put("figures", g.figures());
        return o;
    }

    private static Map<String, Object> json(Manifest.Neighbours n) {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("k", n.k());
        o.put("maxLead", n.maxLead());
        if (n.bandTop().isPresent()) {
            // absent where there is no band, so such a gate reads as before
            o.put("bandTop", n.bandTop().getAsDouble());
        }
        if (n.fewPages().isPresent()) {
            o.put("otherToolFewPages", n.fewPages().getAsInt());
            o.put("siteTools", n.siteTools());
        }
        o.put("siteQuestions", n.site().size());
        o.put("offTopicQuestions", n.offTopic().size());
        if (!n.headings().isEmpty()) {
            // absent where none are recorded, so such a gate reads as before
            o.put("headings", n.headings().size());
            o.put("headingsMaxLead", n.headingsMaxLead());
        }
        return o;
    }
}
