package dev.docask.retrieve;

import dev.docask.embed.Embedder;
import dev.docask.index.DocIndex;
import dev.docask.index.Manifest;
import dev.docask.index.internal.QuantizedVector;
import dev.docask.ingest.Chunk;
import org.jspecify.annotations.Nullable;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;

/*
 * The gate measured on the index itself (docs/retrieval.md §4, "A gate that calibrates itself"). No
 * labels from the user: two question sets stand for "answerable" and "off-topic" on this site with
 * this model.
 *
 * - Site questions: the headings (or titles) of an even sample of the site's own sections, each
 *   scored with its own section held out, so that the heading's words inside that section do not
 *   make the question look closer to the site than a reader's paraphrase would.
 * - Off-topic questions: a bundled pool over many fields, near-domain ones included (other test
 *   runners, docs tools, web frameworks, databases, clouds, languages, editors...).
 *
 * Each question is retrieved once with the gate open; its best cosine and best keyword coverage are
 * the two figures a gate compares. The floors are then chosen from these two distributions; the
 * rule and the measurements behind it are in docs/quality.md ("A gate that calibrates itself").
 * Nothing of this runs per question: retrieval reads two numbers from the manifest.
 */
final class GateCalibration {
    /** Most site questions made; an even sample of the sections beyond that. */
    static final int MAX_SITE_QUESTIONS = 200;
    private static final String POOL = "off-topic-questions.txt";
    private static final String NEAR_DOMAIN = "near-domain-questions.txt";

    /**
     * One question's best figures with the gate open; {@code together}: some candidate writes two of its neighbouring
     * words together (the pair rule, docs/retrieval.md §4, "Words the site writes together").
     */
    record Scores(String question, double similarity, double coverage, double unknownShare, boolean namesOtherTool,
                  boolean together) {
        Scores(String question, double similarity, double coverage, double unknownShare, boolean namesOtherTool) {
            this(question, similarity, coverage, unknownShare, namesOtherTool, true);
        }

        Scores(String question, double similarity, double coverage, double unknownShare) {
            this(question, similarity, coverage, unknownShare, false);
        }

        Scores(String question, double similarity, double coverage) {
            this(question, similarity, coverage, 0);
        }

        /** The same figures, marked as naming another tool where {@code tools} says so. */
        Scores marked(SiteTools tools) {
            return new Scores(question, similarity, coverage, unknownShare, tools.namesOtherTool(question), together);
        }
    }

    private GateCalibration() {
    }

    /** The bundled off-topic questions the floors are chosen from. */
    static List<String> offTopicPool() {
        return bundled(POOL);
    }

    /** More bundled off-topic questions, near-domain most of them, that serve the question-space rule only. */
    static List<String> nearDomainPool() {
        return bundled(NEAR_DOMAIN);
    }

