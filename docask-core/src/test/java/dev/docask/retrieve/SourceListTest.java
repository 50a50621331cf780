package dev.docask.retrieve;

import dev.docask.ingest.Chunk;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class SourceListTest {
    private static Hit hit(int id, String url, int chars) {
        // a text of its own for each chunk, so that no two open alike (near copies are one page)
        String text = (id + " word ").repeat(chars / 7 + 1).substring(0, chars);
        return withText(id, url, text);
    }

    private static Hit withText(int id, String url, String text) {
        return new Hit(id, new Chunk(url, "T", "", text, "p.md", Map.of()), List.of(), 1, 1f, 1, 0.5f, 0.5f, 1.0 / id, null);
    }

    /** Diversity off: the ranking numbered is the one that fills the budget left. */
    private static List<Source> number(List<Hit> ranked, int topK, int maxContextChars) {
        return SourceList.number(ranked, ranked, topK, maxContextChars);
    }

    @Test
    void sources_otherSectionsOfANumberedPage_fillTheBudgetLeft_inRankOrder_atTheirOwnUrl() {
        List<Hit> ranked = List.of(hit(1, "p#a", 10), hit(2, "p#b", 10), hit(3, "q", 10), hit(4, "p#c", 10), hit(5, "r", 10));
        List<Hit> diverse = SourceList.diversify(ranked, 1, true, true);
        List<Source> s = SourceList.number(diverse, ranked, 2, 8000);
        assertThat(s).extracting(Source::url).containsExactly("p#a", "q");
        assertThat(s.get(0).hits()).extracting(Hit::chunkId).containsExactly(1, 2, 4);
        assertThat(s.get(0).hits()).extracting(h -> h.chunk().url()).containsExactly("p#a", "p#b", "p#c");
        assertThat(s.get(1).hits()).extracting(Hit::chunkId).as("page r is not a source").containsExactly(3);
    }

    @Test
    void sources_anotherSectionOfAPage_onlyWhenItFitsTheBudgetLeft() {
        List<Hit> ranked = List.of(hit(1, "p#a", 4000), hit(2, "p#b", 3000), hit(3, "q", 2000), hit(4, "p#c", 1500));
        List<Source> s = SourceList.number(SourceList.diversify(ranked, 1, true, true), ranked, 6, 8000);
        assertThat(s.get(0).hits()).extracting(Hit::chunkId).as("p#b does not fit, p#c does").containsExactly(1, 4);
    }

    @Test
    void sources_aFurtherChunkJoinsItsOwnSection_whenThatIsNumbered() {
        List<Hit> ranked = List.of(hit(1, "p#a", 10), hit(2, "p#b", 10), hit(3, "p#b", 10));
        List<Source> s = number(ranked, 6, 8000);
        assertThat(s).extracting(Source::url).containsExactly("p#a", "p#b");
        assertThat(s.get(1).hits()).extracting(Hit::chunkId).containsExactly(2, 3);
    }

    @Test
    void sources_sameSectionSharesANumber_inRankOrder() {
        List<Source> s = number(List.of(hit(1, "u#a", 10), hit(2, "u#b", 10), hit(3, "u#a", 10)), 6, 8000);
        assertThat(s).extracting(Source::url).containsExactly("u#a", "u#b");
        assertThat(s.get(0).hits()).extracting(Hit::chunkId).containsExactly(1, 3);
        assertThat(s).extracting(Source::n).containsExactly(1, 2);
    }

    @Test
    void sources_topKCountsSections_theirFurtherChunksFillTheBudgetLeft() {
        List<Source> s = number(List.of(hit(1, "a", 10), hit(2, "b", 10), hit(3, "a", 10), hit(4, "c", 10)), 2, 8000);
        assertThat(s).extracting(Source::url).containsExactly("a", "b");
        assertThat(s.get(0).hits()).extracting(Hit::chunkId).containsExactly(1, 3);
    }

    @Test
    void sources_aFurtherChunkNeverTakesTheRoomOfASection() {
        List<Source> s = number(List.of(hit(1, "a", 5000), hit(2, "a", 2000), hit(3, "b", 2500)), 6, 8000);
        assertThat(s).extracting(Source::url).containsExactly("a", "b");
        assertThat(s.get(0).hits()).extracting(Hit::chunkId).containsExactly(1);
    }

    @Test
    void sources_firstTopKChunksOnly() {
        List<Source> s = number(List.of(hit(1, "a", 1), hit(2, "b", 1), hit(3, "c", 1)), 2, 8000);
        assertThat(s).extracting(Source::url).containsExactly("a", "b");
    }

    @Test
    void sources_addedUntilCharBudget_firstAlwaysFits() {
        List<Source> s = number(List.of(hit(1, "a", 9000), hit(2, "b", 10)), 6, 8000);
        assertThat(s).extracting(Source::url).containsExactly("a");
        List<Source> t = number(List.of(hit(1, "a", 5000), hit(2, "b", 3000), hit(3, "c", 1)), 6, 8000);
        assertThat(t).extracting(Source::url).containsExactly("a", "b");
    }

    @Test
    void sources_aSectionThatDoesNotFit_isSkipped_andLaterOnesThatFitAreAdded() {
        List<Source> s = number(List.of(hit(1, "a", 5000), hit(2, "b", 3500), hit(3, "c", 2000), hit(4, "d", 900)), 6, 8000);
        assertThat(s).extracting(Source::url).containsExactly("a", "c", "d");
        assertThat(s).extracting(Source::n).containsExactly(1, 2, 3);
    }

    @Test
    void maxPerSource_keepsTheBestSectionsOfEachPage() {
        List<Hit> d = SourceList.diversify(List.of(hit(1, "p#a", 1), hit(2, "p#b", 1), hit(3, "q", 1), hit(4, "p#c", 1)), 2, true, true);
        assertThat(d).extracting(Hit::chunkId).containsExactly(1, 2, 3);
        assertThat(SourceList.diversify(d, 0, true, true)).hasSize(3);
    }

    @Test
    void maxPerSource_countsSections_soAKeptSectionKeepsItsFurtherChunks() {
        List<Hit> d = SourceList.diversify(List.of(hit(1, "p#a", 1), hit(2, "p#b", 1), hit(3, "p#a", 1), hit(4, "q", 1)), 1, true, true);
        assertThat(d).extracting(Hit::chunkId).containsExactly(1, 3, 4);
    }

    private static Hit versioned(int id, String url, String version) {
        return new Hit(id, new Chunk(url, "T", "", "x", "p.md", Map.of("version", version)), List.of(), 1, 1f, 1, 0.5f, 0.5f, 1.0 / id, null);
    }

    private static Hit ranked(int id, int bm25Rank, int vectorRank) {
        return new Hit(id, new Chunk("https://x.io/p" + id, "T", "", id + " text", "p.md", Map.of()), List.of(), bm25Rank, 1f,
                vectorRank, 0.5f, 0.5f, 1.0 / id, null);
    }

    /** Each list's first seated among the first {@code within} sections, as retrieval does with listFirsts on. */
    private static List<Hit> listFirstsWithin(List<Hit> diverse, List<Hit> pool, int within) {
        return SourceList.seatedWithin(diverse, SourceList.listFirsts(pool), within);
    }

    private static List<Hit> fused(Hit... hits) {
        return List.of(hits);
    }

    @Test
    void listFirsts_aRetrieversFirstThatFusedLower_takesTheLastPlaceAmongTheSources() {
        List<Hit> ranked = fused(ranked(1, 1, 2), ranked(2, 2, 3), ranked(3, 3, 4), ranked(4, 4, 5), ranked(5, 5, 6),
                ranked(6, 6, 7), ranked(7, 7, 8), ranked(8, 0, 1));

        assertThat(listFirstsWithin(ranked, ranked, 6)).extracting(Hit::chunkId)
                .as("the cosine's first, which BM25 did not list, moves up to the 6th place").containsExactly(1, 2, 3, 4, 5, 8, 6, 7);
        assertThat(listFirstsWithin(ranked, ranked, 8)).as("already among the first 8: nothing moves")
                .isEqualTo(ranked);
    }

    @Test
    void listFirsts_bothRetrieversFirstsFusedLower_takeTheLastTwoPlaces_inTheirFusedOrder_neverAboveTheFusedFirst() {
        List<Hit> ranked = fused(ranked(1, 2, 2), ranked(2, 3, 3), ranked(3, 4, 4), ranked(4, 5, 5), ranked(5, 6, 6),
                ranked(6, 1, 0), ranked(7, 0, 1));

        assertThat(listFirstsWithin(ranked, ranked, 4)).extracting(Hit::chunkId).containsExactly(1, 2, 6, 7, 3, 4, 5);
        assertThat(listFirstsWithin(ranked, ranked, 2)).extracting(Hit::chunkId).containsExactly(1, 6, 7, 2, 3, 4, 5);
        assertThat(listFirstsWithin(ranked, ranked, 1)).as("one source: the fused first").isEqualTo(ranked);
    }

    @Test
    void listFirsts_aFirstThatDiversityDropped_leavesTheOrder_itsPageIsAlreadyThere() {
        Hit pageBest = ranked(1, 2, 2);
        Hit samePage = new Hit(9, new Chunk("https://x.io/p1#later", "T", "", "9 text", "p.md", Map.of()), List.of(), 9, 1f, 1,
                0.5f, 0.5f, 0.1, null);
        List<Hit> pool = fused(pageBest, ranked(2, 1, 3), ranked(3, 3, 4), samePage);
        List<Hit> diverse = SourceList.diversify(pool, 1, true, true);

        assertThat(listFirstsWithin(diverse, pool, 2)).isEqualTo(diverse);
    }

    @Test
    void maxPerSource_theVersionsOfOnePage_countAsOnePage() {
        Hit latest = versioned(1, "https://x.io/docs/sidebar#items", "3.8.1");
        Hit next = versioned(2, "https://x.io/docs/next/sidebar#autogenerated", "next");
        Hit other = versioned(3, "https://x.io/docs/next/i18n/tutorial", "next");
        assertThat(SourceList.diversify(List.of(latest, next, other), 1, true, true)).extracting(Hit::chunkId).containsExactly(1, 3);
        assertThat(SourceList.diversify(List.of(latest, next, other), 2, true, true)).extracting(Hit::chunkId).containsExactly(1, 2, 3);
        assertThat(SourceList.diversify(List.of(next, latest, other), 1, false, true)).as("a version asked for: the first kept")
                .extracting(Hit::chunkId).containsExactly(2, 3);
    }

    @Test
    void maxPerSource_withNoVersionAsked_aSectionFoundInTwoVersions_isShownAtItsCanonicalVersion_inTheBetterPlace() {
        Hit next = versioned(1, "https://x.io/docs/next/installation#requirements", "next");
        Hit config = versioned(2, "https://x.io/docs/configuration", "3.8.1");
        Hit latest = versioned(3, "https://x.io/docs/installation#requirements", "3.8.1");
        Hit nextOnly = versioned(4, "https://x.io/docs/next/new-feature", "next");
        List<Hit> ranked = List.of(next, config, latest, nextOnly);
        assertThat(SourceList.diversify(ranked, 1, true, true)).extracting(Hit::chunkId)
                .as("the released version's copy of the section takes the place `next` earned").containsExactly(3, 2, 4);
        assertThat(SourceList.diversify(ranked, 2, true, true)).extracting(Hit::chunkId)
                .as("with room for two sections of a page, `next` stays, after it").containsExactly(3, 1, 2, 4);
        assertThat(SourceList.diversify(ranked, 1, false, true)).as("a version asked for: its order stands, one version per page")
                .extracting(Hit::chunkId).containsExactly(1, 2, 4);
        Hit latestOtherSection = versioned(5, "https://x.io/docs/installation#troubleshooting", "3.8.1");
        assertThat(SourceList.diversify(List.of(next, config, latestOtherSection), 1, true, true)).extracting(Hit::chunkId)
                .as("another section of the page is not the same section").containsExactly(1, 2);
        assertThat(SourceList.canonicalVersionFirst(List.of(latest, config, next))).as("already first: nothing moves")
                .extracting(Hit::chunkId).containsExactly(3, 2, 1);
    }

    @Test
    void maxPerSource_aSectionOpeningWithTheSamePassageAsOneOnAnotherPage_countsAsThatPage() {
        String shared = "The Sessions API allows you to store user data between requests. This can be used for things like "
                + "preferences, shopping carts and credentials. Unlike cookies, there are no size limits on the data, "
                + "and it can be restored on other devices. ";
        Hit node = withText(1, "https://x.io/adapters/node#sessions", shared + "The Node adapter stores them in files.");
        Hit vercel = withText(2, "https://x.io/adapters/vercel#sessions", shared + "On Vercel, configure a driver first.");
        Hit guide = withText(3, "https://x.io/guides/sessions#configuring", "Sessions need a storage driver to keep their data.");
        assertThat(SourceList.diversify(List.of(node, vercel, guide), 1, true, true)).extracting(Hit::chunkId)
                .as("the second adapter's copy of the paragraph makes room for another page").containsExactly(1, 3);
        assertThat(SourceList.diversify(List.of(node, vercel, guide), 2, true, true)).extracting(Hit::chunkId)
                .as("it counts as a second section of the first page").containsExactly(1, 2, 3);
        assertThat(SourceList.diversify(List.of(node, vercel, guide), 1, true, false)).as("copies not collapsed")
                .extracting(Hit::chunkId).containsExactly(1, 2, 3);
    }

    @Test
    void opening_isTheFirst200Characters_andNoneForAShorterText() {
        String text = "Run `astro add` -- it sets the adapter up for you. ".repeat(5);
        assertThat(SourceList.opening(text)).isEqualTo(text.substring(0, SourceList.OPENING_CHARS));
        assertThat(SourceList.opening(text + "and then something else entirely")).as("only the opening counts")
                .isEqualTo(SourceList.opening(text));
        assertThat(SourceList.opening("Run the following command: npm install @astrojs/node")).as("a short lead-in").isNull();
        assertThat(SourceList.opening("a".repeat(SourceList.OPENING_CHARS - 1))).isNull();
    }

    @Test
    void pageAcrossVersions_takesOnlyTheVersionFolderSegmentOutOfThePath() {
        assertThat(SourceList.pageAcrossVersions(versioned(1, "https://x.io/docs/next/sidebar#a", "next").chunk()))
                .isEqualTo("https://x.io/docs/sidebar");
        assertThat(SourceList.pageAcrossVersions(versioned(1, "https://x.io/docs/next", "next").chunk()))
                .isEqualTo("https://x.io/docs");
        assertThat(SourceList.pageAcrossVersions(versioned(1, "https://x.io/docs/nextjs/setup", "next").chunk()))
                .as("a segment that only starts with the version's name").isEqualTo("https://x.io/docs/nextjs/setup");
        assertThat(SourceList.pageAcrossVersions(versioned(1, "https://x.io/docs/sidebar", "3.8.1").chunk()))
                .as("the version served without a folder").isEqualTo("https://x.io/docs/sidebar");
        assertThat(SourceList.pageAcrossVersions(hit(1, "https://x.io/docs/next/sidebar", 1).chunk()))
                .as("no version metadata").isEqualTo("https://x.io/docs/next/sidebar");
    }
}
