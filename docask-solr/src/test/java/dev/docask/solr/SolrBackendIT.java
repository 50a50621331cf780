package dev.docask.solr;

import dev.docask.embed.Embedders;
import dev.docask.index.DocIndex;
import dev.docask.index.IndexException;
import dev.docask.ingest.Chunk;
import dev.docask.ingest.IngestOptions;
import dev.docask.ingest.SiteReader;
import dev.docask.retrieve.HybridRetriever;
import dev.docask.retrieve.Retrieval;
import dev.docask.retrieve.RetrievalOptions;
import dev.docask.retrieve.Source;
import dev.docask.testsupport.TestIndexes;
import dev.docask.testsupport.TestSites;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** docask-solr against a real 2-node SolrCloud (2 shards, 2 replicas) in its own JVM. */
class SolrBackendIT {
    private static SolrCluster cluster;
    private static DocIndex samples;
    private static List<String> questions;

    @TempDir
    static Path tmp;

    @BeforeAll
    static void start() throws Exception {
        cluster = SolrCluster.shared();
        samples = TestIndexes.build(tmp.resolve("samples"), "mock",
                SiteReader.read(TestSites.samples(), IngestOptions.defaults(TestSites.SAMPLES_BASE_URL)).chunks());
        SolrBackend.publish(samples, cluster.uri(), "samples");
        questions = TestSites.samplesQuestionTexts();
    }

    private static List<String> urls(Retrieval r) {
        return r.sources().stream().map(Source::url).toList();
    }

    @Test
    void open_publishedSite_sameSourcesAsLocalIndex() {
        HybridRetriever local = HybridRetriever.create(samples, Embedders.fromSpec("mock"));
        try (DocIndex remote = SolrBackend.open(cluster.uri(), "samples")) {
            assertThat(remote.size()).isEqualTo(samples.size());
            assertThat(remote.manifest()).isEqualTo(samples.manifest());
            HybridRetriever solr = HybridRetriever.create(remote, Embedders.fromSpec("mock"));
            int same = 0;
            List<String> differ = new ArrayList<>();
            for (String q : questions) {
                Retrieval a = local.retrieve(q, RetrievalOptions.defaults());
                Retrieval b = solr.retrieve(q, RetrievalOptions.defaults());
                if (urls(a).equals(urls(b)) && a.answerable() == b.answerable()) {
                    same++;
                } else {
                    differ.add(q + ": local " + urls(a) + ", solr " + urls(b) + "\n" + CandidateDiff.of(samples, remote, q));
                }
            }
            // exact cosine ties (frequent with the mock embedder: many chunks at exactly 0) may order the
            // tail of a kNN list differently (docs/solr.md, "How it matches the local index"): one of 18 may differ
            assertThat(same).as("questions with the same sources; differences: %s", differ)
                    .isGreaterThanOrEqualTo(questions.size() - 1);
        }
    }

    @Test
    void differsFrom_aSiteThatServesAnotherBuild_saysSo_theSameBuildNot() {
        assertThat(SolrBackend.differsFrom(samples, cluster.uri(), "samples")).isEmpty();
        try (DocIndex other = TestIndexes.build(tmp.resolve("other"), "mock", TestSites.VITEST)) {
            SolrBackend.publish(other, cluster.uri(), "moved_on");
            assertThat(SolrBackend.differsFrom(samples, cluster.uri(), "moved_on")).hasValueSatisfying(why ->
                    assertThat(why).contains("serves another build than this index"));
            assertThat(SolrBackend.differsFrom(other, cluster.uri(), "moved_on")).isEmpty();
        }
        assertThat(SolrBackend.differsFrom(samples, cluster.uri(), "never_published")).hasValueSatisfying(why ->
                assertThat(why).contains("cannot be compared"));
    }

