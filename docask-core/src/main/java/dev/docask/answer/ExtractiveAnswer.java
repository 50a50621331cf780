package dev.docask.answer;

import org.jspecify.annotations.Nullable;

import dev.docask.index.internal.IndexEngine;
import dev.docask.index.internal.QueryTerms;
import dev.docask.ingest.Chunk;
import dev.docask.retrieve.Hit;
import dev.docask.retrieve.Source;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.regex.Pattern;

/*
 * The answer when no language model is configured: the passages of the sources (Passages:
 * sentences, table rows, list items, short code blocks) that answer the question best, quoted as
 * written, each followed by its [n]. docs/quality.md ("Extractive answers") has the labelled set
 * these rules were chosen on, what each one changed, and what was tried and dropped.
 *
 * A passage's score adds three signals:
 * - meaning: the cosine between the question and the passage (embedded after its section's
 *   heading) with the index's own model, when it has one. It finds "Substitutes all imported
 *   modules ... with another module" for "how do I replace an imported module with a mock".
 * - keywords: the share of the question's IDF weight that the passage's words carry (analysed as
 *   retrieval analyses a question, so "timers" meets "timer"; the unit word of a count or frequency
 *   question's form, the "times" of "how many times", the "long" of "how long", is left out:
 *   Asks.topicWords), and, at more than twice that weight (round 8), the same share counting its
 *   section's heading (and a table row's column headers) as part of it: a heading that repeats the
 *   question vouches for the sentences under it.
 * - place: whether the passage is the first under a heading; it only breaks near-ties (round 8's fit
 *   turned the bonus of rounds 1-7 into a small penalty).
 * - kind (Asks): a bonus when the passage carries what the question asks for (a number for "how
 *   long/many", a command for "how do I install/run", a list or table row for "which options"),
 *   and penalties for a sentence that only restates the question and its heading, and for a
 *   negative sentence when the question is not a yes/no or why question.
 * - literal: the share of the question's symbol-bearing words ("*", "--port", "E_QUEUE_FULL"; Literals)
 *   that the passage holds as written: the analyser drops or splits them, so keywords cannot see
 *   that "A `*` stands for one segment" is about the "*" asked about.
 * - example: a sentence that opens with "For example" or "E.g." illustrates rather than states; it weighs
 *   Weights.example less unless the question asks for an example.
 * - specific: for a "how …" or "which …" question, a passage that names something exact (a code block,
 *   a table row, an inline code span, a number) gets Weights.specific: such questions are answered by a
 *   value, a flag or a command, not by a sentence about the topic.
 * - pointer: a sentence that only sends the reader elsewhere ("See the Parallelism guide for more details.",
 *   "Read the trade-offs in the recipe before turning isolation off") names where the answer is, not the answer;
 *   it weighs Weights.pointer less unless the question asks where to read more (Asks.offPointer).
 * - yes/no: for "Can I replay …?", a sentence that holds the question's verb with a modal or a negation ("… so
 *   they cannot be replayed") gets Weights.yesNo: it says whether, where "Routes can drop events" does not
 *   (Asks.answersYesNo).
 * - section: the cosine of the passage's whole chunk with the question, as retrieval measured it: a sentence read in
 *   its place. "Limits apply to every delivery." says nothing of which limits alone; its section, when it is the one
 *   about the question's topic, says the rest (round 9).
 * - elsewhere: a passage from another section of its source's page (what the context budget left over
 *   brings, docs/retrieval.md §8). Its section's cosine already says how well that section fits; the fit gives
 *   the flag itself a small bonus. Its quote is cited [n](url) at its own section's anchor.
 * A code block competes like a sentence on its own words and meaning; a sentence that introduces
 * a code block ("To deploy your site, run:") and the block are scored and quoted as one.
 * Weights (meaning 1, keywords 0.10, heading 0.22, first -0.03, kind 0.08, restates 0, negative 0.05, literal 0.04,
 * otherSection -0.02, example 0.04, specific 0.10, pointer 0.19, yesNo 0.14, section 0.88) are a conditional logit's,
 * fitted by a harness (docask-bench ExtractiveFit) on the tune parts of the labelled set, its L2 chosen by
 * cross-validation within them, and adopted because they beat the weights before them on the report and check parts,
 * which nothing was chosen on (docs/quality.md, "Round 8", "Round 9"). The fit weighs a restating sentence 0: its signal
 * stays, as the fit's input. A negative first weight: the first passage under a heading is, if anything, less often the answer.
 * Without a model (keyword-only index, the mock) Weights.WORDS_ONLY, fitted the same way with the cosine left out, decides:
 * the ratios the cosine's weights leave among the other signals were not fitted for that case. (When embedding fails
 * for one answer, the model's weights stay and the cosine counts 0.) A sentence ending in a colon and the list right after it are
 * quoted together, like a code block's lead-in. A sentence is quoted with all of its section when that is only sentences
 * and short (MAX_PARAGRAPH_CHARS, no lead-in among them), else with its paragraph when that is short (at most
 * Weights.paragraph sentences, MAX_PARAGRAPH_CHARS, no lead-in): a short paragraph or section is one thought, and the
 * sentence that scores best is often its setting while the next says what to do ("A short paragraph quoted whole"). A
 * sentence that leans on the one before it (an anaphor or qualifier opens it, "instead" ends it: "When your handler sends
 * a Retry-After header, the relay waits exactly that long instead.") is quoted, when its paragraph is too long, with the
 * sentence before it: alone it hides what it qualifies. When it opens its paragraph, the sentence before it is the last
 * of the paragraph before, under the same heading (round 12).
 *
 * Ties go to the better-ranked source, then to the earlier passage, so the output is fully
 * deterministic. At most MAX_QUOTES passages are chosen, at most MAX_PER_SOURCE from one source, so one long page
 * cannot crowd out the others, and then the source quoted first gets its next best passage when the three left it one: the
 * page that answers best shows its two best passages, as long as its quote stays within MAX_PARAGRAPH_CHARS (round 17). A
 * passage chosen from a section already quoted joins that quote in page order, with what the page writes between them
 * when that is short (a paragraph's bound) and "…" where it is longer, and one chosen from another section or chunk of a
 * source already quoted (the rest of a long section, or another section of its page) joins that quote after a "…" line:
 * one quote per source, so the answer shows the same passages in fewer
 * quotes and the first quote holds all it chose from source 1 (two steps: pick, which passages; place, which quote each
 * joins and in which order the quotes come). The quotes come in the order of their best picks, except that for a question
 * about a difference the first quote that states a contrast goes first, and for a quantity question the first that
 * carries a number, when the first quote holds none (round 16). A chosen list item
 * brings its whole list when the list is short (a list of steps is one answer). Without a model (keyword-only index, the
 * mock, or when embedding fails, which is reported to onError) keywords and place decide; when no passage shares a word
 * with the question the first passage of source 1 is quoted, because retrieval found that section relevant on its title
 * or heading. The first line says plainly that these are quotations, not a written answer.
 */
