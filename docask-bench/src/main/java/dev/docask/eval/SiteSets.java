package dev.docask.eval;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/*
 * SecondEmbedderQuality's docs-site half (docs/quality.md "e5-small against bge-small on the larger
 * sets"): every question set of every site asked each way, short and (where the set has long forms)
 * long, with the gate off (`topn`, the ranking's ceiling) and on (`hybrid`, each index's own
 * calibrated gate); then the same counts pooled per set and over all sets, and the questions whose
 * gate-off result differs from today's hybrid.
 */

/**
 * Docs question sets measured per site and pooled, for comparing retrievers over the same chunks.
 *
 * <pre>{@code
 * SiteSets sets = new SiteSets();
 * sets.measure("vitest", "titles", QuestionFile.read(file),
 *         Map.of(SiteSets.BASELINE, new SecondEmbedderQuality.Fusion(HybridRetriever.create(index, embedder))));
 * sets.print(System.out);
 * }</pre>
 */
final class SiteSets {
    /** The way every other one is compared with: docask's default retriever. */
    static final String BASELINE = "hybrid";
    private static final int K = 6;

    private final Map<Key, Tally> tallies = new LinkedHashMap<>();
    private final List<String> flips = new ArrayList<>();

    private record Key(String way, String form, String set, String site) {
    }

    /**
     * One way on one set: {@code found} answerable questions with an expected page among the first six
     * sources and {@code rr} their reciprocal ranks summed, gate off; {@code gatedFound}, {@code turnedAway}
     * and {@code offPassed} with the gate on.
     */
    private record Tally(int answerable, int found, double rr, int first, int gatedFound, int turnedAway,
                         int offtopic, int offPassed) {
        static final Tally ZERO = new Tally(0, 0, 0, 0, 0, 0, 0, 0);

        Tally plus(Tally o) {
            return new Tally(answerable + o.answerable, found + o.found, rr + o.rr, first + o.first,
                    gatedFound + o.gatedFound, turnedAway + o.turnedAway, offtopic + o.offtopic, offPassed + o.offPassed);
        }

        String line() {
            return String.format("found %3d/%-3d recall@6 %.3f  MRR %.3f  hit@1 %.3f | gate on: found %3d  turned away %2d  off-topic passed %2d/%-2d",
                    found, answerable, rate(found), rate(rr), rate(first), gatedFound, turnedAway, offPassed, offtopic);
        }

        private double rate(double x) {
            return answerable == 0 ? Double.NaN : x / answerable;
        }
    }

    /** Asks {@code questions} every way (name → retrieval) short, and long when any question has a long form. */
    void measure(String site, String set, List<Question> questions,
                 Map<String, SecondEmbedderQuality.Fusion> ways) {
        int answerable = (int) questions.stream().filter(Question::answerable).count();
        boolean hasLong = questions.stream().anyMatch(q -> !q.text(true).equals(q.text(false)));
        for (boolean longForm : hasLong ? List.of(false, true) : List.of(false)) {
            String form = longForm ? "long" : "short";
            Map<String, Set<String>> missed = new LinkedHashMap<>();
            for (Map.Entry<String, SecondEmbedderQuality.Fusion> w : ways.entrySet()) {
                DocsReport off = DocsEval.run(w.getValue().retriever()::retrieve, questions,
                        Strategies.select(List.of("topn"), List.of()), K, longForm);
                DocsReport on = DocsEval.run(w.getValue().retriever()::retrieve, questions,
                        Strategies.select(List.of(Strategies.DEFAULT), List.of()), K, longForm);
                DocsMetrics m = off.primary();
                DocsMetrics g = on.primary();
                int offtopic = questions.size() - answerable;
                Tally t = new Tally(answerable, count(m.recallAtK(), answerable), answerable == 0 ? 0 : m.mrr() * answerable,
                        count(m.hitAt1(), answerable), count(g.recallAtK(), answerable), count(g.turnedAway(), answerable),
                        offtopic, count(g.offtopicPassed(), offtopic));
                tallies.put(new Key(w.getKey(), form, set, site), t);
                missed.put(w.getKey(), answerableMisses(off));
                System.out.printf("  %-20s %-14s %-5s %s%n", set, w.getKey(), form, t.line());
            }
            Set<String> base = missed.get(BASELINE);
            for (Map.Entry<String, Set<String>> e : missed.entrySet()) {
                if (base == null || e.getKey().equals(BASELINE)) {
                    continue;
                }
                Set<String> gained = new TreeSet<>(base);
                gained.removeAll(e.getValue());
                Set<String> lost = new TreeSet<>(e.getValue());
                lost.removeAll(base);
                String flip = String.format("%s %s %s, %s vs %s: finds %s; loses %s", site, set, form, e.getKey(), BASELINE,
                        gained.isEmpty() ? "-" : gained, lost.isEmpty() ? "-" : lost);
                flips.add(flip);
                System.out.println("  flips: " + flip);
            }
        }
    }

    /** Per set and over all sets: each way's counts per site and pooled over the sites; then every flip. */
    void print(PrintStream out) {
        Set<String> sets = new LinkedHashSet<>();
        Set<String> sites = new LinkedHashSet<>();
        Set<String> ways = new LinkedHashSet<>();
        tallies.keySet().forEach(k -> {
            sets.add(k.set());
            sites.add(k.site());
            ways.add(k.way());
        });
        List<String> rows = new ArrayList<>(sets);
        rows.add("ALL");
        for (String set : rows) {
            for (String form : List.of("short", "long")) {
                for (String way : ways) {
                    Tally pooled = Tally.ZERO;
                    StringBuilder perSite = new StringBuilder();
                    boolean any = false;
                    for (String site : sites) {
                        Tally t = sum(way, form, set, site);
                        if (t == null) {
                            continue;
                        }
                        any = true;
                        pooled = pooled.plus(t);
                        perSite.append(String.format("  %s %d/%d", site, t.found(), t.answerable()));
                    }
                    if (any) {
                        out.printf("POOLED %-20s %-5s %-14s %s |%s%n", set, form, way, pooled.line(), perSite);
                    }
                }
            }
        }
        flips.forEach(f -> out.println("FLIP " + f));
    }

    /** One set's tally, or every set's summed for "ALL"; null when that way never ran there. */
    private Tally sum(String way, String form, String set, String site) {
        Tally t = null;
        for (Map.Entry<Key, Tally> e : tallies.entrySet()) {
            Key k = e.getKey();
            if (k.way().equals(way) && k.form().equals(form) && k.site().equals(site)
                    && (set.equals("ALL") || k.set().equals(set))) {
                t = t == null ? e.getValue() : t.plus(e.getValue());
            }
        }
        return t;
    }

    private static Set<String> answerableMisses(DocsReport r) {
        Set<String> out = new TreeSet<>();
        r.misses().stream().filter(m -> !m.expected().isEmpty()).forEach(m -> out.add(m.id()));
        return out;
    }

    private static int count(double rate, int of) {
        return of == 0 ? 0 : (int) Math.round(rate * of);
    }
}
