package dev.docask.solr;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class SolrGenerationsTest {
    private static final long NOT = SolrGenerations.NOT_RETIRED;

    private static SolrGenerations.Found doc(String id, int ord, long gen, long retired) {
        return new SolrGenerations.Found(id, new SolrPublisher.Place(ord, ord), gen, retired);
    }

    @Test
    void visibleAt_filterQuery_excludesLaterWritesAndRetirementsUpToTheGeneration() {
        assertThat(SolrGenerations.visibleAt(1700000000123L))
                .isEqualTo("-gen:{1700000000123 TO *] -retired:[* TO 1700000000123]");
    }

    @Test
    void visibleAt_documentWrittenAtOrBeforeAndNotRetiredByThen_isSeen() {
        assertThat(SolrGenerations.visibleAt(5, NOT, 5)).isTrue();
        assertThat(SolrGenerations.visibleAt(0, NOT, 5)).as("an earlier docask's document").isTrue();
        assertThat(SolrGenerations.visibleAt(3, 6, 5)).as("retired by the next publish: still seen").isTrue();
        assertThat(SolrGenerations.visibleAt(6, NOT, 5)).as("written by a later or failed publish").isFalse();
        assertThat(SolrGenerations.visibleAt(3, 5, 5)).as("retired by this generation").isFalse();
    }

    @Test
    void next_pastTheLiveGenerationAndEveryLeftover_theClockWhenAhead() {
        assertThat(SolrGenerations.next(100, 500, 100)).isEqualTo(500);
        assertThat(SolrGenerations.next(100, 50, 100)).as("a clock behind the live generation").isEqualTo(101);
        assertThat(SolrGenerations.next(100, 500, 900)).as("a failed publish's generation ahead of the clock").isEqualTo(901);
        assertThat(SolrGenerations.next(0, 0, 0)).isEqualTo(1);
    }

    @Test
    void key_idOfAnyGeneration_theChunkKey() {
        assertThat(SolrGenerations.id("site/ab12", 42)).isEqualTo("site/ab12@42");
        assertThat(SolrGenerations.key("site/ab12@42")).isEqualTo("site/ab12");
        assertThat(SolrGenerations.key("site/ab12-2@42")).isEqualTo("site/ab12-2");
        assertThat(SolrGenerations.key("site/ab12")).as("an earlier docask's id").isEqualTo("site/ab12");
    }

    @Test
    void sort_failedPublishAndRetiredDocuments_areLeftoversTheLiveOnesKeyed() {
        long live = 100;
        SolrGenerations.Site s = SolrGenerations.sort(List.of(
                doc("s/a", 0, 0, NOT),        // an earlier docask's
                doc("s/b@100", 1, 100, NOT),  // written by the live publish
                doc("s/c@90", 2, 90, 140),    // marked by a publish that failed: still live
                doc("s/c@140", 2, 140, NOT),  // written by that publish
                doc("s/d@80", 3, 80, 100),    // retired by the live publish: no reader of 100 sees it
                doc("s/e@50", 4, 50, 90)),    // retired before
                live);
        assertThat(s.live()).containsOnlyKeys("s/a", "s/b", "s/c");
        assertThat(s.live().get("s/c").id()).isEqualTo("s/c@90");
        assertThat(s.leftovers()).containsExactlyInAnyOrder("s/c@140", "s/d@80", "s/e@50");
        assertThat(s.surplus()).isEmpty();
        assertThat(s.highest()).isEqualTo(140);
        assertThat(s.places()).containsEntry("s/b", new SolrPublisher.Place(1, 1));
    }

    @Test
    void sort_twoLiveDocumentsOfOneChunk_theSecondIsSurplus() {
        SolrGenerations.Site s = SolrGenerations.sort(List.of(doc("s/a@1", 0, 1, NOT), doc("s/a@2", 0, 2, NOT)), 5);
        assertThat(s.live().get("s/a").id()).isEqualTo("s/a@1");
        assertThat(s.surplus()).containsExactly("s/a@2");
    }
}