    @Test
    void open_anySize_oneRequestNoChunkReadAndEachQuestionReadsItsCandidatesInOneRequest() {
        try (DocIndex three = TestIndexes.build(tmp.resolve("three"), "mock", TestSites.VITEST)) {
            SolrBackend.publish(three, cluster.uri(), "three");
        }
        SolrBackend.Site small = SolrBackend.openSite(cluster.uri(), "three", SolrConnection.DEFAULT_TIMEOUT);
        SolrBackend.Site large = SolrBackend.openSite(cluster.uri(), "samples", SolrConnection.DEFAULT_TIMEOUT);
        try (DocIndex a = small.index(); DocIndex b = large.index()) {
            assertThat(b.size()).isGreaterThan(10 * a.size());
            // the manifest document alone: before, open walked the site's ids, a request per 500 chunks
            assertThat(small.connection().requests()).isEqualTo(1);
            assertThat(large.connection().requests()).isEqualTo(1);
            assertThat(small.chunks().chunksRead()).isZero();
            assertThat(large.chunks().chunksRead()).isZero();
            HybridRetriever solr = HybridRetriever.create(b, Embedders.fromSpec("mock"));
            assertThat(solr.retrieve(questions.get(0), RetrievalOptions.defaults()).hits()).isNotEmpty();
            // the candidates' text in one request, the URLs of their copies in at most one more
            assertThat(large.chunks().chunkRequests()).isBetween(1L, 2L);
            assertThat(large.chunks().chunksRead()).isLessThan(b.size());
            for (String q : questions.subList(1, 6)) {
                long before = large.chunks().chunkRequests();
                assertThat(solr.retrieve(q, RetrievalOptions.defaults()).hits()).as(q).isNotEmpty();
                assertThat(large.chunks().chunkRequests() - before).as(q).isLessThanOrEqualTo(2);
            }
            // a filtered question and a version-naming one walk nothing either: filter queries and facets
            // (before: the filter's id list and the version folders each read the site in blocks of 500)
            long before = large.chunks().chunkRequests();
            solr.retrieve(questions.get(0), RetrievalOptions.builder().filter(Map.of("url", TestSites.SAMPLES_BASE_URL + "/guides/")).build());
            solr.retrieve("what changed in v2 of the " + questions.get(1), RetrievalOptions.defaults());
            assertThat(large.chunks().blockReads()).isZero();
            assertThat(large.chunks().chunkRequests() - before).isLessThanOrEqualTo(4);
        }
    }

    @Test
    void publish_incremental_keptChunksKeepTheirOrdinals() {
        List<Chunk> first = List.of(TestSites.MOCKING, TestSites.TIMERS, TestSites.CONFIG);
        Chunk added = new Chunk("https://vitest.dev/guide/snapshot#update", "Snapshot", "Update",
                "Run vitest -u to update the snapshots that changed.", "guide/snapshot.md", Map.of());
        Chunk another = new Chunk("https://vitest.dev/guide/cli#watch", "CLI", "Watch", "vitest watch reruns the tests of changed files.",
                "guide/cli.md", Map.of());
        try (DocIndex one = TestIndexes.build(tmp.resolve("ords1"), "mock", first)) {
            SolrBackend.publish(one, cluster.uri(), "ordinals");
        }
        java.util.Map<Chunk, Integer> before = new java.util.HashMap<>();
        try (DocIndex read = SolrBackend.open(cluster.uri(), "ordinals")) {
            for (int i = 0; i < read.size(); i++) {
                before.put(read.chunk(i), i);
            }
            assertThat(before).containsEntry(TestSites.MOCKING, 0).containsEntry(TestSites.TIMERS, 1).containsEntry(TestSites.CONFIG, 2);
        }
        // TIMERS removed, two added (in the built order before the kept ones)
        try (DocIndex two = TestIndexes.build(tmp.resolve("ords2"), "mock", List.of(added, TestSites.CONFIG, another, TestSites.MOCKING))) {
            assertThat(SolrBackend.publish(two, cluster.uri(), "ordinals")).isEqualTo(new SolrBackend.Published(2, 2, 1));
        }
        try (DocIndex read = SolrBackend.open(cluster.uri(), "ordinals")) {
            assertThat(read.size()).isEqualTo(4);
            assertThat(read.chunk(0)).isEqualTo(TestSites.MOCKING);
            assertThat(read.chunk(2)).isEqualTo(TestSites.CONFIG);
            assertThat(List.of(read.chunk(1), read.chunk(3))).containsExactly(added, another);
        }
    }

