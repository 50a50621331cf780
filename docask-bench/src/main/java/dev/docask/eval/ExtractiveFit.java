package dev.docask.eval;

import dev.docask.answer.Answer;
import dev.docask.answer.AskHandler;
import dev.docask.answer.ExtractiveProbe;
import dev.docask.index.DocIndex;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Fits the extractive answer's weights on its own signals and counts first quotes under them, per index and
 * part of the labelled set (docs/quality.md, "Extractive answers", "Round 8"). A conditional logit: a softmax
 * over each question's passages, maximising the probability of the passages whose quote answers it, with an
 * L2 penalty chosen by cross-validation within the parts it is fitted on. The sources are retrieved once per
 * question with today's defaults; only the choice of quote varies.
 *
 * <pre>{@code
 * java -cp docask-bench/target/benchmarks.jar dev.docask.eval.ExtractiveFit \
 *     samples=/work/idx6/samples-bge=eval/questions/samples-extractive.jsonl \
 *     samples-none=/work/idx6/samples-none=eval/questions/samples-extractive.jsonl ...
 * }</pre>
 */
public final class ExtractiveFit {
    private static final double[] L2 = {0, 1e-4, 3e-4, 1e-3, 3e-3, 0.01, 0.03, 0.1};
    private static final int FOLDS = 5;

    private ExtractiveFit() {
    }

    /** One labelled question with its passages' signals and which of them answer it. */
    record Item(String set, boolean byMeaning, LabelledQuestion q, double[][] x, boolean[] answers, double[] keywords,
                boolean handFirst, double[] inUse) {
        boolean fittable() {
            for (boolean a : answers) {
                if (a) {
                    return true;
                }
            }
            return false;
        }
    }

    public static void main(String[] args) {
        List<Item> items = new ArrayList<>();
        List<String> sets = new ArrayList<>();
        for (String arg : args) {
            String[] p = arg.split("=", 3);
            sets.add(p[0]);
            items.addAll(load(p[0], Path.of(p[1]), Path.of(p[2])));
        }
        Function<Item, double[]> hand = Item::inUse;
        int agree = 0;
        for (Item it : items) {
            agree += first(it, it.inUse()) == it.handFirst() ? 1 : 0;
        }
        System.out.printf(Locale.ROOT, "questions %d; the argmax over signals agrees with the answer's first quote on %d%n",
                items.size(), agree);

        Predicate<Item> bge = it -> it.byMeaning();
        Predicate<Item> tunes = it -> it.q().part().startsWith("tune");
        table("the weights in use (with a model; without one on keyword-only indexes)", items, sets, hand);

        // the choice: fit on tune + tune2 of the bge-small indexes, L2 by cross-validation within them
        Fit chosen = crossValidate(items.stream().filter(bge.and(tunes)).toList(), "bge-small tune + tune2");
        table("fitted on bge-small tune + tune2 (L2 " + chosen.l2 + ")", items, sets, all(chosen.w));
        double[] rounded = rounded(chosen.w, 0, 1);
        table("the same, scaled to meaning 1 and rounded", items, sets, all(rounded));

        // every index, keyword-only included, as round 7 fitted
        Fit all5 = crossValidate(items.stream().filter(tunes).toList(), "all five tune + tune2");
        table("fitted on all five indexes' tune + tune2 (L2 " + all5.l2 + ")", items, sets, all(all5.w));

        // no meaning: the weights for a keyword-only index, fitted the same way with the cosine left out
        List<Item> noMeaning = items.stream().filter(tunes).map(ExtractiveFit::withoutMeaning).toList();
        Fit kw = crossValidate(noMeaning, "tune + tune2 without the cosine");
        table("fitted without the cosine on tune + tune2 (L2 " + kw.l2 + ")", items, sets, all(kw.w));
        double[] roundedKw = rounded(kw.w, 1, 0.4);
        Function<Item, double[]> byKind = it -> it.byMeaning() ? rounded : roundedKw;
        table("fitted, rounded: with a model the first, without one this (scaled to keywords 0.4)", items, sets, byKind);
        changes(items, hand, byKind);

        // rotation: the spread of a fit over which parts it saw
        rotation(items, sets, bge, Set.of("tune", "report"), chosen.l2);
        rotation(items, sets, bge, Set.of("tune2", "report"), chosen.l2);
        rotation(items, sets, bge, Set.of("tune", "tune2", "report"), chosen.l2);
        rotation(items, sets, bge, Set.of("check", "report"), chosen.l2);

        // verify the rounded weights through the answer itself, as docask eval --extractive counts
        System.out.println();
        System.out.println("verified through the written answer, rounded fits by kind of index: " + verify(args, rounded, roundedKw));
    }

