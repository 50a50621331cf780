package dev.docask.retrieve;

import dev.docask.ingest.Chunk;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class FusionTest {
    private static Hit hit(int id, String url, int bm25Rank, float bm25Score, int vectorRank, float cosine) {
        return new Hit(id, new Chunk(url, "T", "", "x", "p.md", Map.of()), List.of(), bm25Rank, bm25Score, vectorRank,
                cosine, 0.5f, 0, null);
    }

    @Test
    void rrf_equalWeights_isPlainReciprocalRankFusion() {
        List<Hit> hits = List.of(hit(1, "a", 1, 9f, 2, 0.8f), hit(2, "b", 2, 5f, 0, 0.6f), hit(3, "c", 0, 0f, 1, 0.9f));
        Map<Integer, Double> s = Fusion.scores(hits, RetrievalOptions.defaults());
        assertThat(s.get(1)).isEqualTo(ReciprocalRankFusion.contribution(60, 1) + ReciprocalRankFusion.contribution(60, 2));
        assertThat(s.get(2)).isEqualTo(ReciprocalRankFusion.contribution(60, 2));
        assertThat(s.get(3)).isEqualTo(ReciprocalRankFusion.contribution(60, 1));
    }

    @Test
    void rrf_denseWeight_favoursTheCosineList_andRanksAreCountedWithinTheHitsGiven() {
        // 2 is first for BM25 only, 3 first for the cosine only: the heavier cosine list wins the tie.
        List<Hit> hits = List.of(hit(2, "b", 5, 5f, 0, 0.6f), hit(3, "c", 0, 0f, 7, 0.9f));
        Map<Integer, Double> s = Fusion.scores(hits, RetrievalOptions.builder().denseWeight(0.7).build());
        assertThat(s.get(3)).isGreaterThan(s.get(2));
        assertThat(s.get(2)).isCloseTo(0.6 * ReciprocalRankFusion.contribution(60, 1), within(1e-12));
    }

    @Test
    void scoreFusion_isTheWeightedSumOfMinMaxNormalisedScores_aChunkBm25DidNotListGetsNoBm25Share() {
        List<Hit> hits = List.of(hit(1, "a", 1, 10f, 2, 0.8f), hit(2, "b", 2, 4f, 0, 0.6f), hit(3, "c", 0, 0f, 1, 0.9f));
        Map<Integer, Double> s = Fusion.scores(hits, RetrievalOptions.builder().scoreFusion(true).build());
        assertThat(s.get(1)).isCloseTo(0.5 * 1 + 0.5 * (0.8 - 0.6) / (0.9 - 0.6), within(1e-6));
        assertThat(s.get(2)).isCloseTo(0.0, within(1e-6));
        assertThat(s.get(3)).isCloseTo(0.5, within(1e-6));
    }

    @Test
    void pageWeight_addsThatShareOfTheOtherChunksOfThePage() {
        List<Hit> hits = List.of(hit(1, "p#a", 1, 9f, 0, 0.8f), hit(2, "p#b", 3, 5f, 0, 0.6f), hit(3, "q", 2, 7f, 0, 0.7f));
        Map<Integer, Double> plain = Fusion.scores(hits, RetrievalOptions.defaults());
        Map<Integer, Double> s = Fusion.scores(hits, RetrievalOptions.builder().pageWeight(0.5).build());
        assertThat(s.get(1)).isCloseTo(plain.get(1) + 0.5 * plain.get(2), within(1e-12));
        assertThat(s.get(3)).isEqualTo(plain.get(3));
    }
}
