package dev.docask.retrieve;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/*
 * Reciprocal rank fusion (Cormack, Clarke & Büttcher, 2009): score = Σ 1 / (k + rank) over the
 * lists an item is in, ranks from 1. It uses ranks only, so BM25 scores and cosines never need a
 * common scale; k = 60 is the paper's value and keeps one list's first place from swamping an
 * item that both lists rank well.
 */
final class ReciprocalRankFusion {
    private ReciprocalRankFusion() {
    }

    /** The fused score of every chunk id in any of {@code rankedLists} (each best first). */
    static Map<Integer, Double> fuse(List<List<Integer>> rankedLists, int k) {
        Map<Integer, Double> scores = new HashMap<>();
        for (List<Integer> list : rankedLists) {
            for (int i = 0; i < list.size(); i++) {
                scores.merge(list.get(i), contribution(k, i + 1), Double::sum);
            }
        }
        return scores;
    }

    /** One list's contribution for an item at {@code rank} (from 1). */
    static double contribution(int k, int rank) {
        if (rank < 1) {
            throw new IllegalArgumentException("ranks start at 1, got " + rank);
        }
        return 1.0 / (k + rank);
    }
}