    /** The lines of a bundled resource of this package, stripped, without blank lines and "#" comments. */
    static List<String> bundled(String name) {
        try (InputStream in = GateCalibration.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException(name + " is missing from the docask-core jar");
            }
            List<String> out = new ArrayList<>();
            try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                for (String line = r.readLine(); line != null; line = r.readLine()) {
                    String q = line.strip();
                    if (!q.isEmpty() && !q.startsWith("#")) {
                        out.add(q);
                    }
                }
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException("could not read " + name, e);
        }
    }

    /**
     * Questions made from the site's own sections: the heading when it has two words or more and is not
     * the page title, else the page title; an even sample of the canonical sections, each text once.
     * Each comes with the URL of the section it was made from, which its scoring holds out.
     */
    static List<SiteQuestion> siteQuestions(DocIndex index) {
        List<SiteQuestion> sample = evenSample(everySiteQuestion(index), MAX_SITE_QUESTIONS);
        dev.docask.index.internal.IndexEngine engine = dev.docask.index.internal.IndexEngine.of(index);
        return sample.stream().map(q -> {
            List<String> words = contentWords(engine, q.text());
            return new SiteQuestion(q.text(), q.heldOutUrl(), String.join(" ", words.subList(0, Math.min(SHORT_FORM_WORDS, words.size()))));
        }).toList();
    }

    /**
     * A question made from each canonical section, each text once, in the index's order: the heading when it has two
     * words or more and is not the page title, else the page title; with the section's URL.
     */
    static List<SiteQuestion> everySiteQuestion(DocIndex index) {
        Set<String> seen = new LinkedHashSet<>();
        List<SiteQuestion> all = new ArrayList<>();
        for (int id = 0; id < index.size(); id++) {
            if (index.canonicalOf(id) != id) {
                continue;
            }
            Chunk c = index.chunk(id);
            String heading = c.heading().strip();
            String text = words(heading) >= 2 && !heading.equalsIgnoreCase(c.title().strip()) ? heading : c.title().strip();
            // a heading that asks nothing ("Hi there!", an example's) is refused before any search, so no reader's question.
            // One that only asks to go on ("See also", "Need more?") stays: leaving those out too re-drew Vitest's even
            // sample and moved its floor from 0.725 to 0.775 for no reason in the questions (docs/retrieval.md §9)
            if (words(text) >= 2 && !HybridRetriever.asksNothing(text) && seen.add(text.toLowerCase(Locale.ROOT))) {
                all.add(new SiteQuestion(text, c.url()));
            }
        }
        return all;
    }

    /** At most {@code max} of {@code all}, evenly spread; all of them when there are no more. */
    static <T> List<T> evenSample(List<T> all, int max) {
        List<T> sample = new ArrayList<>(Math.min(all.size(), max));
        for (int k = 0; k < Math.min(all.size(), max); k++) {
            sample.add(all.get(all.size() <= max ? k : (int) ((long) k * all.size() / max)));
        }
        return sample;
    }

    /**
     * A site question, the URL its scoring holds out, and its short form: its first {@link #SHORT_FORM_WORDS} words that
     * the index analyses to a term ("" for none), which the question-space rule's limit also counts (docs/retrieval.md
     * §4, "Questions near other tools' questions").
     */
    record SiteQuestion(String text, String heldOutUrl, String shortForm) {
        SiteQuestion(String text, String heldOutUrl) {
            this(text, heldOutUrl, "");
        }
    }

    /**
     * How many words a site question's short form keeps. Real questions are often shorter than the site's headings and
     * titles (NFCorpus: 2 words at the median against 13 for its titles), and a short question sits further from the
     * site's questions; two words is the median of NFCorpus's dev queries (docs/quality.md, "Short forms of the site
     * questions"; no other length was measured).
     */
    static final int SHORT_FORM_WORDS = 2;

    /** The written words of {@code question} that the index analyses to a term (stop words and marks left out), in order. */
    static List<String> contentWords(dev.docask.index.internal.IndexEngine engine, String question) {
        List<String> out = new ArrayList<>();
        for (String w : question.split("[\\s?!,;:()\"]+")) {
            if (!w.isEmpty() && !engine.queryTerms(w, false).isEmpty()) {
                out.add(w);
            }
        }
        return out;
    }

    private static int words(String s) {
        int n = 0;
        for (String w : s.split("[^\\p{L}\\p{N}]+")) {
            n += w.isEmpty() ? 0 : 1;
        }
        return n;
    }

    /** Best figures of {@code question} with the gate open, leaving out the hits at {@code heldOutUrl} ("" for none). */
    static Scores score(HybridRetriever retriever, String question, String heldOutUrl) {
        Retrieval r = retriever.retrieve(question, OPEN);
        double sim = 0;
        double cov = 0;
        List<Integer> kept = new ArrayList<>(r.hits().size());
        for (Hit h : r.hits()) {
            if (!heldOutUrl.isEmpty() && h.chunk().url().equals(heldOutUrl)) {
                continue;
            }
            sim = Math.max(sim, h.similarity().orElse(0));
            cov = Math.max(cov, h.keywordCoverage());
            kept.add(h.chunkId());
        }
        // the pair rule as a question meets it: its words read without a model, its candidates' positions
        boolean together = SearchQuery.of(question, retriever.index(), Optional.empty(), OPEN, e -> { })
                .wordsWrittenTogether(kept.stream().mapToInt(Integer::intValue).toArray());
        return new Scores(question, sim, cov, unknownShare(retriever.index(), question), false, together);
    }

    /** {@link SearchQuery#unknownShare()} of {@code question} on {@code index}, without a search. */
    static double unknownShare(DocIndex index, String question) {
        return SearchQuery.unknownShare(dev.docask.index.internal.IndexEngine.of(index).queryTerms(question,
                RetrievalOptions.defaults().closeWords()), index.size());
    }

    private static final RetrievalOptions OPEN = RetrievalOptions.builder().withoutGate().noMaxPerSource().build();

    /** Measures both sets on {@code retriever}'s index and chooses the floors. */
    static Manifest.Gate calibrate(HybridRetriever measured, String embedderId, String queryVariant, boolean vectors) {
        Objects.requireNonNull(measured, "measured");
        long start = System.nanoTime();
        List<SiteQuestion> siteQuestions = siteQuestions(measured.index());
        Optional<java.nio.file.Path> folder = measured.embedder().isEmpty() ? Optional.empty()
                : QueryVectorFile.folderOf(measured.index());
        int dims = measured.embedder().map(Embedder::dimensions).orElse(0);
        Optional<RememberedQueries> remembered = measured.embedder().map(model -> new RememberedQueries(model,
                folder.map(f -> QueryVectorFile.read(f, embedderId, queryVariant, dims)).orElse(Map.of())));
        remembered.ifPresent(r -> embedAll(r, siteQuestions));
        HybridRetriever retriever = remembered.isEmpty() ? measured
                : measured.toBuilder().embedder(remembered.get()).build();
        List<Scores> site = new ArrayList<>();
        for (SiteQuestion q : siteQuestions) {
            site.add(score(retriever, q.text(), q.heldOutUrl()));
        }
        List<Scores> pool = new ArrayList<>();
        for (String q : offTopicPool()) {
            pool.add(score(retriever, q, ""));
        }
        Choice c = withUnknownWords(choose(site, pool, vectors), site, pool);
        List<String> neighbourFigures = new ArrayList<>();
        long neighboursStart = System.nanoTime();
        Optional<Manifest.Neighbours> neighbours = Optional.empty();
        if (vectors && retriever.embedder().isPresent()) {
            Optional<Leads> leads = leads(retriever.embedder().get(), siteQuestions, neighbourFigures);
            if (leads.isPresent()) {
                // which questions name another tool is known before the rules are measured: the rule for another tool
                // counts them among the questions the floors and the question-space rule pass (docs/retrieval.md §4)
                SiteTools tools = SiteTools.of(retriever.index());
                List<Scores> siteMarked = site.stream().map(s -> s.marked(tools)).toList();
                List<Scores> poolMarked = pool.stream().map(s -> s.marked(tools)).toList();
                Choice chosen = c;
                c = lowerWithRule(chosen, siteMarked, poolMarked, leads.get());
                Choice lowered = c;
                neighbours = neighbours(leads.get(), siteMarked, poolMarked, c, chosen.minSimilarity(), neighbourFigures)
                        .map(n -> withOtherTools(n, lowered, tools, siteMarked, poolMarked, leads.get(), neighbourFigures))
                        .map(n -> withHeadings(n, everySiteQuestion(retriever.index()), retriever.embedder().get(),
                                siteQuestions, siteMarked, poolMarked, lowered, leads.get(), neighbourFigures))
                        .map(n -> withCoverageMinSimilarity(n, pool, neighbourFigures));
            }
        }
        long neighboursMillis = (System.nanoTime() - neighboursStart) / 1_000_000;
        Optional<Manifest.OtherToolFloor> toolFloor = vectors ? Optional.empty()
                : Optional.of(otherToolFloor(SiteTools.of(retriever.index()), site, pool, c, neighbourFigures));
        List<String> ownTools = RelevanceGate.ownTools(neighbours, toolFloor);
        String siteName = retriever.index().manifest().siteName();
        neighbourFigures.add(SitePackages.siteTool(siteName, ownTools)
                .map(t -> "packages built on the site's tool (" + t + "-…, …" + t + "…) that no page writes: refused")
                .orElse("packages that no page writes: not looked for (the site's name, \"" + siteName
                        + "\", is none of its own tools)"));
        long millis = (System.nanoTime() - start) / 1_000_000;
        List<String> figures = new ArrayList<>();
        figures.add(String.format(Locale.ROOT, "%d site questions (section headings, own section held out): %s",
                site.size(), describe(site, vectors)));
        figures.add(String.format(Locale.ROOT, "%d off-topic questions (bundled pool): %s", pool.size(), describe(pool, vectors)));
        figures.add(c.why());
        figures.add(String.format(Locale.ROOT, "with these floors: %d of %d site questions turned away, %d of %d off-topic passed",
                turnedAway(site, c), site.size(), passed(pool, c), pool.size()));
        figures.addAll(neighbourFigures);
        figures.add(String.format(Locale.ROOT, "measured in %.1f s, %.1f s of it for the question-space rule", millis / 1000.0,
                neighboursMillis / 1000.0));
        // the next calibration in this folder embeds only the questions that are new (QueryVectorFile)
        folder.ifPresent(f -> QueryVectorFile.write(f, embedderId, queryVariant, dims, remembered.get().remembered()));
        return new Manifest.Gate(vectors ? OptionalDouble.of(c.minSimilarity()) : OptionalDouble.empty(),
                c.minKeywordCoverage(), Double.isInfinite(c.maxUnknownShare()) ? OptionalDouble.empty()
                        : OptionalDouble.of(c.maxUnknownShare()), neighbours, toolFloor, embedderId, queryVariant, figures,
                Instant.now());
    }

    /** The percentile of the off-topic questions' best cosines under which a candidate's coverage does not count. */
    static final double COVERAGE_COSINE_PERCENTILE = 0.10;

    /**
     * {@code n} with the least cosine for a pass on keyword coverage (docs/retrieval.md §4, "Words in another sense"): the
     * off-topic pool's 10% percentile of best cosine, the least nearly every off-topic question's best passage reaches, a
     * figure of the pool's own like the floors' percentiles.
     */
    static Manifest.Neighbours withCoverageMinSimilarity(Manifest.Neighbours n, List<Scores> pool, List<String> figures) {
        double floor = quantile(pool.stream().mapToDouble(Scores::similarity).sorted().toArray(), COVERAGE_COSINE_PERCENTILE);
        figures.add(String.format(Locale.ROOT, "words in another sense: a one-sentence question's keyword coverage counts on a "
                + "candidate whose cosine is at least %.3f (the off-topic questions' %d%% percentile of best cosine)", floor,
                Math.round(COVERAGE_COSINE_PERCENTILE * 100)));
        return n.withCoverageMinSimilarity(floor);
    }

    record Choice(double minSimilarity, double minKeywordCoverage, double maxUnknownShare, String why) {
        Choice(double minSimilarity, double minKeywordCoverage, String why) {
            this(minSimilarity, minKeywordCoverage, Double.POSITIVE_INFINITY, why);
        }

        boolean passes(Scores s, boolean vectors) {
            return s.unknownShare() < maxUnknownShare
                    && ((vectors && s.similarity() >= minSimilarity) || s.coverage() >= minKeywordCoverage);
        }

        Choice withMinSimilarity(double min, String more) {
            return new Choice(min, minKeywordCoverage, maxUnknownShare, why + more);
        }

        Choice withMaxUnknownShare(double max, String more) {
            return new Choice(minSimilarity, minKeywordCoverage, max, why + "; " + more);
        }
    }

    static int turnedAway(List<Scores> site, Choice c) {
        return (int) site.stream().filter(s -> !c.passes(s, !Double.isInfinite(c.minSimilarity()))).count();
    }

    static int passed(List<Scores> pool, Choice c) {
        return (int) pool.stream().filter(s -> c.passes(s, !Double.isInfinite(c.minSimilarity()))).count();
    }

    /**
     * Where the cosine floor sits in the off-topic pool's best cosines: the pool is fixed, so the floor does not move with
     * which headings the site sample drew. Chosen among 0.90, 0.92, 0.94 and 0.96 on the tune parts (dev sets and both
     * title-style sets' tune questions, short and long, each at two site samples); docs/quality.md, "A cosine floor the
     * site sample does not move".
     */
    static final double POOL_SIMILARITY_QUANTILE = 0.94;
    /** The share of off-topic questions whose best coverage sits at or above the coverage floor, at most. */
    static final double POOL_COVERAGE_QUANTILE = 0.85;
    /**
     * The share of site questions (own section held out) the floors may turn away before the cosine floor is lowered
     * below the pool's percentile: a guard for a site whose own questions sit below the pool, not the floor's usual
     * placer. It is well above the share that fails the coverage floor on every site measured (1.5-4%), where a limit
     * near that share made the floor jump with the sample (the earlier 4%; docs/quality.md, "How much the calibrated
     * gate depends on its sample of site questions").
     */
    static final double SITE_TURNED_AWAY = 0.10;
    /**
     * How far the coverage floor may rise above the fixed default. Site questions made from headings
     * nearly all reach coverage 1.0, so nothing measured on the site holds the coverage floor down the
     * way they hold the cosine floor; real questions that pass on coverage alone then pay for it (Astro:
     * 3 of 5 cross-site answerable turned away at the pool's 0.635, 1 at 0.55; docs/quality.md "A gate
     * that calibrates itself"). The floor moves only as far as round 1 measured it safe (0.55).
     */
    static final double MAX_COVERAGE_RAISE = 0.05;
    private static final double STEP = 0.005;

    /** The off-topic questions' best coverage at {@link #POOL_COVERAGE_QUANTILE}: where both coverage floors start from. */
    static double poolCoverage(List<Scores> pool) {
        return quantile(pool.stream().mapToDouble(Scores::coverage).sorted().toArray(), POOL_COVERAGE_QUANTILE);
    }

    /**
     * Chooses the floors from the two distributions (docs/quality.md, "A gate that calibrates itself" and "A cosine
     * floor the site sample does not move"): coverage at the pool's 85th percentile, never below the fixed default nor
     * more than {@link #MAX_COVERAGE_RAISE} above it; cosine at the pool's 94th percentile, lowered in steps of 0.005
     * only while more than {@link #SITE_TURNED_AWAY} of the site questions would be turned away. The off-topic pool
     * says how close a question that is not about the site comes on this site with this model; the site questions
     * keep the floor from rising above where most of the site's own questions sit.
     * On a keyword-only index the coverage floor stays at its default: measured, the pool's percentile
     * turned away more real questions.
     */
    static Choice choose(List<Scores> site, List<Scores> pool, boolean vectors) {
        double[] poolSim = pool.stream().mapToDouble(Scores::similarity).sorted().toArray();
        double covFloor = vectors ? GateDefaults.MIN_KEYWORD_COVERAGE : GateDefaults.MIN_KEYWORD_COVERAGE_KEYWORD_ONLY;
        double covFromPool = poolCoverage(pool);
        double cov = Math.min(covFloor + MAX_COVERAGE_RAISE, Math.max(covFloor, covFromPool));
        int allowed = (int) Math.floor(SITE_TURNED_AWAY * site.size());
        if (!vectors) {
            // measured, not taken: raising the coverage floor of a keyword-only index to the pool's percentile
            // (0.46-0.50 on the docs sites) turned away twice the real questions the fixed 0.4 does
            // (docs/quality.md, "A gate that calibrates itself"); the figures are recorded all the same
            return new Choice(Double.POSITIVE_INFINITY, covFloor, String.format(Locale.ROOT,
                    "chosen: minKeywordCoverage = the keyword-only default %.2f (the off-topic questions' %d%% percentile "
                            + "of best coverage, %.3f, turned away more real questions when measured)",
                    covFloor, Math.round(POOL_COVERAGE_QUANTILE * 100), covFromPool));
        }
        double simFromPool = quantile(poolSim, POOL_SIMILARITY_QUANTILE);
        double sim = simFromPool;
        while (sim - STEP > 0 && turnedAway(site, new Choice(sim, cov, "")) > allowed) {
            sim -= STEP;
        }
        return new Choice(sim, cov, String.format(Locale.ROOT,
                "chosen: minSimilarity = the off-topic questions' %d%% percentile of best cosine (%.3f), lowered only "
                        + "while more than %d%% of the site questions would be turned away: %.3f; minKeywordCoverage = their %d%% "
                        + "percentile of best coverage (%.3f), from %.2f to %.2f: %.3f",
                Math.round(POOL_SIMILARITY_QUANTILE * 100), simFromPool, Math.round(SITE_TURNED_AWAY * 100), sim,
                Math.round(POOL_COVERAGE_QUANTILE * 100), covFromPool, covFloor, covFloor + MAX_COVERAGE_RAISE, cov));
    }

    /**
     * A question whose words the site never uses carry this share of its IDF weight or more is refused
     * whatever its two scores, where the calibration adopts the rule (docs/quality.md, "Beyond the two
     * floors"). The site's own questions cannot place it (their words are the site's by construction), so
     * it is one number: the lowest share that kept every answerable dev question of the three docs sites
     * (the highest, "OOTB Mermaid code block" on Docusaurus, sits at 0.53).
     */
    static final double MAX_UNKNOWN_SHARE = 0.55;
    /**
     * The rule is adopted for an index only where it pays on what the calibration measures: it must refuse
     * at least this share of the off-topic questions the floors alone pass. On the three docs sites and
     * the two BEIR collections it refuses 0-3% of them (and, measured on the labelled sets, costs BEIR
     * queries), so there it stays off; on a small site whose words the pool mostly lacks it pays.
     */
    static final double MIN_UNKNOWN_RULE_GAIN = 0.10;

    /** {@code c} with the unknown-word rule where it pays, and the figures either way. */
    static Choice withUnknownWords(Choice c, List<Scores> site, List<Scores> pool) {
        Choice with = new Choice(c.minSimilarity(), c.minKeywordCoverage(), MAX_UNKNOWN_SHARE, "");
        int floorsPass = passed(pool, c);
        int refused = floorsPass - passed(pool, with);
        int siteRefused = turnedAway(site, with) - turnedAway(site, c);
        boolean adopt = siteRefused == 0 && floorsPass > 0 && refused >= MIN_UNKNOWN_RULE_GAIN * floorsPass;
        String figures = String.format(Locale.ROOT, "words the site never uses carry %.2f of the question's weight or more in "
                        + "%d of %d off-topic and %d of %d site questions; of the %d off-topic questions the floors pass, it "
                        + "would refuse %d, and %d more site questions",
                MAX_UNKNOWN_SHARE, pool.stream().filter(s -> s.unknownShare() >= MAX_UNKNOWN_SHARE).count(), pool.size(),
                site.stream().filter(s -> s.unknownShare() >= MAX_UNKNOWN_SHARE).count(), site.size(), floorsPass, refused,
                siteRefused);
        return adopt ? c.withMaxUnknownShare(MAX_UNKNOWN_SHARE, "maxUnknownShare " + String.format(Locale.ROOT, "%.2f", MAX_UNKNOWN_SHARE)
                + " adopted: " + figures)
                : c.withMaxUnknownShare(Double.POSITIVE_INFINITY, "unknown-word rule not adopted (it must refuse at least "
                + Math.round(MIN_UNKNOWN_RULE_GAIN * 100) + "% of them and no site question): " + figures);
    }

    /** How many nearest questions of each set the question-space rule averages (chosen on Vitest, docs/quality.md). */
    static final int NEIGHBOURS = 5;
    /**
     * The share of the site questions that pass the floors which the question-space rule may turn away, at most: its
     * lead limit is their lead at this quantile from the top (chosen on Vitest, docs/quality.md "Question-space
     * neighbours").
     */
    static final double NEIGHBOURS_SITE_TURNED_AWAY = 0.02;
    /** Embedding the calibration's questions for the rule, this many a call. */
    private static final int EMBED_BATCH = 32;

    /**
     * The calibration's questions embedded as questions, and each one's lead (docs/retrieval.md §4, "Questions near
     * other tools' questions"): the mean cosine of its {@link #NEIGHBOURS} nearest off-topic questions minus that of
     * its nearest site questions, its own vector left out of either set. {@code site[i]} is the lead of the i-th site
     * question, {@code pool[j]} that of the j-th off-topic question: the bundled pool the floors are chosen from, then
     * the near-domain one.
     */
    record Leads(List<QuantizedVector> siteVectors, List<QuantizedVector> offTopicVectors, double[] site, double[] pool,
                 double[] shortForms, List<float[]> siteFloats, List<float @Nullable []> shortFloats, List<float[]> poolFloats) {
        /** Without short forms: the limit counts the site questions alone. */
        Leads(List<QuantizedVector> siteVectors, List<QuantizedVector> offTopicVectors, double[] site, double[] pool) {
            this(siteVectors, offTopicVectors, site, pool, new double[0]);
        }

        /** Without the questions' own vectors, which only the site's headings need ({@link #withHeadings}). */
        Leads(List<QuantizedVector> siteVectors, List<QuantizedVector> offTopicVectors, double[] site, double[] pool,
              double[] shortForms) {
            this(siteVectors, offTopicVectors, site, pool, shortForms, List.of(), List.of(), List.of());
        }
    }

    /** {@link Leads} of the site questions and of the off-topic ones of both pools; empty with a figure when too few. */
    static Optional<Leads> leads(Embedder embedder, List<SiteQuestion> siteQuestions, List<String> figures) {
        List<String> offTopicTexts = new ArrayList<>(offTopicPool());
        offTopicTexts.addAll(nearDomainPool());
        List<float[]> siteFloats = embed(embedder, siteQuestions.stream().map(SiteQuestion::text).toList());
        List<float[]> offTopicFloats = embed(embedder, offTopicTexts);
        List<QuantizedVector> siteVectors = siteFloats.stream().map(QuantizedVector::of).toList();
        List<QuantizedVector> offTopicVectors = offTopicFloats.stream().map(QuantizedVector::of).toList();
        if (siteVectors.size() <= NEIGHBOURS || offTopicVectors.size() <= NEIGHBOURS) {
            figures.add("question-space rule not measured: too few site questions");
            return Optional.empty();
        }
        double[] siteLeads = new double[siteVectors.size()];
        for (int i = 0; i < siteLeads.length; i++) {
            siteLeads[i] = new Manifest.Neighbours(NEIGHBOURS, 0, without(siteVectors, i), offTopicVectors).lead(siteFloats.get(i));
        }
        double[] poolLeads = new double[offTopicVectors.size()];
        for (int j = 0; j < poolLeads.length; j++) {
            poolLeads[j] = new Manifest.Neighbours(NEIGHBOURS, 0, siteVectors, without(offTopicVectors, j)).lead(offTopicFloats.get(j));
        }
        // each short form against the site questions without the one it was made from (docs/quality.md, "Short forms of
        // the site questions"); NaN where a question has none
        List<String> shortTexts = siteQuestions.stream().map(SiteQuestion::shortForm).filter(t -> !t.isEmpty()).toList();
        List<float[]> shortFloats = embed(embedder, shortTexts);
        double[] shortLeads = new double[siteVectors.size()];
        List<float @Nullable []> shortOf = new ArrayList<>();
        for (int i = 0, next = 0; i < shortLeads.length; i++) {
            float[] v = siteQuestions.get(i).shortForm().isEmpty() ? null : shortFloats.get(next++);
            shortOf.add(v);
            shortLeads[i] = v == null ? Double.NaN
                    : new Manifest.Neighbours(NEIGHBOURS, 0, without(siteVectors, i), offTopicVectors).lead(v);
        }
        return Optional.of(new Leads(siteVectors, offTopicVectors, siteLeads, poolLeads, shortLeads, siteFloats, shortOf,
                offTopicFloats));
    }

    /**
     * The lead limit for floors {@code c}: the lead of the site questions {@code c} passes, and of their short forms
     * (docs/quality.md, "Short forms of the site questions"), at {@link #NEIGHBOURS_SITE_TURNED_AWAY} from the top, never
     * below 0 (a question nearer the site's questions than the
     * off-topic ones is not refused by this rule: where headings sit far from the pool, BEIR's paper titles at -0.08,
     * short real queries do not, and a negative limit refused many of them; docs/quality.md, "Question-space
     * neighbours"). {@code NaN} when no site question passes.
     */
    static double leadLimit(Choice c, List<Scores> site, Leads leads) {
        List<Double> passing = new ArrayList<>();
        for (int i = 0; i < site.size(); i++) {
            if (c.passes(site.get(i), true)) {
                passing.add(leads.site()[i]);
                if (i < leads.shortForms().length && !Double.isNaN(leads.shortForms()[i])) {
                    passing.add(leads.shortForms()[i]);
                }
            }
        }
        return limitOf(passing);
    }

    /**
     * The lead of {@code passing} (site questions that pass the floors) at {@link #NEIGHBOURS_SITE_TURNED_AWAY} from the
     * top, never below 0; {@code NaN} when there are none.
     */
    private static double limitOf(List<Double> passing) {
        if (passing.isEmpty()) {
            return Double.NaN;
        }
        List<Double> sorted = new ArrayList<>(passing);
        sorted.sort(null);
        int allowed = (int) Math.floor(NEIGHBOURS_SITE_TURNED_AWAY * sorted.size());
        return Math.max(0, sorted.get(sorted.size() - 1 - allowed));
    }

    /**
     * How many of {@code scores} pass the floors {@code c} and have a lead at most {@code maxLead}: the question-space
     * rule alone, as its gain is weighed ({@link #rulePays}).
     */
    static int passedWithRule(Choice c, List<Scores> scores, double[] leads, double maxLead) {
        return through(c, c, scores, leads, maxLead, false);
    }

    /** Whether the rule pays at floors {@code c}: it refuses at least {@link #MIN_UNKNOWN_RULE_GAIN} of the pool the floors pass. */
    private static boolean rulePays(Choice c, List<Scores> pool, double[] poolLeads, double maxLead) {
        int floorsPass = passed(pool, c);
        return floorsPass > 0 && !Double.isNaN(maxLead)
                && floorsPass - passedWithRule(c, pool, poolLeads, maxLead) >= MIN_UNKNOWN_RULE_GAIN * floorsPass;
    }

    /**
     * The floors chosen together with the question-space rule (docs/quality.md, "Floors chosen with the question-space
     * rule"): no more of the pool's off-topic questions through than before. The budget is what the floors and the
     * rules pass at {@code floors} (the question-space rule, and the floors a question that names another tool must
     * meet: {@link #passedInBand}); the cosine floor is lowered in its 0.005 steps while the floors and the rules (the
     * lead limit measured anew at each floor, every pool question's lead taken without itself) pass at most that budget,
     * the question-space rule still pays, and a site question is still turned away by the floors (never lower than the
     * site's questions need). Where the rule does not pay at {@code floors}, they are returned unchanged.
     */
    static Choice lowerWithRule(Choice floors, List<Scores> site, List<Scores> pool, Leads leads) {
        Choice c = floors;
        double limit = leadLimit(c, site, leads);
        if (!rulePays(c, pool, leads.pool(), limit)) {
            return floors;
        }
        int budget = passedInBand(c, c, pool, leads.pool(), limit);
        String stop = "";
        while (true) {
            if (turnedAway(site, c) == 0) {
                stop = "no site question is turned away by the floors";
                break;
            }
            Choice next = c.withMinSimilarity(c.minSimilarity() - STEP, "");
            double nextLimit = leadLimit(next, site, leads);
            if (next.minSimilarity() <= 0 || !rulePays(next, pool, leads.pool(), nextLimit)) {
                stop = "the rule would no longer pay";
                break;
            }
            int through = passedInBand(next, next, pool, leads.pool(), nextLimit);
            if (through > budget) {
                stop = String.format(Locale.ROOT, "at %.3f they would pass %d", next.minSimilarity(), through);
                break;
            }
            c = next;
            limit = nextLimit;
        }
        String lowered = c == floors ? String.format(Locale.ROOT, "not lowered from %.3f", floors.minSimilarity())
                : String.format(Locale.ROOT, "lowered from %.3f to %.3f", floors.minSimilarity(), c.minSimilarity());
        return c.withMinSimilarity(c.minSimilarity(), String.format(Locale.ROOT, "; with the question-space rule, minSimilarity "
                        + "%s: the floors and the rules pass %d of the %d off-topic questions, at most the %d "
                        + "they pass at %.3f; stopped: %s; %d site questions turned away by the floors",
                lowered, passedInBand(c, c, pool, leads.pool(), limit), pool.size(), budget,
                floors.minSimilarity(), stop, turnedAway(site, c)));
    }

    /**
     * The question-space rule where it pays (docs/retrieval.md §4, "Questions near other tools' questions"), with its
     * lead limit from the site questions that {@code c} passes ({@link #leadLimit}); the rule is adopted, as the
     * unknown-word rule is, only when it refuses at least {@link #MIN_UNKNOWN_RULE_GAIN} of the pool's off-topic
     * questions the floors pass. Where {@link #lowerWithRule} lowered the cosine floor from {@code chosenFloor}, that
     * floor is recorded as the top of the lowered band (docs/retrieval.md §4, "The lowered band"): below it a cosine
     * counts only for a question with a lead of at most 0. Its figures go to {@code figures} either way.
     */
    static Optional<Manifest.Neighbours> neighbours(Leads leads, List<Scores> site, List<Scores> pool, Choice c,
                                                    double chosenFloor, List<String> figures) {
        double maxLead = leadLimit(c, site, leads);
        if (Double.isNaN(maxLead)) {
            figures.add("question-space rule not adopted: no site question passes the floors");
            return Optional.empty();
        }
        int floorsPass = passed(pool, c);
        int refused = floorsPass - passedWithRule(c, pool, leads.pool(), maxLead);
        int sitePass = site.size() - turnedAway(site, c);
        int siteRefused = sitePass - passedWithRule(c, site, leads.site(), maxLead);
        boolean adopt = rulePays(c, pool, leads.pool(), maxLead);
        OptionalDouble bandTop = chosenFloor > c.minSimilarity() + 1e-9 ? OptionalDouble.of(chosenFloor) : OptionalDouble.empty();
        String measured = String.format(Locale.ROOT, "%d site and %d off-topic questions as neighbours (k %d); lead limit "
                        + "%.4f (the site questions' and their short forms' %d%% from the top, at least 0); of the %d off-topic questions the floors pass it "
                        + "would refuse %d, and %d of the %d site questions they pass",
                leads.siteVectors().size(), leads.offTopicVectors().size(), NEIGHBOURS, maxLead,
                Math.round(NEIGHBOURS_SITE_TURNED_AWAY * 100), floorsPass, refused, siteRefused, sitePass);
        if (bandTop.isPresent()) {
            Choice top = c.withMinSimilarity(chosenFloor, "");
            measured += String.format(Locale.ROOT, "; lowered band %.3f–%.3f (a lead of at most 0 below %.3f): the floors "
                            + "and the rules pass %d of the %d off-topic questions and turn away %d of the %d site questions",
                    c.minSimilarity(), chosenFloor, chosenFloor, passedInBand(c, top, pool, leads.pool(), maxLead), pool.size(),
                    site.size() - passedInBand(c, top, site, leads.site(), maxLead), site.size());
        }
        figures.add((adopt ? "question-space rule adopted: " : "question-space rule not adopted (it must refuse at least "
                + Math.round(MIN_UNKNOWN_RULE_GAIN * 100) + "% of them): ") + measured);
        return adopt ? Optional.of(new Manifest.Neighbours(NEIGHBOURS, maxLead, bandTop, leads.siteVectors(),
                leads.offTopicVectors())) : Optional.empty();
    }

    /*
     * Questions about another tool on an index without vectors (docs/retrieval.md §4, "Questions about another tool";
     * docs/quality.md, "The gate on keyword-only indexes"): there is no lead, so such a question must carry more of its
     * words on one page than the keyword-only floor asks: as much as the off-topic pool's questions carry at its 85th
     * percentile (the percentile the vector path's coverage floor starts from). As the floor of every question it turned
     * away real questions (docs/quality.md, "Keyword-only indexes"); for the questions that name another tool it turned
     * away none, and uncapped it let fewer tune titles through than capped as the vector path is.
     */
    /**
     * The coverage floor for a question that names another tool on an index without vectors, never below the
     * keyword-only floor, with the tools counted as {@code st} says, and the figures of what it refuses among the
     * calibration's questions that floors {@code c} pass.
     */
    static Manifest.OtherToolFloor otherToolFloor(SiteTools st, List<Scores> site, List<Scores> pool, Choice c,
                                                  List<String> figures) {
        double fromPool = poolCoverage(pool);
        double floor = Math.max(GateDefaults.MIN_KEYWORD_COVERAGE_KEYWORD_ONLY, fromPool);
        List<Scores> siteMarked = site.stream().map(s -> s.marked(st)).toList();
        List<Scores> poolMarked = pool.stream().map(s -> s.marked(st)).toList();
        figures.add(String.format(Locale.ROOT, "questions about another tool (no vectors): another tool is one the site mentions "
                        + "on at most %d of its %d pages (%d%%); the site's own (%d): %s; such a question needs keyword coverage "
                        + "%.3f (the off-topic questions' %d%% percentile of best coverage, at least %.2f); %d of the %d site "
                        + "and %d of the %d off-topic questions name another tool; of those the floors pass, it refuses %d of %d "
                        + "site and %d of %d off-topic questions",
                st.few(), st.pages(), Math.round(SiteTools.FEW_PAGES_SHARE * 100), st.siteTools().size(), st.describeOwn(), floor,
                Math.round(POOL_COVERAGE_QUANTILE * 100), GateDefaults.MIN_KEYWORD_COVERAGE_KEYWORD_ONLY,
                count(siteMarked, Scores::namesOtherTool), site.size(), count(poolMarked, Scores::namesOtherTool), pool.size(),
                count(siteMarked, s -> s.namesOtherTool() && c.passes(s, false) && s.coverage() < floor),
                count(siteMarked, s -> s.namesOtherTool() && c.passes(s, false)),
                count(poolMarked, s -> s.namesOtherTool() && c.passes(s, false) && s.coverage() < floor),
                count(poolMarked, s -> s.namesOtherTool() && c.passes(s, false))));
        return new Manifest.OtherToolFloor(st.few(), st.siteTools(), floor);
    }

    private static int count(List<Scores> scores, java.util.function.Predicate<Scores> p) {
        return (int) scores.stream().filter(p).count();
    }

    /**
     * {@code n} with the rule for questions that name another tool (docs/retrieval.md §4, "Questions about another
     * tool"): each listed tool's pages on the site counted, the few-pages bound at {@link SiteTools#FEW_PAGES_SHARE} of them,
     * and the figures of what it refuses among the calibration's questions that the floors and the question-space rule
     * pass.
     */
    static Manifest.Neighbours withOtherTools(Manifest.Neighbours n, Choice c, SiteTools st, List<Scores> site,
                                              List<Scores> pool, Leads leads, List<String> figures) {
        int few = st.few();
        List<String> siteTools = st.siteTools();
        Manifest.Neighbours with = new Manifest.Neighbours(n.k(), n.maxLead(), n.bandTop(), java.util.OptionalInt.of(few),
                siteTools, n.site(), n.offTopic());
        int[] siteFigures = refusedAsOtherTool(with, c, site, leads.site());
        int[] poolFigures = refusedAsOtherTool(with, c, pool, leads.pool());
        figures.add(String.format(Locale.ROOT, "questions about another tool: %d listed tools, another tool is one the site "
                        + "mentions on at most %d of its %d pages (%d%%); the site's own (%d): %s; %d of the %d site and %d of "
                        + "the %d off-topic questions name another tool; of those the floors and the question-space rule pass, "
                        + "it refuses %d of %d site and %d of %d off-topic questions",
                st.tools().tools().size(), few, st.pages(), Math.round(SiteTools.FEW_PAGES_SHARE * 100), siteTools.size(), st.describeOwn(),
                siteFigures[0], site.size(), poolFigures[0], pool.size(), siteFigures[2], siteFigures[1], poolFigures[2],
                poolFigures[1]));
        return with;
    }

    /**
     * Most of the site's headings recorded as neighbours (an even sample beyond): Vitest's 1,228 and Docusaurus's 628
     * fit, and Astro's 3,072 sampled to these gave the same verdicts on every labelled set as all of them (1,024 did not);
     * it bounds the manifest, the calibration's embedding and a refused question's extra scan (docs/quality.md, "Every
     * heading spares a question the sampled ones refuse").
     */
    static final int MAX_HEADINGS = 2048;

    /*
     * The site's every heading (docs/retrieval.md §4, "The site's every heading"; docs/quality.md, "Every heading
     * spares a question the sampled ones refuse"): the question-space rule compares a question with 200 sampled
     * headings, and a real question whose page's headings are not in the sample sits nearer the off-topic pool's
     * questions than it should. Against every heading it finds its page's own; a question the rule refuses is spared
     * when, against every heading, its lead is at most a limit taken as the rule's own is: from the sampled site
     * questions the floors pass and their short forms, each against the headings of the other pages (a heading's own
     * page holds its paraphrases), at the same share from the top, never below 0.
     */
    /**
     * {@code n} with the site's headings ({@code sections}, at most {@link #MAX_HEADINGS}) embedded as questions and the
     * limit of the lead over them, and the figures of what they spare among the calibration's questions that the
     * floors {@code c} pass and the question-space rule refuses.
     */
    static Manifest.Neighbours withHeadings(Manifest.Neighbours n, List<SiteQuestion> sections, Embedder embedder,
                                            List<SiteQuestion> siteQuestions, List<Scores> site, List<Scores> pool,
                                            Choice c, Leads leads, List<String> figures) {
        List<SiteQuestion> headings = evenSample(sections, MAX_HEADINGS);
        if (headings.size() < n.k() || leads.siteFloats().size() != siteQuestions.size()) {
            figures.add("the site's headings: not recorded (too few)");
            return n;
        }
        List<QuantizedVector> vectors = embed(embedder, headings.stream().map(SiteQuestion::text).toList()).stream()
                .map(QuantizedVector::of).toList();
        double[][] elsewhere = leadsOverOtherPages(n, headings, vectors, siteQuestions, leads);
        List<Double> passing = new ArrayList<>();
        for (int i = 0; i < siteQuestions.size(); i++) {
            if (c.passes(site.get(i), true)) {
                for (double lead : new double[] {elsewhere[0][i], elsewhere[1][i]}) {
                    if (!Double.isNaN(lead)) {
                        passing.add(lead);
                    }
                }
            }
        }
        double limit = limitOf(passing);
        if (Double.isNaN(limit)) {
            figures.add("the site's headings: not recorded (no site question passes the floors)");
            return n;
        }
        double[] poolLeads = new double[pool.size()];
        for (int j = 0; j < pool.size(); j++) {
            Scores s = pool.get(j);
            // only where the sample refuses; each without itself among the off-topic ones, as the rule's figures count it
            poolLeads[j] = !c.passes(s, true) || !RelevanceGate.refusedByQuestionSpace(leads.pool()[j], n.maxLead(),
                    s.coverage(), c.minKeywordCoverage(), s.together()) ? Double.NaN
                    : new Manifest.Neighbours(n.k(), 0, vectors, without(n.offTopic(), j)).lead(leads.poolFloats().get(j));
        }
        int[] poolFigures = spared(n.maxLead(), limit, c, pool, leads.pool(), poolLeads);
        int[] siteFigures = spared(n.maxLead(), limit, c, site, leads.site(), elsewhere[0]);
        figures.add(String.format(Locale.ROOT, "the site's headings: %d of its %d sections' headings as questions; a question "
                        + "the rule refuses is spared with a lead over them of at most %.4f (the site questions' and their "
                        + "short forms' %d%% from the top, against the headings of other pages, at least 0); of the %d "
                        + "off-topic questions the floors pass and the rule refuses (each without itself) it spares %d (%d of "
                        + "them name another tool, whose rule still holds), of the %d site questions %d",
                headings.size(), sections.size(), limit, Math.round(NEIGHBOURS_SITE_TURNED_AWAY * 100), poolFigures[0],
                poolFigures[1], poolFigures[2], siteFigures[0], siteFigures[1]));
        return n.withHeadings(vectors, limit);
    }

    /**
     * Each site question's lead over the headings of the pages other than its own ({@code [0]}) and its short form's
     * ({@code [1]}); {@code NaN} where it has none or too few headings are left.
     */
    private static double[][] leadsOverOtherPages(Manifest.Neighbours n, List<SiteQuestion> headings,
                                                  List<QuantizedVector> vectors, List<SiteQuestion> siteQuestions, Leads leads) {
        double[][] out = new double[2][siteQuestions.size()];
        for (int i = 0; i < siteQuestions.size(); i++) {
            String page = page(siteQuestions.get(i).heldOutUrl());
            List<QuantizedVector> others = new ArrayList<>(vectors.size());
            for (int h = 0; h < headings.size(); h++) {
                if (!page(headings.get(h).heldOutUrl()).equals(page)) {
                    others.add(vectors.get(h));
                }
            }
            float[] shortForm = leads.shortFloats().get(i);
            if (others.size() < n.k()) {
                out[0][i] = Double.NaN;
                out[1][i] = Double.NaN;
                continue;
            }
            Manifest.Neighbours elsewhere = new Manifest.Neighbours(n.k(), 0, others, n.offTopic());
            out[0][i] = elsewhere.lead(leads.siteFloats().get(i));
            out[1][i] = shortForm == null ? Double.NaN : elsewhere.lead(shortForm);
        }
        return out;
    }

    /**
     * Of {@code scores} that the floors {@code c} pass: how many the question-space rule refuses (sample leads
     * {@code leads}, limit {@code maxLead}), how many of those the headings spare (leads {@code headingsLeads}, limit
     * {@code headingsLimit}), and how many of the spared ones name another tool.
     */
    private static int[] spared(double maxLead, double headingsLimit, Choice c, List<Scores> scores, double[] leads,
                                double[] headingsLeads) {
        int[] out = new int[3];
        for (int i = 0; i < scores.size(); i++) {
            Scores s = scores.get(i);
            if (c.passes(s, true)
                    && RelevanceGate.refusedByQuestionSpace(leads[i], maxLead, s.coverage(), c.minKeywordCoverage(), s.together())) {
                out[0]++;
                if (!Double.isNaN(headingsLeads[i]) && !RelevanceGate.refusedByQuestionSpace(headingsLeads[i], headingsLimit,
                        s.coverage(), c.minKeywordCoverage(), s.together())) {
                    out[1]++;
                    out[2] += s.namesOtherTool() ? 1 : 0;
                }
            }
        }
        return out;
    }

    private static String page(String url) {
        int hash = url.indexOf('#');
        return hash < 0 ? url : url.substring(0, hash);
    }

    /**
     * Of {@code scores}: how many name another tool, how many of those the floors and the question-space rule pass
     * (with the lowered band), and how many of those the rule for another tool refuses.
     */
    private static int[] refusedAsOtherTool(Manifest.Neighbours n, Choice c, List<Scores> scores, double[] leads) {
        Choice top = c.withMinSimilarity(n.bandTop().orElse(c.minSimilarity()), "");
        List<Scores> named = new ArrayList<>();
        double[] namedLeads = new double[scores.size()];
        for (int i = 0; i < scores.size(); i++) {
            if (scores.get(i).namesOtherTool()) {
                namedLeads[named.size()] = leads[i];
                named.add(scores.get(i));
            }
        }
        int passed = through(c, top, named, namedLeads, n.maxLead(), false);
        return new int[] {named.size(), passed, passed - through(c, top, named, namedLeads, n.maxLead(), true)};
    }

    /**
     * How many of {@code scores} pass the gate with the lowered band: floors {@code top}, or floors {@code c} with a lead
     * of at most 0, and in either case a lead of at most {@code maxLead} unless the coverage floor passes with the pair
     * rule. A question marked as naming another tool is counted as the gate treats it (docs/retrieval.md §4, "Questions
     * about another tool"): no band, and with a lead above 0 both floors at {@code top}; whether a passing candidate
     * mentions the tool (which spares it, and without which it is refused) is not counted, since the calibration keeps no
     * candidates.
     */
    static int passedInBand(Choice c, Choice top, List<Scores> scores, double[] leads, double maxLead) {
        return through(c, top, scores, leads, maxLead, true);
    }

    private static int through(Choice c, Choice top, List<Scores> scores, double[] leads, double maxLead, boolean toolRule) {
        int n = 0;
        for (int i = 0; i < scores.size(); i++) {
            Scores s = scores.get(i);
            boolean tool = toolRule && s.namesOtherTool();
            boolean floors = top.passes(s, true) || (!tool && leads[i] <= 0 && c.passes(s, true));
            if (tool && floors && RelevanceGate.refusedAsOtherTool(leads[i], s.similarity(), s.coverage(), top.minSimilarity(),
                    c.minKeywordCoverage(), () -> false)) {
                floors = false;
            }
            n += floors && !RelevanceGate.refusedByQuestionSpace(leads[i], maxLead, s.coverage(), c.minKeywordCoverage(), s.together()) ? 1 : 0;
        }
        return n;
    }

    /**
     * Embeds every question the calibration asks, all at once, into {@code remembered}: each is retrieved and then
     * compared with the others ({@link #leads}).
     */
    private static void embedAll(RememberedQueries remembered, List<SiteQuestion> siteQuestions) {
        List<String> texts = new ArrayList<>();
        for (SiteQuestion q : siteQuestions) {
            texts.add(q.text());
            if (!q.shortForm().isEmpty()) {
                texts.add(q.shortForm());
            }
        }
        texts.addAll(offTopicPool());
        texts.addAll(nearDomainPool());
        embed(remembered, texts);
    }

    private static List<float[]> embed(Embedder embedder, List<String> texts) {
        List<float[]> out = new ArrayList<>(texts.size());
        for (int from = 0; from < texts.size(); from += EMBED_BATCH) {
            out.addAll(embedder.embedQueries(texts.subList(from, Math.min(texts.size(), from + EMBED_BATCH))));
        }
        return out;
    }

    private static <T> List<T> without(List<T> list, int index) {
        List<T> out = new ArrayList<>(list);
        out.remove(index);
        return out;
    }

    static double quantile(double[] sorted, double q) {
        if (sorted.length == 0) {
            return 0;
        }
        double pos = q * (sorted.length - 1);
        int lo = (int) Math.floor(pos);
        int hi = Math.min(sorted.length - 1, lo + 1);
        return sorted[lo] + (pos - lo) * (sorted[hi] - sorted[lo]);
    }

    private static String describe(List<Scores> scores, boolean vectors) {
        double[] sim = scores.stream().mapToDouble(Scores::similarity).sorted().toArray();
        double[] cov = scores.stream().mapToDouble(Scores::coverage).sorted().toArray();
        String c = String.format(Locale.ROOT, "best coverage p10 %.3f, p50 %.3f, p90 %.3f, max %.3f",
                quantile(cov, 0.1), quantile(cov, 0.5), quantile(cov, 0.9), max(cov));
        return !vectors ? c : String.format(Locale.ROOT, "best cosine p10 %.3f, p50 %.3f, p90 %.3f, max %.3f; ",
                quantile(sim, 0.1), quantile(sim, 0.5), quantile(sim, 0.9), max(sim)) + c;
    }

    private static double max(double[] sorted) {
        return sorted.length == 0 ? 0 : sorted[sorted.length - 1];
    }

    /**
     * For measuring question-level features offline: one tab-separated line per question with its best
     * cosine and coverage (held out as in calibration), the ten best cosines, each analysed term
     * ({@code asked:term:idf:weight:coverageWeight:unknown}) and each written word ({@code word:unknown}).
     */
    static String features(HybridRetriever retriever, String kind, String question, String heldOutUrl) {
        Retrieval r = retriever.retrieve(question, OPEN);
        double sim = 0;
        double cov = 0;
        List<Double> sims = new ArrayList<>();
        for (Hit h : r.hits()) {
            if (!heldOutUrl.isEmpty() && h.chunk().url().equals(heldOutUrl)) {
                continue;
            }
            sim = Math.max(sim, h.similarity().orElse(0));
            cov = Math.max(cov, h.keywordCoverage());
            h.similarity().ifPresent(sims::add);
        }
        sims.sort(java.util.Comparator.reverseOrder());
        StringBuilder top = new StringBuilder();
        for (int i = 0; i < Math.min(10, sims.size()); i++) {
            top.append(i == 0 ? "" : ",").append(String.format(Locale.ROOT, "%.4f", sims.get(i)));
        }
        dev.docask.index.internal.IndexEngine engine = dev.docask.index.internal.IndexEngine.of(retriever.index());
        float unknownIdf = SearchQuery.unknownIdf(retriever.index().size());
        dev.docask.index.internal.QueryTerms t = engine.queryTerms(question, true);
        StringBuilder terms = new StringBuilder();
        for (int i = 0; i < t.terms().size(); i++) {
            terms.append(i == 0 ? "" : "|").append(String.format(Locale.ROOT, "%s:%s:%.4f:%.3f:%.3f:%d", t.asked().get(i),
                    t.terms().get(i), t.idf()[i], t.weights()[i], t.coverage()[i], t.idf()[i] >= unknownIdf ? 1 : 0));
        }
        StringBuilder words = new StringBuilder();
        for (String w : contentWords(engine, question)) {
            dev.docask.index.internal.QueryTerms wt = engine.queryTerms(w, false);
            boolean unknown = true;
            for (float f : wt.idf()) {
                unknown &= f >= unknownIdf;
            }
            words.append(words.isEmpty() ? "" : "|").append(w.replace("|", "/")).append(unknown ? ":1" : ":0");
        }
        StringBuilder vec = new StringBuilder();
        retriever.embedder().ifPresent(e -> {
            for (float f : e.embedQuery(question)) {
                vec.append(vec.isEmpty() ? "" : ",").append(String.format(Locale.ROOT, "%.5f", f));
            }
        });
        return String.format(Locale.ROOT, "%s\t%.4f\t%.4f\t%s\t%s\t%s\t%s\t%s", kind, sim, cov, top, terms, words,
                question.replace('\t', ' ').replace('\n', ' '), vec);
    }

    /** {@link #features} of the site questions and the pool. */
    static List<String> dumpFeatures(HybridRetriever retriever) {
        List<String> out = new ArrayList<>();
        for (SiteQuestion q : siteQuestions(retriever.index())) {
            out.add(features(retriever, "site", q.text(), q.heldOutUrl()));
        }
        for (String q : offTopicPool()) {
            out.add(features(retriever, "pool", q, ""));
        }
        return out;
    }

    /** For measuring the rule: every score, one line each (docs/quality.md, "A gate that calibrates itself"). */
    static List<String> dump(HybridRetriever retriever) {
        List<String> out = new ArrayList<>();
        for (SiteQuestion q : siteQuestions(retriever.index())) {
            Scores held = score(retriever, q.text(), q.heldOutUrl());
            Scores all = score(retriever, q.text(), "");
            out.add(String.format(Locale.ROOT, "site\t%.4f\t%.4f\t%.4f\t%.4f\t%s", held.similarity(), held.coverage(),
                    all.similarity(), all.coverage(), q.text()));
        }
        for (String q : offTopicPool()) {
            Scores s = score(retriever, q, "");
            out.add(String.format(Locale.ROOT, "pool\t%.4f\t%.4f\t%.4f\t%.4f\t%s", s.similarity(), s.coverage(),
                    s.similarity(), s.coverage(), q));
        }
        return out;
    }

}