    @Test
    void openReader_sitePublishedAgainWithAnOrdinalReused_keepsReadingTheGenerationItOpened() {
        Chunk added = new Chunk("https://vitest.dev/guide/snapshot#update", "Snapshot", "Update",
                "Run vitest -u to update the snapshots that changed.", "guide/snapshot.md", Map.of());
        RetrievalOptions all = RetrievalOptions.builder().minSimilarity(0).minKeywordCoverage(0).build();
        try (DocIndex one = TestIndexes.build(tmp.resolve("reuse1"), "mock", TestSites.VITEST)) {
            SolrBackend.publish(one, cluster.uri(), "reuse");
        }
        try (DocIndex reader = SolrBackend.open(cluster.uri(), "reuse")) {
            HybridRetriever r = HybridRetriever.create(reader, Embedders.fromSpec("mock"));
            assertThat(r.retrieve("fake timers", all).hits()).extracting(h -> h.chunk()).contains(TestSites.TIMERS);
            // TIMERS (ordinal 1) removed, the snapshot chunk added: it takes ordinal 1
            try (DocIndex two = TestIndexes.build(tmp.resolve("reuse2"), "mock", List.of(TestSites.MOCKING, added, TestSites.CONFIG))) {
                SolrBackend.publish(two, cluster.uri(), "reuse");
            }
            // the reader's generation, whole (before: the new chunk under the old count, beside the old ones)
            assertThat(r.retrieve("update the snapshots that changed", all).hits()).extracting(h -> h.chunk()).doesNotContain(added);
            assertThat(r.retrieve("fake timers", all).hits()).extracting(h -> h.chunk()).contains(TestSites.TIMERS);
        }
        try (DocIndex reader = SolrBackend.open(cluster.uri(), "reuse")) {
            List<Chunk> hits = HybridRetriever.create(reader, Embedders.fromSpec("mock")).retrieve("update the snapshots that changed", all)
                    .hits().stream().map(h -> h.chunk()).toList();
            assertThat(hits).contains(added).doesNotContain(TestSites.TIMERS);
        }
    }

    @Test
    void siteOfTheEarlierLayout_openSaysPublishAgain_andThePublishMigratesIt() throws Exception {
        try (DocIndex three = TestIndexes.build(tmp.resolve("old"), "mock", TestSites.VITEST)) {
            SolrBackend.publish(three, cluster.uri(), "old_layout");
            // the manifest document as an earlier docask wrote it: no chunk count
            try (SolrConnection solr = new SolrConnection(SolrLocation.parse(cluster.uri()), SolrConnection.DEFAULT_TIMEOUT)) {
                org.apache.solr.common.SolrInputDocument m = new org.apache.solr.common.SolrInputDocument();
                m.setField(SolrFields.ID, SolrFields.manifestId("old_layout"));
                m.setField(SolrFields.KIND, SolrFields.KIND_MANIFEST);
                m.setField(SolrFields.SITE, "old_layout");
                m.setField(SolrFields.MANIFEST, dev.docask.index.internal.IndexAccess.manifestJson(three.manifest()));
                org.apache.solr.client.solrj.request.UpdateRequest u = new org.apache.solr.client.solrj.request.UpdateRequest();
                u.add(m);
                u.setAction(org.apache.solr.client.solrj.request.UpdateRequest.ACTION.COMMIT, true, true);
                solr.call("test", () -> u.process(solr.client(), solr.location().collection()));
            }
            assertThatThrownBy(() -> SolrBackend.open(cluster.uri(), "old_layout"))
                    .isInstanceOf(IndexException.class)
                    .hasMessageContaining("published by an earlier docask")
                    .hasMessageContaining("publish it again")
                    .hasMessageContaining("--site old_layout");
            assertThat(SolrBackend.publish(three, cluster.uri(), "old_layout").written()).isEqualTo(3);
        }
        try (DocIndex read = SolrBackend.open(cluster.uri(), "old_layout")) {
            assertThat(List.of(read.chunk(0), read.chunk(1), read.chunk(2))).containsExactlyElementsOf(TestSites.VITEST);
        }
    }

    @Test
    void open_questionWithTypos_closeWordsFromSolrSameSourcesAndNoWalkOverTheChunks() {
        String typed = "My endpoint was offlnie for an hour. Will I lose the notificatoins that arrived meanwhile?";
        HybridRetriever local = HybridRetriever.create(samples, Embedders.fromSpec("mock"));
        SolrBackend.Site site = SolrBackend.openSite(cluster.uri(), "samples", SolrConnection.DEFAULT_TIMEOUT);
        try (DocIndex remote = site.index()) {
            Retrieval a = local.retrieve(typed, RetrievalOptions.defaults());
            Retrieval b = HybridRetriever.create(remote, Embedders.fromSpec("mock")).retrieve(typed, RetrievalOptions.defaults());
            assertThat(urls(b)).isEqualTo(urls(a)).isNotEmpty();
            // before: the site's words were gathered from every chunk's text
            assertThat(site.chunks().chunksRead()).isLessThan(remote.size());
        }
    }

