package dev.docask.retrieve;

import dev.docask.ingest.Chunk;
import dev.docask.retrieve.RetrievalOptions.FusionMethod;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class FusionTest {
    private static Hit hit(int id, String url, int bm25Rank, float bm25Score, int vectorRank, float cosine) {
        return new Hit(id, new Chunk(url, "T", "", "x", "p.md", Map.of()), List.of(), bm25Rank, bm25Score, vectorRank,
                cosine, 0.5f, 0, null);
    }

    private static final RetrievalOptions RANKS = RetrievalOptions.builder().fusion(FusionMethod.RANKS).build();

    @Test
    void rrf_equalWeights_isPlainReciprocalRankFusion() {
        List<Hit> hits = List.of(hit(1, "a", 1, 9f, 2, 0.8f), hit(2, "b", 2, 5f, 0, 0.6f), hit(3, "c", 0, 0f, 1, 0.9f));
        Map<Integer, Double> s = Fusion.scores(hits, RANKS);
        assertThat(s.get(1)).isEqualTo(ReciprocalRankFusion.contribution(60, 1) + ReciprocalRankFusion.contribution(60, 2));
        assertThat(s.get(2)).isEqualTo(ReciprocalRankFusion.contribution(60, 2));
        assertThat(s.get(3)).isEqualTo(ReciprocalRankFusion.contribution(60, 1));
    }

    @Test
    void rrf_denseWeight_favoursTheCosineList_andRanksAreCountedWithinTheHitsGiven() {
        // 2 is first for BM25 only, 3 first for the cosine only: the heavier cosine list wins the tie.
        List<Hit> hits = List.of(hit(2, "b", 5, 5f, 0, 0.6f), hit(3, "c", 0, 0f, 7, 0.9f));
        Map<Integer, Double> s = Fusion.scores(hits, RANKS.toBuilder().denseWeight(0.7).build());
        assertThat(s.get(3)).isGreaterThan(s.get(2));
        assertThat(s.get(2)).isCloseTo(0.6 * ReciprocalRankFusion.contribution(60, 1), within(1e-12));
    }

    @Test
    void scores_isTheWeightedSumOfMinMaxNormalisedScores_aChunkBm25DidNotListGetsNoBm25Share() {
        List<Hit> hits = List.of(hit(1, "a", 1, 10f, 2, 0.8f), hit(2, "b", 2, 4f, 0, 0.6f), hit(3, "c", 0, 0f, 1, 0.9f));
        Map<Integer, Double> s = Fusion.scores(hits, RetrievalOptions.builder().fusion(FusionMethod.SCORES).build());
        assertThat(s.get(1)).isCloseTo(0.5 * 1 + 0.5 * (0.8 - 0.6) / (0.9 - 0.6), within(1e-6));
        assertThat(s.get(2)).isCloseTo(0.0, within(1e-6));
        assertThat(s.get(3)).isCloseTo(0.5, within(1e-6));
    }

    @Test
    void both_theDefault_addsRanksScaledToABestOf1AndTheNormalisedScores() {
        List<Hit> hits = List.of(hit(1, "a", 1, 10f, 2, 0.8f), hit(2, "b", 2, 4f, 0, 0.6f), hit(3, "c", 0, 0f, 1, 0.9f));
        Map<Integer, Double> ranks = Fusion.scores(hits, RANKS);
        Map<Integer, Double> scores = Fusion.scores(hits, RetrievalOptions.builder().fusion(FusionMethod.SCORES).build());
        Map<Integer, Double> s = Fusion.scores(hits, RetrievalOptions.defaults());
        assertThat(RetrievalOptions.defaults().fusion()).isEqualTo(FusionMethod.BOTH);
        for (int id = 1; id <= 3; id++) {
            assertThat(s.get(id)).isCloseTo(ranks.get(id) / ranks.get(1) + scores.get(id), within(1e-12));
        }
    }

    @Test
    void both_aFirstPlaceFarAheadOfItsListOutranksAMiddlingPlaceInBoth_whereRanksAloneNeverDo() {
        // The onConsoleLog case of docs/quality.md ("Ranks and scores together"): BM25's first has every
        // word of the question and no place in the cosine list; X holds middling places in both lists.
        for (float first : new float[] {17f, 6.1f}) {
            List<Hit> hits = new ArrayList<>();
            hits.add(hit(1, "first", 1, first, 0, 0.64f));
            for (int r = 2; r <= 20; r++) { // BM25 scores 6.0 down to 3.0; X is 13th
                hits.add(hit(r == 13 ? 99 : r, "b" + r, r, 6.0f - (r - 2) * 3f / 18, r == 13 ? 15 : 0, r == 13 ? 0.63f : 0.55f));
            }
            for (int r = 1; r <= 20; r++) { // the cosine list, 0.73 down; X's own place (15th) is taken above
                if (r != 15) {
                    hits.add(hit(100 + r, "v" + r, 0, 0f, r, 0.73f - r * 0.005f));
                }
            }
            Map<Integer, Double> ranks = Fusion.scores(hits, RANKS);
            Map<Integer, Double> both = Fusion.scores(hits, RetrievalOptions.defaults());
            assertThat(ranks.get(1)).as("ranks alone, first at %s", first).isLessThan(ranks.get(99));
            if (first > 10) {
                assertThat(both.get(1)).as("three times the second's score").isGreaterThan(both.get(99));
            } else {
                assertThat(both.get(1)).as("barely ahead of the second").isLessThan(both.get(99));
            }
        }
    }

    @Test
    void both_withOneListOnly_isRankFusionAlone_soThatListsOrderStands() {
        // A keyword-only index: a long question's merged BM25 list (whole question and opening sentence)
        // carries scores of two searches; its order must not be redone by them.
        List<Hit> hits = List.of(hit(1, "a", 1, 4f, 0, Float.NaN), hit(2, "b", 2, 9f, 0, Float.NaN));
        assertThat(Fusion.scores(hits, RetrievalOptions.defaults())).isEqualTo(Fusion.scores(hits, RANKS));
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
