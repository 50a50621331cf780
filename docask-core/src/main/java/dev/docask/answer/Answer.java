package dev.docask.answer;

import dev.docask.retrieve.Retrieval;
import dev.docask.retrieve.Source;

import java.util.List;
import java.util.Objects;

/**
 * A complete answer: what the {@code done} event carries and what the blocking
 * {@link AskHandler#ask(String)} returns.
 *
 * <pre>{@code
 * Answer a = handler.ask("how do I mock a module?");
 * System.out.println(a.text());
 * a.citedSources().forEach(s -> System.out.println("[" + s.n() + "] " + s.url()));
 * }</pre>
 *
 * @param question           the question as asked
 * @param standaloneQuestion what was retrieved for: the question, or its rewrite when it was a follow-up
 * @param text               the answer text, with {@code [n]} citations
 * @param sources            every numbered source the answer could cite (empty when refused)
 * @param citations          source numbers the text actually cites, in order of first use
 * @param invalidCitations   numbers the text cites that match no source (never links)
 * @param refused            whether nothing on the site was relevant, so the model was not called
 * @param cached             whether the answer was replayed from the answer cache
 * @param truncated          whether the model stopped at its token limit
 * @param mode               how sources were found; {@code KEYWORD} also when the index has no vectors
 * @param keywordFallback    whether the embedder failed on this question and keywords alone were used
 * @param model              the model spec that wrote the text, e.g. {@code openai:gpt-4o-mini} or {@code extractive}
 * @param timings            where the time went
 * @param usage              tokens the model reported; {@code null} when none were reported
 */
public record Answer(String question, String standaloneQuestion, String text, List<Source> sources,
                     List<Integer> citations, List<Integer> invalidCitations, boolean refused, boolean cached,
                     boolean truncated, Retrieval.Mode mode, boolean keywordFallback, String model,
                     Timings timings, Usage usage) {

    public Answer {
        Objects.requireNonNull(question, "question");
        Objects.requireNonNull(standaloneQuestion, "standaloneQuestion");
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(timings, "timings");
        sources = List.copyOf(sources);
        citations = List.copyOf(citations);
        invalidCitations = List.copyOf(invalidCitations);
    }

    /** The sources the text cites, in order of first citation. */
    public List<Source> citedSources() {
        return citations.stream()
                .flatMap(n -> sources.stream().filter(s -> s.n() == n))
                .toList();
    }

    /** The same answer marked as replayed from the cache (no usage: no tokens were spent). */
    Answer asCached(String askedQuestion, Timings replayTimings) {
        return new Answer(askedQuestion, standaloneQuestion, text, sources, citations, invalidCitations, refused,
                true, truncated, mode, keywordFallback, model, replayTimings, null);
    }
}
