package dev.docask.answer;

import org.jspecify.annotations.Nullable;

import com.google.errorprone.annotations.CheckReturnValue;
import dev.docask.retrieve.Retrieval;
import dev.docask.retrieve.Source;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * A complete answer: what the {@code done} event carries and what the blocking
 * {@link AskHandler#ask(String)} returns.
 *
 * <pre>{@code
 * Answer a = handler.ask("how do I mock a module?");
 * System.out.println(a.text());
 * a.citedSources().forEach(s -> System.out.println("[" + s.n() + "] " + s.url()));
 * a.usage().ifPresent(u -> System.out.println(u.totalTokens() + " tokens"));
 * }</pre>
 */
@CheckReturnValue
public final class Answer {
    private final String question;
    private final String standaloneQuestion;
    private final String text;
    private final List<Source> sources;
    private final List<Integer> citations;
    private final List<Integer> invalidCitations;
    private final boolean refused;
    private final boolean cached;
    private final boolean truncated;
    private final Retrieval.Mode mode;
    private final boolean keywordFallback;
    private final String model;
    private final Timings timings;
    private final Optional<Usage> usage;
    private final OptionalDouble bestSimilarity;
    private final float bestCoverage;

    Answer(String question, String standaloneQuestion, String text, List<Source> sources, List<Integer> citations,
           List<Integer> invalidCitations, boolean refused, boolean cached, boolean truncated, Retrieval.Mode mode,
           boolean keywordFallback, String model, Timings timings, Optional<Usage> usage) {
        this(question, standaloneQuestion, text, sources, citations, invalidCitations, refused, cached, truncated, mode,
                keywordFallback, model, timings, usage, OptionalDouble.empty(), 0f);
    }

    Answer(String question, String standaloneQuestion, String text, List<Source> sources, List<Integer> citations,
           List<Integer> invalidCitations, boolean refused, boolean cached, boolean truncated, Retrieval.Mode mode,
           boolean keywordFallback, String model, Timings timings, Optional<Usage> usage, OptionalDouble bestSimilarity,
           float bestCoverage) {
        this.question = Objects.requireNonNull(question, "question");
        this.standaloneQuestion = Objects.requireNonNull(standaloneQuestion, "standaloneQuestion");
        this.text = Objects.requireNonNull(text, "text");
        this.sources = List.copyOf(sources);
        this.citations = List.copyOf(citations);
        this.invalidCitations = List.copyOf(invalidCitations);
        this.refused = refused;
        this.cached = cached;
        this.truncated = truncated;
        this.mode = Objects.requireNonNull(mode, "mode");
        this.keywordFallback = keywordFallback;
        this.model = Objects.requireNonNull(model, "model");
        this.timings = Objects.requireNonNull(timings, "timings");
        this.usage = Objects.requireNonNull(usage, "usage");
        this.bestSimilarity = Objects.requireNonNull(bestSimilarity, "bestSimilarity");
        this.bestCoverage = bestCoverage;
    }

    /** The question as asked. */
    public String question() {
        return question;
    }

    /** What was retrieved for: the question, or its rewrite when it was a follow-up. */
    public String standaloneQuestion() {
        return standaloneQuestion;
    }

    /**
     * The answer text, with {@code [n]} citations; an extractive quote from another section of a source's page than the
     * one its URL names is cited {@code [n](url)}, a link to that section (docs/retrieval.md §8).
     */
    public String text() {
        return text;
    }

    /** Every numbered source the answer could cite (empty when refused). */
    public List<Source> sources() {
        return sources;
    }

    /** Source numbers the text actually cites, in order of first use. */
    public List<Integer> citations() {
        return citations;
    }

    /** Numbers the text cites that match no source (never links). */
    public List<Integer> invalidCitations() {
        return invalidCitations;
    }

    /** Whether nothing on the site was relevant, so the model was not called. */
    public boolean refused() {
        return refused;
    }

    /** Whether the answer was replayed from the answer cache. */
    public boolean cached() {
        return cached;
    }

    /** Whether the model stopped at its token limit. */
    public boolean truncated() {
        return truncated;
    }

    /** How sources were found; {@code KEYWORD} also when the index has no vectors. */
    public Retrieval.Mode mode() {
        return mode;
    }

    /** Whether the embedder failed on this question and keywords alone were used. */
    public boolean keywordFallback() {
        return keywordFallback;
    }

    /** The model spec that wrote the text, e.g. {@code openai:gpt-4o-mini} or {@code extractive}. */
    public String model() {
        return model;
    }

    /** Where the time went. */
    public Timings timings() {
        return timings;
    }

    /** Tokens the model reported; empty when none were reported (no model, or a cached answer). */
    public Optional<Usage> usage() {
        return usage;
    }

    /**
     * The best cosine similarity retrieval saw for the question, whether or not the gate let it through
     * (empty in keyword mode): with {@link #bestCoverage()}, how far a refused question was from an answer.
     */
    public OptionalDouble bestSimilarity() {
        return bestSimilarity;
    }

    /** The best share of the question's keywords that one passage covered (0 to 1). */
    public float bestCoverage() {
        return bestCoverage;
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
                true, truncated, mode, keywordFallback, model, replayTimings, Optional.empty(), bestSimilarity, bestCoverage);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Answer a && question.equals(a.question) && standaloneQuestion.equals(a.standaloneQuestion)
                && text.equals(a.text) && sources.equals(a.sources) && citations.equals(a.citations)
                && invalidCitations.equals(a.invalidCitations) && refused == a.refused && cached == a.cached
                && truncated == a.truncated && mode == a.mode && keywordFallback == a.keywordFallback
                && model.equals(a.model) && timings.equals(a.timings) && usage.equals(a.usage);
    }

    @Override
    public int hashCode() {
        return Objects.hash(question, standaloneQuestion, text, sources, citations, invalidCitations, refused, cached,
                truncated, mode, keywordFallback, model, timings, usage);
    }

    @Override
    public String toString() {
        return "Answer[" + (refused ? "refused" : citations.size() + " citations") + (cached ? ", cached" : "")
                + ", " + model + ": " + text + "]";
    }

    /**
     * Where the time of one answer went, in milliseconds from the moment {@code ask} was called.
     *
     * @param rewriteMillis    spent rewriting a follow-up into a standalone question (0 when not done)
     * @param retrievalMillis  spent retrieving sources (embedding included)
     * @param firstTokenMillis until the first token of the answer was sent
     * @param totalMillis      until the answer was complete
     */
    public record Timings(long rewriteMillis, long retrievalMillis, long firstTokenMillis, long totalMillis) {
        public Timings {
            if (rewriteMillis < 0 || retrievalMillis < 0 || firstTokenMillis < 0 || totalMillis < 0) {
                throw new IllegalArgumentException("timings cannot be negative");
            }
        }
    }

    /**
     * Tokens a language model reported for one answer (follow-up rewrite included).
     *
     * @param inputTokens  prompt tokens
     * @param outputTokens generated tokens
     */
    public record Usage(int inputTokens, int outputTokens) {
        public Usage {
            if (inputTokens < 0 || outputTokens < 0) {
                throw new IllegalArgumentException("token counts cannot be negative: " + inputTokens + ", " + outputTokens);
            }
        }

        public int totalTokens() {
            return inputTokens + outputTokens;
        }

        /** The sum of two usages; {@code null} stands for "not reported". */
        static @Nullable Usage plus(@Nullable Usage a, @Nullable Usage b) {
            if (a == null) {
                return b;
            }
            return b == null ? a : new Usage(a.inputTokens + b.inputTokens, a.outputTokens + b.outputTokens);
        }
    }
}
