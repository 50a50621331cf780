package dev.docask.answer;

import dev.docask.embed.Embedders;
import dev.docask.index.DocIndex;
import dev.docask.index.internal.IndexEngine;
import dev.docask.retrieve.Source;

import java.util.ArrayList;
import java.util.List;

/**
 * The extractive answer's passages with their signals, for {@code dev.docask.eval.ExtractiveFit}, which fits the
 * weights on them (docs/quality.md, "Round 8"): each passage's signals in {@code ExtractiveAnswer.Weights}'
 * vector order, what quoting it would show, and the answer under other weights.
 *
 * <pre>{@code
 * ExtractiveProbe probe = new ExtractiveProbe(index);
 * for (ExtractiveProbe.Passage p : probe.passages(question, answer.sources())) { ... p.signals() ... }
 * }</pre>
 */
public final class ExtractiveProbe {
    /** The signals' names, in the order of {@link Passage#signals()} and of {@link #handWeights()}. */
    public static final List<String> NAMES = List.of("meaning", "keywords", "heading", "first", "kind", "restates",
            "negative", "literal", "otherSection", "example", "specific", "pointer", "yesNo", "section");

    private final ExtractiveAnswer extractive;
    private final boolean vectors;

    /** The index's own model chooses by meaning as {@link AskHandler} does; none on a keyword-only index. */
    public ExtractiveProbe(DocIndex index) {
        PassageVectors pv = index.hasVectors()
                ? Embedders.create(index.manifest().embedderSpec()).filter(e -> !e.matchesWordsOnly()).map(PassageVectors::new)
                        .orElse(null)
                : null;
        this.vectors = pv != null;
        this.extractive = new ExtractiveAnswer(IndexEngine.of(index), pv, e -> {
            throw new IllegalStateException("passages could not be embedded", e);
        });
    }

    /**
     * One passage of the sources.
     *
     * @param signals  its signals, penalties negative, in {@link #NAMES}' order
     * @param keywords the share of the question's words it holds (a passage with none is only quoted by meaning)
     * @param shown    the text quoting it shows (with its lead-in, list or paragraph), quote marks and citation included
     * @param kind     sentence, table row, list item or code block ({@code Passages.Kind}'s name)
     * @param source   the index of its source among the answer's sources (0: retrieval's first)
     * @param text     the passage as written, without what quoting it brings along
     */
    public record Passage(double[] signals, double keywords, String shown, String kind, int source, String text,
                          String heading, String title, String url, int hit, int position, int paragraph, int list,
                          String words, List<String> headingTerms, List<String> titleTerms) {
    }

    /** The question's analysed terms, as the answer reads them. */
    public static List<String> terms(String text) {
        return IndexEngine.terms(text);
    }

    /** Whether passages are chosen by meaning too (the index has a model). */
    public boolean byMeaning() {
        return vectors;
    }

    /** Every passage of {@code sources}, in the order ties are broken (source, chunk, position). */
    public List<Passage> passages(String question, List<Source> sources) {
        List<ExtractiveAnswer.Candidate> all = extractive.candidates(question, sources);
        List<Passage> out = new ArrayList<>();
        for (ExtractiveAnswer.Candidate c : all) {
            var chunk = c.source().hits().get(c.hit()).chunk();
            String heading = c.passage().heading().isEmpty() ? chunk.heading() : c.passage().heading();
            out.add(new Passage(c.signals().vector(), c.keywords(), extractive.quote(c, all).render(), c.passage().kind().name(),
                    sources.indexOf(c.source()), c.passage().text(), heading, chunk.title(), chunk.url(), c.hit(),
                    c.passage().position(), c.passage().paragraph(), c.passage().list(), c.passage().words(),
                    IndexEngine.terms(heading.substring(heading.lastIndexOf('›') + 1)), IndexEngine.terms(chunk.title())));
        }
        return out;
    }

    /** The extractive answer's quotes under {@code weights} ({@link #NAMES}' order), as {@link AskHandler} writes them. */
    public String answer(String question, List<Source> sources, double[] weights) {
        ExtractiveAnswer.Weights w = ExtractiveAnswer.Weights.of(weights, ExtractiveAnswer.Weights.DEFAULT.paragraph());
        return String.join("", extractive.withWeights(w).write(question, sources, new SiteName("the docs")));
    }

    /** The weights in use on this index (with a model or without), in {@link #NAMES}' order. */
    public double[] weightsInUse() {
        return (vectors ? ExtractiveAnswer.Weights.DEFAULT : ExtractiveAnswer.Weights.WORDS_ONLY).vector();
    }
}
