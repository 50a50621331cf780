package dev.docask.retrieve;

import dev.docask.index.internal.Scored;

import java.util.ArrayList;
import java.util.Comparator;
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

    /**
     * Two lists of one retriever (for the whole question and for its opening sentence) as one list of
     * at most {@code n}, ordered by fused score; each chunk keeps its better score of the two. Ties go
     * to the chunk that {@code first} ranks higher, so a chunk only {@code second} finds never jumps
     * an equal one of the whole question.
     */
    static List<Scored> merge(List<Scored> first, List<Scored> second, int n, int k) {
        Map<Integer, Double> fused = fuse(List.of(ids(first), ids(second)), k);
        Map<Integer, Float> best = new HashMap<>();
        Map<Integer, Integer> order = new HashMap<>();
        for (List<Scored> list : List.of(first, second)) {
            for (Scored s : list) {
                best.merge(s.chunkId(), s.score(), Math::max);
                order.putIfAbsent(s.chunkId(), order.size());
            }
        }
        List<Integer> ids = new ArrayList<>(fused.keySet());
        ids.sort(Comparator.comparingDouble((Integer id) -> -fused.getOrDefault(id, 0.0)).thenComparingInt(id -> order.getOrDefault(id, 0)));
        List<Scored> out = new ArrayList<>(Math.min(n, ids.size()));
        for (int id : ids.subList(0, Math.min(n, ids.size()))) {
            out.add(new Scored(id, best.getOrDefault(id, 0f)));
        }
        return out;
    }

    private static List<Integer> ids(List<Scored> list) {
        return list.stream().map(Scored::chunkId).toList();
    }

    /** One list's contribution for an item at {@code rank} (from 1). */
    static double contribution(int k, int rank) {
        if (rank < 1) {
            throw new IllegalArgumentException("ranks start at 1, got " + rank);
        }
        return 1.0 / ((double) k + rank); // in int, a huge k plus a rank overflows to a negative score
    }
}