final class ExtractiveAnswer {
    static final String MODEL_ID = "extractive";
    private static final int MAX_QUOTES = 3;
    private static final int MAX_PER_SOURCE = 2;
    private static final int MAX_LIST_ITEMS = 8;
    private static final int MAX_LIST_CHARS = 800;
    private static final int MAX_PARAGRAPH_CHARS = 500;
    private static final Pattern DIGIT = Pattern.compile("\\d");
    private static final Pattern INLINE_CODE = Pattern.compile("`[^`]+`");
    /* a sentence that leans on the one before it: an anaphor or a qualifier opens it, or "instead" ends it */
    private static final Pattern LEANS = Pattern.compile(
            "^(?:This|That|These|Those|It|Its|They|Such|Otherwise|However|But|Instead|Then|In that case|In this case)\\b"
                    + "|\\binstead\\W*$");

    /**
     * How the signals add up (see the top of the class); {@code paragraph}: most sentences of a paragraph quoted whole (1: a
     * sentence alone, no paragraph or section).
     */
    record Weights(double meaning, double keywords, double heading, double first, double kind, double restates,
                   double negative, double literal, int paragraph, double otherSection, double example, double specific,
                   double pointer, double yesNo, double section) {
        /* fitted on the tune parts, not by hand, the section's cosine among the signals: docs/quality.md, "Round 9" */
        static final Weights DEFAULT = new Weights(1.0, 0.10, 0.22, -0.03, 0.08, 0, 0.05, 0.04, 3, -0.02, 0.04, 0.10, 0.19, 0.14,
                0.88);
        /* without a model (no cosine, no section), fitted the same way with the cosine left out; scaled to keywords 0.4 (round 8) */
        static final Weights WORDS_ONLY = new Weights(0, 0.4, 2.28, -0.11, 0.43, 0.05, 0.21, 0.55, 3, 0.12, 0.11, 0.3, 1.34, 0.69,
                0);

        /** The weights in {@link Signals#vector()}'s order, so that a passage's score is their dot product. */
        double[] vector() {
            return new double[] {meaning, keywords, heading, first, kind, restates, negative, literal, otherSection, example,
                    specific, pointer, yesNo, section};
        }

        /** Weights from {@code v} in {@link #vector()}'s order (a fit's output), with {@code paragraph} as given. */
        static Weights of(double[] v, int paragraph) {
            return new Weights(v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], paragraph, v[8], v[9], v[10], v[11], v[12],
                    v[13]);
        }

