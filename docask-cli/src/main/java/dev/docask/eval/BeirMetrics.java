package dev.docask.eval;

import java.util.List;
import java.util.Map;

/*
 * nDCG as trec_eval and pytrec_eval (hence BEIR and Anserini) compute it: the gain of a document is
 * its graded judgement (linear, not 2^rel - 1), discounted by log2(rank + 1); the ideal ranking sorts
 * every judged document of the query by grade. Recall@k counts the judged-relevant documents found.
 */

/**
 * Ranking quality of one strategy on a BEIR collection, averaged over the judged queries.
 *
 * @param ndcgAt10    mean nDCG@10 (gate off)
 * @param recallAt100 mean Recall@100 (gate off)
 * @param refused     queries the default gate would have answered "I don't know"
 * @param queries     judged queries run
 */
public record BeirMetrics(double ndcgAt10, double recallAt100, int refused, int queries) {

    /** nDCG@k of {@code ranked} document ids against one query's graded judgements. */
    static double ndcg(List<String> ranked, Map<String, Integer> judged, int k) {
        double dcg = 0;
        for (int i = 0; i < Math.min(k, ranked.size()); i++) {
            dcg += judged.getOrDefault(ranked.get(i), 0) / log2(i + 2);
        }
        List<Integer> ideal = judged.values().stream().filter(g -> g > 0).sorted((a, b) -> b - a).toList();
        double idcg = 0;
        for (int i = 0; i < Math.min(k, ideal.size()); i++) {
            idcg += ideal.get(i) / log2(i + 2);
        }
        return idcg == 0 ? 0 : dcg / idcg;
    }

    /** Share of the query's relevant documents found among the first {@code k} of {@code ranked}. */
    static double recall(List<String> ranked, Map<String, Integer> judged, int k) {
        long relevant = judged.values().stream().filter(g -> g > 0).count();
        if (relevant == 0) {
            return 0;
        }
        long found = ranked.stream().limit(k).distinct().filter(id -> judged.getOrDefault(id, 0) > 0).count();
        return (double) found / relevant;
    }

    private static double log2(double x) {
        return Math.log(x) / Math.log(2);
    }
}