    /** The questions whose first quote's verdict differs between {@code before} and {@code after}. */
    private static void changes(List<Item> items, Function<Item, double[]> before, Function<Item, double[]> after) {
        StringBuilder gained = new StringBuilder();
        StringBuilder lost = new StringBuilder();
        for (Item it : items) {
            boolean b = first(it, before.apply(it));
            boolean a = first(it, after.apply(it));
            if (a != b) {
                (a ? gained : lost).append(' ').append(it.set()).append(':').append(it.q().id()).append('(').append(it.q().part())
                        .append(')');
            }
        }
        System.out.println("   gained:" + gained);
        System.out.println("   lost:  " + lost);
    }

    private record Fit(double l2, double[] w) {
    }

    private static void rotation(List<Item> items, List<String> sets, Predicate<Item> bge, Set<String> parts, double l2) {
        List<Item> train = items.stream().filter(bge).filter(it -> parts.contains(it.q().part())).toList();
        double[] w = fit(train, l2);
        table("rotation: fitted on bge-small " + String.join(" + ", parts.stream().sorted().toList()) + " (L2 " + l2 + ")",
                items, sets, all(w));
    }

    private static Item withoutMeaning(Item it) {
        double[][] x = new double[it.x().length][];
        for (int i = 0; i < x.length; i++) {
            x[i] = it.x()[i].clone();
            x[i][0] = 0;
        }
        return new Item(it.set(), false, it.q(), x, it.answers(), it.keywords(), it.handFirst(), it.inUse());
    }

    private static List<Item> load(String set, Path indexDir, Path questions) {
        List<Item> out = new ArrayList<>();
        try (DocIndex index = DocIndex.open(indexDir); AskHandler handler = AskHandler.builder().index(index).build()) {
            ExtractiveProbe probe = new ExtractiveProbe(index);
            for (LabelledQuestion q : LabelledFile.read(questions)) {
                Answer a = handler.ask(q.question());
                List<String> quotes = a.refused() ? List.of() : Quotes.of(a.text());
                boolean handFirst = !quotes.isEmpty() && q.answeredBy(quotes.getFirst());
                List<ExtractiveProbe.Passage> ps = a.refused() ? List.of() : probe.passages(q.question(), a.sources());
                double[][] x = new double[ps.size()][];
                boolean[] answers = new boolean[ps.size()];
                double[] keywords = new double[ps.size()];
                for (int i = 0; i < ps.size(); i++) {
                    x[i] = ps.get(i).signals();
                    keywords[i] = ps.get(i).keywords();
                    List<String> shown = Quotes.of(ps.get(i).shown());
                    answers[i] = !shown.isEmpty() && q.answeredBy(shown.getFirst());
                }
                out.add(new Item(set, probe.byMeaning(), q, x, answers, keywords, handFirst, probe.weightsInUse()));
            }
        }
        System.err.printf(Locale.ROOT, "%s: %d questions%n", set, out.size());
        return out;
    }

