package dev.docask.solr;

import dev.docask.embed.Embedders;
import dev.docask.index.DocIndex;
import dev.docask.index.IndexException;
import dev.docask.index.internal.IndexAccess;
import dev.docask.index.internal.IndexEngine;
import dev.docask.index.internal.Scored;
import dev.docask.ingest.Chunk;
import dev.docask.ingest.IngestOptions;
import dev.docask.ingest.SiteReader;
import dev.docask.retrieve.HybridRetriever;
import dev.docask.retrieve.RetrievalOptions;
import dev.docask.retrieve.Source;
import dev.docask.testsupport.TestIndexes;
import dev.docask.testsupport.TestSites;
import org.apache.solr.client.solrj.request.UpdateRequest;
import org.apache.solr.common.SolrInputDocument;
import org.apache.solr.common.params.ModifiableSolrParams;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A publish that fails part-way, on the real 2-node SolrCloud the other ITs share (SolrCluster): what it sent
 * stays invisible to the site's readers whatever commits later, and the next publish cleans it up
 * (docs/solr.md, "Generations").
 */
class SolrPublishFailureIT {
    private static SolrCluster cluster;
    private static List<String> questions;

    @TempDir
    static Path tmp;

    @BeforeAll
    static void start() {
        cluster = SolrCluster.shared();
        questions = TestSites.samplesQuestionTexts().subList(0, 6);
    }

    /** What a reader of a site sees: every chunk by ordinal, each question's sources and BM25 list. */
    private record Seen(List<Chunk> chunks, Map<String, List<String>> sources, Map<String, List<Scored>> bm25) {
    }

    private static Seen seen(DocIndex index) {
        List<Chunk> chunks = new ArrayList<>();
        for (int i = 0; i < index.size(); i++) {
            chunks.add(index.chunk(i));
        }
        HybridRetriever r = HybridRetriever.create(index, Embedders.fromSpec("mock"));
        IndexEngine engine = IndexEngine.of(index);
        Map<String, List<String>> sources = new LinkedHashMap<>();
        Map<String, List<Scored>> bm25 = new LinkedHashMap<>();
        for (String q : questions) {
            sources.put(q, r.retrieve(q, RetrievalOptions.defaults()).sources().stream().map(Source::url).toList());
            bm25.put(q, engine.bm25(engine.queryTerms(q, true), 40, null));
        }
        return new Seen(chunks, sources, bm25);
    }

    private static Seen seen(String site) {
        try (DocIndex index = SolrBackend.open(cluster.uri(), site)) {
            return seen(index);
        }
    }

    private static SolrConnection connection() {
        return new SolrConnection(SolrLocation.parse(cluster.uri()), SolrConnection.DEFAULT_TIMEOUT);
    }

    /** The site's chunk documents a reader of {@code generation} sees; all of them, whatever wrote them, without one. */
    private static long count(String site, OptionalLong generation) {
        try (SolrConnection solr = connection()) {
            ModifiableSolrParams p = SolrSearch.siteOnly(site, generation);
            p.set("q", "*:*");
            p.set("rows", 0);
            return solr.query("counting", p).getResults().getNumFound();
        }
    }

    private static long generation(String site) {
        try (SolrConnection solr = connection()) {
            return SolrBackend.generation(solr, site).orElseThrow();
        }
    }

    /** A commit that opens a new searcher, as another writer's commit or a restarted node's replayed log does. */
    private static void commit() {
        try (SolrConnection solr = connection()) {
            UpdateRequest u = new UpdateRequest();
            u.setAction(UpdateRequest.ACTION.COMMIT, true, true);
            solr.update("a commit", u);
        }
    }

    /** The largest relative change of a BM25 score between two readings of the same lists (the statistics' drift). */
    private static double drift(Map<String, List<Scored>> a, Map<String, List<Scored>> b) {
        double most = 0;
        for (String q : a.keySet()) {
            for (int i = 0; i < a.get(q).size(); i++) {
                float x = a.get(q).get(i).score();
                most = Math.max(most, Math.abs(b.get(q).get(i).score() - x) / x);
            }
        }
        return most;
    }

