package dev.docask.retrieve;

import dev.docask.index.Manifest;
import dev.docask.ingest.Chunk;
import org.jspecify.annotations.Nullable;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;

/*
 * The gate decides, per candidate, whether it is about the question at all: cosine similarity at
 * or above minSimilarity OR keyword coverage at or above minKeywordCoverage. Either signal alone
 * fails somewhere (cosine lets near-domain off-topic questions through; coverage misses
 * paraphrases), together they keep real questions and turn away most junk without a model call.
 * With both thresholds at 0 there is no gate (top-N mode).
 */
record RelevanceGate(double minSimilarity, double minKeywordCoverage, boolean similarityNeedsKeyword,
                     double maxUnknownShare, Optional<Manifest.Neighbours> neighbours,
                     Optional<Manifest.OtherToolFloor> otherToolFloor, double pairBelow) {

    /** {@link #pairBelow} of a gate whose every pass on coverage alone needs the pair rule. */
    static final double PAIR_ALWAYS = Double.POSITIVE_INFINITY;

    /** {@link #pairBelow} of a gate without the pair rule (coverage counts wherever the question's words are). */
    static final double PAIR_NEVER = 0;

    /** Without the pair rule. */
    RelevanceGate(double minSimilarity, double minKeywordCoverage, boolean similarityNeedsKeyword, double maxUnknownShare,
                  Optional<Manifest.Neighbours> neighbours, Optional<Manifest.OtherToolFloor> otherToolFloor) {
        this(minSimilarity, minKeywordCoverage, similarityNeedsKeyword, maxUnknownShare, neighbours, otherToolFloor, PAIR_NEVER);
    }

    /** Without the keyword-only rule for questions that name another tool. */
    RelevanceGate(double minSimilarity, double minKeywordCoverage, boolean similarityNeedsKeyword, double maxUnknownShare,
                  Optional<Manifest.Neighbours> neighbours) {
        this(minSimilarity, minKeywordCoverage, similarityNeedsKeyword, maxUnknownShare, neighbours, Optional.empty());
    }

    /** No question-level rule: only the two floors, per candidate. */
    RelevanceGate(double minSimilarity, double minKeywordCoverage, boolean similarityNeedsKeyword) {
        this(minSimilarity, minKeywordCoverage, similarityNeedsKeyword, Double.POSITIVE_INFINITY, Optional.empty());
    }

    /** The two floors and the unknown-word rule. */
    RelevanceGate(double minSimilarity, double minKeywordCoverage, boolean similarityNeedsKeyword, double maxUnknownShare) {
        this(minSimilarity, minKeywordCoverage, similarityNeedsKeyword, maxUnknownShare, Optional.empty());
    }

    /*
     * The question-space rule (docs/retrieval.md §4, "Questions near other tools' questions"): a question whose
     * nearest off-topic questions sit closer than its nearest site questions, by more than the lead the calibration
     * allowed, asks about another tool. A few hundred int8 dot products per question, once: lead() is what reject
     * and rejectQuestion take.
     */
    /** The question's lead over the calibration's questions; {@code NaN} where the rule does not apply. */
    double lead(SearchQuery query) {
        return isOpen() || neighbours.isEmpty() || !query.hasVector() ? Double.NaN
                : neighbours.get().lead(query.vector().orElseThrow());
    }

    /**
     * Whether the question-space rule refuses a question of this lead and best keyword coverage: only one that does not
     * pass on its words, its best coverage under the coverage floor or no two of its neighbouring words written together
     * on a candidate ({@code together}, the pair rule). A question that passes on its words is asked in the site's own
     * words and is not refused by its lead, however near other tools' questions it sits (docs/retrieval.md §4,
     * "Questions in the site's own words"): on the title sets written blind, nearly every answerable question the rule
     * turned away had such a coverage and no off-topic one did (docs/quality.md, "The question-space rule spares
     * questions that pass on their words"). The rules for a question that names another tool still hold.
     */
    static boolean refusedByQuestionSpace(double lead, double maxLead, double bestCoverage, double coverageFloor,
                                          boolean together) {
        return lead > maxLead && (bestCoverage < coverageFloor || !together);
    }

    /*
     * Both signals just short (docs/retrieval.md §4): a question whose best cosine and best keyword coverage both fall
     * just under their floors has two weak signals that agree, as good a case as one clear one. Measured on every
     * project set and on title sets written blind (docs/quality.md, "Both signals just short"); the two margins were
     * chosen there, and checked on a blind set written before they were.
     */
    /** How far under its cosine floor a question's best cosine may be when its best coverage is near its floor too. */
    static final double NEAR_COSINE = 0.02;
    /** How far under the coverage floor a question's best keyword coverage may be when its best cosine is near too. */
    static final double NEAR_COVERAGE = 0.08;

    /**
     * Whether the question, of this {@link #lead}, with these best scores over its candidates, is near both floors: its
     * candidates are then judged against both floors lowered by {@link #NEAR_COSINE} and {@link #NEAR_COVERAGE}. Only
     * where the calibration's question-level rules hold (a calibrated gate with a cosine that reads meaning; a floor the
     * user sets turns it off, the user's gate is the two floors), and only for a question whose cosine is short: one whose
     * best coverage reaches its floor is near too, since the pair rule may not count that coverage.
     */
    boolean nearBothFloors(float bestSimilarity, float bestCoverage, double lead, boolean otherTool) {
        if (isOpen() || neighbours.isEmpty() || Float.isNaN(bestSimilarity)) {
            return false;
        }
        double floor = minSimilarity(lead, otherTool);
        return bestSimilarity < (float) floor && bestSimilarity >= (float) (floor - NEAR_COSINE)
                && bestCoverage >= (float) (minKeywordCoverage - NEAR_COVERAGE);
    }

    /** Whether a question's best cosine and best keyword coverage both reach their floors. */
    static boolean passesBothFloors(double bestSimilarity, double bestCoverage, double cosineFloor, double coverageFloor) {
        return bestSimilarity >= cosineFloor && bestCoverage >= coverageFloor;
    }

    /**
     * Why the whole question, of this {@link #lead}, whose best candidate has cosine {@code bestSimilarity} and
     * carries {@code bestCoverage} of its words, and which names {@code otherTool} (from {@link #otherTool};
     * {@code null}: none), fails the gate, or {@code null} when its candidates are judged one by one.
     */
    @Nullable String rejectQuestion(SearchQuery query, double lead, float bestSimilarity, float bestCoverage,
                                    OtherTools.@Nullable Named otherTool, java.util.function.BooleanSupplier together,
                                    java.util.function.BooleanSupplier passingCandidateDocumentsTool) {
        String unknown = rejectQuestion(query.unknownShare());
        if (unknown != null) {
            return unknown;
        }
        String unmentioned = query.unmentionedPackage(ownTools());
        if (unmentioned != null) {
            return String.format(Locale.ROOT, "it names %s, a package built on the site's tool that no page of the site "
                    + "mentions", unmentioned);
        }
        if (neighbours.isEmpty()) {
            // not spared by a passing candidate that mentions the tool, as refusedAsOtherTool is: measured, on keyword-only
            // indexes that let more off-topic questions through than it gave back real ones (docs/quality.md, "More tools
            // on the list, and a tool the passing sources document")
            return otherTool == null ? null : otherToolFloor.filter(f -> bestCoverage < (float) f.minKeywordCoverage())
                    .map(f -> String.format(Locale.ROOT, "it names another tool (%s, on at most %d of the site's pages) and "
                                    + "its best keyword coverage is %s, the floor for such a question on an index without vectors",
                            otherTool.name(), otherTool.pages(), below(bestCoverage, f.minKeywordCoverage())))
                    .orElse(null);
        }
        Manifest.Neighbours n = neighbours.get();
        // the pair rule is read (once, memoised) only where it decides: over the lead limit with coverage at the floor;
        // under the floor the coverage refuses, and where the gate has no pair rule the coverage alone counts
        if (lead > n.maxLead()) {
            boolean words = bestCoverage < minKeywordCoverage || pairBelow == PAIR_NEVER || together.getAsBoolean();
            if (refusedByQuestionSpace(lead, n.maxLead(), bestCoverage, minKeywordCoverage, words)) {
                // the site's every heading can spare it (§4, "The site's every heading"); read only here, where it decides
                double headingsLead = n.headings().isEmpty() ? Double.NaN
                        : query.vector().map(n::headingsLead).orElse(Double.NaN);
                boolean noHeadings = Double.isNaN(headingsLead);
                if (noHeadings || refusedByQuestionSpace(headingsLead, n.headingsMaxLead(), bestCoverage, minKeywordCoverage,
                        words)) {
                    return String.format(Locale.ROOT, "its %d nearest off-topic questions are closer than its %d "
                            + "nearest site questions by %.3f (at most %.3f)", n.k(), n.k(), lead, n.maxLead())
                            + (noHeadings ? "" : String.format(Locale.ROOT, " and than its %d nearest of the site's headings "
                            + "by %.3f (at most %.3f)", n.k(), headingsLead, n.headingsMaxLead()));
                }
            }
        }
        if (otherTool != null && refusedAsOtherTool(lead, bestSimilarity, bestCoverage, bandTop(), minKeywordCoverage,
                passingCandidateDocumentsTool)) {
            return String.format(Locale.ROOT, "it names another tool (%s, on at most %d of the site's pages) and, nearer the "
                            + "off-topic questions than the site's (lead %.3f), it does not pass both floors (similarity %.3f, "
                            + "at least %.3f; keyword coverage %.3f, at least %.3f)", otherTool.name(), otherTool.pages(), lead,
                    bestSimilarity, bandTop(), bestCoverage, minKeywordCoverage);
        }
        return null;
    }

    /*
     * Questions about another tool (docs/retrieval.md §4, "Questions about another tool"): most off-topic questions
     * that pass name a product the site mentions on few pages or none, and pass on one signal only, or in the lowered
     * band. Such a question gets no band, and when it sits nearer the off-topic questions than the site's (lead above
     * 0) it must pass both floors: its meaning and its words both on the site. Unless a candidate that passes on its own
     * documents the tool (mentions it, on a page not titled with it): the site says how the two go together there (Zod
     * in Vitest's schema-matching recipe, Istanbul in its coverage guide), and the question is as answerable as any other
     * that passes (docs/quality.md, "More tools on the list, and a tool the passing sources document").
     */
    /**
     * Whether a question that names another tool, of this lead and these best scores, is refused; {@code documented} is
     * asked only where it decides: whether a candidate that passes on its own documents the tool ({@link #documents}).
     */
    static boolean refusedAsOtherTool(double lead, double bestSimilarity, double bestCoverage, double cosineFloor,
                                      double coverageFloor, BooleanSupplier documented) {
        return lead > 0 && !passesBothFloors(bestSimilarity, bestCoverage, cosineFloor, coverageFloor) && !documented.getAsBoolean();
    }

    /**
     * Whether {@code c} mentions {@code tool} as a source about it would: a subsection headed by the tool's name alone
     * counts only for a question that also names the site's own tool ({@link #headedBy}).
     */
    static boolean mentions(Chunk c, OtherTools.Named tool, BooleanSupplier namesSiteTool) {
        return (!headedBy(c.heading(), tool) || namesSiteTool.getAsBoolean()) && OtherTools.bundled().mentions(c.searchText(), tool);
    }

    /**
     * Whether {@code c} documents {@code tool} on the site: it mentions it ({@link #mentions}) on a page not titled with
     * it. A page titled with another tool alone ("Migrating from Nuxt") is about the tool the reader leaves; one titled
     * with it beside the site's tool makes it one of the site's own, which this rule never sees (docs/retrieval.md §4).
     */
    static boolean documents(Chunk c, OtherTools.Named tool, BooleanSupplier namesSiteTool) {
        return mentions(c, tool, namesSiteTool) && !OtherTools.bundled().mentions(c.title(), tool);
    }

    /**
     * Why a question that names {@code tool} is refused although some of its candidates pass: none of the passing ones
     * mentions the tool (docs/retrieval.md §4, "Questions about another tool"), so the sources would answer about the
     * site's own feature of that name ("Laravel Blade components with slots" on Astro: its slots, not Blade's);
     * {@code null} when one does, or when none passes. A platform ("on GitHub Actions", "in VS Code") is exempt: the
     * site has no feature of that kind for the sources to be about instead, so a question that names one asks about the
     * site's tool there, and the page that answers rarely names the platform (docs/quality.md, "A platform the question
     * names"). For a question that does not name the site's own tool ({@code namesSiteTool}, asked only of a candidate
     * so headed), a subsection headed by the tool's name alone does not count ({@link #headedBy}).
     */
    static @Nullable String rejectUnmentioned(OtherTools.Named tool, List<Hit> measured, BooleanSupplier namesSiteTool) {
        if (OtherTools.bundled().platform(tool)) {
            return null;
        }
        boolean anyPasses = false;
        for (Hit h : measured) {
            if (h.passed()) {
                anyPasses = true;
                if (mentions(h.chunk(), tool, namesSiteTool)) {
                    return null;
                }
            }
        }
        return anyPasses ? String.format(Locale.ROOT, "it names another tool (%s, on at most %d of the site's pages) and none "
                + "of the passing candidates mentions it", tool.name(), tool.pages()) : null;
    }

    /*
     * A subsection headed by another tool's name alone ("Comparison with other tools › VitePress", "… › Jekyll" on
     * Docusaurus's introduction) is how a page lists the alternatives to the site's tool: it names the tool without
     * documenting its features, so a question about the tool alone ("VitePress sidebar auto generation") is not answered
     * there. A question that also names the site's tool ("prettier won't format .astro files") asks how the two go
     * together, which such a section may say (docs/retrieval.md §4, "Questions about another tool"; docs/quality.md, "A
     * section headed by the tool alone").
     */
    /** Whether {@code heading}, a breadcrumb with a parent, ends in a part that is {@code tool}'s name alone. */
    static boolean headedBy(String heading, OtherTools.Named tool) {
        int at = heading.lastIndexOf(Chunk.BREADCRUMB);
        return at >= 0 && heading.substring(at + Chunk.BREADCRUMB.length()).strip().equalsIgnoreCase(tool.name());
    }

    /** Whether {@code query} names the site's own tool anywhere ({@link SearchQuery#siteTool}). */
    boolean namesSiteTool(SearchQuery query) {
        return namesSiteTool(query.text(), query.siteTool(ownTools()), query::siteWrites);
    }

    /** Whether {@code question} names {@code siteTool} anywhere, as questions name tools ({@link OtherTools#names}). */
    static boolean namesSiteTool(String question, Optional<String> siteTool, Predicate<String> siteWrites) {
        return siteTool.isPresent() && OtherTools.bundled().names(question, siteTool.get(), siteWrites);
    }

    /**
     * Whether a question that names {@code tool} asks about the site's own tool on it, and so is judged as one that names
     * no other tool (docs/retrieval.md §4, "Questions about another tool"): {@code tool} is a platform, and the question
     * names the site's tool too ("split vitest run across github actions jobs") or writes a code symbol that one of its
     * candidates writes ("it.only fails the suite on GitHub Actions"; {@code candidatesWrite} says whether one does).
     * A product named beside the site's tool is not spared: that is most often a question about the product's
     * integration, which its own docs answer (docs/quality.md, "A platform beside the site's own tool").
     */
    boolean onThePlatform(OtherTools.Named tool, SearchQuery query, Predicate<List<String>> candidatesWrite) {
        return onThePlatform(tool, query.text(), query.subject(), query.siteTool(ownTools()), query::siteWrites, candidatesWrite);
    }

    /**
     * {@link #onThePlatform(OtherTools.Named, SearchQuery, Predicate)} for a question written {@code question}, whose tools
     * are named in {@code subject}, on a site whose own tool is {@code siteTool} and which writes the words
     * {@code siteWrites} accepts.
     */
    static boolean onThePlatform(OtherTools.Named tool, String question, String subject, Optional<String> siteTool,
                                 Predicate<String> siteWrites, Predicate<List<String>> candidatesWrite) {
        if (!OtherTools.bundled().platform(tool)) {
            return false;
        }
        // the site's tool anywhere in the question: named in the story, it says which tool the reader runs there
        if (namesSiteTool(question, siteTool, siteWrites)) {
            return true;
        }
        List<String> symbols = CodeSymbols.in(subject);
        return !symbols.isEmpty() && candidatesWrite.test(symbols);
    }

    /**
     * The other tool {@code question} names, where the calibration adopted the rule (with the question-space rule, or on
     * an index without vectors, {@link #otherToolFloor}); {@code null} otherwise. {@code siteWrites} says which words the
     * site writes ({@link OtherTools#named(String, java.util.function.Predicate)}).
     */
    OtherTools.@Nullable Named otherTool(String question, java.util.function.Predicate<String> siteWrites) {
        if (isOpen()) {
            return null;
        }
        if (neighbours.isPresent()) {
            Manifest.Neighbours n = neighbours.get();
            return n.fewPages().isEmpty() ? null
                    : OtherTools.bundled().otherTool(question, n.fewPages().getAsInt(), n.siteTools(), siteWrites);
        }
        return otherToolFloor.map(f -> OtherTools.bundled().otherTool(question, f.fewPages(), f.siteTools(), siteWrites)).orElse(null);
    }

    /**
     * The tools the calibration found the site's own (docs/retrieval.md §4, "Questions about another tool"); none where
     * that rule is off, as it is when the user sets a floor.
     */
    private List<String> ownTools() {
        return isOpen() ? List.of() : ownTools(neighbours, otherToolFloor);
    }

    /** The site's own tools as a calibration records them: with the question-space rule, or on an index without vectors. */
    static List<String> ownTools(Optional<Manifest.Neighbours> neighbours, Optional<Manifest.OtherToolFloor> toolFloor) {
        if (neighbours.isPresent()) {
            return neighbours.get().fewPages().isPresent() ? neighbours.get().siteTools() : List.of();
        }
        return toolFloor.map(Manifest.OtherToolFloor::siteTools).orElse(List.of());
    }

    /** The cosine floor chosen without the question-space rule: the band's top, or the floor where there is no band. */
    private double bandTop() {
        OptionalDouble top = neighbours.map(Manifest.Neighbours::bandTop).orElse(OptionalDouble.empty());
        return top.isPresent() ? Math.max(minSimilarity, top.getAsDouble()) : minSimilarity;
    }

    /*
     * The lowered band (docs/retrieval.md §4, "The lowered band"): where the calibration lowered the cosine floor
     * with the question-space rule, a cosine between the gate's floor and the floor chosen without the rule counts
     * only for a question nearer the site's questions than the off-topic ones (lead at most 0); any other question
     * keeps the floor chosen without the rule.
     */
    /**
     * The cosine floor for a question of this {@link #lead} ({@code NaN}: none measured) that names another tool
     * ({@link #otherTool}), which gets no band, or not.
     */
    double minSimilarity(double lead, boolean otherTool) {
        return otherTool || !(lead <= 0) ? bandTop() : minSimilarity;
    }

    /**
     * Whether a candidate that writes a symbol the question names passes (docs/retrieval.md §4, "A symbol the site
     * writes"): where the calibration's question-level rules hold; a floor the user sets turns it off.
     */
    boolean symbolsCount() {
        return !isOpen() && (neighbours.isPresent() || otherToolFloor.isPresent());
    }

    boolean isOpen() {
        return minSimilarity == 0 && minKeywordCoverage == 0;
    }

    /*
     * The question-level rule (docs/retrieval.md §4, "Words the site never uses"): when the words of the
     * question that the site never uses carry maxUnknownShare of its IDF weight or more, the question is
     * about something else, whatever one common word or a near-domain cosine says. One comparison per
     * question; the share is computed once from the terms' IDF.
     */
    /** Why the whole question fails the gate, or {@code null} when its candidates are judged one by one. */
    @Nullable String rejectQuestion(float unknownShare) {
        if (isOpen() || !(unknownShare >= maxUnknownShare)) {
            return null;
        }
        return String.format(Locale.ROOT, "words the site never uses carry %.2f of the question's weight (at most %.2f)",
                unknownShare, maxUnknownShare);
    }

    /** Why the candidate fails the gate, or {@code null} when it passes; as for a question with no lead measured. */
    @Nullable String reject(float similarity, float coverage) {
        return reject(similarity, coverage, Double.NaN);
    }

    /** Why the candidate of a one-sentence question of this {@link #lead} fails the gate, or {@code null} when it passes. */
    @Nullable String reject(float similarity, float coverage, double lead) {
        Rejection r = rejection(similarity, coverage, lead, false, () -> true);
        return r == null ? null : r.toString();
    }

    /**
     * A candidate that fails the gate, as its numbers; {@link #toString} says why. Most candidates of a question fail and
     * few of the reasons are ever read (explain output, eval reports), so the text is built only when asked for.
     * {@code apart}: its coverage reached the floor and did not count, since none of the question's candidates writes two
     * of its neighbouring words together; {@code far}: it did not count, since the candidate's cosine is under
     * {@link #coverageMinSimilarity}.
     */
    record Rejection(RelevanceGate gate, float similarity, float coverage, double lead, boolean otherTool, boolean apart,
                     boolean far) {
        @Override
        public String toString() {
            return gate.why(similarity, coverage, lead, otherTool, apart, far);
        }
    }

    /*
     * The pair rule (docs/retrieval.md §4, "Words the site writes together"): keyword coverage says the site has the
     * question's words, not that it uses them together. A question none of whose neighbouring word pairs its candidate
     * chunks write together ("reverse a linked list", "ask my manager for a raise" on a site that has each word on some page)
     * passes on its meaning or not at all, where the cosine reads meaning (a real model, not words-only vectors):
     * pairBelow is PAIR_ALWAYS there. On an index without vectors coverage is the only signal, and the rule holds only
     * below the calibrated floor for questions that name another tool: above it the words alone vouch for the question.
     */
    /**
     * The rejection of a candidate of a question that names another tool ({@link #otherTool}) or not; {@code null}: it
     * passes. {@code wordsTogether} says whether the site writes two of the question's neighbouring words together; it is
     * asked only for a candidate that would pass on coverage alone, below {@link #pairBelow}.
     */
    @Nullable Rejection rejection(float similarity, float coverage, double lead, boolean otherTool, BooleanSupplier wordsTogether) {
        return rejection(similarity, coverage, lead, otherTool, false, true, wordsTogether);
    }

    /*
     * Words in another sense (docs/retrieval.md §4): a candidate that holds the question's words but whose meaning is
     * further from the question than nearly every off-topic question's best passage is from that question ("Option to
     * run test suites in parallel" on Docusaurus through its Travis CI section, cosine 0.51, where the pool's 10%
     * percentile is 0.54) uses them in another sense. Its coverage does not count. Only for a one-sentence question: the
     * pool's cosines are those of one sentence, and a longer text's cosine runs lower for every passage; and not for a
     * question of one word, which has no sense for a cosine to read ("veal" on NFCorpus), as it has no pair (above).
     */
    /**
     * The same, for a question that is {@code nearBoth} ({@link #nearBothFloors}) or not, and {@code oneSentence} (of
     * one sentence and more than one word) or not:
     * a near question's candidates meet both floors lowered by the margins; a one-sentence question's coverage counts
     * only from {@link #coverageMinSimilarity}.
     */
    @Nullable Rejection rejection(float similarity, float coverage, double lead, boolean otherTool, boolean nearBoth,
                                  boolean oneSentence, BooleanSupplier wordsTogether) {
        if (isOpen()) {
            return null;
        }
        double cosineFloor = minSimilarity(lead, otherTool) - (nearBoth ? NEAR_COSINE : 0);
        if (similarityCounts(similarity, coverage) && similarity >= (float) cosineFloor) {
            return null;
        }
        boolean covers = coverage >= (float) (minKeywordCoverage - (nearBoth ? NEAR_COVERAGE : 0));
        boolean far = covers && oneSentence && !Float.isNaN(similarity) && similarity < (float) coverageMinSimilarity();
        if (covers && !far && (coverage >= (float) pairBelow || wordsTogether.getAsBoolean())) {
            return null;
        }
        return new Rejection(this, similarity, coverage, lead, otherTool, covers && !far, far);
    }

    /** The least cosine for a pass on keyword coverage ({@link Manifest.Neighbours#coverageMinSimilarity}); 0: any. */
    double coverageMinSimilarity() {
        return neighbours.map(n -> n.coverageMinSimilarity().orElse(0)).orElse(0.0);
    }

    private String why(float similarity, float coverage, double lead, boolean otherTool, boolean apart, boolean far) {
        double floor = minSimilarity(lead, otherTool);
        String sim = Float.isNaN(similarity) ? "no similarity (keyword mode)"
                : !similarityCounts(similarity, coverage) ? String.format(Locale.ROOT, "similarity %.3f ignored (no shared word)", similarity)
                // whenever the floor is the band's top, say why, so that the floor printed matches the one 'inspect' shows
                : "similarity " + below(similarity, floor) + (floor > minSimilarity
                ? otherTool ? String.format(Locale.ROOT, " (the lowered band %.3f does not count for a question that names "
                        + "another tool)", minSimilarity)
                : String.format(Locale.ROOT, " (%.3f with a question-space lead at most 0; %s)", minSimilarity,
                        Double.isNaN(lead) ? "no lead was measured" : String.format(Locale.ROOT, "its lead %.3f", lead))
                : "");
        return sim + (far ? String.format(Locale.ROOT, " and keyword coverage %.3f does not count: its similarity is under "
                + "%.3f, the least nearly every off-topic question's best passage reaches (its words in another sense)",
                coverage, coverageMinSimilarity())
                : apart ? String.format(Locale.ROOT, " and keyword coverage %.3f%s does not count: none of the "
                + "question's candidates writes two of its neighbouring words together", coverage,
                pairBelow == PAIR_ALWAYS ? "" : String.format(Locale.ROOT, " (below %.3f)", pairBelow))
                : " and keyword coverage " + below(coverage, minKeywordCoverage));
    }

    /** Whether the candidate's cosine is one the gate counts: there is one, and it shares a word where that is needed. */
    private boolean similarityCounts(float similarity, float coverage) {
        return !Float.isNaN(similarity) && (!similarityNeedsKeyword || coverage > 0);
    }

    /** "0.7296 < 0.730": enough decimals that the value printed is visibly below the threshold. */
    static String below(float value, double threshold) {
        String v = String.format(Locale.ROOT, "%.3f", value);
        for (int digits = 4; digits <= 7 && Double.parseDouble(v) >= threshold; digits++) {
            v = String.format(Locale.ROOT, "%." + digits + "f", value);
        }
        return v + " < " + String.format(Locale.ROOT, "%.3f", threshold);
    }
}
