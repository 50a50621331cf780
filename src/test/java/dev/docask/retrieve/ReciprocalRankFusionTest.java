package dev.docask.retrieve;

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
    void rrf_rankZero_isRejected() {
        assertThatThrownBy(() -> ReciprocalRankFusion.contribution(60, 0)).hasMessageContaining("start at 1");
    }
}