    @Test
    void open_publishedSite_sameWordPairsWrittenTogetherAsLocalIndex() {
        List<String> asked = new ArrayList<>(questions);
        asked.addAll(List.of("How do I ask my manager for a raise?", "How do I reverse a linked list in place?",
                "retry-after header doubling delay", "queue.toml --retry-limit"));
        dev.docask.index.internal.IndexEngine localEngine = dev.docask.index.internal.IndexEngine.of(samples);
        int[] every = java.util.stream.IntStream.range(0, samples.size()).toArray();
        int[] firstHalf = java.util.stream.IntStream.range(0, samples.size() / 2).toArray();
        try (DocIndex remote = SolrBackend.open(cluster.uri(), "samples")) {
            dev.docask.index.internal.IndexEngine solrEngine = dev.docask.index.internal.IndexEngine.of(remote);
            int together = 0;
            int apart = 0;
            for (String q : asked) {
                List<String> terms = localEngine.queryTerms(q, true).terms();
                for (int i = 1; i < terms.size(); i++) {
                    List<List<String>> pair = List.of(List.of(terms.get(i - 1), terms.get(i)));
                    boolean local = localEngine.writesTogether(pair, every).orElseThrow();
                    assertThat(solrEngine.writesTogether(pair, every)).as("%s in %s", pair, q).contains(local);
                    assertThat(solrEngine.writesTogether(pair, firstHalf)).as("%s in %s, half the chunks", pair, q)
                            .isEqualTo(localEngine.writesTogether(pair, firstHalf));
                    together += local ? 1 : 0;
                    apart += local ? 0 : 1;
                }
            }
            assertThat(together).as("pairs written together").isPositive();
            assertThat(apart).as("pairs never written together").isPositive();
        }
    }

    @Test
    void open_publishedSite_writesTheSameWordsAsWrittenAsLocalIndex() {
        dev.docask.index.internal.IndexEngine localEngine = dev.docask.index.internal.IndexEngine.of(samples);
        int written = 0;
        try (DocIndex remote = SolrBackend.open(cluster.uri(), "samples")) {
            dev.docask.index.internal.IndexEngine solrEngine = dev.docask.index.internal.IndexEngine.of(remote);
            for (String word : List.of("dead-letter", "letter-opener", "retry-limit", "limit-retry", "quayside", "quaysides",
                    "redeliveries", "insecure-skip-verify", "skip-insecure-verify")) {
                boolean local = localEngine.writesAsWritten(word).orElseThrow();
                assertThat(solrEngine.writesAsWritten(word)).as(word).contains(local);
                written += local ? 1 : 0;
            }
        }
        assertThat(written).as("words the samples write").isBetween(2, 7);
    }

    @Test
    void open_publishedSite_sameSimilarityAndCoverageAsLocalIndex() {
        HybridRetriever local = HybridRetriever.create(samples, Embedders.fromSpec("mock"));
        try (DocIndex remote = SolrBackend.open(cluster.uri(), "samples")) {
            HybridRetriever solr = HybridRetriever.create(remote, Embedders.fromSpec("mock"));
            Retrieval a = local.retrieve(questions.get(0), RetrievalOptions.defaults());
            Retrieval b = solr.retrieve(questions.get(0), RetrievalOptions.defaults());
            assertThat(b.bestSimilarity().orElseThrow()).isEqualTo(a.bestSimilarity().orElseThrow());
            assertThat(b.bestCoverage()).isEqualTo(a.bestCoverage());
            assertThat(b.hits()).extracting(h -> h.chunk().url()).isEqualTo(a.hits().stream().map(h -> h.chunk().url()).toList());
        }
    }

