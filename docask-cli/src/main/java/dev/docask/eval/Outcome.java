package dev.docask.eval;

import java.util.List;

/**
 * What one strategy did with one question.
 *
 * @param question  the question
 * @param answered  whether retrieval let it through to the model (something passed the gate)
 * @param matchRank rank (from 1) of the first source among the first k that answers it; 0 when none
 * @param gotUrls   the URLs of the numbered sources, in order
 * @param micros    retrieval time
 */
record Outcome(Question question, boolean answered, int matchRank, List<String> gotUrls, long micros) {
    Outcome {
        gotUrls = List.copyOf(gotUrls);
        if (matchRank < 0) {
            throw new IllegalArgumentException("matchRank must be >= 0, got " + matchRank);
        }
    }

    /** An answerable question whose expected page was not among the sources, or an off-topic one let through. */
    boolean isMiss() {
        return question.answerable() ? matchRank == 0 : answered;
    }
}
