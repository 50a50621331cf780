package dev.docask.retrieve;

import dev.docask.index.internal.Scored;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class ReciprocalRankFusionTest {
    @Test
    void rrf_scoreIsSumOfOneOverKPlusRank_ranksFromOne() {
        Map<Integer, Double> s = ReciprocalRankFusion.fuse(List.of(List.of(7, 8), List.of(8)), 60);
        assertThat(s.get(7)).isCloseTo(1.0 / 61, within(1e-12));
        assertThat(s.get(8)).isCloseTo(1.0 / 62 + 1.0 / 61, within(1e-12));
    }

    @Test
    void rrf_chunkInBothLists_beatsChunkRankedFirstByOnlyOne() {
        // 1 is first in BM25 only; 2 is third in both lists.
        Map<Integer, Double> s = ReciprocalRankFusion.fuse(List.of(List.of(1, 5, 2), List.of(6, 7, 2)), 60);
        assertThat(s.get(2)).isGreaterThan(s.get(1));
    }

    @Test
    void merge_twoListsOfOneRetriever_keepTheFusedOrder_theBetterScore_andAtMostN() {
        List<Scored> whole = List.of(new Scored(1, 9f), new Scored(2, 8f), new Scored(3, 7f));
        List<Scored> opening = List.of(new Scored(3, 12f), new Scored(4, 6f));
        List<Scored> merged = ReciprocalRankFusion.merge(whole, opening, 3, 60);
        // 3 is in both lists; 2 and 4 tie on one second place, and the whole question's list wins ties.
        assertThat(merged).extracting(Scored::chunkId).containsExactly(3, 1, 2);
        assertThat(merged.get(0).score()).isEqualTo(12f);
    }

    @Test
    void rrf_rankZero_isRejected() {
        assertThatThrownBy(() -> ReciprocalRankFusion.contribution(60, 0)).hasMessageContaining("start at 1");
    }

    @Test
    void rrf_hugeK_neverOverflowsToANegativeScore() {
        Map<Integer, Double> s = ReciprocalRankFusion.fuse(List.of(List.of(7, 8)), Integer.MAX_VALUE);
        assertThat(s.get(7)).isPositive().isGreaterThan(s.get(8));
        assertThat(s.get(8)).isPositive();
    }
}