    @Test
    void publish_failsPartWay_laterCommitsShowItsReadersNothingOfIt_andTheNextPublishCleansUp() {
        List<Chunk> first = SiteReader.read(TestSites.samples(), IngestOptions.defaults(TestSites.SAMPLES_BASE_URL)).chunks();
        List<String> pages = first.stream().map(Chunk::source).distinct().toList();
        // the next build: two pages gone (so chunks above the new count move down), one chunk changed, three added first
        List<Chunk> next = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            next.add(new Chunk(TestSites.SAMPLES_BASE_URL + "/guides/added-" + i + "#top", "Added " + i, "Added " + i,
                    "A page added in the next build, number " + i + ", about quokkamatic webhook retries.", "guides/added-" + i + ".md", Map.of()));
        }
        for (Chunk c : first) {
            if (c.source().equals(pages.get(1)) || c.source().equals(pages.get(3))) {
                continue;
            }
            next.add(c == first.get(5) ? new Chunk(c.url(), c.title(), c.heading(), c.text() + " Changed: flibbertigibbet.", c.source(),
                    c.metadata()) : c);
        }
        try (DocIndex a = TestIndexes.build(tmp.resolve("a"), "mock", first);
             DocIndex b = TestIndexes.build(tmp.resolve("b"), "mock", next)) {
            SolrBackend.publish(a, cluster.uri(), "atomic");
            long live = generation("atomic");
            Seen before = seen("atomic");

            // fails after its new documents were sent, then after everything but the manifest and the commit
            for (String failing : List.of("retiring removed and replaced chunks", "committing")) {
                try (SolrConnection solr = connection()) {
                    solr.beforeSend(what -> {
                        if (what.equals(failing)) {
                            throw new IndexException("injected: Solr went away (" + what + ")");
                        }
                    });
                    assertThatThrownBy(() -> SolrPublisher.publish(solr, b, "atomic")).hasMessageContaining("injected")
                            .hasMessageNotContaining("publish lease");
                }
                // no request given up on (Solr answered, or was never reached): the lease is released at once
                assertThat(SolrPublishLeaseIT.lease(cluster.uri(), "atomic")).isEmpty();
            }
            // another site's publish commits with a new searcher, and so does a plain commit: what the failed
            // publishes sent is now searchable (before, the site's readers saw half of it)
            try (DocIndex other = TestIndexes.build(tmp.resolve("other"), "mock", TestSites.VITEST)) {
                SolrBackend.publish(other, cluster.uri(), "atomic_neighbour");
            }
            commit();
            assertThat(count("atomic", OptionalLong.empty())).as("the failed publishes' documents are in the index")
                    .isGreaterThan(a.size());
            assertThat(generation("atomic")).isEqualTo(live);
            assertThat(count("atomic", OptionalLong.of(live))).isEqualTo(a.size());
            Seen after = seen("atomic");
            assertThat(after.chunks()).isEqualTo(before.chunks());
            try (DocIndex reader = SolrBackend.open(cluster.uri(), "atomic")) {
                IndexEngine engine = IndexEngine.of(reader);
                for (String word : List.of("quokkamatic", "flibbertigibbet")) { // words of the failed build alone
                    assertThat(engine.bm25(engine.queryTerms(word, false), 10, null)).as(word).isEmpty();
                }
                Chunk removed = first.stream().filter(c -> c.source().equals(pages.get(1))).findFirst().orElseThrow();
                assertThat(engine.bm25(engine.queryTerms(removed.text(), false), 10, null)).extracting(Scored::chunkId)
                        .as("a chunk the failed publish retired").contains(first.indexOf(removed));
            }
            // Lucene's term statistics count every document of the field, the failed publishes' too, so BM25
            // scores, and the order of near ties, move until the next publish deletes them (docs/solr.md)
            long same = after.sources().entrySet().stream().filter(e -> e.getValue().equals(before.sources().get(e.getKey()))).count();
            System.out.printf("SolrPublishFailureIT: %d invisible documents beside the site's %d: BM25 scores moved by at most %.1f%%;"
                            + " %d of %d questions with the same sources%n", count("atomic", OptionalLong.empty()) - a.size(), a.size(),
                    100 * drift(before.bm25(), after.bm25()), same, questions.size());
            assertThat(after.sources().values()).allSatisfy(urls -> assertThat(first.stream().map(Chunk::url)).containsAll(urls));

            try (DocIndex held = SolrBackend.open(cluster.uri(), "atomic")) {
                SolrBackend.Published done = SolrBackend.publish(b, cluster.uri(), "atomic");
                Seen now = seen("atomic");
                assertThat(now.chunks()).hasSize(next.size()).containsExactlyInAnyOrderElementsOf(next);
                // a reader of the first build, open across the publish, reads it whole until the next publish
                assertThat(seen(held).chunks()).isEqualTo(before.chunks());
                // what the failed publishes left is gone; what this one retired stays for the readers of the one before
                assertThat(count("atomic", OptionalLong.empty())).isEqualTo(b.size() + a.size() - done.kept());
                assertThat(SolrBackend.publish(b, cluster.uri(), "atomic")).isEqualTo(new SolrBackend.Published(0, b.size(), 0));
                assertThat(count("atomic", OptionalLong.empty())).as("retired documents deleted after one generation").isEqualTo(b.size());
                assertThat(seen("atomic").chunks()).isEqualTo(now.chunks());
            }
        }
    }

    @Test
    void siteOfAnEarlierDocask_readAsBefore_andAPublishRetiresItsDocumentsInPlaceWithTheirTokensAndVectors() {
        String site = "no_generations";
        String timers = site + "/" + SolrPublisher.hash(TestSites.TIMERS);
        byte[] timersVector;
        try (DocIndex three = TestIndexes.build(tmp.resolve("earlier"), "mock", TestSites.VITEST); SolrConnection solr = connection()) {
            // chunk documents and a manifest document as the docask before generations wrote them
            UpdateRequest u = new UpdateRequest();
            for (int i = 0; i < three.size(); i++) {
                SolrInputDocument d = SolrPublisher.document(three, site, i, site + "/" + SolrPublisher.hash(three.chunk(i)), 0,
                        new SolrPublisher.Place(i, three.canonicalOf(i)), true);
                d.removeField(SolrFields.GEN);
                d.removeField(SolrFields.RETIRED);
                u.add(d);
            }
            SolrInputDocument m = new SolrInputDocument();
            m.setField(SolrFields.ID, SolrFields.manifestId(site));
            m.setField(SolrFields.KIND, SolrFields.KIND_MANIFEST);
            m.setField(SolrFields.SITE, site);
            m.setField(SolrFields.MANIFEST, IndexAccess.manifestJson(three.manifest()));
            m.setField(SolrFields.CHUNKS, three.size());
            m.setField(SolrFields.GENERATION, 1000L);
            u.add(m);
            u.setAction(UpdateRequest.ACTION.COMMIT, true, true);
            solr.update("writing a site as an earlier docask did", u);
            timersVector = IndexAccess.vector(three, TestSites.VITEST.indexOf(TestSites.TIMERS)).orElseThrow().values();
        }
        assertThat(seen(site).chunks()).isEqualTo(TestSites.VITEST);

        Chunk added = new Chunk("https://vitest.dev/guide/snapshot#update", "Snapshot", "Update",
                "Run vitest -u to update the snapshots that changed.", "guide/snapshot.md", Map.of());
        try (DocIndex two = TestIndexes.build(tmp.resolve("later"), "mock", List.of(TestSites.MOCKING, added, TestSites.CONFIG))) {
            assertThat(SolrBackend.publish(two, cluster.uri(), site)).isEqualTo(new SolrBackend.Published(1, 2, 1));
        }
        assertThat(seen(site).chunks()).containsExactly(TestSites.MOCKING, added, TestSites.CONFIG);
        assertThat(count(site, OptionalLong.of(1000L))).as("what a reader of the earlier generation sees").isEqualTo(3);
        // retired in place: Solr changed its docValues alone, so its tokens and vector (not stored) are still searched
        try (SolrConnection solr = connection()) {
            ModifiableSolrParams p = SolrSearch.siteOnly(site, OptionalLong.of(1000L));
            p.add("fq", "{!term f=" + SolrFields.ID + "}" + timers);
            p.set("rows", 0);
            p.set("q", "{!term f=" + SolrFields.tokens(site) + "}" + IndexAccess.pageTokens(TestSites.TIMERS.text()).get(0).term());
            assertThat(solr.query("a term of the retired chunk", p).getResults().getNumFound()).isEqualTo(1);
            StringBuilder v = new StringBuilder("[");
            for (int i = 0; i < timersVector.length; i++) {
                v.append(i == 0 ? "" : ",").append(timersVector[i]);
            }
            p.set("q", "{!knn f=" + SolrFields.vector(timersVector.length) + " topK=3}" + v.append(']'));
            assertThat(solr.query("the retired chunk's vector", p).getResults().getNumFound()).isEqualTo(1);
        }
    }
}
