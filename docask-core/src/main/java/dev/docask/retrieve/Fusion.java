package dev.docask.retrieve;

import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/*
 * The fused score of each candidate (docs/retrieval.md §5). By default the sum of two: reciprocal
 * rank fusion of the two lists divided by its best value, and a convex combination of each list's
 * min-max normalised scores. RRF keeps only order, so a page BM25 ranks first with three times the
 * score of the second, and with every word of the question, sinks below sections both lists hold in
 * their teens; the scores keep that lead, and the ranks keep one list's outlier from deciding alone.
 * Each list is weighted by its share (denseWeight for the cosine list, the rest for BM25).
 * `fusion` = RANKS or SCORES takes one of the two alone. Then, with pageWeight, a page-level
 * signal: the other chunks of a chunk's page among the candidates add that share of their own
 * fused scores, so a page that answers in several sections outranks one lone chunk that matches as well.
 */
final class Fusion {
    private Fusion() {
    }

    static Map<Integer, Double> scores(List<Hit> hits, RetrievalOptions o) {
        Map<Integer, Double> fused = switch (o.fusion()) {
            case RANKS -> rrf(hits, o.rrfK(), o.denseWeight());
            case SCORES -> convex(hits, o.denseWeight());
            case BOTH -> ranksAndScores(hits, o.rrfK(), o.denseWeight());
        };
        return o.pageWeight() > 0 ? withPage(hits, fused, o.pageWeight()) : fused;
    }

    /**
     * RRF scaled to a best of 1 plus the convex combination of the scores, each in [0, 1]. With one
     * list only (a keyword-only index, one retriever switched off) it is RRF alone: that list's order
     * is the answer, and a long question's merged list (whole question and opening sentence) carries
     * scores of two different searches, which would only reorder it.
     */
    static Map<Integer, Double> ranksAndScores(List<Hit> hits, int k, double denseWeight) {
        Map<Integer, Double> ranks = rrf(hits, k, denseWeight);
        boolean bothLists = hits.stream().anyMatch(h -> h.bm25Rank > 0) && hits.stream().anyMatch(h -> h.vectorRank > 0);
        if (!bothLists) {
            return ranks;
        }
        double best = ranks.values().stream().mapToDouble(Double::doubleValue).max().orElse(1);
        Map<Integer, Double> scores = convex(hits, denseWeight);
        Map<Integer, Double> out = new HashMap<>();
        for (Hit h : hits) {
            out.put(h.chunkId(), ranks.getOrDefault(h.chunkId(), 0.0) / best + scores.getOrDefault(h.chunkId(), 0.0));
        }
        return out;
    }

    /**
     * RRF with a weight per list; at the equal 0.5 each contributes 1 / (k + rank), as plain RRF. Ranks
     * are counted within {@code hits}, so a list the gate filtered is ranked again.
     */
    static Map<Integer, Double> rrf(List<Hit> hits, int k, double denseWeight) {
        Map<Integer, Double> scores = new HashMap<>();
        add(scores, hits.stream().filter(h -> h.bm25Rank > 0).sorted(Comparator.comparingInt(h -> h.bm25Rank)).toList(),
                k, 2 * (1 - denseWeight));
        add(scores, hits.stream().filter(h -> h.vectorRank > 0).sorted(Comparator.comparingInt(h -> h.vectorRank)).toList(),
                k, 2 * denseWeight);
        return scores;
    }

    private static void add(Map<Integer, Double> scores, List<Hit> list, int k, double weight) {
        for (int i = 0; i < list.size(); i++) {
            scores.merge(list.get(i).chunkId(), weight * ReciprocalRankFusion.contribution(k, i + 1), Double::sum);
        }
    }

    /**
     * (1 - w) * BM25 + w * cosine, each min-max normalised over the candidates: BM25 over its own
     * list (a candidate BM25 did not list scores at most the list's last, so 0), the cosine over
     * every candidate, since each has one. A list the options switched off adds nothing.
     */
    static Map<Integer, Double> convex(List<Hit> hits, double denseWeight) {
        double bMin = Double.POSITIVE_INFINITY;
        double bMax = Double.NEGATIVE_INFINITY;
        double cMin = Double.POSITIVE_INFINITY;
        double cMax = Double.NEGATIVE_INFINITY;
        boolean anyDense = false;
        for (Hit h : hits) {
            if (h.bm25Rank > 0) {
                bMin = Math.min(bMin, h.bm25Score);
                bMax = Math.max(bMax, h.bm25Score);
            }
            anyDense |= h.vectorRank > 0;
            if (!Float.isNaN(h.similarity)) {
                cMin = Math.min(cMin, h.similarity);
                cMax = Math.max(cMax, h.similarity);
            }
        }
        Map<Integer, Double> scores = new HashMap<>();
        for (Hit h : hits) {
            double s = 0;
            if (h.bm25Rank > 0) {
                s += (1 - denseWeight) * normalised(h.bm25Score, bMin, bMax);
            }
            if (anyDense && !Float.isNaN(h.similarity)) {
                s += denseWeight * normalised(h.similarity, cMin, cMax);
            }
            scores.put(h.chunkId(), s);
        }
        return scores;
    }

    private static double normalised(double v, double min, double max) {
        return max > min ? (v - min) / (max - min) : 1;
    }

    /** Each chunk's score plus {@code weight} times the fused scores of the other chunks of its page. */
    static Map<Integer, Double> withPage(List<Hit> hits, Map<Integer, Double> fused, double weight) {
        Map<String, Double> pageSum = new HashMap<>();
        for (Hit h : hits) {
            pageSum.merge(h.chunk().pageUrl(), fused.getOrDefault(h.chunkId(), 0.0), Double::sum);
        }
        Map<Integer, Double> out = new HashMap<>();
        for (Hit h : hits) {
            double own = fused.getOrDefault(h.chunkId(), 0.0);
            out.put(h.chunkId(), own + weight * (pageSum.getOrDefault(h.chunk().pageUrl(), own) - own));
        }
        return out;
    }
}
