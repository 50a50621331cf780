package dev.docask.answer.internal;

import dev.docask.answer.Answer;
import dev.docask.retrieve.Source;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.UUID;

/**
 * How one request to {@code POST …/ask} ended, handed once per request to the sink the front end gave
 * {@link AnswerStream} (docask serve's question log, docs/design.md#question-log).
 *
 * @param id                 the answer id the client was sent (one is made for a failed JSON answer too)
 * @param startedAt          when the request started to be answered
 * @param question           the question as asked
 * @param standaloneQuestion the rewrite retrieval used, when the question was a follow-up that was rewritten
 * @param outcome            how it ended
 * @param bestSimilarity     the best cosine similarity retrieval saw (empty in keyword mode or when none was reached)
 * @param bestCoverage       the best keyword coverage retrieval saw (empty when none was reached)
 * @param sources            the URLs of the sources the answer could cite
 * @param cited              the URLs the answer text cites
 * @param model              the model spec that wrote the answer (empty when none was reached)
 * @param usage              tokens the model reported
 * @param sourcesMillis      until the sources were known
 * @param firstTokenMillis   until the first token was sent
 * @param totalMillis        until the request ended
 * @param error              what the reader was told when it failed or was cancelled
 */
public record AnswerEnding(String id, Instant startedAt, String question, Optional<String> standaloneQuestion,
                           Outcome outcome, OptionalDouble bestSimilarity, OptionalDouble bestCoverage,
                           List<String> sources, List<String> cited, Optional<String> model,
                           Optional<Answer.Usage> usage, OptionalLong sourcesMillis, OptionalLong firstTokenMillis,
                           long totalMillis, Optional<String> error) {

    /**
     * How a request ended; the lower-case name is what logs and reports carry. {@code LIMITED} and {@code UNAVAILABLE}
     * were turned away before any answer: 429 (the client's rate limit or the day's budget), 503 (the limits could not
     * be checked: a shared store lost).
     */
    public enum Outcome { ANSWERED, REFUSED, CACHED, FAILED, CANCELLED, LIMITED, UNAVAILABLE }

    public AnswerEnding {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(startedAt, "startedAt");
        Objects.requireNonNull(question, "question");
        Objects.requireNonNull(outcome, "outcome");
        sources = List.copyOf(sources);
        cited = List.copyOf(cited);
    }

    /** The ending of a completed answer (answered, refused, or replayed from the cache). */
    static AnswerEnding of(String id, Instant startedAt, Answer a) {
        Outcome outcome = outcomeOf(a);
        Answer.Timings t = a.timings();
        return new AnswerEnding(id, startedAt, a.question(),
                a.standaloneQuestion().equals(a.question()) ? Optional.empty() : Optional.of(a.standaloneQuestion()),
                outcome, a.bestSimilarity(), a.cached() ? OptionalDouble.empty() : OptionalDouble.of(a.bestCoverage()),
                urls(a.sources()), urls(a.citedSources()), Optional.of(a.model()), a.usage(),
                a.cached() ? OptionalLong.empty() : OptionalLong.of(t.rewriteMillis() + t.retrievalMillis()),
                a.refused() ? OptionalLong.empty() : OptionalLong.of(t.firstTokenMillis()),
                t.totalMillis(), Optional.empty());
    }

    /**
     * How a completed answer ended, for the question log and {@code /metrics} alike: a refusal is a refusal even when
     * the cache served it (the report's coverage gaps are made of refusals), else from the cache, else answered.
     */
    static Outcome outcomeOf(Answer a) {
        return a.refused() ? Outcome.REFUSED : a.cached() ? Outcome.CACHED : Outcome.ANSWERED;
    }

    /** The ending of a request that failed or was cancelled before its answer was complete. */
    static AnswerEnding unfinished(String id, Instant startedAt, String question, Outcome outcome, List<Source> sources,
                                   OptionalLong sourcesMillis, long totalMillis, String error) {
        return new AnswerEnding(id, startedAt, question, Optional.empty(), outcome, OptionalDouble.empty(),
                OptionalDouble.empty(), urls(sources), List.of(), Optional.empty(), Optional.empty(), sourcesMillis,
                OptionalLong.empty(), totalMillis, Optional.of(error));
    }

    /**
     * The ending of a request turned away before it was answered ({@link Outcome#LIMITED} or
     * {@link Outcome#UNAVAILABLE}), under an id of its own so that a log can count it like any other.
     *
     * @param error what the reader was told
     */
    public static AnswerEnding turnedAway(Instant startedAt, String question, Outcome outcome, long totalMillis,
                                          String error) {
        if (outcome != Outcome.LIMITED && outcome != Outcome.UNAVAILABLE) {
            throw new IllegalArgumentException("a request turned away is limited or unavailable, not " + outcome);
        }
        return unfinished(newId(), startedAt, question, outcome, List.of(), OptionalLong.empty(), totalMillis, error);
    }

    /** A new answer id. */
    static String newId() {
        return "ans_" + UUID.randomUUID().toString().replace("-", "");
    }

    private static List<String> urls(List<Source> sources) {
        return sources.stream().map(Source::url).distinct().toList();
    }
}
