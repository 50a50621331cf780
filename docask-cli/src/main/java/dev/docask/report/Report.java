package dev.docask.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.docask.embed.Embedders;
import dev.docask.index.DocIndex;
import dev.docask.retrieve.HybridRetriever;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.TreeSet;

/**
 * {@code docask report}'s pipeline: check the folder, read it into DuckDB, compute the figures, group the
 * refused questions with the index's embedder.
 *
 * <pre>{@code
 * Figures f = Report.figures(LogFolder.open(Path.of("questions")), Optional.empty(), index, 0.8);
 * Files.writeString(Path.of("report.html"), HtmlReport.render(f, "Questions"));
 * }</pre>
 */
public final class Report {
    static final int MOST_CITED = 20;
    static final int THUMBS_DOWN = 100;

    private Report() {
    }

    /** @param since the first UTC day to count ({@code YYYY-MM-DD}), or empty for all */
    public static Figures figures(LogFolder folder, Optional<String> since, DocIndex index, double groupSimilarity) {
        try (LogDatabase db = LogDatabase.read(folder, since)) {
            List<String> warnings = new ArrayList<>(folder.warnings());
            warnings.addAll(db.warnings(folder));
            List<Figures.PageCount> cited = db.cited();
            Set<String> citedPages = new HashSet<>();
            cited.forEach(p -> citedPages.add(p.url()));
            Set<String> never = new TreeSet<>();
            for (int i = 0; i < index.size(); i++) {
                String page = index.chunk(i).pageUrl();
                if (!citedPages.contains(page)) {
                    never.add(page);
                }
            }
            var embedder = Embedders.create(index.manifest().embedderSpec());
            // a closest page found by keywords alone (the embedder failed) is said with the report's other warnings
            Set<String> fellBack = new LinkedHashSet<>();
            HybridRetriever retriever = HybridRetriever.builder(index).embedder(embedder)
                    .onError(e -> fellBack.add("finding the closest pages: " + e.getMessage())).build();
            CoverageGaps gaps = new CoverageGaps(embedder, retriever, groupSimilarity);
            List<LogDatabase.Asked> refused = db.refused(CoverageGaps.MAX_QUESTIONS);
            if (refused.size() == CoverageGaps.MAX_QUESTIONS) {
                warnings.add("only the " + CoverageGaps.MAX_QUESTIONS + " most asked distinct refused questions were grouped");
            }
            List<Figures.Gap> grouped = gaps.group(refused);
            warnings.addAll(fellBack);
            return new Figures(since, db.questions(), db.outcomes(), db.clients(), db.days(), db.latency(), db.tokens(),
                    db.rated("up"), db.rated("down"), db.thumbsDown(THUMBS_DOWN), cited.stream().limit(MOST_CITED).toList(),
                    List.copyOf(never), grouped, warnings);
        }
    }

    /** The figures as one JSON object, the same numbers the HTML shows. */
    public static ObjectNode json(Figures f, ObjectMapper json) {
        ObjectNode o = json.createObjectNode();
        f.since().ifPresent(s -> o.put("since", s));
        o.put("questions", f.questions());
        ObjectNode outcomes = o.putObject("outcomes");
        Figures.OUTCOMES.forEach(k -> outcomes.put(k, f.count(k)));
        o.put("clients", f.clients());
        ArrayNode days = o.putArray("days");
        for (Figures.Day d : f.days()) {
            ObjectNode day = days.addObject().put("date", d.date()).put("questions", d.total());
            Figures.OUTCOMES.forEach(k -> day.put(k, d.outcomes().getOrDefault(k, 0L)));
        }
        ObjectNode lat = o.putObject("latencyMs");
        Figures.Latency l = f.latency();
        put(lat, "sourcesP50", l.sourcesP50());
        put(lat, "sourcesP95", l.sourcesP95());
        put(lat, "firstTokenP50", l.firstTokenP50());
        put(lat, "firstTokenP95", l.firstTokenP95());
        put(lat, "totalP50", l.totalP50());
        put(lat, "totalP95", l.totalP95());
        ArrayNode tokens = o.putArray("tokensPerDay");
        f.tokens().forEach(t -> tokens.addObject().put("date", t.date()).put("input", t.input()).put("output", t.output()));
        o.putObject("feedback").put("up", f.thumbsUp()).put("down", f.thumbsDownCount());
        ArrayNode down = o.putArray("thumbsDown");
        for (Figures.ThumbsDown t : f.thumbsDown()) {
            ObjectNode d = down.addObject().put("id", t.id()).put("time", t.time()).put("question", t.question())
                    .put("answer", t.answer()).put("comment", t.comment());
            t.sources().forEach(d.putArray("sources")::add);
        }
        ArrayNode cited = o.putArray("mostCited");
        f.mostCited().forEach(p -> cited.addObject().put("url", p.url()).put("answers", p.count()));
        ArrayNode never = o.putArray("neverCited");
        f.neverCited().forEach(never::add);
        ArrayNode gaps = o.putArray("gaps");
        for (Figures.Gap g : f.gaps()) {
            ObjectNode gap = gaps.addObject().put("count", g.count());
            ArrayNode ex = gap.putArray("examples");
            g.examples().forEach(ex::add);
            g.closestPage().ifPresent(p -> gap.put("closestPage", p));
            put(gap, "closestSimilarity", g.closestSimilarity());
        }
        ArrayNode warnings = o.putArray("warnings");
        f.warnings().forEach(warnings::add);
        return o;
    }

    private static void put(ObjectNode o, String name, OptionalDouble v) {
        if (v.isPresent()) {
            o.put(name, Math.round(v.getAsDouble() * 1000) / 1000.0);
        }
    }
}
