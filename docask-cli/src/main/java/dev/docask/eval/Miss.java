package dev.docask.eval;

import java.util.List;

/**
 * A question the default strategy got wrong: an answerable one whose expected page was not among
 * the sources, or an off-topic one that reached the model.
 *
 * @param id       question id
 * @param question the text asked
 * @param expected expected URLs (or files); empty for an off-topic question
 * @param got      the URLs of the sources retrieval returned; empty when it said "I don't know"
 */
public record Miss(String id, String question, List<String> expected, List<String> got) {
    public Miss {
        expected = List.copyOf(expected);
        got = List.copyOf(got);
    }
}
