package dev.docask.retrieve;

import java.util.List;

/**
 * The outcome of retrieving for one question.
 *
 * @param question         the question as asked, without surrounding white space
 * @param opening          its opening sentence when that was searched too ({@code searchOpening}), else ""
 * @param answerable       whether anything passed the relevance gate; when false, answer "I don't know"
 * @param mode             {@link Mode#HYBRID}, or {@link Mode#KEYWORD} when there are no embeddings or
 *                         the embedder failed on this question
 * @param bestSimilarity   highest cosine seen among the candidates ({@code NaN} in keyword mode)
 * @param bestCoverage     highest keyword coverage seen among the candidates
 * @param sources          numbered sources, in rank order (empty when not answerable)
 * @param hits             the ranked chunks behind the sources
 * @param gatedOut         candidates the gate dropped, each with its reason
 * @param micros           time spent retrieving, in microseconds (embedding included)
 */
public record Retrieval(String question, String opening, boolean answerable, Mode mode, float bestSimilarity,
                        float bestCoverage, List<Source> sources, List<Hit> hits, List<Hit> gatedOut,
                        long micros) {

    /** How candidates were found. */
    public enum Mode { HYBRID, KEYWORD }

    public Retrieval {
        opening = opening == null ? "" : opening;
        sources = List.copyOf(sources);
        hits = List.copyOf(hits);
        gatedOut = List.copyOf(gatedOut);
    }
}