        double score(Signals s) {
            double[] w = vector();
            double[] f = s.vector();
            double sum = 0;
            for (int i = 0; i < w.length; i++) {
                sum += w[i] * f[i];
            }
            return sum;
        }
    }

    /**
     * One passage's signals before weighing (the top of the class says what each is); the penalties are
     * counted negative, so every weight is a plain multiplier. A harness fits the weights on these
     * (docs/quality.md, "Round 8").
     */
    record Signals(double meaning, double keywords, double heading, boolean first, boolean kind, boolean restates,
                   boolean negative, double literal, boolean otherSection, boolean example, boolean specific,
                   boolean pointer, boolean yesNo, double section) {
        /** In {@link Weights#vector()}'s order. */
        double[] vector() {
            return new double[] {meaning, keywords, heading, one(first), one(kind), -one(restates), -one(negative), literal,
                    -one(otherSection), -one(example), one(specific), -one(pointer), one(yesNo), section};
        }

        private static double one(boolean b) {
            return b ? 1 : 0;
        }
    }

    private final @Nullable IndexEngine engine;
    private final @Nullable PassageVectors vectors;
    private final Consumer<Throwable> onError;
    private final Weights weights;

    /**
     * @param engine  IDF weights for the question's terms; null weighs every term alike
     * @param vectors the index's model for passage meaning; null chooses by keywords and place only
     */
    ExtractiveAnswer(@Nullable IndexEngine engine, @Nullable PassageVectors vectors, Consumer<Throwable> onError) {
        this(engine, vectors, onError, vectors != null ? Weights.DEFAULT : Weights.WORDS_ONLY);
    }

    ExtractiveAnswer(@Nullable IndexEngine engine, @Nullable PassageVectors vectors, Consumer<Throwable> onError,
                     Weights weights) {
        this.engine = engine;
        this.vectors = vectors;
        this.onError = onError;
        this.weights = weights;
    }

    /** Keywords and place only, every question term weighing alike: for callers without an index. */
    static ExtractiveAnswer keywordsOnly() {
        return new ExtractiveAnswer(null, null, e -> { });
    }

    record Candidate(Source source, int hit, Passages.Passage passage, double score, Signals signals) {
        /** The words it shares with the question, as IDF share plus literal share: what a passage without meaning needs above 0. */
        double keywords() {
            return signals.keywords() + signals.literal();
        }
    }

    /** The same sources and model with other weights: what a harness compares (docs/quality.md, "Round 8"). */
    ExtractiveAnswer withWeights(Weights other) {
        return new ExtractiveAnswer(engine, vectors, onError, other);
    }

    /** The extractive answer as the pieces it is streamed in: the opening line, then one quote each. */
    List<String> write(String question, List<Source> sources, SiteName site) {
        List<String> blocks = new ArrayList<>();
        blocks.add("Quoted from " + site.docs() + " (an extractive answer: passages as written, no language model):");
        for (Quote q : choose(question, sources)) {
            blocks.add("\n\n" + q.render());
        }
        return blocks;
    }

    /**
     * A chosen quote: what it shows of one source, and the number it cites. Each excerpt is passages of one section of the
     * source (of one chunk, under one heading); a passage chosen from another section or chunk of a source already quoted
     * is shown after a "…" line in the same quote (docs/quality.md, "One quote per source").
     */
    record Quote(List<Excerpt> excerpts, int n) {
        Quote(List<Passages.Passage> passages, int n, String anchor) {
            this(List.of(new Excerpt(passages, anchor)), n);
        }

        /** Every passage it shows, excerpt by excerpt. */
        List<Passages.Passage> passages() {
            return excerpts.stream().flatMap(e -> e.passages().stream()).toList();
        }

        String render() {
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < excerpts.size(); i++) {
                Excerpt e = excerpts.get(i);
                if (i > 0) {
                    sb.append("\n>\n> …\n>\n"); // another section or chunk of the same page
                }
                sb.append(e.body());
                // the citation ends the quote; an excerpt whose section link differs from the next one's carries its own
                if (i == excerpts.size() - 1 || !e.anchor().equals(excerpts.get(i + 1).anchor())) {
                    boolean endsInCode = e.passages().getLast().kind() == Passages.Kind.CODE;
                    String cite = "[" + n + "]" + (e.anchor().isEmpty() ? "" : "(" + e.anchor() + ")"); // a link to its own section
                    sb.append(endsInCode ? "\n> " : " ").append(cite);
                }
            }
            return sb.toString();
        }
    }

    /**
     * Passages of one section of a source (one chunk, one heading), in page order; {@code anchor} is the URL of the
     * section they come from when that is another section of the source's page (docs/retrieval.md §8), else empty.
     */
    record Excerpt(List<Passages.Passage> passages, String anchor) {
        String body() {
            StringBuilder sb = new StringBuilder();
            Passages.Passage previous = null;
            for (Passages.Passage p : passages) {
                String text = p.kind() == Passages.Kind.ITEM && passages.size() > 1 ? p.mark() + " " + p.text() : p.text();
                if (previous != null && p.position() > previous.position() + 1) {
                    sb.append("\n>\n> …"); // two passages of one section that the page does not write together
                    previous = null;
                }
                if (sameParagraph(previous, p)) {
                    sb.append(' ').append(text); // one paragraph reads as one: sentences are single lines
                    previous = p;
                    continue;
                }
                if (!sb.isEmpty()) {
                    sb.append(p.kind() == Passages.Kind.ITEM ? "\n" : "\n>\n");
                }
                previous = p;
                sb.append(text.lines().map(l -> l.isBlank() ? ">" : "> " + l)
                        .reduce((a, b) -> a + "\n" + b).orElse(">"));
            }
            return sb.toString();
        }
    }

    private static boolean sameParagraph(Passages.@Nullable Passage a, Passages.Passage b) {
        return a != null && a.kind() == Passages.Kind.SENTENCE && b.kind() == Passages.Kind.SENTENCE && a.paragraph() >= 0
                && a.paragraph() == b.paragraph();
    }

    List<Quote> choose(String question, List<Source> sources) {
        List<Candidate> all = candidates(question, sources);
        return place(pick(ranked(all), all), all, Asks.of(question));
    }

    /** The candidates that share a word with the question (or, with a model, score above 0), best first; ties as the class says. */
    private List<Candidate> ranked(List<Candidate> all) {
        List<Candidate> ranked = all.stream().filter(c -> vectors != null && c.score() > 0 || c.keywords() > 0)
                .sorted(Comparator.comparingDouble(Candidate::score).reversed()
                        .thenComparingInt(c -> c.source().n())
                        .thenComparingInt(c -> c.hit())
                        .thenComparingInt(c -> c.passage().position()))
                .toList();
        if (ranked.isEmpty() && !all.isEmpty()) {
            return List.of(all.getFirst());
        }
        return ranked;
    }

    /** A chosen passage and what quoting it shows (its lead-in, its list, its short paragraph: {@link #shown}). */
    record Pick(Candidate candidate, List<Passages.Passage> shown) {
    }

    /**
     * Which passages the answer quotes, in the order they were picked: the best of {@code ranked} whose shown passages the
     * answer does not show yet, at most MAX_QUOTES, at most MAX_PER_SOURCE from one source; then the next best passage of
     * the source picked first when the three left it one of its MAX_PER_SOURCE: the page that answers best answers with its
     * two best passages (docs/quality.md, "Short sentences, short gaps and the first source's second pick"), the best of
     * them that keeps its quote short ({@link #staysShort}). What the answer shows is what {@link #group} makes of the
     * picks so far, the short gaps between two picks of a section included.
     */
    List<Pick> pick(List<Candidate> ranked, List<Candidate> all) {
        List<Pick> picks = new ArrayList<>();
        Map<Integer, Integer> perSource = new HashMap<>();
        Set<Passages.Passage> shown = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        for (int pass = 0; pass < 2; pass++) {
            int lead = picks.isEmpty() ? -1 : picks.getFirst().candidate().source().n();
            for (Candidate c : ranked) {
                if (pass == 0 ? picks.size() == MAX_QUOTES : lead < 0 || perSource.getOrDefault(lead, 0) == MAX_PER_SOURCE) {
                    break;
                }
                if (pass == 1 && c.source().n() != lead || shown.contains(c.passage())
                        || perSource.getOrDefault(c.source().n(), 0) == MAX_PER_SOURCE) {
                    continue;
                }
                List<Passages.Passage> quoted = shown(c, all, weights.paragraph());
                if (quoted.stream().anyMatch(shown::contains)) {
                    continue;
                }
                Pick next = new Pick(c, quoted);
                if (pass == 1 && !staysShort(picks, next, all)) {
                    continue;
                }
                picks.add(next);
                perSource.merge(c.source().n(), 1, Integer::sum);
                shown.clear();
                group(picks, all).forEach(q -> shown.addAll(q.passages()));
            }
        }
        return picks;
    }

    /**
     * Whether the quote of {@code next}'s source, with {@code next} added to {@code picks}, shows at most MAX_PARAGRAPH_CHARS
     * characters of passages. The second pick of the source quoted first is only an addition: it never takes the first quote
     * past the bound of a paragraph quoted whole, and a first quote already past it gets none (docs/quality.md, "The first
     * source's second pick only while its quote stays short").
     */
    private static boolean staysShort(List<Pick> picks, Pick next, List<Candidate> all) {
        List<Pick> with = new ArrayList<>(picks);
        with.add(next);
        int n = next.candidate().source().n();
        return group(with, all).stream().filter(q -> q.n() == n).mapToInt(q -> chars(q.passages())).sum()
                <= MAX_PARAGRAPH_CHARS;
    }

    /**
     * Which quote each pick joins ({@link #group}), and the quotes' order: the order of their first picks, except that the
     * quote holding what the question asks for goes first when the first holds none of it. For a difference question
     * ({@link Asks#difference()}) that is a pick that states a contrast ("Unlike `.skip`, a `.todo` test has no test body."
     * after "Whether the test should be skipped and marked as a todo."); for a quantity question ({@link Asks#quantity()})
     * a pick that carries the kind asked for ("Astro requires `v22.12.0` or higher." after "Astro supports even-numbered
     * Node.js versions." for "Which Node.js version does Astro need?"). A number asked for is rarely present without being
     * the answer, where a command often is, so a command or list question keeps its order (docs/quality.md, "The quote
     * that tells two things apart, and the number asked for, go first").
     */
    List<Quote> place(List<Pick> picks, List<Candidate> all, Asks asks) {
        List<Quote> placed = group(picks, all);
        if (asks.difference()) {
            ahead(placed, picks, c -> Asks.contrasts(c.passage()));
        }
        if (asks.quantity()) {
            ahead(placed, picks, c -> c.signals().kind());
        }
        return placed;
    }

    /**
     * Puts first the first quote of {@code placed} with a pick that {@code holds}, when no pick of the first quote does;
     * else leaves the order as it is.
     */
    private static void ahead(List<Quote> placed, List<Pick> picks, java.util.function.Predicate<Candidate> holds) {
        java.util.function.IntPredicate has = n -> picks.stream()
                .anyMatch(p -> p.candidate().source().n() == n && holds.test(p.candidate()));
        if (placed.isEmpty() || has.test(placed.getFirst().n())) {
            return;
        }
        for (int i = 1; i < placed.size(); i++) {
            if (has.test(placed.get(i).n())) {
                placed.addFirst(placed.remove(i));
                return;
            }
        }
    }

    /**
     * Which quote each pick joins, in the order of their first picks. A pick of a source not quoted yet opens a quote; a
     * passage of a section already quoted joins its excerpt, in page order, with what lies between when that is short
     * (docs/quality.md, "Two passages of one section quoted as one"); a passage of another section or chunk of a source
     * already quoted joins that quote after a "…" line: one quote per source (docs/quality.md, "One quote per source").
     */
    private static List<Quote> group(List<Pick> picks, List<Candidate> all) {
        List<Quote> placed = new ArrayList<>();
        Map<String, Integer> sections = new HashMap<>(); // a quoted section's key → its excerpt's place in its quote
        Map<Integer, Integer> pages = new HashMap<>(); // a quoted source's number → its quote's place in placed
        for (Pick pick : picks) {
            Candidate c = pick.candidate();
            Excerpt excerpt = new Excerpt(pick.shown(), anchor(c));
            String sectionKey = c.source().n() + "/" + c.hit() + "/" + c.passage().heading();
            Integer page = pages.get(c.source().n());
            if (page == null) {
                pages.put(c.source().n(), placed.size());
                sections.put(sectionKey, 0);
                placed.add(new Quote(List.of(excerpt), c.source().n()));
                continue;
            }
            Quote before = placed.get(page);
            List<Excerpt> excerpts = new ArrayList<>(before.excerpts());
            Integer at = sections.get(sectionKey);
            if (at != null) {
                List<Passages.Passage> both = new ArrayList<>(excerpts.get(at).passages());
                both.addAll(excerpt.passages());
                both.sort(Comparator.comparingInt(Passages.Passage::position));
                List<Passages.Passage> shown = withShortGaps(both, all.stream()
                        .filter(o -> o.source() == c.source() && o.hit() == c.hit()).map(Candidate::passage).toList());
                excerpts.set(at, new Excerpt(shown, excerpts.get(at).anchor()));
            } else {
                sections.put(sectionKey, excerpts.size());
                excerpts.add(excerpt);
            }
            placed.set(page, new Quote(excerpts, before.n()));
        }
        return placed;
    }

    /**
     * {@code shown} (passages of one section, in page order) with what the page writes between two of them when that is short
     * (at most MAX_PARAGRAPH_CHARS, the bound of a paragraph quoted whole): two picks a paragraph apart read as the page does,
     * and the paragraph between them is often the answer their setting and their sequel frame ("By default, this table only
     * shows h2 and h3 headings" … "To set the heading level for all pages, …" around "To set the heading level for a
     * particular page, …"; docs/quality.md, "Short sentences, short gaps and the first source's
     * second pick"). A longer stretch stays a "…" line.
     */
    private static List<Passages.Passage> withShortGaps(List<Passages.Passage> shown, List<Passages.Passage> section) {
        List<Passages.Passage> out = new ArrayList<>();
        for (int i = 0; i < shown.size(); i++) {
            Passages.Passage p = shown.get(i);
            if (i > 0) {
                int from = shown.get(i - 1).position();
                List<Passages.Passage> between = section.stream()
                        .filter(o -> o.position() > from && o.position() < p.position()).toList();
                if (chars(between) <= MAX_PARAGRAPH_CHARS) {
                    out.addAll(between);
                }
            }
            out.add(p);
        }
        return out;
    }

    /** What quoting {@code c} shows and cites ({@code all}: every candidate of the sources, from {@link #candidates}). */
    Quote quote(Candidate c, List<Candidate> all) {
        return new Quote(shown(c, all, weights.paragraph()), c.source().n(), anchor(c));
    }

    /** The URL of {@code c}'s section when that is another section of its source's page, else empty. */
    private static String anchor(Candidate c) {
        String url = c.source().hits().get(c.hit()).chunk().url();
        return url.equals(c.source().url()) ? "" : url;
    }

    /** What quoting {@code c} shows: its whole list when short, a code block with its lead-in and the other way round. */
    private static List<Passages.Passage> shown(Candidate c, List<Candidate> all, int paragraphSentences) {
        Passages.Passage p = c.passage();
        List<Passages.Passage> section = all.stream().filter(o -> o.source() == c.source() && o.hit() == c.hit())
                .map(Candidate::passage).toList();
        int at = section.indexOf(p);
        if (p.kind() == Passages.Kind.CODE && !p.leadIn().isEmpty() && at > 0) {
            return leaningOn(section, List.of(section.get(at - 1), p), paragraphSentences);
        }
        if (at + 1 < section.size() && introduces(p, section.get(at + 1))) {
            // "To deploy your site, run:" wants what it introduces
            return leaningOn(section, List.of(p, section.get(at + 1)), paragraphSentences);
        }
        if (at + 1 < section.size() && introducesList(p, section.get(at + 1))) {
            List<Passages.Passage> list = shortList(section, section.get(at + 1));
            if (!list.isEmpty()) { // "Astro supports 4 prefetch strategies:" wants its list
                List<Passages.Passage> both = new ArrayList<>(List.of(p));
                both.addAll(list);
                return leaningOn(section, both, paragraphSentences);
            }
        }
        if (p.kind() == Passages.Kind.SENTENCE && paragraphSentences > 1) {
            // a section of a few sentences is one answer: "This error can happen when …" and, two sentences on, "switching
            // back to `'forks'` … will resolve it" (docs/quality.md, "A short paragraph quoted whole", the section)
            List<Passages.Passage> under = section.stream().filter(o -> o.heading().equals(p.heading())).toList();
            if (under.size() > 1 && shortPlain(under)) {
                return under;
            }
            // a short paragraph is one thought: "you will also need a compatible version of Node.js" is answered by the
            // sentence after it, "When ..., the relay waits exactly that long instead." by the one before (docs/quality.md,
            // "A short paragraph quoted whole")
            boolean leans = LEANS.matcher(p.text()).find();
            List<Passages.Passage> paragraph = section.stream().filter(o -> o == p || sameParagraph(o, p)).toList();
            if ((paragraph.size() > 1 || leans) && paragraph.size() <= paragraphSentences && shortPlain(paragraph)) {
                Passages.Passage before = leans && paragraph.getFirst() == p ? leanedOn(section, p, paragraphSentences) : null;
                if (before == null) {
                    return paragraph;
                }
                List<Passages.Passage> both = new ArrayList<>(List.of(before)); // "This will build to …" opens its paragraph
                both.addAll(paragraph);
                return both;
            }
            Passages.Passage before = leans ? leanedOn(section, p, paragraphSentences) : null;
            if (before != null) {
                return List.of(before, p);
            }
        }
        if (p.kind() == Passages.Kind.ITEM) {
            List<Passages.Passage> list = shortList(section, p);
            if (!list.isEmpty()) {
                int first = section.indexOf(list.getFirst());
                if (first > 0 && introducesList(section.get(first - 1), list.getFirst())) {
                    List<Passages.Passage> both = new ArrayList<>(List.of(section.get(first - 1)));
                    both.addAll(list);
                    return both;
                }
                return list;
            }
        }
        return List.of(p);
    }

    /**
     * {@code quote} (a lead-in and what it introduces) with the sentence before the lead-in when the lead-in leans on
     * it: "This is a safe way to try a new handler:" and its command say what "this" is only with "`--forward-to`
     * overrides the destination for a replay only." (docs/quality.md, "Round 9"; the leaning rule of round 3).
     */
    private static List<Passages.Passage> leaningOn(List<Passages.Passage> section, List<Passages.Passage> quote,
                                                    int paragraphSentences) {
        Passages.Passage before = leanedOn(section, quote.getFirst(), paragraphSentences);
        if (before == null) {
            return quote;
        }
        List<Passages.Passage> out = new ArrayList<>(List.of(before));
        out.addAll(quote);
        return out;
    }

    /**
     * The sentence a leaning sentence {@code p} ("This is …", "… instead") leans on: the one before it in its paragraph,
     * or, when {@code p} opens its paragraph, the last sentence of the paragraph before under the same heading; never a
     * lead-in (ends in a colon); {@code null} when {@code p} does not lean or has none.
     */
    private static Passages.@Nullable Passage leanedOn(List<Passages.Passage> section, Passages.Passage p, int paragraphSentences) {
        int at = section.indexOf(p);
        if (paragraphSentences < 2 || at < 1 || p.kind() != Passages.Kind.SENTENCE || !LEANS.matcher(p.text()).find()) {
            return null;
        }
        Passages.Passage before = section.get(at - 1);
        if (before.text().endsWith(":")) {
            return null;
        }
        // a leaning sentence that opens its paragraph leans on the last sentence of the paragraph before, under the same
        // heading: "This will build to a `404.html` page." says what builds only after "you can create a `404.astro`"
        // (docs/quality.md, "Round 12")
        return sameParagraph(before, p) || before.kind() == Passages.Kind.SENTENCE && before.paragraph() >= 0
                && before.paragraph() != p.paragraph() && before.heading().equals(p.heading()) ? before : null;
    }

    /**
     * Whether {@code ps}, quoted together, are a short run of plain sentences: no lead-in among them (a sentence ending in a
     * colon brings its own block) and at most MAX_PARAGRAPH_CHARS in all.
     */
    private static boolean shortPlain(List<Passages.Passage> ps) {
        return ps.stream().allMatch(o -> o.kind() == Passages.Kind.SENTENCE && !o.text().endsWith(":"))
                && chars(ps) <= MAX_PARAGRAPH_CHARS;
    }

    private static int chars(List<Passages.Passage> ps) {
        return ps.stream().mapToInt(o -> o.text().length()).sum();
    }

    /** The whole list {@code item} belongs to, when short enough to quote; else empty. */
    private static List<Passages.Passage> shortList(List<Passages.Passage> section, Passages.Passage item) {
        List<Passages.Passage> list = section.stream().filter(o -> o.kind() == Passages.Kind.ITEM && o.list() == item.list()).toList();
        int chars = chars(list);
        return list.size() <= MAX_LIST_ITEMS && chars <= MAX_LIST_CHARS ? list : List.of();
    }

    /** Every passage of the sources with its score, in source and page order. */
    List<Candidate> candidates(String question, List<Source> sources) {
        Terms q = terms(question);
        Asks asks = Asks.of(question);
        Literals literals = Literals.of(question);
        List<Integer> ids = new ArrayList<>();
        List<Chunk> chunks = new ArrayList<>();
        List<List<Passages.Passage>> passages = new ArrayList<>();
        for (Source s : sources) {
            for (Hit h : s.hits()) {
                ids.add(h.chunkId());
                chunks.add(h.chunk());
                passages.add(Passages.of(h.chunk().text()));
            }
        }
        float[] qv = null;
        List<float[][]> pv = null;
        if (vectors != null) {
            try {
                qv = vectors.query(question);
                pv = vectors.of(ids, chunks, passages);
            } catch (RuntimeException e) {
                onError.accept(e); // keywords and place still choose
                qv = null;
                pv = null;
            }
        }
        List<Candidate> out = new ArrayList<>();
        int k = 0;
        for (Source s : sources) {
            for (int h = 0; h < s.hits().size(); h++, k++) {
                Chunk c = chunks.get(k);
                Set<String> chunkHead = new HashSet<>(IndexEngine.terms(c.heading().isEmpty() ? c.title() : c.heading()));
                List<Passages.Passage> ps = passages.get(k);
                List<Set<String>> words = new ArrayList<>();
                List<Set<String>> own = new ArrayList<>();
                double[] meaning = new double[ps.size()];
                for (int i = 0; i < ps.size(); i++) {
                    own.add(Set.copyOf(IndexEngine.terms(ps.get(i).words())));
                    words.add(new HashSet<>(own.get(i)));
                    meaning[i] = qv != null && pv != null ? dot(qv, pv.get(k)[i]) : 0;
                }
                double section = section(s.hits().get(h), pv != null);
                for (int i = 0; i + 1 < ps.size(); i++) {
                    if (introduces(ps.get(i), ps.get(i + 1))) { // quoted together, so scored as one
                        words.get(i).addAll(words.get(i + 1));
                        words.set(i + 1, words.get(i));
                        meaning[i] = meaning[i + 1] = Math.max(meaning[i], meaning[i + 1]);
                    }
                }
                for (int i = 0; i < ps.size(); i++) {
                    Passages.Passage p = ps.get(i);
                    Set<String> head = new HashSet<>(p.heading().isEmpty() ? chunkHead : Set.copyOf(IndexEngine.terms(p.heading())));
                    head.addAll(IndexEngine.terms(p.columns()));
                    boolean opens = i == 0 || !ps.get(i - 1).heading().equals(p.heading());
                    double shared = q.coverage(words.get(i), Set.of());
                    double withHead = q.coverage(words.get(i), head);
                    boolean bringsCode = i + 1 < ps.size() && introduces(p, ps.get(i + 1));
                    boolean bringsList = i + 1 < ps.size() && introducesList(p, ps.get(i + 1));
                    Signals signals = new Signals(meaning[i], shared, withHead, opens, asks.fits(p, bringsCode, bringsList),
                            restates(p, own.get(i), q, head), asks.offNegative(p), literals.share(p.text()),
                            !c.url().equals(s.url()), asks.offExample(p), asks.howOrWhich() && specific(p), asks.offPointer(p),
                            asks.answersYesNo(p, own.get(i)), section);
                    out.add(new Candidate(s, h, p, weights.score(signals), signals));
                }
            }
        }
        return out;
    }

    /**
     * The section signal: the cosine of the passage's whole chunk with the question, as retrieval measured it. It reads
     * a sentence in its place: the same "Limits apply to every delivery." answers a question about replays better under
     * a section about replays, which the sentence's own vector cannot say (docs/quality.md, "Round 9"). 0 when
     * passages are not read by meaning (no model, or embedding failed for this answer), so that it cannot choose alone.
     */
    static double section(Hit hit, boolean byMeaning) {
        return byMeaning ? hit.similarity().orElse(0) : 0;
    }

    /**
     * Whether {@code p} says little beyond the question and its heading: at most one word of its
     * own and no number ("Pool used to run tests in." for "Which pools can tests run in?"; the
     * analyser drops numbers, which are often the whole answer). Such a sentence shares the most
     * words with the question and answers it least.
     */
    private static boolean restates(Passages.Passage p, Set<String> words, Terms q, Set<String> head) {
        if (p.kind() == Passages.Kind.CODE || p.kind() == Passages.Kind.ROW || words.isEmpty()) {
            return false;
        }
        long ownWords = words.stream().filter(w -> !q.terms().contains(w) && !head.contains(w)).count();
        return ownWords <= 1 && !DIGIT.matcher(p.text()).find();
    }

    /**
     * Whether {@code p} names something exact: a value, a flag, a command (a code block, a table row, an
     * inline code span or a number). "How do I render a page on demand?" is answered by "add `export const
     * prerender = false`", not by "On-demand rendered pages are generated per visit".
     */
    private static boolean specific(Passages.Passage p) {
        return p.kind() == Passages.Kind.CODE || p.kind() == Passages.Kind.ROW
                || INLINE_CODE.matcher(p.text()).find() || DIGIT.matcher(p.text()).find();
    }

    /** Whether {@code sentence} ends with a colon and {@code next} is the first item of the list it introduces. */
    private static boolean introducesList(Passages.Passage sentence, Passages.Passage next) {
        return sentence.kind() == Passages.Kind.SENTENCE && sentence.text().endsWith(":") && next.kind() == Passages.Kind.ITEM
                && next.heading().equals(sentence.heading());
    }

    /** Whether {@code sentence} is the lead-in of the code block {@code next}. */
    private static boolean introduces(Passages.Passage sentence, Passages.Passage next) {
        return next.kind() == Passages.Kind.CODE && !next.leadIn().isEmpty() && next.leadIn().equals(sentence.text());
    }

    private Terms terms(String asked) {
        String question = Asks.topicWords(asked);
        if (engine != null) {
            QueryTerms qt = engine.queryTerms(question, true); // a misspelt word meets the word the pages use, as in retrieval
            return new Terms(qt.terms(), qt.idf());
        }
        List<String> t = IndexEngine.terms(question);
        float[] ones = new float[t.size()];
        java.util.Arrays.fill(ones, 1f);
        return new Terms(t, ones);
    }

    /**
     * The question's words that carry symbols the analyser drops or splits ({@code *}, {@code E_QUEUE_FULL},
     * {@code quayside.toml}, {@code --port}): matched as written, they pick the sentence that explains them.
     */
    record Literals(List<String> tokens) {
        private static final Pattern TOKEN = Pattern.compile("\\S+");
        /* symbols a word does not hold: "Node.js" and "dead-letter" are words, "*", "--port", "E_QUEUE_FULL" are not */
        private static final Pattern SYMBOL = Pattern.compile("[*_/=@$#<>{}()\\[\\]`:|~^+]|^[-.]|--");
        private static final Pattern EDGES = Pattern.compile("^[\"'`(\\[]+|[\"'`)\\],;:!?.]+$");

        static Literals of(String question) {
            List<String> out = new ArrayList<>();
            java.util.regex.Matcher m = TOKEN.matcher(question);
            while (m.find()) {
                String t = EDGES.matcher(m.group()).replaceAll("");
                if (!t.isEmpty() && SYMBOL.matcher(t).find()) {
                    out.add(t.toLowerCase(java.util.Locale.ROOT));
                }
            }
            return new Literals(List.copyOf(out));
        }

        /** The share of these tokens that {@code text} holds as written (case ignored); 0 when there are none. */
        double share(String text) {
            if (tokens.isEmpty()) {
                return 0;
            }
            String t = text.toLowerCase(java.util.Locale.ROOT);
            return tokens.stream().filter(t::contains).count() / (double) tokens.size();
        }
    }

    /** The question's terms and their weights. */
    private record Terms(List<String> terms, float[] idf) {
        boolean isEmpty() {
            return terms.isEmpty();
        }

        /** The share of the weight carried by terms in {@code words} or {@code more}. */
        double coverage(Set<String> words, Set<String> more) {
            double total = 0;
            double covered = 0;
            for (int i = 0; i < terms.size(); i++) {
                total += idf[i];
                if (words.contains(terms.get(i)) || more.contains(terms.get(i))) {
                    covered += idf[i];
                }
            }
            return total > 0 ? covered / total : 0;
        }
    }

    private static double dot(float[] a, float[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * b[i];
        }
        return s;
    }
}
