package dev.docask.eval;

import dev.docask.retrieve.Retrieval;
import dev.docask.retrieve.RetrievalOptions;
import dev.docask.retrieve.Source;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;

/**
 * Runs strategies over a docs question set: every question, every strategy, the sources matched
 * against the expected pages.
 *
 * <pre>{@code
 * HybridRetriever r = HybridRetriever.create(index, embedder);
 * DocsReport report = DocsEval.run(r::retrieve, QuestionFile.read(file),
 *         Strategies.select(List.of(), List.of()), 6, false);
 * System.out.print(report.table());
 * }</pre>
 */
public final class DocsEval {
    /** Untimed retrievals first: about this many before the JIT has compiled the hot paths (measured). */
    private static final int WARM_UP = 40;

    private DocsEval() {
    }

    /**
     * Asks each question with each strategy; {@code k} sources count, and become the strategy's topK.
     *
     * @param retriever  the retrieval to measure, usually {@code HybridRetriever::retrieve}
     * @param preferLong ask {@code long_question} where a question has one
     */
    public static DocsReport run(BiFunction<String, RetrievalOptions, Retrieval> retriever, List<Question> questions,
                                 List<Strategy> strategies, int k, boolean preferLong) {
        if (k < 1) {
            throw new IllegalArgumentException("--k must be at least 1, got " + k);
        }
        if (strategies.isEmpty()) {
            throw new IllegalArgumentException("no strategy to run");
        }
        // Untimed rounds over the questions first: the first calls pay for class loading and JIT, and
        // without this the first strategy measured would look slower than the ones after it.
        for (int i = 0; i < WARM_UP && !questions.isEmpty(); i++) {
            Retrieval unused = retriever.apply(questions.get(i % questions.size()).text(preferLong), RetrievalOptions.defaults());
        }
        Map<String, DocsMetrics> metrics = new LinkedHashMap<>();
        Map<String, List<Outcome>> outcomes = new LinkedHashMap<>();
        for (Strategy s : strategies) {
            RetrievalOptions options = s.options(RetrievalOptions.builder().topK(k).build());
            List<Outcome> mine = new ArrayList<>();
            for (Question q : questions) {
                mine.add(ask(retriever, q, options, k, preferLong));
            }
            outcomes.put(s.name(), mine);
            metrics.put(s.name(), DocsMetrics.of(mine));
        }
        String primary = outcomes.containsKey(Strategies.DEFAULT) ? Strategies.DEFAULT : strategies.getFirst().name();
        List<Miss> misses = outcomes.get(primary).stream().filter(Outcome::isMiss)
                .map(o -> new Miss(o.question().id(), o.question().text(preferLong), o.question().expected(),
                        o.gotUrls()))
                .toList();
        int answerable = (int) questions.stream().filter(Question::answerable).count();
        return new DocsReport(k, questions.size(), answerable, questions.size() - answerable, metrics, primary, misses);
    }

    private static Outcome ask(BiFunction<String, RetrievalOptions, Retrieval> retriever, Question q,
                               RetrievalOptions options, int k, boolean preferLong) {
        long start = System.nanoTime();
        Retrieval r = retriever.apply(q.text(preferLong), options);
        long micros = r.micros() > 0 ? r.micros() : (System.nanoTime() - start) / 1000;
        List<Source> sources = r.answerable() ? r.sources() : List.of();
        return new Outcome(q, r.answerable(), SourceMatch.firstMatchRank(q, sources, k),
                sources.stream().map(Source::url).toList(), micros);
    }
}
