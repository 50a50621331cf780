package dev.docask.retrieve;

import dev.docask.ingest.internal.Sentences;

import java.util.List;
import java.util.Optional;

/*
 * People who write a question of several sentences usually name the subject first ("Internationalization
 * support. Because it's mentioned in the introduction, I assumed …"): the story that follows adds
 * words that dilute both the cosine and the keyword coverage of the whole text. Searching the opening
 * sentence as well lets the subject speak on its own (docs/quality.md, "Long questions").
 */
final class OpeningSentence {
    private OpeningSentence() {
    }

    /**
     * The question's first line, cut at its first sentence end; empty when that is the whole question
     * (a one-sentence question needs no second search).
     */
    static Optional<String> of(String question) {
        String text = question.strip();
        int newline = text.indexOf('\n');
        String firstLine = newline < 0 ? text : text.substring(0, newline);
        List<String> sentences = Sentences.split(firstLine);
        String opening = sentences.isEmpty() ? "" : sentences.get(0);
        return opening.isEmpty() || opening.length() == text.length() ? Optional.empty() : Optional.of(opening);
    }
}
