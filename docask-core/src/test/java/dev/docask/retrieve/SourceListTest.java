package dev.docask.retrieve;

import dev.docask.ingest.Chunk;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class SourceListTest {
    private static Hit hit(int id, String url, int chars) {
        return new Hit(id, new Chunk(url, "T", "", "x".repeat(chars), "p.md", Map.of()), List.of(), 1, 1f, 1, 0.5f, 0.5f, 1.0 / id, null);
    }

    @Test
    void sources_sameSectionSharesANumber_inRankOrder() {
        List<Source> s = SourceList.number(List.of(hit(1, "u#a", 10), hit(2, "u#b", 10), hit(3, "u#a", 10)), 6, 8000);
        assertThat(s).extracting(Source::url).containsExactly("u#a", "u#b");
        assertThat(s.get(0).hits()).extracting(Hit::chunkId).containsExactly(1, 3);
        assertThat(s).extracting(Source::n).containsExactly(1, 2);
    }

    @Test
    void sources_topKCountsSections_theirFurtherChunksFillTheBudgetLeft() {
        List<Source> s = SourceList.number(List.of(hit(1, "a", 10), hit(2, "b", 10), hit(3, "a", 10), hit(4, "c", 10)), 2, 8000);
        assertThat(s).extracting(Source::url).containsExactly("a", "b");
        assertThat(s.get(0).hits()).extracting(Hit::chunkId).containsExactly(1, 3);
    }

    @Test
    void sources_aFurtherChunkNeverTakesTheRoomOfASection() {
        List<Source> s = SourceList.number(List.of(hit(1, "a", 5000), hit(2, "a", 2000), hit(3, "b", 2500)), 6, 8000);
        assertThat(s).extracting(Source::url).containsExactly("a", "b");
        assertThat(s.get(0).hits()).extracting(Hit::chunkId).containsExactly(1);
    }

    @Test
    void sources_firstTopKChunksOnly() {
        List<Source> s = SourceList.number(List.of(hit(1, "a", 1), hit(2, "b", 1), hit(3, "c", 1)), 2, 8000);
        assertThat(s).extracting(Source::url).containsExactly("a", "b");
    }

    @Test
    void sources_addedUntilCharBudget_firstAlwaysFits() {
        List<Source> s = SourceList.number(List.of(hit(1, "a", 9000), hit(2, "b", 10)), 6, 8000);
        assertThat(s).extracting(Source::url).containsExactly("a");
        List<Source> t = SourceList.number(List.of(hit(1, "a", 5000), hit(2, "b", 3000), hit(3, "c", 1)), 6, 8000);
        assertThat(t).extracting(Source::url).containsExactly("a", "b");
    }

    @Test
    void sources_aSectionThatDoesNotFit_isSkipped_andLaterOnesThatFitAreAdded() {
        List<Source> s = SourceList.number(List.of(hit(1, "a", 5000), hit(2, "b", 3500), hit(3, "c", 2000), hit(4, "d", 900)), 6, 8000);
        assertThat(s).extracting(Source::url).containsExactly("a", "c", "d");
        assertThat(s).extracting(Source::n).containsExactly(1, 2, 3);
    }

    @Test
    void maxPerSource_keepsTheBestSectionsOfEachPage() {
        List<Hit> d = SourceList.diversify(List.of(hit(1, "p#a", 1), hit(2, "p#b", 1), hit(3, "q", 1), hit(4, "p#c", 1)), 2);
        assertThat(d).extracting(Hit::chunkId).containsExactly(1, 2, 3);
        assertThat(SourceList.diversify(d, 0)).hasSize(3);
    }

    @Test
    void maxPerSource_countsSections_soAKeptSectionKeepsItsFurtherChunks() {
        List<Hit> d = SourceList.diversify(List.of(hit(1, "p#a", 1), hit(2, "p#b", 1), hit(3, "p#a", 1), hit(4, "q", 1)), 1);
        assertThat(d).extracting(Hit::chunkId).containsExactly(1, 3, 4);
    }
}
