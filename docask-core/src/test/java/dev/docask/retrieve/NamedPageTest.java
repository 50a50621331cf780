package dev.docask.retrieve;

import dev.docask.embed.Embedders;
import dev.docask.index.DocIndex;
import dev.docask.index.internal.IndexEngine;
import dev.docask.index.internal.QueryTerms;
import dev.docask.ingest.Chunk;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static dev.docask.testsupport.TestIndexes.chunk;
import static org.assertj.core.api.Assertions.assertThat;

/** docs/retrieval.md §7, "The page the question names". */
class NamedPageTest {
    private static final int CHUNKS = 1000;
    private static final float RARE = (float) NamedPage.idfOfShare(0.01, CHUNKS);
    private static final float COMMON = (float) NamedPage.idfOfShare(0.5, CHUNKS);

    /** The question's analysed terms, each rare on the site unless named in {@code common}. */
    private static QueryTerms terms(String question, String... common) {
        List<String> t = IndexEngine.terms(question);
        float[] idf = new float[t.size()];
        for (int i = 0; i < idf.length; i++) {
            idf[i] = Arrays.asList(common).contains(t.get(i)) ? COMMON : RARE;
        }
        int[] ones = new int[t.size()];
        Arrays.fill(ones, 1);
        float[] weights = new float[t.size()];
        Arrays.fill(weights, 1f);
        return new QueryTerms(t, idf, ones, weights, t, Map.of());
    }

    private static Hit hit(int id, String page, String title) {
        return new Hit(id, new Chunk("https://x.io/" + page + "#s" + id, title, "", "text " + id, page + ".md", Map.of()),
                List.of(), id, 1f, id, 0.5f, 0.5f, 1.0 / id, null);
    }

    /** Six mocking sections, then the pages given, in fused order. */
    private static List<Hit> mockingFirst(Hit... after) {
        List<Hit> out = new ArrayList<>();
        for (int i = 1; i <= 6; i++) {
            out.add(hit(i, "guide/mocking-" + i, "Mocking Modules " + i));
        }
        out.addAll(List.of(after));
        return out;
    }

    @Test
    void namedPage_aPageWhoseWholeTitleTheQuestionWrites_getsTheLastPlaceAmongTheSources() {
        String q = "Automatically mock css module imports";
        Hit css = hit(8, "config/css", "css | Config");
        List<Hit> diverse = mockingFirst(hit(7, "guide/features", "Features"), css);

        Optional<Hit> named = NamedPage.in(q, diverse, terms(q), 6, CHUNKS);

        assertThat(named).as("'css' is the whole title before ' | ', written in the question").contains(css);
        String repeated = "Mock, mock again: the CSS imports";
        assertThat(NamedPage.in(repeated, diverse, terms(repeated), 6, CHUNKS)).as("in any case, after a repeated word").contains(css);
        assertThat(SourceList.seatedWithin(diverse, List.of(named.orElseThrow()), 6)).extracting(Hit::chunkId)
                .containsExactly(1, 2, 3, 4, 5, 8, 6, 7);
    }

    @Test
    void namedPage_aTitleWordOnMoreThanOneChunkInTen_isTheSitesVocabulary_notAName() {
        String q = "Roll back a database transaction after each test";
        List<Hit> diverse = mockingFirst(hit(7, "api/test", "Test | API"));

        assertThat(NamedPage.in(q, diverse, terms(q, "test"), 6, CHUNKS)).isEmpty();
        assertThat(NamedPage.in(q, diverse, terms(q), 6, CHUNKS)).as("the same title, rare on the site").isPresent();
    }

    @Test
    void namedPage_countsWordsAsWritten_notTheirStemsOrAnIdentifiersParts() {
        String change = "How do I change the default timeout of a test?";
        String otel = "OpenTelemetry traces of a test run";

        assertThat(NamedPage.in(change, mockingFirst(hit(7, "config/changed", "changed | Config")), terms(change), 6, CHUNKS))
                .as("'changed' shares a stem with 'change', but the question does not write it").isEmpty();
        assertThat(NamedPage.in(otel, mockingFirst(hit(7, "config/open", "open | Config")), terms(otel), 6, CHUNKS))
                .as("'open' is only a part of the identifier 'OpenTelemetry'").isEmpty();
    }

    @Test
    void namedPage_aPageAlreadyAmongTheFirstSections_needsNoSeat_andEveryTitleWordMustBeWritten() {
        String q = "Middleware reading cookies returns undefined";
        List<Hit> first = mockingFirst(hit(7, "guide/mocking-1", "Middleware"));
        List<Hit> partly = mockingFirst(hit(7, "guide/middleware-api", "Middleware API"));

        assertThat(NamedPage.in(q, first, terms(q), 6, CHUNKS)).as("another section of a page already there").isEmpty();
        assertThat(NamedPage.in(q, partly, terms(q), 6, CHUNKS)).as("'API' is not written in the question").isEmpty();
        assertThat(NamedPage.in(q, mockingFirst(), terms(q), 6, CHUNKS)).as("nothing beyond the first six").isEmpty();
    }
    @Test
    void namedPage_onARealIndex_bringsThePageTheQuestionNamesAmongTheSources(@TempDir Path dir) {
        List<Chunk> chunks = new ArrayList<>();
        for (int i = 1; i <= 4; i++) {
            chunks.add(chunk("https://x.dev/guide/mocking-" + i, "Mocking Modules " + i, "",
                    "Automatically mock module imports: vi.mock replaces the module imports of a test with a mock module.",
                    Map.of()));
        }
        chunks.add(chunk("https://x.dev/config/css", "css | Config", "",
                "Configure whether stylesheets are processed; excluded files become empty strings.", Map.of()));
        for (int i = 1; i <= 8; i++) {
            chunks.add(chunk("https://x.dev/guide/topic-" + i, "Topic " + i, "", "Filler text number " + i + " about reporters.",
                    Map.of()));
        }
        String q = "Automatically mock css module imports";
        RetrievalOptions two = RetrievalOptions.builder().withoutGate().topK(2).build();
        try (DocIndex index = dev.docask.testsupport.TestIndexes.build(dir.resolve("idx"), "mock", chunks)) {
            HybridRetriever retriever = HybridRetriever.create(index, Embedders.fromSpec("mock"));

            assertThat(retriever.retrieve(q, two.toBuilder().namedPage(false).build()).sources()).extracting(Source::url)
                    .as("the mocking pages hold more of the question's words").doesNotContain("https://x.dev/config/css");
            assertThat(retriever.retrieve(q, two).sources()).extracting(Source::url)
                    .as("'css' names the page, a word on one chunk of 13").endsWith("https://x.dev/config/css");
        }
    }
}
