package dev.docask.eval;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

import org.jspecify.annotations.Nullable;

import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Predicate;

/**
 * What {@link ExtractiveEval} found, per part of the labelled set (each part the file names, in
 * the order it first appears, then all) and per question where the first quote missed.
 *
 * @param outcomes one per question, in file order
 */
public record ExtractiveReport(List<ExtractiveEval.Outcome> outcomes) {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    /* the parts nothing is chosen on: report, check, check2, … (docs/quality.md, "Round 8", "Round 9") */
    private static final Predicate<String> HELD_OUT = java.util.regex.Pattern.compile("report|check\\d*").asMatchPredicate();

    public ExtractiveReport {
        outcomes = List.copyOf(outcomes);
    }

    /** The share of all questions whose first quote answers them. */
    public double firstQuoteRate() {
        return outcomes.isEmpty() ? 0 : outcomes.stream().filter(ExtractiveEval.Outcome::first).count() / (double) outcomes.size();
    }

    /** A plain-text table (one row per part), then the first quote of each question it missed outside the report and check parts. */
    public String table() {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "%d labelled questions%n%n", outcomes.size()));
        sb.append(String.format(Locale.ROOT, "%-6s  %9s  %18s  %18s  %18s  %7s%n", "part", "questions",
                "first quote", "in first two", "in the sources", "p50 ms"));
        for (String part : parts()) {
            List<ExtractiveEval.Outcome> of = part(part);
            sb.append(String.format(Locale.ROOT, "%-6s  %9d  %18s  %18s  %18s  %7d%n", part, of.size(),
                    share(of, ExtractiveEval.Outcome::first), share(of, ExtractiveEval.Outcome::topTwo),
                    share(of, ExtractiveEval.Outcome::inSources), median(of)));
        }
        // the report and check parts are for reporting only: their misses are counted, not shown, so no rule is
        // chosen by reading them (docs/quality.md, "Extractive answers", "Round 8"); --json still has every question
        List<ExtractiveEval.Outcome> misses = outcomes.stream().filter(o -> !o.first()).toList();
        List<ExtractiveEval.Outcome> shown = misses.stream().filter(o -> !HELD_OUT.test(o.question().part())).toList();
        if (!misses.isEmpty()) {
            sb.append(String.format(Locale.ROOT, "%nfirst quote missed:%n"));
            if (shown.size() < misses.size()) {
                List<String> held = misses.stream().map(o -> o.question().part()).filter(HELD_OUT).distinct().toList();
                String names = held.size() == 1 ? held.getFirst()
                        : String.join(", ", held.subList(0, held.size() - 1)) + " and " + held.getLast();
                sb.append(String.format(Locale.ROOT, "  (%d of the %s part%s, not shown)%n", misses.size() - shown.size(),
                        names, held.size() > 1 ? "s" : ""));
            }
            for (ExtractiveEval.Outcome o : shown) {
                sb.append("  ").append(o.question().id()).append(" (").append(o.question().part()).append(")  ")
                        .append(o.question().question()).append('\n');
                sb.append("      wanted ").append(o.question().answers().getFirst()).append('\n');
                sb.append("      quoted ").append(o.quotes().isEmpty() ? "(nothing)" : oneLine(o.quotes().getFirst()))
                        .append(o.inSources() ? "" : "   [answer not in the sources]").append('\n');
            }
        }
        return sb.toString();
    }

    /** The same as JSON: per-part rates, then every question with its first quote. */
    public String json() {
        Map<String, Object> root = new LinkedHashMap<>();
        for (String part : parts()) {
            List<ExtractiveEval.Outcome> of = part(part);
            Map<String, Object> p = new LinkedHashMap<>();
            p.put("questions", of.size());
            p.put("first_quote", rate(of, ExtractiveEval.Outcome::first));
            p.put("in_first_two", rate(of, ExtractiveEval.Outcome::topTwo));
            p.put("in_sources", rate(of, ExtractiveEval.Outcome::inSources));
            root.put(part, p);
        }
        root.put("questions", outcomes.stream().map(o -> {
            Map<String, Object> q = new LinkedHashMap<>();
            q.put("id", o.question().id());
            q.put("part", o.question().part());
            q.put("first_quote", o.first());
            q.put("in_first_two", o.topTwo());
            q.put("in_sources", o.inSources());
            q.put("quoted", o.quotes().isEmpty() ? "" : o.quotes().getFirst());
            return q;
        }).toList());
        try {
            return JSON.writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The parts the labelled file has, in the order they first appear, then "all": a set grows by
     * new parts (docs/quality.md, "Round 6"), and a fixed list would hide them.
     */
    List<String> parts() {
        List<String> parts = new ArrayList<>(outcomes.stream().map(o -> o.question().part()).distinct().toList());
        parts.add("all");
        return parts;
    }

    private List<ExtractiveEval.Outcome> part(String part) {
        return part.equals("all") ? outcomes : outcomes.stream().filter(o -> o.question().part().equals(part)).toList();
    }

    private static @Nullable Double rate(List<ExtractiveEval.Outcome> of, Predicate<ExtractiveEval.Outcome> test) {
        return of.isEmpty() ? null : of.stream().filter(test).count() / (double) of.size();
    }

    private static String share(List<ExtractiveEval.Outcome> of, Predicate<ExtractiveEval.Outcome> test) {
        long n = of.stream().filter(test).count();
        return of.isEmpty() ? "-" : String.format(Locale.ROOT, "%.3f (%d)", n / (double) of.size(), n);
    }

    private static long median(List<ExtractiveEval.Outcome> of) {
        long[] ms = of.stream().mapToLong(ExtractiveEval.Outcome::millis).sorted().toArray();
        return ms.length == 0 ? 0 : ms[ms.length / 2];
    }

    private static String oneLine(String quote) {
        String s = quote.replaceAll("\\s+", " ");
        return s.length() > 160 ? s.substring(0, 160) + " …" : s;
    }
}