    @Test
    void twoSites_inOneCollection_neverSeeEachOthersChunks() {
        try (DocIndex vitest = TestIndexes.build(tmp.resolve("vitest"), "mock", TestSites.VITEST)) {
            SolrBackend.publish(vitest, cluster.uri(), "vitest_hand");
        }
        try (DocIndex a = SolrBackend.open(cluster.uri(), "vitest_hand");
             DocIndex b = SolrBackend.open(cluster.uri(), "samples")) {
            HybridRetriever va = HybridRetriever.create(a, Embedders.fromSpec("mock"));
            HybridRetriever sb = HybridRetriever.create(b, Embedders.fromSpec("mock"));
            RetrievalOptions all = RetrievalOptions.builder().gateMode(RetrievalOptions.GateMode.ANSWERABILITY).build();
            for (String q : List.of("how do I mock a module with vi.mock?", questions.get(0), questions.get(3))) {
                assertThat(urls(va.retrieve(q, all))).allMatch(u -> u.startsWith("https://vitest.dev/"));
                assertThat(va.retrieve(q, all).hits()).allMatch(h -> h.chunk().url().startsWith("https://vitest.dev/"));
                assertThat(sb.retrieve(q, all).hits()).allMatch(h -> h.chunk().url().startsWith(TestSites.SAMPLES_BASE_URL));
            }
            assertThat(a.size()).isEqualTo(3);
        }
    }

    @Test
    void publish_again_rewritesOnlyChangedChunksAndDeletesRemovedOnes() {
        List<Chunk> first = List.of(TestSites.MOCKING, TestSites.TIMERS, TestSites.CONFIG);
        Chunk changed = new Chunk(TestSites.CONFIG.url(), "Config", "environment",
                "The environment option sets the test environment: jsdom, happy-dom or node.", "config/index.md", Map.of());
        try (DocIndex one = TestIndexes.build(tmp.resolve("inc1"), "mock", first)) {
            assertThat(SolrBackend.publish(one, cluster.uri(), "incremental")).isEqualTo(new SolrBackend.Published(3, 0, 0));
            assertThat(SolrBackend.publish(one, cluster.uri(), "incremental")).isEqualTo(new SolrBackend.Published(0, 3, 0));
        }
        try (DocIndex two = TestIndexes.build(tmp.resolve("inc2"), "mock", List.of(TestSites.MOCKING, changed))) {
            assertThat(SolrBackend.publish(two, cluster.uri(), "incremental")).isEqualTo(new SolrBackend.Published(1, 1, 2));
        }
        try (DocIndex read = SolrBackend.open(cluster.uri(), "incremental")) {
            assertThat(read.size()).isEqualTo(2);
            assertThat(List.of(read.chunk(0), read.chunk(1))).containsExactlyInAnyOrder(TestSites.MOCKING, changed);
        }
    }

    @Test
    void publish_againWithAnotherEmbedder_rewritesEveryChunkWithTheNewVectors() {
        List<Chunk> chunks = List.of(TestSites.MOCKING, TestSites.TIMERS, TestSites.CONFIG);
        try (DocIndex small = TestIndexes.build(tmp.resolve("emb256"), "mock", chunks)) {
            assertThat(SolrBackend.publish(small, cluster.uri(), "reembedded").written()).isEqualTo(3);
        }
        try (DocIndex wide = TestIndexes.build(tmp.resolve("emb512"), "mock:512", chunks)) {
            // the same texts, so the same chunk ids: without the model check all three were "kept" with 256-d vectors
            assertThat(SolrBackend.publish(wide, cluster.uri(), "reembedded")).isEqualTo(new SolrBackend.Published(3, 0, 0));
            HybridRetriever local = HybridRetriever.create(wide, Embedders.fromSpec("mock:512"));
            try (DocIndex read = SolrBackend.open(cluster.uri(), "reembedded")) {
                assertThat(read.manifest().dimensions()).isEqualTo(512);
                HybridRetriever solr = HybridRetriever.create(read, Embedders.fromSpec("mock:512"));
                RetrievalOptions vectorOnly = RetrievalOptions.builder().retrievers(RetrievalOptions.Retrievers.VECTOR)
                        .gateMode(RetrievalOptions.GateMode.ANSWERABILITY).build();
                String q = "how do I mock a module?";
                assertThat(solr.retrieve(q, vectorOnly).hits()).as("kNN over the new vectors finds the chunks")
                        .hasSize(local.retrieve(q, vectorOnly).hits().size()).isNotEmpty();
            }
            assertThat(SolrBackend.publish(wide, cluster.uri(), "reembedded")).as("same model again: nothing rewritten")
                    .isEqualTo(new SolrBackend.Published(0, 3, 0));
        }
    }

