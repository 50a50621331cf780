package dev.docask.eval;

import dev.docask.answer.Answer;
import dev.docask.answer.AskHandler;
import dev.docask.answer.ExtractiveProbe;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.docask.index.DocIndex;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;

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
 * question with today's defaults; only the choice of quote varies. With {@code --choose} first, only the tune
 * parts are loaded and model variants (which signals are free) are compared by cross-validation there, as round 9
 * chose its model before the other parts were counted (docs/quality.md, "Round 9"). With {@code --dump FILE} first,
 * every passage is written to FILE as JSON lines for eval/probes/extractive_features.py (docs/quality.md, "Round 11").
 *
 * <pre>{@code
 * java -cp docask-bench/target/benchmarks.jar dev.docask.eval.ExtractiveFit [--choose | --dump FILE] \
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
                boolean handFirst, double[] inUse, List<ExtractiveProbe.Passage> passages) {
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
        if (args.length > 1 && args[0].equals("--dump")) {
            dump(Path.of(args[1]), java.util.Arrays.copyOfRange(args, 2, args.length));
            return;
        }
        if (args.length > 0 && args[0].equals("--choose")) {
            choose(java.util.Arrays.copyOfRange(args, 1, args.length));
            return;
        }
        List<Item> items = new ArrayList<>();
        List<String> sets = new ArrayList<>();
        for (String arg : args) {
            String[] p = arg.split("=", 3);
            sets.add(p[0]);
            items.addAll(load(p[0], Path.of(p[1]), Path.of(p[2]), part -> true));
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
        Fit chosen = crossValidate(items.stream().filter(bge.and(tunes)).toList(), "bge-small tune + tune2", Model.ROUND_9);
        table("fitted on bge-small tune + tune2 (L2 " + chosen.l2 + ")", items, sets, all(chosen.w));
        double[] rounded = rounded(chosen.w, 0, 1);
        table("the same, scaled to meaning 1 and rounded", items, sets, all(rounded));

        // without a model the weights stay round 8's (WORDS_ONLY): the section's cosine is 0 there (docs/quality.md, "Round 9")
        Function<Item, double[]> byKind = it -> it.byMeaning() ? rounded : it.inUse();
        table("fitted, rounded: with a model the first, without one today's", items, sets, byKind);
        changes(items, hand, byKind);

        // rotation: the spread of a fit over which parts it saw
        rotation(items, sets, bge, Set.of("tune", "report"), chosen.l2);
        rotation(items, sets, bge, Set.of("tune2", "report"), chosen.l2);
        rotation(items, sets, bge, Set.of("tune", "tune2", "report"), chosen.l2);
        rotation(items, sets, bge, Set.of("check", "report"), chosen.l2);

        // verify the rounded weights through the answer itself, as docask eval --extractive counts
        System.out.println();
        System.out.println("verified through the written answer, the rounded fit with a model, today's without: " + verify(args, rounded));
    }

    /**
     * Round 9's choice (docs/quality.md, "Round 9"): only the tune parts are loaded, so nothing is seen of the parts
     * the choice is reported on. Each model variant is fitted with L2 by cross-validation within tune + tune2 of the
     * bge-small indexes; the held-out count is what variants are compared by.
     */
    private static void choose(String[] args) {
        List<Item> items = new ArrayList<>();
        for (String arg : args) {
            String[] p = arg.split("=", 3);
            items.addAll(load(p[0], Path.of(p[1]), Path.of(p[2]), part -> part.startsWith("tune")));
        }
        List<Item> bge = items.stream().filter(Item::byMeaning).toList();
        double[] today = bge.getFirst().inUse();
        System.out.printf(Locale.ROOT, "the weights in use on bge-small tune + tune2 (fitted on them): %d of %d%n",
                count(bge, Item::inUse), bge.size());
        // round 9 also measured a symmetric cosine, the passage embedded in its context, centrality, the first source
        // and the chunk's keyword coverage, and dropped them (docs/quality.md, "Round 9"; their harness is at e9e095a);
        // round 10 a second reader of meaning, e5-small (docs/quality.md, "Round 10"; its harness is at 7319f98)
        List<String> r8 = ExtractiveProbe.NAMES.subList(0, 13);
        List<String> three = List.of("meaning", "keywords", "heading");
        List<Model> models = List.of(Model.ROUND_8, Model.ROUND_9, Model.bundled("three + the rules as one", three, bge),
                Model.bundled("three + section + the rules as one", plus(three, "section"), bge), Model.signals("three only", three));
        StringBuilder summary = new StringBuilder();
        for (Model m : models) {
            Fit f = crossValidate(bge, "bge-small tune + tune2, " + m.name(), m);
            System.out.println("   weights: " + describe(f.w()));
            String line = String.format(Locale.ROOT, "%-48s held out %3d   in sample %3d of %d   (L2 %s)", m.name(), f.heldOut(),
                    count(bge, all(f.w())), bge.size(), f.l2());
            System.out.println("   " + line);
            summary.append("   ").append(line).append('\n');
        }
        // without a model: round 8's words-only fit (all five indexes, the cosine left out); the section signal is 0 there
        List<Item> noMeaning = items.stream().map(ExtractiveFit::withoutMeaning).toList();
        Model words = Model.signals("words only: round 8", r8.subList(1, 13));
        Fit f = crossValidate(noMeaning, "all five without the cosine, " + words.name(), words);
        summary.append(String.format(Locale.ROOT, "   %-48s held out %3d   in sample %3d of %d   (L2 %s)%n", words.name(),
                f.heldOut(), count(noMeaning, all(f.w())), noMeaning.size(), f.l2()));
        System.out.println();
        System.out.println("== summary");
        System.out.print(summary);
    }

    private static List<String> plus(List<String> names, String one) {
        List<String> out = new ArrayList<>(names);
        out.add(one);
        return out;
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

    private record Fit(double l2, double[] w, int heldOut) {
    }

    private static void rotation(List<Item> items, List<String> sets, Predicate<Item> bge, Set<String> parts, double l2) {
        List<Item> train = items.stream().filter(bge).filter(it -> parts.contains(it.q().part())).toList();
        double[] w = fit(train, l2, Model.ROUND_9);
        table("rotation: fitted on bge-small " + String.join(" + ", parts.stream().sorted().toList()) + " (L2 " + l2 + ")",
                items, sets, all(w));
    }

    private static Item withoutMeaning(Item it) {
        double[][] x = new double[it.x().length][];
        for (int i = 0; i < x.length; i++) {
            x[i] = it.x()[i].clone();
            x[i][0] = 0;
            x[i][ExtractiveProbe.NAMES.indexOf("section")] = 0; // a keyword-only index has no cosine of any kind
        }
        return new Item(it.set(), false, it.q(), x, it.answers(), it.keywords(), it.handFirst(), it.inUse(),
                it.passages());
    }

    /**
     * Every passage of every labelled question as one JSON line (its signals, kind, source, text, whether quoting it
     * answers; its heading, page title, URL, place and analysed terms, and the question's, for signals of structure), so
     * that candidate signals can be computed and fitted outside Java before any is built (eval/probes/extractive_features.py,
     * eval/probes/extractive_structure.py; docs/quality.md, "Round 11", "Round 12").
     */
    private static void dump(Path out, String[] sets) {
        ObjectMapper json = new ObjectMapper();
        try (BufferedWriter w = Files.newBufferedWriter(out)) {
            for (String arg : sets) {
                String[] p = arg.split("=", 3);
                for (Item it : load(p[0], Path.of(p[1]), Path.of(p[2]), part -> true)) {
                    for (int i = 0; i < it.passages().size(); i++) {
                        ExtractiveProbe.Passage x = it.passages().get(i);
                        List<String> shown = Quotes.of(x.shown());
                        Map<String, Object> row = new LinkedHashMap<>();
                        row.put("set", it.set());
                        row.put("id", it.q().id());
                        row.put("part", it.q().part());
                        row.put("question", it.q().question());
                        row.put("i", i);
                        row.put("kind", x.kind());
                        row.put("source", x.source());
                        row.put("text", x.text());
                        row.put("shown", shown.isEmpty() ? "" : shown.getFirst());
                        row.put("signals", x.signals());
                        row.put("keywords", x.keywords());
                        row.put("answers", it.answers()[i]);
                        row.put("byMeaning", it.byMeaning());
                        row.put("handFirst", it.handFirst());
                        row.put("heading", x.heading());
                        row.put("title", x.title());
                        row.put("url", x.url());
                        row.put("hit", x.hit());
                        row.put("position", x.position());
                        row.put("paragraph", x.paragraph());
                        row.put("list", x.list());
                        row.put("words", x.words());
                        row.put("labels", it.q().answers());
                        row.put("qterms", ExtractiveProbe.terms(it.q().question()));
                        row.put("hterms", x.headingTerms());
                        row.put("tterms", x.titleTerms());
                        row.put("pterms", ExtractiveProbe.terms(x.words()));
                        w.write(json.writeValueAsString(row));
                        w.newLine();
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<Item> load(String set, Path indexDir, Path questions, Predicate<String> parts) {
        List<Item> out = new ArrayList<>();
        try (DocIndex index = DocIndex.open(indexDir); AskHandler handler = AskHandler.builder().index(index).build()) {
            ExtractiveProbe probe = new ExtractiveProbe(index);
            for (LabelledQuestion q : LabelledFile.read(questions)) {
                if (!parts.test(q.part())) {
                    continue;
                }
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
                out.add(new Item(set, probe.byMeaning(), q, x, answers, keywords, handFirst, probe.weightsInUse(), ps));
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
            for (String part : List.of("tune", "tune2", "report", "check", "check2", "check3", "check4", "check5")) {
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
    private static Fit crossValidate(List<Item> train, String what, Model model) {
        System.out.println();
        System.out.println("== cross-validation on " + what + " (" + train.size() + " questions, held-out first quotes per fold)");
        double bestL2 = L2[0];
        int best = -1;
        for (double l2 : L2) {
            int total = 0;
            double logLik = 0;
            int scoredN = 0;
            StringBuilder folds = new StringBuilder();
            for (int f = 0; f < FOLDS; f++) {
                int fold = f;
                List<Item> in = new ArrayList<>();
                List<Item> out = new ArrayList<>();
                for (int i = 0; i < train.size(); i++) {
                    (i % FOLDS == fold ? out : in).add(train.get(i));
                }
                double[] w = fit(in, l2, model.on(in));
                int n = count(out, all(w));
                total += n;
                List<Item> scored = out.stream().filter(Item::fittable).toList();
                logLik += objective(scored, w, 0, null, null) * scored.size();
                scoredN += scored.size();
                folds.append(n).append(f + 1 < FOLDS ? " / " : "");
            }
            System.out.printf(Locale.ROOT, "   L2 %-7s held out %3d of %d  (%s)  mean log-probability of the answer %.3f%n", l2, total,
                    train.size(), folds, logLik / scoredN);
            if (total > best) {
                best = total;
                bestL2 = l2;
            }
        }
        System.out.printf(Locale.ROOT, "   best: L2 %s, held out %d of %d%n", bestL2, best, train.size());
        return new Fit(bestL2, fit(train, bestL2, model.on(train)), best);
    }

    /**
     * The conditional logit: maximises the mean over questions of log(sum of p over answering passages), p the
     * softmax of the scores over the question's passages, minus l2 / 2 times the squared weights. Newton steps
     * damped until the objective rises (Levenberg), from all weights 0.
     */
    /**
     * What a fit may weigh: each row is one fitted weight's direction over the signals, a single signal or a fixed
     * mix of several (today's rules as one signal), so a model with fewer free parameters is a fit over fewer rows;
     * the weights are mapped back onto the signals. The variants round 9 compares (docs/quality.md, "Round 9").
     */
    record Model(String name, List<double[]> rows, @org.jspecify.annotations.Nullable List<String> bundling) {
        static final Model ROUND_8 = signals("round 8 (13 signals)", ExtractiveProbe.NAMES.subList(0, 13));
        /* round 8's and the section's cosine: what round 9 chose on tune + tune2 */
        static final Model ROUND_9 = signals("round 9 (round 8 + section)", ExtractiveProbe.NAMES);

        static Model signals(String name, List<String> signals) {
            return new Model(name, signals.stream().map(Model::unit).toList(), null);
        }

        /**
         * {@code signals} free, and round 8's other signals as one, mixed by round 8's fit on the same questions
         * ({@code train}; in cross-validation, the folds it is fitted on, so the mix never saw the held-out fold).
         */
        static Model bundled(String name, List<String> signals, List<Item> train) {
            Model m = bundled(name, signals, fit(train, 1e-4, ROUND_8));
            return new Model(name, m.rows(), signals);
        }

        /** {@code signals} free, and round 8's other signals as one, mixed by {@code today}'s weights. */
        static Model bundled(String name, List<String> signals, double[] today) {
            List<double[]> rows = new ArrayList<>(signals.stream().map(Model::unit).toList());
            double[] rest = new double[ExtractiveProbe.NAMES.size()];
            for (int i = 0; i < 13; i++) {
                rest[i] = signals.contains(ExtractiveProbe.NAMES.get(i)) ? 0 : today[i];
            }
            rows.add(rest);
            return new Model(name, rows, null);
        }

        private static double[] unit(String signal) {
            double[] r = new double[ExtractiveProbe.NAMES.size()];
            r[ExtractiveProbe.NAMES.indexOf(signal)] = 1;
            return r;
        }

        /** A question's passages seen through the rows. */
        Item project(Item it) {
            double[][] z = new double[it.x().length][rows.size()];
            for (int i = 0; i < z.length; i++) {
                for (int r = 0; r < rows.size(); r++) {
                    z[i][r] = dot(rows.get(r), it.x()[i]);
                }
            }
            return new Item(it.set(), it.byMeaning(), it.q(), z, it.answers(), it.keywords(), it.handFirst(), it.inUse(),
                    it.passages());
        }

        /** The model fitted on {@code train}: a bundle's mix comes from those questions only. */
        Model on(List<Item> train) {
            return bundling == null ? this : bundled(name, bundling, train);
        }

        /** The weights over the signals that {@code v}, one per row, amounts to. */
        double[] back(double[] v) {
            double[] w = new double[ExtractiveProbe.NAMES.size()];
            for (int r = 0; r < rows.size(); r++) {
                for (int i = 0; i < w.length; i++) {
                    w[i] += v[r] * rows.get(r)[i];
                }
            }
            return w;
        }
    }

    static double[] fit(List<Item> train, double l2, Model model) {
        List<Item> usable = train.stream().filter(Item::fittable).map(model::project).toList();
        int d = model.rows().size();
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
        return model.back(w);
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
    private static String verify(String[] args, double[] withModel) {
        StringBuilder sb = new StringBuilder();
        for (String arg : args) {
            String[] p = arg.split("=", 3);
            Map<String, int[]> parts = new LinkedHashMap<>();
            try (DocIndex index = DocIndex.open(Path.of(p[1])); AskHandler handler = AskHandler.builder().index(index).build()) {
                ExtractiveProbe probe = new ExtractiveProbe(index);
                double[] w = probe.byMeaning() ? withModel : probe.weightsInUse();
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
