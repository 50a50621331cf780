package dev.docask.eval;

import dev.docask.retrieve.Retrieval;
import dev.docask.retrieve.RetrievalOptions;
import dev.docask.retrieve.Source;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;

/*
 * Ranking is measured with the gate off and 100 sources, each side taking at least 100 candidates,
 * so Recall@100 sees as deep as Anserini's runs; copies are not collapsed, because two BEIR
 * documents with the same text are still two judged documents. Each query is asked a second time
 * with the strategy's own gate to count how many the default thresholds would refuse.
 */

/**
 * Runs strategies over a BEIR collection indexed one chunk per document, whose {@code source} is the
 * document id.
 *
 * <pre>{@code
 * BeirReport r = BeirEval.run(retriever::retrieve, BeirReader.read(dir, "test"), "test",
 *         Strategies.select(List.of("bm25", "vector", "hybrid"), List.of()));
 * }</pre>
 */
public final class BeirEval {
    static final int DEPTH = 100;

    private BeirEval() {
    }

    /** nDCG@10 and Recall@100 (gate off) and refusals (gate on) of each strategy. */
    public static BeirReport run(BiFunction<String, RetrievalOptions, Retrieval> retriever, BeirCollection collection,
                                 String split, List<Strategy> strategies) {
        Map<String, BeirMetrics> out = new LinkedHashMap<>();
        for (Strategy s : strategies) {
            RetrievalOptions gated = s.options(RetrievalOptions.defaults());
            RetrievalOptions ranking = gated.toBuilder().withoutGate().topK(DEPTH)
                    .candidates(Math.max(DEPTH, gated.candidates()))
                    .maxContextChars(Integer.MAX_VALUE).collapseCopies(false).build();
            double ndcg = 0;
            double recall = 0;
            int refused = 0;
            for (Map.Entry<String, String> q : collection.queries().entrySet()) {
                Map<String, Integer> judged = collection.qrels().get(q.getKey());
                List<String> ranked = docIds(retriever.apply(q.getValue(), ranking));
                ndcg += BeirMetrics.ndcg(ranked, judged, 10);
                recall += BeirMetrics.recall(ranked, judged, DEPTH);
                if (!retriever.apply(q.getValue(), gated).answerable()) {
                    refused++;
                }
            }
            int n = collection.queries().size();
            out.put(s.name(), new BeirMetrics(n == 0 ? 0 : ndcg / n, n == 0 ? 0 : recall / n, refused, n));
        }
        return new BeirReport(collection.name(), split, collection.queries().size(), collection.docs().size(), out);
    }

    private static List<String> docIds(Retrieval r) {
        List<String> ids = new ArrayList<>();
        for (Source s : r.sources()) {
            ids.add(s.source());
        }
        return ids;
    }
}