    @Test
    void open_withAWiderKnnBeam_sameSourcesAsTheLocalIndex() {
        HybridRetriever local = HybridRetriever.create(samples, Embedders.fromSpec("mock"));
        try (DocIndex wide = SolrBackend.open(cluster.uri() + "?knnBeam=16", "samples")) {
            HybridRetriever solr = HybridRetriever.create(wide, Embedders.fromSpec("mock"));
            int same = 0;
            for (String q : questions) {
                same += urls(solr.retrieve(q, RetrievalOptions.defaults())).equals(urls(local.retrieve(q, RetrievalOptions.defaults()))) ? 1 : 0;
            }
            // as open_publishedSite_sameSourcesAsLocalIndex: exact cosine ties of the mock embedder may reorder one tail
            assertThat(same).isGreaterThanOrEqualTo(questions.size() - 1);
        }
    }

    @Test
    void open_solrUnreachable_saysSoInOneLine() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        String uri = "solr://127.0.0.1:" + port + "/solr/docs";
        assertThatThrownBy(() -> SolrBackend.open(uri, "samples"))
                .isInstanceOf(IndexException.class)
                .hasMessageContaining("Solr at " + uri + " did not answer")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }

    @Test
    void open_missingCollection_namesIt() {
        String uri = cluster.uri().replace("/solr/docs", "/solr/nosuch");
        assertThatThrownBy(() -> SolrBackend.open(uri, "samples"))
                .isInstanceOf(IndexException.class)
                .hasMessageContaining("collection 'nosuch' does not exist");
    }

    @Test
    void open_missingSite_saysHowToIndexIt() {
        assertThatThrownBy(() -> SolrBackend.open(cluster.uri(), "nosite"))
                .isInstanceOf(IndexException.class)
                .hasMessageContaining("has no site 'nosite'")
                .hasMessageContaining("--site nosite");
    }

    @Test
    void publish_vectorSizeWithoutField_namesTheSizeAndTheFields() {
        try (DocIndex odd = TestIndexes.build(tmp.resolve("odd"), "mock:300", TestSites.VITEST)) {
            assertThatThrownBy(() -> SolrBackend.publish(odd, cluster.uri(), "odd"))
                    .isInstanceOf(IndexException.class)
                    .hasMessageContaining("no vector field for 300 dimensions")
                    .hasMessageContaining("vector_300");
        }
    }

    @Test
    void open_badAddressOrSite_refusedBeforeAnyRequest() {
        assertThatThrownBy(() -> SolrBackend.open("http://localhost:8983/solr/docs", "samples"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("solr://host:port/solr/<collection>");
        assertThatThrownBy(() -> SolrBackend.open(cluster.uri(), "Bad Site"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("--site 'Bad Site'");
    }

    @Test
    void throughZooKeeper_publishAndOpen_sameSourcesAsThroughTheNodeList() {
        assertThat(cluster.zkUri()).startsWith("solr+zk://127.0.0.1:");
        try (DocIndex vitest = TestIndexes.build(tmp.resolve("zk"), "mock", TestSites.VITEST)) {
            assertThat(SolrBackend.publish(vitest, cluster.zkUri(), "via_zk").written()).isEqualTo(vitest.size());
        }
        try (DocIndex zk = SolrBackend.open(cluster.zkUri(), "samples");
             DocIndex nodes = SolrBackend.open(cluster.uri(), "samples");
             DocIndex published = SolrBackend.open(cluster.uri(), "via_zk")) {
            assertThat(published.size()).isEqualTo(3);
            HybridRetriever a = HybridRetriever.create(nodes, Embedders.fromSpec("mock"));
            HybridRetriever b = HybridRetriever.create(zk, Embedders.fromSpec("mock"));
            for (String q : questions) {
                assertThat(urls(b.retrieve(q, RetrievalOptions.defaults()))).as(q)
                        .isEqualTo(urls(a.retrieve(q, RetrievalOptions.defaults())));
            }
        }
    }

    @Test
    void open_zooKeeperUnreachable_saysSoInOneLine() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        String uri = "solr+zk://127.0.0.1:" + port + "/solr/docs";
        assertThatThrownBy(() -> SolrBackend.open(uri, "samples"))
                .isInstanceOf(IndexException.class)
                .hasMessageContaining("Solr at " + uri + " did not answer")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }
}