    /** Whether the first quote under {@code w} answers: the best passage, ties to the earlier, as the answer chooses. */
    static boolean first(Item it, double[] w) {
        int best = -1;
        double bestScore = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < it.x().length; i++) {
            double s = dot(w, it.x()[i]);
            boolean eligible = it.byMeaning() && s > 0 || it.keywords()[i] > 0;
            if (eligible && s > bestScore) {
                bestScore = s;
                best = i;
            }
        }
        if (best < 0 && it.x().length > 0) {
            best = 0;
        }
        return best >= 0 && it.answers()[best];
    }

    private static int count(List<Item> items, Function<Item, double[]> w) {
        int n = 0;
        for (Item it : items) {
            n += first(it, w.apply(it)) ? 1 : 0;
        }
        return n;
    }

    private static Function<Item, double[]> all(double[] w) {
        return it -> w;
    }

    private static void table(String title, List<Item> items, List<String> sets, Function<Item, double[]> weights) {
        System.out.println();
        System.out.println("== " + title);
        items.stream().map(weights).map(ExtractiveFit::describe).distinct().forEach(w -> System.out.println("   weights: " + w));
        Map<String, int[]> totals = new LinkedHashMap<>();
        StringBuilder sb = new StringBuilder();
        for (String set : sets) {
            sb.append(String.format(Locale.ROOT, "   %-16s", set));
            for (String part : List.of("tune", "tune2", "report", "check")) {
                List<Item> of = items.stream().filter(it -> it.set().equals(set) && it.q().part().equals(part)).toList();
                if (of.isEmpty()) {
                    sb.append(String.format(Locale.ROOT, "  %-6s     -  ", part));
                    continue;
                }
                int n = count(of, weights);
                sb.append(String.format(Locale.ROOT, "  %-6s %2d/%-3d", part, n, of.size()));
                if (of.getFirst().byMeaning()) {
                    int[] t = totals.computeIfAbsent(part, k -> new int[2]);
                    t[0] += n;
                    t[1] += of.size();
                }
            }
            sb.append('\n');
        }
        sb.append(String.format(Locale.ROOT, "   %-16s", "bge-small, all"));
        for (Map.Entry<String, int[]> e : totals.entrySet()) {
            sb.append(String.format(Locale.ROOT, "  %-6s %2d/%-3d", e.getKey(), e.getValue()[0], e.getValue()[1]));
        }
        System.out.println(sb);
    }

    /** Scaled to meaning 1, or to keywords 0.4 when meaning weighs nothing. */
    private static String describe(double[] w) {
        double scale = w[0] != 0 ? w[0] : w[1] / 0.4;
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < w.length; i++) {
            sb.append(String.format(Locale.ROOT, "%s %.3f  ", ExtractiveProbe.NAMES.get(i), w[i] / scale));
        }
        return sb.toString().strip();
    }

    /** Scaled so that signal {@code at} weighs {@code to} (the score's scale does not change the choice), two decimals. */
    private static double[] rounded(double[] w, int at, double to) {
        double[] r = new double[w.length];
        for (int i = 0; i < w.length; i++) {
            r[i] = Math.round(w[i] / w[at] * to * 100) / 100.0;
        }
        return r;
    }

    /** L2 by {@value #FOLDS}-fold cross-validation (folds by question, fixed), then the fit on all of {@code train}. */
    private static Fit crossValidate(List<Item> train, String what) {
        System.out.println();
        System.out.println("== cross-validation on " + what + " (" + train.size() + " questions, held-out first quotes per fold)");
        double bestL2 = L2[0];
        int best = -1;
        for (double l2 : L2) {
            int total = 0;
            StringBuilder folds = new StringBuilder();
            for (int f = 0; f < FOLDS; f++) {
                int fold = f;
                List<Item> in = new ArrayList<>();
                List<Item> out = new ArrayList<>();
                for (int i = 0; i < train.size(); i++) {
                    (i % FOLDS == fold ? out : in).add(train.get(i));
                }
                int n = count(out, all(fit(in, l2)));
                total += n;
                folds.append(n).append(f + 1 < FOLDS ? " / " : "");
            }
            System.out.printf(Locale.ROOT, "   L2 %-7s held out %3d of %d  (%s)%n", l2, total, train.size(), folds);
            if (total > best) {
                best = total;
                bestL2 = l2;
            }
        }
        return new Fit(bestL2, fit(train, bestL2));
    }

    /**
     * The conditional logit: maximises the mean over questions of log(sum of p over answering passages), p the
     * softmax of the scores over the question's passages, minus l2 / 2 times the squared weights. Newton steps
     * damped until the objective rises (Levenberg), from all weights 0.
     */
    static double[] fit(List<Item> train, double l2) {
        List<Item> usable = train.stream().filter(Item::fittable).toList();
        int d = ExtractiveProbe.NAMES.size();
        double[] w = new double[d];
        double value = objective(usable, w, l2, null, null);
        double damping = 1e-3;
        for (int iter = 0; iter < 200; iter++) {
            double[] g = new double[d];
            double[][] h = new double[d][d];
            objective(usable, w, l2, g, h);
            double[] step = null;
            double next = value;
            for (int tries = 0; tries < 30; tries++) {
                double[][] a = new double[d][d];
                for (int i = 0; i < d; i++) {
                    for (int j = 0; j < d; j++) {
                        a[i][j] = -h[i][j] + (i == j ? damping : 0);
                    }
                }
                double[] s = solve(a, g);
                double[] candidate = new double[d];
                for (int i = 0; i < d; i++) {
                    candidate[i] = w[i] + s[i];
                }
                double v = objective(usable, candidate, l2, null, null);
                if (v > value) {
                    step = s;
                    next = v;
                    damping = Math.max(damping / 4, 1e-9);
                    break;
                }
                damping *= 8;
            }
            if (step == null) {
                break;
            }
            for (int i = 0; i < d; i++) {
                w[i] += step[i];
            }
            boolean done = next - value < 1e-10;
            value = next;
            if (done) {
                break;
            }
        }
        return w;
    }

    /** The objective; when {@code g} and {@code h} are given, adds its gradient and Hessian to them. */
    private static double objective(List<Item> items, double[] w, double l2, double[] g, double[][] h) {
        int d = w.length;
        double sum = 0;
        for (Item it : items) {
            int n = it.x().length;
            double[] s = new double[n];
            double max = Double.NEGATIVE_INFINITY;
            for (int i = 0; i < n; i++) {
                s[i] = dot(w, it.x()[i]);
                max = Math.max(max, s[i]);
            }
            double zAll = 0;
            double zAns = 0;
            for (int i = 0; i < n; i++) {
                double e = Math.exp(s[i] - max);
                zAll += e;
                if (it.answers()[i]) {
                    zAns += e;
                }
            }
            sum += Math.log(zAns) - Math.log(zAll);
            if (g == null) {
                continue;
            }
            double[] mAll = new double[d];
            double[] mAns = new double[d];
            double[][] sAll = new double[d][d];
            double[][] sAns = new double[d][d];
            for (int i = 0; i < n; i++) {
                double e = Math.exp(s[i] - max);
                double pAll = e / zAll;
                double pAns = it.answers()[i] ? e / zAns : 0;
                double[] x = it.x()[i];
                for (int a = 0; a < d; a++) {
                    mAll[a] += pAll * x[a];
                    mAns[a] += pAns * x[a];
                    for (int b = 0; b < d; b++) {
                        sAll[a][b] += pAll * x[a] * x[b];
                        sAns[a][b] += pAns * x[a] * x[b];
                    }
                }
            }
            for (int a = 0; a < d; a++) {
                g[a] += (mAns[a] - mAll[a]) / items.size();
                for (int b = 0; b < d; b++) {
                    double covAns = sAns[a][b] - mAns[a] * mAns[b];
                    double covAll = sAll[a][b] - mAll[a] * mAll[b];
                    h[a][b] += (covAns - covAll) / items.size();
                }
            }
        }
        double penalty = 0;
        for (int a = 0; a < d; a++) {
            penalty += w[a] * w[a];
            if (g != null) {
                g[a] -= l2 * w[a];
                h[a][a] -= l2;
            }
        }
        return sum / items.size() - l2 / 2 * penalty;
    }

    /** Solves {@code a x = b} by Gaussian elimination with partial pivoting ({@code a} is small and damped). */
    private static double[] solve(double[][] a, double[] b) {
        int n = b.length;
        double[][] m = new double[n][n + 1];
        for (int i = 0; i < n; i++) {
            System.arraycopy(a[i], 0, m[i], 0, n);
            m[i][n] = b[i];
        }
        for (int c = 0; c < n; c++) {
            int p = c;
            for (int r = c + 1; r < n; r++) {
                if (Math.abs(m[r][c]) > Math.abs(m[p][c])) {
                    p = r;
                }
            }
            double[] t = m[c];
            m[c] = m[p];
            m[p] = t;
            double pivot = Math.abs(m[c][c]) < 1e-12 ? 1e-12 : m[c][c];
            for (int r = 0; r < n; r++) {
                if (r != c) {
                    double f = m[r][c] / pivot;
                    for (int k = c; k <= n; k++) {
                        m[r][k] -= f * m[c][k];
                    }
                }
            }
        }
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = m[i][n] / (Math.abs(m[i][i]) < 1e-12 ? 1e-12 : m[i][i]);
        }
        return x;
    }

    /** First quotes per index and part, counted on the written answer under {@code w}, as docask eval --extractive does. */
    private static String verify(String[] args, double[] withModel, double[] withoutModel) {
        StringBuilder sb = new StringBuilder();
        for (String arg : args) {
            String[] p = arg.split("=", 3);
            Map<String, int[]> parts = new LinkedHashMap<>();
            try (DocIndex index = DocIndex.open(Path.of(p[1])); AskHandler handler = AskHandler.builder().index(index).build()) {
                ExtractiveProbe probe = new ExtractiveProbe(index);
                double[] w = probe.byMeaning() ? withModel : withoutModel;
                for (LabelledQuestion q : LabelledFile.read(Path.of(p[2]))) {
                    Answer a = handler.ask(q.question());
                    List<String> quotes = a.refused() ? List.of() : Quotes.of(probe.answer(q.question(), a.sources(), w));
                    int[] t = parts.computeIfAbsent(q.part(), k -> new int[2]);
                    t[0] += !quotes.isEmpty() && q.answeredBy(quotes.getFirst()) ? 1 : 0;
                    t[1]++;
                }
            }
            sb.append("\n   ").append(p[0]);
            parts.forEach((k, v) -> sb.append(String.format(Locale.ROOT, "  %s %d/%d", k, v[0], v[1])));
        }
        return sb.toString();
    }

    private static double dot(double[] w, double[] x) {
        double s = 0;
        for (int i = 0; i < w.length; i++) {
            s += w[i] * x[i];
        }
        return s;
    }
}
