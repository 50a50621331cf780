package dev.docask.retrieve;

import dev.docask.embed.Embedders;
import dev.docask.index.DocIndex;
import dev.docask.index.IndexBuilder;
import dev.docask.index.IndexException;
import dev.docask.index.Manifest;
import dev.docask.ingest.IngestOptions;
import dev.docask.ingest.SiteReader;
import dev.docask.testsupport.TestSites;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** docs/retrieval.md §4, "A gate that calibrates itself", on the bundled samples in temp dirs. */
class GateCalibrationTest {
    @TempDir
    Path dir;

    private Manifest buildAndCalibrate(String embedder) {
        var corpus = SiteReader.read(TestSites.samples(), IngestOptions.defaults(TestSites.SAMPLES_BASE_URL));
        IndexBuilder.build(corpus, Embedders.fromSpec(embedder), IndexBuilder.Settings.defaults(embedder), dir, n -> { });
        try (DocIndex idx = DocIndex.open(dir)) {
            Manifest.Gate gate = HybridRetriever.create(idx, Embedders.fromSpec(embedder)).calibrateGate();
            return IndexBuilder.recordGate(dir, idx.manifest(), gate);
        }
    }

    /** Records, over {@code built}'s calibration, a keyword-only gate set by hand: its coverage floor and other-tool floor. */
    private void recordKeywordOnlyGate(Manifest built, double minCoverage, Manifest.OtherToolFloor toolFloor) {
        Manifest.Gate g = built.gate().orElseThrow();
        IndexBuilder.recordGate(dir, built, new Manifest.Gate(java.util.OptionalDouble.empty(), minCoverage,
                java.util.OptionalDouble.empty(), Optional.empty(), Optional.of(toolFloor), g.embedderId(), g.queryVariant(),
                List.of("by hand"), g.calibratedAt()));
    }

    @Test
    void calibrateGate_again_inTheSameFolder_embedsOnlyNewQuestions_andMeasuresTheSameGate() throws IOException {
        Manifest built = buildAndCalibrate("mock");
        Manifest.Gate first = built.gate().orElseThrow();
        Path kept = dir.resolve(dev.docask.index.internal.VectorRecords.QUERY_VECTORS);
        assertThat(kept).as("the calibration's question vectors, kept for the next").exists();
        try (DocIndex idx = DocIndex.open(dir)) {
            dev.docask.testsupport.FailingEmbedder counting = dev.docask.testsupport.FailingEmbedder.never();
            Manifest.Gate again = HybridRetriever.create(idx, Optional.of(counting)).calibrateGate();
            assertThat(counting.questions()).as("every question's vector was kept").isZero();
            assertThat(withoutTimes(again)).isEqualTo(withoutTimes(first));

            Files.write(kept, new byte[] {1, 2, 3}); // damaged: measured as without it
            dev.docask.testsupport.FailingEmbedder fresh = dev.docask.testsupport.FailingEmbedder.never();
            assertThat(withoutTimes(HybridRetriever.create(idx, Optional.of(fresh)).calibrateGate())).isEqualTo(withoutTimes(first));
            assertThat(fresh.questions()).isPositive();
        }
    }

    /** A gate without its figures' timings and its date, which differ run to run. */
    private static List<Object> withoutTimes(Manifest.Gate g) {
        return List.of(g.minSimilarity(), g.minKeywordCoverage(), g.maxUnknownShare(), g.neighbours(), g.otherToolFloor(),
                g.figures().stream().filter(f -> !f.startsWith("measured in")).toList());
    }

    @Test
    void calibrateGate_mockEmbedder_recordsBothFloorsWithTheFiguresTheyCameFrom() {
        Manifest written = buildAndCalibrate("mock");

        Manifest.Gate gate = written.gate().orElseThrow();
        assertThat(gate.minSimilarity()).isPresent();
        assertThat(gate.minKeywordCoverage()).isBetween(0.0, 1.0);
        assertThat(gate.embedderId()).isEqualTo(written.embedderId());
        assertThat(gate.figures()).anyMatch(f -> f.contains("site questions")).anyMatch(f -> f.contains("off-topic"));
        try (DocIndex idx = DocIndex.open(dir)) {
            assertThat(idx.manifest().gate()).as("read back from manifest.json").contains(gate);
            HybridRetriever.Thresholds t = HybridRetriever.create(idx, Embedders.fromSpec("mock"))
                    .thresholds(RetrievalOptions.defaults());
            assertThat(t.minSimilarity()).isEqualTo(gate.minSimilarity().getAsDouble());
            assertThat(t.minKeywordCoverage()).isEqualTo(gate.minKeywordCoverage());
        }
    }

    @Test
    void calibrateGate_embedsEachQuestionOnce_andMeasuresWhatEmbeddingEveryRetrievalAnewWould() throws IOException {
        Manifest written = buildAndCalibrate("mock");
        Files.delete(dir.resolve(dev.docask.index.internal.VectorRecords.QUERY_VECTORS)); // none kept from the build's
        List<String> embedded = java.util.Collections.synchronizedList(new java.util.ArrayList<>());
        dev.docask.embed.Embedder mock = Embedders.fromSpec("mock").orElseThrow();
        dev.docask.embed.Embedder counting = new dev.docask.embed.Embedder() {
            public String id() { return mock.id(); }
            public int dimensions() { return mock.dimensions(); }
            public List<float[]> embedAll(List<String> texts) { return mock.embedAll(texts); }
            public float[] embedQuery(String question) {
                embedded.add(question);
                return mock.embedQuery(question);
            }
        };
        try (DocIndex idx = DocIndex.open(dir)) {
            Manifest.Gate gate = HybridRetriever.create(idx, Optional.of(counting)).calibrateGate();
            assertThat(embedded).doesNotHaveDuplicates().hasSizeGreaterThan(200);
            assertThat(gate.minSimilarity()).isEqualTo(written.gate().orElseThrow().minSimilarity());
            assertThat(gate.minKeywordCoverage()).isEqualTo(written.gate().orElseThrow().minKeywordCoverage());
            assertThat(gate.neighbours()).isEqualTo(written.gate().orElseThrow().neighbours());
        }
    }

    @Test
    void calibratedGate_aFloorTheUserSets_wins() {
        buildAndCalibrate("mock");
        try (DocIndex idx = DocIndex.open(dir)) {
            HybridRetriever r = HybridRetriever.create(idx, Embedders.fromSpec("mock"));
            HybridRetriever.Thresholds t = r.thresholds(RetrievalOptions.parse("minSimilarity=0.61, minKeywordCoverage=0.33"));
            assertThat(t.minSimilarity()).isEqualTo(0.61);
            assertThat(t.minKeywordCoverage()).isEqualTo(0.33);
        }
    }

    @Test
    void calibrateGate_keywordOnlyIndex_recordsACoverageFloorOnly() {
        Manifest written = buildAndCalibrate("none");
        Manifest.Gate gate = written.gate().orElseThrow();
        assertThat(gate.minSimilarity()).isEmpty();
        try (DocIndex idx = DocIndex.open(dir)) {
            assertThat(HybridRetriever.create(idx, Optional.empty()).thresholds(RetrievalOptions.defaults())
                    .minKeywordCoverage()).isEqualTo(gate.minKeywordCoverage());
        }
    }

    @Test
    void calibratedGate_keywordOnlyIndex_turnsAwayAQuestionThatSharesOnlyAStemWithTheSite(@TempDir Path site) throws IOException {
        // the samples and one page that says "capitalized": "capital" shares its stem "capit" and no written form
        try (Stream<Path> files = Files.walk(TestSites.samples())) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                Path to = site.resolve(TestSites.samples().relativize(f).toString());
                Files.createDirectories(to.getParent());
                Files.copy(f, to);
            }
        }
        Files.writeString(site.resolve("guides/event-names.md"), """
                # Event names

                Event names are capitalized in the dashboard, so `order.created` shows as Order Created.
                The relay matches names case by case: a route for `Order.Created` never sees `order.created`.
                """);
        var corpus = SiteReader.read(site, IngestOptions.defaults(TestSites.SAMPLES_BASE_URL));
        IndexBuilder.build(corpus, Optional.empty(), IndexBuilder.Settings.defaults("none"), dir, n -> { });
        HybridRetriever.calibrateAndRecordGate(dir);
        try (DocIndex idx = DocIndex.open(dir)) {
            HybridRetriever r = HybridRetriever.create(idx, Optional.empty());
            Retrieval refused = r.retrieve("What is the capital of Canada?", RetrievalOptions.defaults());
            assertThat(refused.gatedOut()).as("BM25 finds the page through the stem")
                    .anyMatch(h -> h.chunk().url().contains("event-names"));
            assertThat(refused.answerable()).isFalse();
            assertThat(r.retrieve("How do I retry failed deliveries?", RetrievalOptions.defaults()).answerable()).isTrue();
        }
    }

    @Test
    void calibrateAndRecordGate_measuresWithTheIndexsOwnEmbedder_andRecordsItInTheFolder() {
        var corpus = SiteReader.read(TestSites.samples(), IngestOptions.defaults(TestSites.SAMPLES_BASE_URL));
        IndexBuilder.build(corpus, Embedders.fromSpec("mock"), IndexBuilder.Settings.defaults("mock"), dir, n -> { });
        try (DocIndex before = DocIndex.open(dir)) {
            assertThat(before.manifest().gate()).as("a build alone records no gate").isEmpty();
        }

        Manifest.Gate gate = HybridRetriever.calibrateAndRecordGate(dir);

        try (DocIndex idx = DocIndex.open(dir)) {
            assertThat(idx.manifest().gate()).contains(gate);
            assertThat(gate.embedderId()).isEqualTo(idx.manifest().embedderId());
            assertThat(gate.minSimilarity()).as("measured with the mock embedder's cosines").isPresent();
        }
    }

    @Test
    void manifestWithoutAGate_opens_andUsesThePerModelDefaults() throws IOException {
        buildAndCalibrate("mock");
        Path manifest = currentManifest();
        String json = Files.readString(manifest);
        // an index written before gates were calibrated has no "gate" property at all
        Files.writeString(manifest, json.replaceAll("(?s),\\s*\"gate\"\\s*:\\s*\\{.*\\}\\s*}\\s*$", "\n}\n"));
        assertThat(Files.readString(manifest)).doesNotContain("\"gate\"");
        try (DocIndex idx = DocIndex.open(dir)) {
            assertThat(idx.manifest().gate()).isEmpty();
            HybridRetriever.Thresholds t = HybridRetriever.create(idx, Embedders.fromSpec("mock"))
                    .thresholds(RetrievalOptions.defaults());
            assertThat(t.minSimilarity()).isEqualTo(GateDefaults.minSimilarity(idx.manifest().embedderId(), ""));
            assertThat(t.minKeywordCoverage()).isEqualTo(GateDefaults.MIN_KEYWORD_COVERAGE);
        }
    }

    private void damageTheRecordedGate() throws IOException {
        Path manifest = currentManifest();
        // a gate block docask did not write whole: no embedderId, no calibratedAt
        Files.writeString(manifest, Files.readString(manifest).replaceAll("(?s),\\s*\"gate\"\\s*:\\s*\\{.*\\}\\s*}\\s*$",
                ",\n\"gate\": {\"minKeywordCoverage\": 0.5}\n}\n"));
        assertThat(Files.readString(manifest)).contains("\"gate\": {\"minKeywordCoverage\": 0.5}");
    }

    @Test
    void retrieve_damagedRecordedGate_failsNamingItAndHowToMeasureItAgain() throws IOException {
        buildAndCalibrate("mock");
        damageTheRecordedGate();
        try (DocIndex idx = DocIndex.open(dir)) {
            HybridRetriever r = HybridRetriever.create(idx, Embedders.fromSpec("mock"));
            assertThatThrownBy(() -> r.retrieve("How do I retry failed deliveries?", RetrievalOptions.defaults()))
                    .isInstanceOf(IndexException.class)
                    .hasMessage("the gate recorded in manifest.json is damaged (it names no embedderId); measure it again "
                            + "with 'docask calibrate --auto', or rebuild the index");
        }
    }

    @Test
    void calibrateGate_damagedRecordedGate_measuresAndRecordsItAgain() throws IOException {
        buildAndCalibrate("mock");
        damageTheRecordedGate();
        try (DocIndex idx = DocIndex.open(dir)) {
            Manifest.Gate gate = HybridRetriever.create(idx, Embedders.fromSpec("mock")).calibrateGate();
            assertThat(IndexBuilder.recordGate(dir, idx.manifest(), gate).gate()).contains(gate);
        }
        try (DocIndex idx = DocIndex.open(dir)) {
            assertThat(HybridRetriever.create(idx, Embedders.fromSpec("mock"))
                    .retrieve("How do I retry failed deliveries?", RetrievalOptions.defaults()).answerable()).isTrue();
        }
    }

    @Test
    void recordGate_folderRebuiltWithOtherContent_writesNothing() {
        Manifest first = buildAndCalibrate("mock");
        var other = new dev.docask.ingest.Corpus(dev.docask.ingest.Framework.MARKDOWN, 1,
                List.of(dev.docask.testsupport.TestIndexes.chunk("https://x.dev/a", "A", "", "alpha")), List.of());
        IndexBuilder.build(other, Embedders.fromSpec("mock"), IndexBuilder.Settings.defaults("mock"), dir, n -> { });
        assertThatThrownBy(() -> IndexBuilder.recordGate(dir, first, first.gate().orElseThrow()))
                .isInstanceOf(IndexException.class).hasMessageContaining("rebuilt");
    }

    private static List<GateCalibration.Scores> scores(double[] sims, double coverage) {
        return java.util.Arrays.stream(sims).mapToObj(x -> new GateCalibration.Scores("q", x, coverage)).toList();
    }

    @Test
    void choose_cosineFloorAtThePoolsHighPercentile_whenTheSiteQuestionsSitAbove() {
        double[] pool = new double[100];
        double[] site = new double[100];
        // the pool from 0.500 to 0.698, every site question above it
        for (int i = 0; i < 100; i++) {
            pool[i] = 0.5 + i * 0.002;
            site[i] = 0.8 + i * 0.001;
        }
        GateCalibration.Choice c = GateCalibration.choose(scores(site, 0.1), scores(pool, 0.1), true);
        assertThat(c.minSimilarity()).isCloseTo(GateCalibration.quantile(pool, GateCalibration.POOL_SIMILARITY_QUANTILE),
                org.assertj.core.api.Assertions.within(1e-9));
        assertThat(c.minKeywordCoverage()).as("never below the fixed default").isEqualTo(GateDefaults.MIN_KEYWORD_COVERAGE);
    }

    @Test
    void choose_cosineFloorIsLowered_onlyWhileMoreThanTheGuardsShareOfTheSiteQuestionsIsTurnedAway() {
        double[] pool = new double[100];
        double[] site = new double[100];
        // the pool's 94th percentile is 0.779; the site questions run from 0.500 to 0.797, most of them below it
        for (int i = 0; i < 100; i++) {
            pool[i] = 0.5 + i * 0.003;
            site[i] = 0.5 + i * 0.003;
        }
        GateCalibration.Choice c = GateCalibration.choose(scores(site, 0.1), scores(pool, 0.1), true);
        int allowed = (int) Math.floor(GateCalibration.SITE_TURNED_AWAY * site.length);
        assertThat(GateCalibration.turnedAway(scores(site, 0.1), c)).isLessThanOrEqualTo(allowed);
        assertThat(GateCalibration.turnedAway(scores(site, 0.1), new GateCalibration.Choice(c.minSimilarity() + 0.005,
                c.minKeywordCoverage(), ""))).as("the highest such floor").isGreaterThan(allowed);
    }

    @Test
    void choose_cosineFloor_doesNotMoveWithHowManyOfTheSampledSiteQuestionsSitBelowIt() {
        // a site sample draws a few more or a few fewer headings that fail the coverage floor and sit below the pool's
        // percentile: the floor must not jump with that draw (docs/quality.md, "How much the calibrated gate depends on
        // its sample of site questions")
        double[] pool = new double[100];
        for (int i = 0; i < 100; i++) {
            pool[i] = 0.5 + i * 0.003;
        }
        double poolFloor = GateCalibration.quantile(pool, GateCalibration.POOL_SIMILARITY_QUANTILE);
        List<Double> floors = new java.util.ArrayList<>();
        for (int below : new int[] {0, 2, 4, 6, 8}) {
            List<GateCalibration.Scores> site = new java.util.ArrayList<>();
            for (int i = 0; i < 100; i++) {
                site.add(i < below ? new GateCalibration.Scores("q", poolFloor - 0.05 + i * 0.001, 0.1)
                        : new GateCalibration.Scores("q", 0.85, 1.0));
            }
            floors.add(GateCalibration.choose(site, scores(pool, 0.1), true).minSimilarity());
        }
        assertThat(floors).allSatisfy(f -> assertThat(f).isCloseTo(poolFloor, org.assertj.core.api.Assertions.within(1e-9)));
    }

    @Test
    void choose_coverageFloorAtThePoolsPercentile_whenOffTopicQuestionsShareManyWords() {
        List<GateCalibration.Scores> pool = new java.util.ArrayList<>();
        for (int i = 0; i < 100; i++) {
            pool.add(new GateCalibration.Scores("q", 0.5, 0.4 + i / 700.0));
        }
        GateCalibration.Choice c = GateCalibration.choose(scores(new double[] {0.9, 0.9}, 1.0), pool, true);
        assertThat(c.minKeywordCoverage()).isCloseTo(0.4 + 99 * GateCalibration.POOL_COVERAGE_QUANTILE / 700.0,
                org.assertj.core.api.Assertions.within(1e-9));
    }

    @Test
    void choose_coverageFloor_risesAtMostALittleAboveTheDefault() {
        List<GateCalibration.Scores> pool = new java.util.ArrayList<>();
        for (int i = 0; i < 100; i++) {
            pool.add(new GateCalibration.Scores("q", 0.5, i / 100.0));
        }
        GateCalibration.Choice c = GateCalibration.choose(scores(new double[] {0.9, 0.9}, 1.0), pool, true);
        assertThat(c.minKeywordCoverage()).isCloseTo(
                GateDefaults.MIN_KEYWORD_COVERAGE + GateCalibration.MAX_COVERAGE_RAISE, org.assertj.core.api.Assertions.within(1e-9));
    }

    @Test
    void offTopicPool_isBundled_andSpreadOverManyFields() {
        List<String> pool = GateCalibration.offTopicPool();
        assertThat(pool).hasSizeGreaterThan(150).doesNotHaveDuplicates().allMatch(q -> !q.startsWith("#"));
    }

    @Test
    void siteQuestions_comeFromHeadingsOrTitles_eachOnce() {
        buildAndCalibrate("none");
        try (DocIndex idx = DocIndex.open(dir)) {
            List<GateCalibration.SiteQuestion> qs = GateCalibration.siteQuestions(idx);
            assertThat(qs).isNotEmpty().hasSizeLessThanOrEqualTo(GateCalibration.MAX_SITE_QUESTIONS);
            assertThat(qs.stream().map(q -> q.text().toLowerCase(java.util.Locale.ROOT))).doesNotHaveDuplicates();
        }
    }

    @Test
    void shortFormsOfTheSiteQuestions_areTheirFirstTwoContentWords() {
        buildAndCalibrate("none");
        try (DocIndex idx = DocIndex.open(dir)) {
            var engine = dev.docask.index.internal.IndexEngine.of(idx);
            assertThat(GateCalibration.contentWords(engine, "How do I retry failed deliveries?"))
                    .as("stop words and marks left out").containsExactly("retry", "failed", "deliveries");
            assertThat(GateCalibration.siteQuestions(idx)).allSatisfy(q -> {
                List<String> words = GateCalibration.contentWords(engine, q.text());
                assertThat(q.shortForm()).isEqualTo(String.join(" ", words.subList(0, Math.min(2, words.size()))));
            });
        }
    }

    @Test
    void shortFormsOfTheSiteQuestions_countInTheLeadLimit() {
        // 50 site questions that pass, all far inside the site (lead -0.1); their short forms sit nearer the pool
        List<GateCalibration.Scores> site = java.util.Collections.nCopies(50, scored(0.8, 0.9, 0));
        double[] siteLeads = new double[50];
        java.util.Arrays.fill(siteLeads, -0.1);
        double[] shortLeads = java.util.stream.IntStream.range(0, 50).mapToDouble(i -> i * 0.001).toArray();
        GateCalibration.Leads titlesOnly = new GateCalibration.Leads(List.of(), List.of(), siteLeads, new double[0]);
        GateCalibration.Leads withShort = new GateCalibration.Leads(List.of(), List.of(), siteLeads, new double[0], shortLeads);

        assertThat(GateCalibration.leadLimit(FLOORS, site, titlesOnly)).as("the guard: never below 0").isZero();
        // 100 leads, 2% from the top: the third highest short-form lead
        assertThat(GateCalibration.leadLimit(FLOORS, site, withShort)).isCloseTo(0.047, org.assertj.core.api.Assertions.within(1e-9));
        double[] none = new double[50];
        java.util.Arrays.fill(none, Double.NaN);
        assertThat(GateCalibration.leadLimit(FLOORS, site, new GateCalibration.Leads(List.of(), List.of(), siteLeads,
                new double[0], none))).as("a question without a short form").isZero();
    }

    private Path currentManifest() throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            Path gen = s.filter(p -> p.getFileName().toString().startsWith("gen-")).sorted().reduce((a, b) -> b).orElseThrow();
            return gen.resolve("manifest.json");
        }
    }

    /** A keyword-only index of the samples with a gate recorded by hand: the floors low, the unknown-word rule as given. */
    private HybridRetriever withRecordedGate(java.util.OptionalDouble maxUnknownShare) {
        Manifest built = buildAndCalibrate("none");
        Manifest.Gate g = built.gate().orElseThrow();
        IndexBuilder.recordGate(dir, built, new Manifest.Gate(java.util.OptionalDouble.empty(), 0.05, maxUnknownShare,
                g.embedderId(), g.queryVariant(), List.of("by hand"), g.calibratedAt()));
        return HybridRetriever.create(DocIndex.open(dir), Optional.empty());
    }

    private static final String HEAVY_UNKNOWN = "How do I retry a Kubernetes Terraform Ansible Helm rollout?";

    @Test
    void calibratedGate_questionWhoseHeavyWordsTheSiteNeverUses_isRefused() {
        HybridRetriever r = withRecordedGate(java.util.OptionalDouble.of(0.55));
        try (DocIndex ignored = r.index()) {
            assertThat(SearchQuery.unknownShare(dev.docask.index.internal.IndexEngine.of(r.index())
                    .queryTerms(HEAVY_UNKNOWN, true), r.index().size())).isGreaterThan(0.55f);
            Retrieval refused = r.retrieve(HEAVY_UNKNOWN, RetrievalOptions.defaults());
            assertThat(refused.answerable()).isFalse();
            assertThat(refused.gatedOut()).isNotEmpty()
                    .allMatch(h -> h.gatedOut().orElseThrow().startsWith("words the site never uses"));
            assertThat(r.retrieve("How do I retry failed deliveries?", RetrievalOptions.defaults()).answerable())
                    .as("the site's own words").isTrue();
            assertThat(r.retrieve(HEAVY_UNKNOWN, RetrievalOptions.parse("minKeywordCoverage=0.05")).answerable())
                    .as("a floor the user sets: the user's gate, without the rule").isTrue();
        }
    }

    @Test
    void calibratedGate_recordedBeforeTheUnknownWordRule_passesTheSameQuestionOnItsFloors() {
        HybridRetriever r = withRecordedGate(java.util.OptionalDouble.empty());
        try (DocIndex ignored = r.index()) {
            assertThat(r.retrieve(HEAVY_UNKNOWN, RetrievalOptions.defaults()).answerable()).isTrue();
        }
    }

    @Test
    void unknownShare_closeWordForATypo_countsOnlyTheWeightItLacks() {
        buildAndCalibrate("none");
        try (DocIndex idx = DocIndex.open(dir)) {
            var engine = dev.docask.index.internal.IndexEngine.of(idx);
            float typo = SearchQuery.unknownShare(engine.queryTerms("How do I retyr failed deliveries?", true), idx.size());
            float unknown = SearchQuery.unknownShare(engine.queryTerms("How do I retyr failed deliveries?", false), idx.size());
            assertThat(SearchQuery.unknownShare(engine.queryTerms("How do I retry failed deliveries?", true), idx.size()))
                    .isZero();
            assertThat(typo).isGreaterThan(0f).isLessThan(unknown);
        }
    }

    @Test
    void calibrateGate_recordsTheUnknownWordRule_andOldManifestsReadWithoutIt() throws IOException {
        Manifest written = buildAndCalibrate("mock");
        Manifest.Gate gate = written.gate().orElseThrow();
        assertThat(gate.maxUnknownShare()).hasValue(GateCalibration.MAX_UNKNOWN_SHARE);
        assertThat(gate.figures()).anyMatch(f -> f.contains("maxUnknownShare"));
        Path manifest = currentManifest();
        Files.writeString(manifest, Files.readString(manifest).replaceAll("\"maxUnknownShare\"\\s*:\\s*[0-9.]+\\s*,", ""));
        assertThat(Files.readString(manifest)).doesNotContain("\"maxUnknownShare\"");
        try (DocIndex idx = DocIndex.open(dir)) {
            assertThat(idx.manifest().gate().orElseThrow().maxUnknownShare()).isEmpty();
            assertThat(idx.manifest().gate().orElseThrow().minKeywordCoverage()).isEqualTo(gate.minKeywordCoverage());
        }
    }

    private static final GateCalibration.Choice FLOORS = new GateCalibration.Choice(0.7, 0.5, "floors");
    private static final List<GateCalibration.Scores> SITE = List.of(scored(0.8, 1, 0), scored(0.75, 0.4, 0));

    private static GateCalibration.Scores scored(double sim, double cov, double unknownShare) {
        return new GateCalibration.Scores("q", sim, cov, unknownShare);
    }

    @Test
    void withUnknownWords_offTopicQuestionsTheFloorsPassUseTheSitesWords_ruleNotAdopted() {
        // as on the docs sites: what the floors let through names nothing the site lacks
        List<GateCalibration.Scores> pool = List.of(scored(0.72, 0.3, 0.1), scored(0.71, 0.6, 0), scored(0.5, 0.2, 0.9));

        GateCalibration.Choice c = GateCalibration.withUnknownWords(FLOORS, SITE, pool);

        assertThat(c.maxUnknownShare()).isInfinite();
        assertThat(c.why()).contains("not adopted");
    }

    @Test
    void withUnknownWords_offTopicQuestionsTheFloorsPassAreMostlyUnknownWords_ruleAdopted() {
        List<GateCalibration.Scores> pool = List.of(scored(0.72, 0.3, 0.8), scored(0.71, 0.6, 0), scored(0.74, 0.2, 0.6));

        GateCalibration.Choice c = GateCalibration.withUnknownWords(FLOORS, SITE, pool);

        assertThat(c.maxUnknownShare()).isEqualTo(GateCalibration.MAX_UNKNOWN_SHARE);
        assertThat(GateCalibration.passed(pool, c)).isEqualTo(1);
        assertThat(GateCalibration.turnedAway(SITE, c)).isZero();
    }

    // the question-space rule (docs/retrieval.md §4, "Questions near other tools' questions")

    private static final List<String> SITE_LIKE = List.of("How do I retry failed deliveries?", "Define a route for events",
            "Create a relay handler", "Replay events to another target");
    private static final List<String> OTHER_TOOLS = List.of("How do I roll back a Helm release in Kubernetes?",
            "How do I add a Helm chart repository?", "How do I scale a Kubernetes deployment?");

    private static List<dev.docask.index.internal.QuantizedVector> mockVectors(List<String> questions) {
        return Embedders.fromSpec("mock").orElseThrow().embedQueries(questions).stream()
                .map(dev.docask.index.internal.QuantizedVector::of).toList();
    }

    /**
     * The samples with the mock embedder and a gate recorded by hand: a cosine floor that passes nearly anything, a
     * coverage floor that nearly nothing reaches (so no question passes both floors, which would spare it the rule), and
     * {@code n}.
     */
    private HybridRetriever withNeighbours(Optional<Manifest.Neighbours> n) {
        Manifest built = buildAndCalibrate("mock");
        Manifest.Gate g = built.gate().orElseThrow();
        IndexBuilder.recordGate(dir, built, new Manifest.Gate(java.util.OptionalDouble.of(0.01), 0.999,
                java.util.OptionalDouble.empty(), n, g.embedderId(), g.queryVariant(), List.of("by hand"), g.calibratedAt()));
        return HybridRetriever.create(DocIndex.open(dir), Embedders.fromSpec("mock"));
    }

    @Test
    void nearBothFloors_aQuestionJustShortOfBothRecordedFloors_passes_andAFloorTheUserSetsTurnsItOff() {
        Manifest built = buildAndCalibrate("mock");
        Manifest.Gate g = built.gate().orElseThrow();
        String q = "How long does the relay wait before it retries a failed delivery to my laptop?";
        float sim;
        float cov;
        try (DocIndex idx = DocIndex.open(dir)) {
            Retrieval open = HybridRetriever.create(idx, Embedders.fromSpec("mock"))
                    .retrieve(q, RetrievalOptions.parse("minSimilarity=0,minKeywordCoverage=0"));
            sim = (float) open.bestSimilarity().orElseThrow();
            cov = open.bestCoverage();
        }
        assertThat(cov).as("the question's words are partly on the site").isBetween(0.2f, 0.85f);
        // the question-space rule recorded (so the calibration's rules hold) with a lead limit of 1: it never refuses
        Manifest.Neighbours n = new Manifest.Neighbours(1, 1.0, mockVectors(SITE_LIKE), mockVectors(OTHER_TOOLS));
        java.util.function.BiFunction<Double, Double, Boolean> answerable = (simFloor, covFloor) -> {
            IndexBuilder.recordGate(dir, built, new Manifest.Gate(java.util.OptionalDouble.of(simFloor), covFloor,
                    java.util.OptionalDouble.empty(), Optional.of(n), g.embedderId(), g.queryVariant(), List.of("by hand"),
                    g.calibratedAt()));
            try (DocIndex idx = DocIndex.open(dir)) {
                return HybridRetriever.create(idx, Embedders.fromSpec("mock")).retrieve(q, RetrievalOptions.defaults()).answerable();
            }
        };
        assertThat(answerable.apply(sim + 0.01, cov + 0.05)).as("0.01 and 0.05 short of the two floors").isTrue();
        assertThat(answerable.apply(sim + 0.03, cov + 0.05)).as("the cosine 0.03 short").isFalse();
        assertThat(answerable.apply(sim + 0.01, cov + 0.10)).as("the coverage 0.10 short").isFalse();
        try (DocIndex idx = DocIndex.open(dir)) {
            RetrievalOptions users = RetrievalOptions.parse("minSimilarity=" + (sim + 0.01) + ",minKeywordCoverage=" + (cov + 0.05));
            assertThat(HybridRetriever.create(idx, Embedders.fromSpec("mock")).retrieve(q, users).answerable())
                    .as("floors the user sets: the user's gate, without the rule").isFalse();
        }
    }

    /**
     * Records the calibration's rules by hand over {@code built}'s gate: cosine floor 0.01, this coverage floor, a lead
     * limit of 1 (the question-space rule never refuses) and the rule for another tool with these bound and own tools.
     */
    private Manifest.Neighbours recordToolRule(Manifest built, double minCoverage, int fewPages, String... siteTools) {
        Manifest.Gate g = built.gate().orElseThrow();
        Manifest.Neighbours n = new Manifest.Neighbours(1, 1.0, java.util.OptionalDouble.empty(),
                java.util.OptionalInt.of(fewPages), List.of(siteTools), mockVectors(SITE_LIKE), mockVectors(OTHER_TOOLS));
        IndexBuilder.recordGate(dir, built, new Manifest.Gate(java.util.OptionalDouble.of(0.01), minCoverage,
                java.util.OptionalDouble.empty(), Optional.of(n), g.embedderId(), g.queryVariant(), List.of("by hand"),
                g.calibratedAt()));
        return n;
    }

    @Test
    void sitePackages_aPackageBuiltOnTheSitesToolThatNoPageWrites_isRefused_andAFloorTheUserSetsTurnsItOff() {
        var corpus = SiteReader.read(TestSites.samples(), IngestOptions.defaults(TestSites.SAMPLES_BASE_URL));
        IndexBuilder.build(corpus, Embedders.fromSpec("mock"), IndexBuilder.Settings.defaults("mock").withSiteName("Quayside"),
                dir, n -> { });
        Manifest built;
        try (DocIndex idx = DocIndex.open(dir)) {
            built = IndexBuilder.recordGate(dir, idx.manifest(), HybridRetriever.create(idx, Embedders.fromSpec("mock")).calibrateGate());
        }
        assertThat(built.gate().orElseThrow().figures()).as("the bundled tools do not list Quayside: the calibration says the rule is off")
                .anyMatch(f -> f.contains("not looked for") && f.contains("\"Quayside\""));
        // the calibration's rules recorded with Quayside among the site's own tools and every other rule open
        recordToolRule(built, 0.01, 1, "Quayside");
        try (DocIndex idx = DocIndex.open(dir)) {
            HybridRetriever r = HybridRetriever.create(idx, Embedders.fromSpec("mock"));
            Retrieval refused = r.retrieve("quayside-retry-exporter keeps resending failed deliveries", RetrievalOptions.defaults());
            assertThat(refused.answerable()).isFalse();
            assertThat(refused.gatedOut()).isNotEmpty().allMatch(h -> h.gatedOut().orElseThrow()
                    .contains("it names quayside-retry-exporter, a package built on the site's tool that no page"));
            assertThat(r.retrieve("my exporter keeps resending failed deliveries", RetrievalOptions.defaults()).answerable())
                    .as("the same question without the package").isTrue();
            assertThat(r.retrieve("quayside-retry-exporter keeps resending failed deliveries",
                    RetrievalOptions.parse("minSimilarity=0.01")).answerable()).as("a floor the user sets: without the rule").isTrue();
            // what the index writes decides: "dead-letter" is on a page, "letter-opener" on none
            var engine = dev.docask.index.internal.IndexEngine.of(idx);
            assertThat(SitePackages.unmentioned("where do dead-letter events go", "letter", engine::writesAsWritten)).isNull();
            assertThat(SitePackages.unmentioned("letter-opener shows nothing", "letter", engine::writesAsWritten))
                    .isEqualTo("letter-opener");
        }
    }

    @Test
    void neighboursRule_questionNearerOtherToolsQuestionsThanTheSites_isRefused() {
        HybridRetriever r = withNeighbours(Optional.of(new Manifest.Neighbours(1, 0.0, mockVectors(SITE_LIKE),
                mockVectors(OTHER_TOOLS))));
        try (DocIndex ignored = r.index()) {
            String helm = "How do I roll back a Helm release?";
            Retrieval refused = r.retrieve(helm, RetrievalOptions.defaults());
            assertThat(refused.answerable()).isFalse();
            assertThat(refused.gatedOut()).isNotEmpty()
                    .allMatch(h -> h.gatedOut().orElseThrow().contains("nearest off-topic questions are closer"));
            assertThat(r.retrieve("How do I retry failed deliveries to a target?", RetrievalOptions.defaults()).answerable())
                    .as("nearer the site's questions").isTrue();
            assertThat(r.retrieve(helm, RetrievalOptions.parse("minSimilarity=0.01")).answerable())
                    .as("a floor the user sets: the user's gate, without the rule").isTrue();
        }
    }

    @Test
    void neighboursRule_questionThatPassesOnItsWords_isSpared_oneWhoseWordsAreNeverWrittenTogetherIsNot() {
        // a lead limit no question meets: every question is "nearer other tools' questions", so only the sparing decides
        Manifest built = buildAndCalibrate("mock");
        Manifest.Gate g = built.gate().orElseThrow();
        Manifest.Neighbours n = new Manifest.Neighbours(1, -2.0, mockVectors(SITE_LIKE), mockVectors(OTHER_TOOLS));
        IndexBuilder.recordGate(dir, built, new Manifest.Gate(java.util.OptionalDouble.of(0.99), 0.5,
                java.util.OptionalDouble.empty(), Optional.of(n), g.embedderId(), g.queryVariant(), List.of("by hand"),
                g.calibratedAt()));
        // the mock embedder's cosine needs a keyword, which turns the pair rule off: read as a real model's would be
        RetrievalOptions asModel = RetrievalOptions.parse("similarityNeedsKeyword=false");
        try (DocIndex idx = DocIndex.open(dir)) {
            HybridRetriever r = HybridRetriever.create(idx, Embedders.fromSpec("mock"));
            Retrieval spared = r.retrieve("How do I set up signature verification from my phone?", asModel);
            assertThat(spared.bestCoverage()).as("over the coverage floor, under the 0.9 that spared a question before")
                    .isBetween(0.5f, 0.85f);
            assertThat(spared.answerable()).as("its words on a page, written together there").isTrue();
            Retrieval apart = r.retrieve("signature homebrew", asModel);
            assertThat(apart.bestCoverage()).as("its words are on the site").isGreaterThanOrEqualTo(0.5f);
            assertThat(apart.answerable()).as("no two of them written together").isFalse();
            assertThat(apart.gatedOut()).isNotEmpty()
                    .allMatch(h -> h.gatedOut().orElseThrow().contains("nearest off-topic questions are closer"));
        }
    }

    @Test
    void headingsRule_aQuestionTheSampledSiteQuestionsRefuse_isSparedNearOneOfTheSitesHeadings() {
        String helm = "How do I roll back a Helm release?";
        // the sampled site questions hold nothing on Helm: with a lead limit of 0 the rule refuses the question
        Manifest.Neighbours sampled = new Manifest.Neighbours(1, 0.0, mockVectors(SITE_LIKE), mockVectors(OTHER_TOOLS));
        Manifest.Neighbours nearHeading = sampled.withHeadings(mockVectors(List.of(helm, "Define a route for events")), 0.0);
        Manifest.Neighbours farHeadings = sampled.withHeadings(mockVectors(SITE_LIKE), 0.0);
        HybridRetriever r = withNeighbours(Optional.of(nearHeading));
        try (DocIndex ignored = r.index()) {
            assertThat(r.retrieve(helm, RetrievalOptions.defaults()).answerable()).as("a heading of the site is about it").isTrue();
        }
        r = withNeighbours(Optional.of(farHeadings));
        try (DocIndex ignored = r.index()) {
            Retrieval refused = r.retrieve(helm, RetrievalOptions.defaults());
            assertThat(refused.answerable()).as("no heading near it").isFalse();
            assertThat(refused.gatedOut()).isNotEmpty().allMatch(h -> h.gatedOut().orElseThrow()
                    .contains("nearest off-topic questions are closer than its 1 nearest site questions")
                    && h.gatedOut().orElseThrow().contains("nearest of the site's headings by"));
        }
        r = withNeighbours(Optional.of(sampled));
        try (DocIndex ignored = r.index()) {
            assertThat(r.retrieve(helm, RetrievalOptions.defaults()).answerable()).as("a gate recorded without headings").isFalse();
        }
    }

    @Test
    void headingsRule_recordedInTheManifest_readsBackTheSameVectorsAndLimit() {
        Manifest.Neighbours n = new Manifest.Neighbours(2, 0.0125, mockVectors(SITE_LIKE), mockVectors(OTHER_TOOLS))
                .withHeadings(mockVectors(List.of("Roll back a Helm release", "Define a route for events")), 0.004);
        withNeighbours(Optional.of(n)).index().close();
        try (DocIndex idx = DocIndex.open(dir)) {
            Manifest.Neighbours read = idx.manifest().gate().orElseThrow().neighbours().orElseThrow();
            assertThat(read).isEqualTo(n);
            assertThat(read.headings()).hasSize(2);
            assertThat(read.headingsMaxLead()).isEqualTo(0.004);
        }
    }

    @Test
    void wordsInAnotherSense_theCosineForACoveragePass_isThePoolsTenthPercentile_recordedInTheManifest() {
        List<String> figures = new java.util.ArrayList<>();
        Manifest.Neighbours n = new Manifest.Neighbours(2, 0.0125, mockVectors(SITE_LIKE), mockVectors(OTHER_TOOLS));
        List<GateCalibration.Scores> pool = java.util.stream.IntStream.rangeClosed(1, 11)
                .mapToObj(i -> new GateCalibration.Scores("q" + i, 0.4 + i * 0.02, 0.3, 0)).toList(); // 0.42 … 0.62
        Manifest.Neighbours with = GateCalibration.withCoverageMinSimilarity(n, pool, figures);
        assertThat(with.coverageMinSimilarity().orElseThrow()).as("the 10% percentile of 11: the second").isCloseTo(0.44,
                org.assertj.core.data.Offset.offset(1e-9));
        assertThat(figures).singleElement().asString().contains("at least 0.440 (the off-topic questions' 10% percentile");
        withNeighbours(Optional.of(with)).index().close();
        try (DocIndex idx = DocIndex.open(dir)) {
            assertThat(idx.manifest().gate().orElseThrow().neighbours().orElseThrow()).isEqualTo(with);
        }
        assertThat(n.coverageMinSimilarity()).as("a gate recorded before the rule").isEmpty();
    }

    /** An embedder of fixed unit vectors by text, for calibration arithmetic that a real model would blur. */
    private record FixedEmbedder(java.util.Map<String, float[]> vectors) implements dev.docask.embed.Embedder {
        @Override
        public String id() {
            return "fixed";
        }

        @Override
        public int dimensions() {
            return 3;
        }

        @Override
        public List<float[]> embedAll(List<String> texts) {
            return texts.stream().map(this::embedQuery).toList();
        }

        @Override
        public float[] embedQuery(String question) {
            return vectors.get(question).clone();
        }
    }

    @Test
    void withHeadings_limitIsTheSiteQuestionsLeadOverOtherPagesHeadings_neverBelowZero() {
        float[] retry = {1, 0, 0};
        float[] routes = {0, 1, 0};
        float[] helm = {0, 0, 1};
        float[] between = {0.6f, 0, 0.8f}; // a heading halfway to the Helm pool question
        var fixed = new FixedEmbedder(java.util.Map.of("Retry failed deliveries", retry, "Retry budget", retry,
                "Define a route", routes, "Roll back a release", between, "retry?", retry, "roll back?", helm));
        List<GateCalibration.SiteQuestion> sections = List.of(
                new GateCalibration.SiteQuestion("Retry failed deliveries", "https://x/retries#retry"),
                new GateCalibration.SiteQuestion("Retry budget", "https://x/retries#budget"),
                new GateCalibration.SiteQuestion("Define a route", "https://x/routes#define"),
                new GateCalibration.SiteQuestion("Roll back a release", "https://x/deploy#rollback"));
        List<GateCalibration.SiteQuestion> asked = List.of(
                new GateCalibration.SiteQuestion("retry?", "https://x/retries#retry"),
                new GateCalibration.SiteQuestion("roll back?", "https://x/deploy#rollback"));
        List<float[]> floats = List.of(retry, helm);
        var offTopic = List.of(dev.docask.index.internal.QuantizedVector.of(helm),
                dev.docask.index.internal.QuantizedVector.of(new float[] {0.8f, 0.6f, 0}));
        Manifest.Neighbours n = new Manifest.Neighbours(1, 0.0, offTopic, offTopic);
        List<GateCalibration.Scores> site = List.of(new GateCalibration.Scores("retry?", 0.9, 0.9),
                new GateCalibration.Scores("roll back?", 0.9, 0.9));
        List<String> figures = new java.util.ArrayList<>();
        Manifest.Neighbours with = GateCalibration.withHeadings(n, sections, fixed, asked, site, List.of(), FLOORS,
                new GateCalibration.Leads(List.of(), List.of(), new double[2], new double[0], new double[2], floats,
                        noShortForms(2), List.of()), figures);
        assertThat(with.headings()).hasSize(4);
        // "roll back?" without its own page's heading: off-topic 1.0, nearest other heading 0 (routes, retry): lead 1;
        // "retry?" without the retries page: off-topic 0.8, nearest other heading 0.6 ("Roll back a release"): lead 0.2
        assertThat(with.headingsMaxLead()).as("the top of two leads (2% from the top)").isCloseTo(1.0,
                org.assertj.core.api.Assertions.within(0.02));
        assertThat(figures).singleElement().asString().startsWith("the site's headings: 4 of its 4 sections' headings");
        Manifest.Neighbours far = new Manifest.Neighbours(1, 0.0, offTopic,
                List.of(dev.docask.index.internal.QuantizedVector.of(new float[] {0, 0.6f, 0.8f})));
        Manifest.Neighbours onlyRetry = GateCalibration.withHeadings(far, sections, fixed, asked.subList(0, 1),
                site.subList(0, 1), List.of(), FLOORS, new GateCalibration.Leads(List.of(), List.of(), new double[1],
                        new double[0], new double[1], floats.subList(0, 1), noShortForms(1), List.of()), new java.util.ArrayList<>());
        assertThat(onlyRetry.headingsMaxLead()).as("off-topic 0, nearest other heading 0.6: a lead of -0.6 counts as 0").isZero();
    }

    /** {@code n} site questions without a short form each. */
    private static List<float[]> noShortForms(int n) {
        List<float[]> none = new java.util.ArrayList<>();
        for (int i = 0; i < n; i++) {
            none.add(null);
        }
        return none;
    }

    @Test
    void neighboursRule_notRecorded_passesTheSameQuestionOnItsFloors() {
        HybridRetriever r = withNeighbours(Optional.empty());
        try (DocIndex ignored = r.index()) {
            assertThat(r.retrieve("How do I roll back a Helm release?", RetrievalOptions.defaults()).answerable()).isTrue();
        }
    }

    @Test
    void neighboursRule_recordedInTheManifest_readsBackTheSameVectors() {
        Manifest.Neighbours n = new Manifest.Neighbours(2, 0.0125, mockVectors(SITE_LIKE), mockVectors(OTHER_TOOLS));
        withNeighbours(Optional.of(n)).index().close();
        try (DocIndex idx = DocIndex.open(dir)) {
            assertThat(idx.manifest().gate().orElseThrow().neighbours()).contains(n);
        }
    }

    @Test
    void neighboursRule_recordedInTheManifest_isDecodedOnceNotForEveryQuestion() {
        Manifest.Neighbours n = new Manifest.Neighbours(2, 0.0125, mockVectors(SITE_LIKE), mockVectors(OTHER_TOOLS));
        withNeighbours(Optional.of(n)).index().close();
        try (DocIndex idx = DocIndex.open(dir)) {
            Manifest.Gate first = idx.manifest().gate().orElseThrow();
            assertThat(idx.manifest().gate().orElseThrow()).as("the same decoded gate, vectors and all").isSameAs(first);
        }
    }

    @Test
    void neighbours_lead_isTheMeanOfTheKNearestOffTopicMinusTheKNearestSiteCosines_orHeadings() {
        float[] x = {1, 0, 0};
        var a = dev.docask.index.internal.QuantizedVector.of(new float[] {1, 0, 0});
        var b = dev.docask.index.internal.QuantizedVector.of(new float[] {0.6f, 0.8f, 0});
        var c = dev.docask.index.internal.QuantizedVector.of(new float[] {0, 1, 0});
        Manifest.Neighbours n = new Manifest.Neighbours(2, 0, List.of(c, b, c), List.of(a, c, b));
        // off-topic: best two 1.0 and 0.6; site: best two 0.6 and 0.0
        assertThat(n.lead(x)).isCloseTo((1.0 + 0.6) / 2 - (0.6 + 0.0) / 2, org.assertj.core.api.Assertions.within(0.01));
        assertThat(n.headingsLead(x)).as("no headings recorded").isNaN();
        // the same with the site's headings in place of the site questions: best two 1.0 and 0.6
        assertThat(n.withHeadings(List.of(c, a, b), 0).headingsLead(x))
                .isCloseTo((1.0 + 0.6) / 2 - (1.0 + 0.6) / 2, org.assertj.core.api.Assertions.within(0.01));
    }

    @Test
    void passedInBand_countsAQuestionThatPassesOnItsWords_asTheGateDoes() {
        var words = new GateCalibration.Scores("How do I order middleware?", 0.8, 0.6, 0, false, true);
        var apart = new GateCalibration.Scores("How do I order middleware?", 0.8, 0.6, 0, false, false);
        var cosineOnly = new GateCalibration.Scores("How do I order middleware?", 0.8, 0.3, 0, false, true);
        double[] lead = {0.2};
        assertThat(GateCalibration.passedInBand(FLOORS, FLOORS, List.of(words), lead, 0.05)).as("on its words").isEqualTo(1);
        assertThat(GateCalibration.passedInBand(FLOORS, FLOORS, List.of(apart), lead, 0.05)).as("words never together").isZero();
        assertThat(GateCalibration.passedInBand(FLOORS, FLOORS, List.of(cosineOnly), lead, 0.05)).as("on its cosine").isZero();
    }

    @Test
    void passedInBand_questionThatNamesAnotherTool_getsNoBand_andWithALeadAboveZeroMustPassBothFloors_asTheGateTreatsIt() {
        GateCalibration.Choice top = new GateCalibration.Choice(0.75, 0.5, "top");
        var inBand = new GateCalibration.Scores("Nuxt useAsyncData refresh", 0.72, 0.3, 0, true, true);
        var onCosine = new GateCalibration.Scores("Nuxt useAsyncData refresh", 0.8, 0.3, 0, true, true);
        var onBoth = new GateCalibration.Scores("Nuxt useAsyncData refresh", 0.8, 0.6, 0, true, true);
        assertThat(GateCalibration.passedInBand(FLOORS, top, List.of(inBand), new double[] {-0.01}, 0.05))
                .as("no lowered band for it").isZero();
        assertThat(GateCalibration.passedInBand(FLOORS, top, List.of(unmarked(inBand)), new double[] {-0.01}, 0.05))
                .as("the same scores naming no other tool pass in the band").isEqualTo(1);
        assertThat(GateCalibration.passedInBand(FLOORS, top, List.of(onCosine), new double[] {0.01}, 0.05))
                .as("a lead above 0 and the cosine floor only").isZero();
        assertThat(GateCalibration.passedInBand(FLOORS, top, List.of(onBoth), new double[] {0.01}, 0.05))
                .as("a lead above 0 and both floors").isEqualTo(1);
        assertThat(GateCalibration.passedWithRule(top, List.of(onCosine), new double[] {0.01}, 0.05))
                .as("the question-space rule alone, as its gain is weighed, does not count the tool rule").isEqualTo(1);
    }

    @Test
    void floorsChosenWithTheRule_poolQuestionsThatNameAnotherTool_countAsTheGateTreatsThem_soTheFloorGoesLower() {
        // pool questions from 0.74 up: every third leads far towards the pool (0.2, refused by the lead limit 0.05), the
        // others a little (0.03, within the limit) and name another tool, with the cosine floor only
        List<GateCalibration.Scores> site = java.util.stream.IntStream.range(0, 50).mapToObj(i -> scored(0.7 + i * 0.004, 0.1, 0)).toList();
        double[] poolLeads = java.util.stream.IntStream.range(0, 100)
                .mapToDouble(i -> i < 80 ? -0.1 : i % 3 == 0 ? 0.2 : 0.03).toArray();
        List<GateCalibration.Scores> marked = java.util.stream.IntStream.range(0, 100)
                .mapToObj(i -> new GateCalibration.Scores("q" + i, 0.5 + i * 0.003, 0.1, 0, i >= 80 && i % 3 != 0, true)).toList();
        double[] siteLeads = new double[50];
        java.util.Arrays.fill(siteLeads, 0.05);
        GateCalibration.Leads leads = new GateCalibration.Leads(List.of(), List.of(), siteLeads, poolLeads);
        GateCalibration.Choice floors = new GateCalibration.Choice(0.78, 0.5, "floors");

        GateCalibration.Choice c = GateCalibration.lowerWithRule(floors, site, marked, leads);
        GateCalibration.Choice unmarkedPool = GateCalibration.lowerWithRule(floors, site,
                marked.stream().map(GateCalibrationTest::unmarked).toList(), leads);

        assertThat(c.minSimilarity()).as("down to where a pool question naming no tool, lead below 0, gets through")
                .isCloseTo(0.74, org.assertj.core.api.Assertions.within(1e-9));
        assertThat(c.why()).contains("the floors and the rules pass 0 of the 100 off-topic questions", "stopped: at 0.735 they would pass 1");
        assertThat(unmarkedPool.minSimilarity()).as("counted as passing, the same questions stop it at once").isEqualTo(0.78);
    }

    private static GateCalibration.Scores unmarked(GateCalibration.Scores s) {
        return new GateCalibration.Scores(s.question(), s.similarity(), s.coverage(), s.unknownShare(), false, s.together());
    }

    @Test
    void neighbours_siteQuestionsAllNearerEachOtherThanThePool_leadLimitIsZeroNotBelow() {
        List<String> siteTexts = java.util.stream.IntStream.range(0, 50).mapToObj(i -> "retry failed deliveries " + i).toList();
        List<GateCalibration.SiteQuestion> qs = siteTexts.stream().map(t -> new GateCalibration.SiteQuestion(t, "")).toList();
        List<GateCalibration.Scores> pool = GateCalibration.offTopicPool().stream().map(t -> scored(0.9, 0.3, 0)).toList();

        Optional<Manifest.Neighbours> n = GateCalibration.neighbours(leads(qs, pool),
                siteTexts.stream().map(t -> scored(0.8, 1, 0)).toList(), pool, FLOORS,
                FLOORS.minSimilarity(), new java.util.ArrayList<>());

        assertThat(n).isPresent();
        assertThat(n.get().maxLead()).as("every site question's lead is negative").isZero();
    }

    @Test
    void neighbours_leadLimitLeavesTwoPercentOfThePassingSiteQuestionsOut_andIsAdoptedWhereItPays() {
        List<String> siteTexts = new java.util.ArrayList<>();
        for (int i = 0; i < 50; i++) {
            siteTexts.add("retry failed deliveries to target " + i);
        }
        List<GateCalibration.SiteQuestion> qs = siteTexts.stream().map(t -> new GateCalibration.SiteQuestion(t, "")).toList();
        List<GateCalibration.Scores> site = siteTexts.stream().map(t -> scored(0.8, 1, 0)).toList();
        // every bundled off-topic question passes the floors, on its cosine alone (a question that passes both floors
        // and names no other tool is not the rule's): the rule refuses those nearer the pool than the site
        List<GateCalibration.Scores> pool = GateCalibration.offTopicPool().stream().map(t -> scored(0.9, 0.3, 0)).toList();
        List<String> figures = new java.util.ArrayList<>();

        Optional<Manifest.Neighbours> n = GateCalibration.neighbours(leads(qs, pool), site, pool, FLOORS,
                FLOORS.minSimilarity(), figures);

        assertThat(n).isPresent();
        assertThat(n.get().site()).hasSize(50);
        assertThat(n.get().offTopic()).hasSize(GateCalibration.offTopicPool().size() + GateCalibration.nearDomainPool().size());
        assertThat(figures).singleElement().asString().startsWith("question-space rule adopted").containsPattern("and [01] of the 50 site");
    }

    @Test
    void nearDomainPool_isBundled_andAddsToTheOffTopicPool() {
        List<String> near = GateCalibration.nearDomainPool();
        assertThat(near).hasSizeGreaterThan(150).doesNotHaveDuplicates().allMatch(q -> !q.startsWith("#"))
                .doesNotContainAnyElementsOf(GateCalibration.offTopicPool());
    }

    private static GateCalibration.Leads leads(List<GateCalibration.SiteQuestion> qs, List<GateCalibration.Scores> pool) {
        return GateCalibration.leads(Embedders.fromSpec("mock").orElseThrow(), qs, new java.util.ArrayList<>())
                .orElseThrow();
    }

    /** Pool questions 0.500..0.797 by 0.003; those from 0.74 up lead towards the pool (0.2) except every fifth (-0.1). */
    private static final List<GateCalibration.Scores> RULE_POOL = java.util.stream.IntStream.range(0, 100)
            .mapToObj(i -> scored(0.5 + i * 0.003, 0.1, 0)).toList();
    private static final double[] RULE_POOL_LEADS = java.util.stream.IntStream.range(0, 100)
            .mapToDouble(i -> i >= 80 && i % 5 != 0 ? 0.2 : -0.1).toArray();

    private static GateCalibration.Leads ruleLeads(int siteQuestions, double[] poolLeads) {
        double[] site = new double[siteQuestions];
        java.util.Arrays.fill(site, -0.1);
        return new GateCalibration.Leads(List.of(), List.of(), site, poolLeads);
    }

    @Test
    void questionSpaceRule_calibration_countsAQuestionInTheSitesOwnWordsAsPassing() {
        GateCalibration.Choice floors = new GateCalibration.Choice(0.5, 0.5, "");
        List<GateCalibration.Scores> pool = List.of(scored(0.8, 0.2, 0), scored(0.8, 0.95, 0), scored(0.8, 0.4, 0));
        double[] leads = {0.2, 0.2, -0.1};
        assertThat(GateCalibration.passedWithRule(floors, pool, leads, 0))
                .as("the second leads towards other tools but one candidate has nearly all its words, as at query time")
                .isEqualTo(2);
    }

    @Test
    void floorsChosenWithTheRule_cosineFloorLowered_whileTheFloorsAndTheRulePassNoMorePoolQuestionsThanBefore() {
        // site questions 0.700..0.896 that pass on cosine only: the floors alone at 0.780 turn 20 of them away
        List<GateCalibration.Scores> site = java.util.stream.IntStream.range(0, 50).mapToObj(i -> scored(0.7 + i * 0.004, 0.1, 0)).toList();
        GateCalibration.Choice floors = new GateCalibration.Choice(0.78, 0.5, "floors");
        int before = GateCalibration.passedWithRule(floors, RULE_POOL, RULE_POOL_LEADS, 0);

        GateCalibration.Choice c = GateCalibration.lowerWithRule(floors, site, RULE_POOL, ruleLeads(site.size(), RULE_POOL_LEADS));

        assertThat(c.minSimilarity()).as("lowered in 0.005 steps").isLessThan(0.78)
                .isCloseTo(0.78 - 0.005 * Math.round((0.78 - c.minSimilarity()) / 0.005), org.assertj.core.api.Assertions.within(1e-9));
        assertThat(GateCalibration.passedWithRule(c, RULE_POOL, RULE_POOL_LEADS, 0)).as("no more pool questions through")
                .isLessThanOrEqualTo(before);
        GateCalibration.Choice lower = new GateCalibration.Choice(c.minSimilarity() - 0.005, 0.5, "");
        assertThat(GateCalibration.passedWithRule(lower, RULE_POOL, RULE_POOL_LEADS, 0)).as("the lowest such floor").isGreaterThan(before);
        assertThat(c.why()).startsWith("floors").contains("lowered from 0.780 to " + String.format(java.util.Locale.ROOT, "%.3f", c.minSimilarity()));
    }

    @Test
    void floorsChosenWithTheRule_whereTheFirstStepPassesMore_saysNotLowered_notLoweredToItself() {
        // at 0.786 the rule refuses all four pool questions the floors pass; at 0.781 the pool's 0.785 (lead below 0) gets through
        List<GateCalibration.Scores> site = java.util.stream.IntStream.range(0, 50).mapToObj(i -> scored(0.7 + i * 0.004, 0.1, 0)).toList();
        GateCalibration.Choice floors = new GateCalibration.Choice(0.786, 0.5, "floors");

        GateCalibration.Choice c = GateCalibration.lowerWithRule(floors, site, RULE_POOL, ruleLeads(site.size(), RULE_POOL_LEADS));

        assertThat(c.minSimilarity()).isEqualTo(0.786);
        assertThat(c.why()).contains("minSimilarity not lowered from 0.786:", "stopped: at 0.781 they would pass 1")
                .doesNotContain("lowered from 0.786 to");
    }

    @Test
    void floorsChosenWithTheRule_neverLowerThanTheSiteQuestionsNeed_norWhereTheRuleDoesNotPay() {
        // the rule refuses every pool question from 0.74 up; every site question sits at 0.765 or above, so the floor
        // stops where none is turned away
        double[] refusedAbove = java.util.stream.IntStream.range(0, 100).mapToDouble(i -> i >= 80 ? 0.2 : -0.1).toArray();
        List<GateCalibration.Scores> site = java.util.stream.IntStream.range(0, 50).mapToObj(i -> scored(0.765 + i * 0.002, 0.1, 0)).toList();
        GateCalibration.Choice c = GateCalibration.lowerWithRule(new GateCalibration.Choice(0.78, 0.5, ""), site, RULE_POOL,
                ruleLeads(50, refusedAbove));
        assertThat(c.minSimilarity()).isCloseTo(0.765, org.assertj.core.api.Assertions.within(1e-9));

        // a rule that refuses none of the pool's passes leaves the floors as they were
        double[] none = new double[100];
        java.util.Arrays.fill(none, -0.1);
        GateCalibration.Choice floors = new GateCalibration.Choice(0.78, 0.5, "");
        assertThat(GateCalibration.lowerWithRule(floors, site, RULE_POOL, ruleLeads(50, none))).isSameAs(floors);
    }

    @Test
    void loweredBand_chosen_theFloorChosenWithoutTheRuleIsTheBandsTop_onlyWhereTheRuleLoweredIt() {
        List<GateCalibration.Scores> site = java.util.stream.IntStream.range(0, 50).mapToObj(i -> scored(0.7 + i * 0.004, 0.1, 0)).toList();
        GateCalibration.Choice floors = new GateCalibration.Choice(0.78, 0.5, "floors");
        var vectors = mockVectors(java.util.Collections.nCopies(5, "Create a relay handler"));
        double[] siteLeads = new double[50];
        java.util.Arrays.fill(siteLeads, -0.1);
        GateCalibration.Leads leads = new GateCalibration.Leads(vectors, vectors, siteLeads, RULE_POOL_LEADS);
        GateCalibration.Choice c = GateCalibration.lowerWithRule(floors, site, RULE_POOL, leads);
        List<String> figures = new java.util.ArrayList<>();

        Manifest.Neighbours n = GateCalibration.neighbours(leads, site, RULE_POOL, c, floors.minSimilarity(), figures).orElseThrow();

        assertThat(c.minSimilarity()).isLessThan(0.78);
        assertThat(n.bandTop()).hasValue(0.78);
        assertThat(figures).anyMatch(f -> f.contains(String.format(java.util.Locale.ROOT, "lowered band %.3f–0.780", c.minSimilarity())));
        assertThat(GateCalibration.passedInBand(c, floors, RULE_POOL, RULE_POOL_LEADS, n.maxLead()))
                .as("the band passes no more of the pool than the lowered floor with the rule")
                .isLessThanOrEqualTo(GateCalibration.passedWithRule(c, RULE_POOL, RULE_POOL_LEADS, n.maxLead()));
        assertThat(GateCalibration.neighbours(leads, site, RULE_POOL, floors, floors.minSimilarity(), new java.util.ArrayList<>())
                .orElseThrow().bandTop()).as("not lowered: no band").isEmpty();
    }

    @Test
    void loweredBand_recordedInTheManifest_readsBack_andAFloorTheUserSetsRestoresTheBandsTop() {
        Manifest.Neighbours n = new Manifest.Neighbours(1, 1.0, java.util.OptionalDouble.of(0.999), mockVectors(SITE_LIKE),
                mockVectors(OTHER_TOOLS));
        HybridRetriever r = withNeighbours(Optional.of(n));
        try (DocIndex idx = r.index()) {
            assertThat(idx.manifest().gate().orElseThrow().neighbours()).contains(n);
            String question = "How do I retry failed deliveries to a zebra target?"; // "zebra": coverage below 1
            assertThat(r.retrieve(question, RetrievalOptions.defaults()).answerable()).as("in the band, lead at most 0").isTrue();
            assertThat(r.retrieve(question, RetrievalOptions.parse("minKeywordCoverage=1")).answerable())
                    .as("the user's coverage floor: no rule, so the cosine floor is the band's top").isFalse();
        }
        HybridRetriever noBand = withNeighbours(Optional.of(new Manifest.Neighbours(1, 1.0, mockVectors(SITE_LIKE),
                mockVectors(OTHER_TOOLS))));
        try (DocIndex ignored = noBand.index()) {
            assertThat(noBand.retrieve("How do I retry failed deliveries to a zebra target?", RetrievalOptions.parse("minKeywordCoverage=1"))
                    .answerable()).as("no band: the recorded floor").isTrue();
        }
    }

    @Test
    void otherToolRule_calibration_recordsTheFewPagesBoundAndTheSitesOwnTools_withItsFigures() {
        List<GateCalibration.Scores> site = List.of(scored(0.9, 1.0, 0));
        List<GateCalibration.Scores> pool = List.of(new GateCalibration.Scores("How do I write a Hugo shortcode?", 0.8, 0.2),
                new GateCalibration.Scores("How do I add a Docker health check?", 0.8, 0.2));
        var a = dev.docask.index.internal.QuantizedVector.of(new float[] {1, 0, 0});
        Manifest.Neighbours n = new Manifest.Neighbours(1, 0.05, List.of(a, a), List.of(a, a));
        var leads = new GateCalibration.Leads(List.of(a, a), List.of(a, a), new double[] {-0.1}, new double[] {0.01, 0.01});
        var corpus = SiteReader.read(TestSites.samples(), IngestOptions.defaults(TestSites.SAMPLES_BASE_URL));
        IndexBuilder.build(corpus, Embedders.fromSpec("none"), IndexBuilder.Settings.defaults("none"), dir, x -> { });
        List<String> figures = new java.util.ArrayList<>();
        try (DocIndex idx = DocIndex.open(dir)) {
            SiteTools tools = SiteTools.of(idx);
            Manifest.Neighbours with = GateCalibration.withOtherTools(n, new GateCalibration.Choice(0.75, 0.5, ""), tools,
                    site.stream().map(s -> s.marked(tools)).toList(), pool.stream().map(s -> s.marked(tools)).toList(), leads,
                    figures);
            int pages = OtherTools.pages(idx);
            assertThat(with.fewPages()).hasValue((int) Math.floor(SiteTools.FEW_PAGES_SHARE * pages));
            assertThat(with.siteTools()).as("the samples mention Docker").contains("Docker").doesNotContain("Hugo");
            assertThat(with.maxLead()).isEqualTo(n.maxLead());
        }
        assertThat(figures).singleElement().asString().contains("questions about another tool")
                .contains("1 of the 2 off-topic questions name another tool")
                .contains("it refuses 0 of 0 site and 1 of 1 off-topic questions");
    }

    @Test
    void otherToolRule_aToolAPageIsTitledWithBesideTheSitesOwnTool_isTheSitesOwn_aMigrationFromItIsNot() {
        OtherTools tools = OtherTools.bundled();
        List<String> titles = List.of("Deploy your Astro Site to GitHub Pages", "Decap CMS & Astro", "@astrojs/vercel",
                "Migrating from Next.js", "Hono routing API reference");
        List<String> names = SiteTools.integrations(tools, Optional.of("astro"), titles).stream()
                .map(t -> tools.tools().get(t).name()).toList();
        assertThat(names).as("titled beside the site's tool, inside a package name too")
                .contains("GitHub Pages", "Decap CMS", "Vercel")
                .as("a title without the site's tool: the tool the reader leaves, or a page not about the site's tool")
                .doesNotContain("Next.js", "Hono");
        assertThat(SiteTools.integrations(tools, Optional.empty(), titles)).as("a site with no tool of its own").isEmpty();
    }

    @Test
    void otherToolRule_calibration_countsAToolAPageIsTitledWithBesideTheSitesTool_amongTheSitesOwn_andSaysSo() {
        List<dev.docask.ingest.Chunk> chunks = new java.util.ArrayList<>();
        for (int i = 0; i < 30; i++) {
            chunks.add(dev.docask.testsupport.TestIndexes.chunk("https://docs.example.dev/guide/p" + i, "Guide " + i, "",
                    "Astro renders page " + i + " at build time."));
        }
        chunks.add(dev.docask.testsupport.TestIndexes.chunk("https://docs.example.dev/cms/decap", "Decap CMS & Astro", "",
                "Decap CMS edits the content of an Astro site through Git."));
        chunks.add(dev.docask.testsupport.TestIndexes.chunk("https://docs.example.dev/from/hugo", "Migrating from Hugo", "",
                "Hugo templates become Astro components."));
        IndexBuilder.build(new dev.docask.ingest.Corpus(dev.docask.ingest.Framework.MARKDOWN, chunks.size(), chunks, List.of()),
                Optional.empty(), IndexBuilder.Settings.defaults("none").withSiteName("Astro Docs"), dir, n -> { });
        try (DocIndex idx = DocIndex.open(dir)) {
            SiteTools st = SiteTools.of(idx);
            assertThat(st.few()).as("one page is at most the few-pages bound").isGreaterThanOrEqualTo(1);
            assertThat(st.siteTools()).as("on many pages").contains("Astro")
                    .as("on one page, titled with it beside the site's tool").contains("Decap CMS")
                    .as("on one page, a migration from it").doesNotContain("Hugo");
            assertThat(st.namesOtherTool("decap cms login fails after the upgrade")).isFalse();
            assertThat(st.namesOtherTool("Hugo taxonomies terms template")).isTrue();
            assertThat(st.describeOwn()).contains("1 of them on few pages but the subject of a page titled with "
                    + "the site's tool: Decap CMS");
        }
    }

    @Test
    void otherToolRule_recordedInTheManifest_readsBack_refusesAQuestionAboutAnotherTool_andAFloorTheUserSetsTurnsItOff() {
        Manifest built = buildAndCalibrate("mock");
        Manifest.Neighbours n = recordToolRule(built, 0.99, 0, "Docker");
        try (DocIndex idx = DocIndex.open(dir)) {
            assertThat(idx.manifest().gate().orElseThrow().neighbours()).contains(n);
            HybridRetriever r = HybridRetriever.create(idx, Embedders.fromSpec("mock"));
            String helm = "How do I roll back a release with Jenkins and Helm?";
            Retrieval refused = r.retrieve(helm, RetrievalOptions.defaults());
            assertThat(refused.answerable()).as("names another tool, nearer the off-topic questions, passes on cosine alone")
                    .isFalse();
            assertThat(refused.gatedOut()).isNotEmpty().allMatch(h -> h.gatedOut().orElseThrow().contains("names another tool"));
            assertThat(r.retrieve("How do I roll back a release in Docker?", RetrievalOptions.defaults()).answerable())
                    .as("a tool the site mentions is its own").isTrue();
            assertThat(r.retrieve(helm, RetrievalOptions.parse("minSimilarity=0.01")).answerable())
                    .as("a floor the user sets: the user's gate, without the rule").isTrue();
        }
    }

    @Test
    void calibrateGate_keywordOnlyIndex_recordsTheCoverageFloorForAQuestionThatNamesAnotherTool() {
        Manifest.Gate gate = buildAndCalibrate("none").gate().orElseThrow();
        Manifest.OtherToolFloor f = gate.otherToolFloor().orElseThrow();
        assertThat(f.minKeywordCoverage()).isGreaterThanOrEqualTo(gate.minKeywordCoverage());
        assertThat(f.siteTools()).as("the samples mention Docker").contains("Docker");
        assertThat(gate.figures()).anyMatch(l -> l.startsWith("questions about another tool (no vectors)"));
        try (DocIndex idx = DocIndex.open(dir)) {
            assertThat(idx.manifest().gate().orElseThrow().otherToolFloor()).as("read back from manifest.json").contains(f);
            HybridRetriever r = HybridRetriever.create(idx, Optional.empty());
            assertThat(r.retrieve("What is the capital of Canada?", RetrievalOptions.defaults()).answerable()).isFalse();
            assertThat(r.retrieve("How do I retry failed deliveries?", RetrievalOptions.defaults()).answerable()).isTrue();
        }
        assertThat(buildAndCalibrate("mock").gate().orElseThrow().otherToolFloor()).as("with vectors: the lead's rule").isEmpty();
    }

    @Test
    void otherToolFloor_isTheOffTopicQuestionsPercentileOfBestCoverage_neverBelowTheKeywordOnlyFloor() {
        List<GateCalibration.Scores> site = List.of(new GateCalibration.Scores("Retry a delivery with Hugo", 0, 1.0));
        List<GateCalibration.Scores> pool = new java.util.ArrayList<>();
        for (int i = 0; i < 100; i++) {
            pool.add(new GateCalibration.Scores("How do I write a Hugo shortcode " + i + "?", 0, i / 100.0));
        }
        var corpus = SiteReader.read(TestSites.samples(), IngestOptions.defaults(TestSites.SAMPLES_BASE_URL));
        IndexBuilder.build(corpus, Embedders.fromSpec("none"), IndexBuilder.Settings.defaults("none"), dir, x -> { });
        try (DocIndex idx = DocIndex.open(dir)) {
            SiteTools tools = SiteTools.of(idx);
            GateCalibration.Choice c = new GateCalibration.Choice(Double.POSITIVE_INFINITY, 0.4, "");
            List<String> figures = new java.util.ArrayList<>();
            Manifest.OtherToolFloor f = GateCalibration.otherToolFloor(tools, site, pool, c, figures);
            assertThat(f.minKeywordCoverage()).isCloseTo(0.8415, org.assertj.core.data.Offset.offset(1e-9));
            assertThat(f.fewPages()).isEqualTo(tools.few());
            assertThat(f.siteTools()).isEqualTo(tools.siteTools());
            assertThat(figures).singleElement().asString().contains("needs keyword coverage 0.841")
                    .contains("1 of the 1 site and 100 of the 100 off-topic questions name another tool")
                    .contains("it refuses 0 of 1 site and 45 of 60 off-topic questions");
            List<GateCalibration.Scores> low = pool.stream().map(s -> new GateCalibration.Scores(s.question(), 0, s.coverage() / 4)).toList();
            assertThat(GateCalibration.otherToolFloor(tools, site, low, c, new java.util.ArrayList<>()).minKeywordCoverage())
                    .as("off-topic questions that share few words: the keyword-only floor").isEqualTo(0.4);
        }
    }

    @Test
    void otherToolFloor_recordedInTheManifest_refusesAQuestionAboutAnotherToolUnderIt_judgedByItsOpening_andAFloorTheUserSetsTurnsItOff() {
        recordKeywordOnlyGate(buildAndCalibrate("none"), 0.05, new Manifest.OtherToolFloor(0, List.of("Docker"), 0.99));
        try (DocIndex idx = DocIndex.open(dir)) {
            HybridRetriever r = HybridRetriever.create(idx, Optional.empty());
            String jenkins = "How do I retry failed deliveries with Jenkins?";
            Retrieval refused = r.retrieve(jenkins, RetrievalOptions.defaults());
            assertThat(refused.answerable()).as("names another tool, coverage under its floor").isFalse();
            assertThat(refused.gatedOut()).isNotEmpty().allMatch(h -> h.gatedOut().orElseThrow()
                    .startsWith("it names another tool (Jenkins, on at most 0 of the site's pages) and its best keyword coverage is"));
            assertThat(r.retrieve("How do I retry failed deliveries?", RetrievalOptions.defaults()).answerable())
                    .as("names no tool: the floor of every question").isTrue();
            // the pages never write "failed deliveries": below this floor of 0.99 the pair rule would refuse the question
            RetrievalOptions noPairRule = RetrievalOptions.parse("coverageNeedsPair=false");
            assertThat(r.retrieve("How do I retry failed deliveries in Docker?", noPairRule).answerable())
                    .as("a tool the site mentions is its own").isTrue();
            assertThat(r.retrieve("How do I retry failed deliveries? We used to do it with Jenkins.", RetrievalOptions.defaults())
                    .answerable()).as("the tool in the story after the opening is context").isTrue();
            assertThat(r.retrieve(jenkins, RetrievalOptions.parse("minKeywordCoverage=0.05")).answerable())
                    .as("a floor the user sets: the user's gate, without the rule").isTrue();
        }
    }

    @Test
    void symbolRule_aCandidateThatWritesTheSymbolTheQuestionNames_passesUnderBothFloors_andAFloorTheUserSetsTurnsItOff() {
        // a coverage floor no candidate of these questions reaches: only the symbol can let one through
        recordKeywordOnlyGate(buildAndCalibrate("none"), 0.99, new Manifest.OtherToolFloor(0, List.of("Docker"), 0.99));
        try (DocIndex idx = DocIndex.open(dir)) {
            HybridRetriever r = HybridRetriever.create(idx, Optional.empty());
            Retrieval flag = r.retrieve("deliveries pile up, does --max-in-flight help", RetrievalOptions.defaults());
            assertThat(flag.answerable()).as("the CLI reference writes --max-in-flight").isTrue();
            assertThat(flag.sources()).anySatisfy(s -> assertThat(s.url()).contains("reference/cli"));
            assertThat(r.retrieve("deliveries pile up, does --max-deliveries help", RetrievalOptions.defaults()).answerable())
                    .as("a flag no page writes").isFalse();
            assertThat(r.retrieve("deliveries pile up, does max in flight help", RetrievalOptions.defaults()).answerable())
                    .as("the same words, not written as the symbol").isFalse();
            assertThat(r.retrieve("deliveries pile up, does --max-in-flight help", RetrievalOptions.parse("minKeywordCoverage=0.99"))
                    .answerable()).as("a floor the user sets: the user's gate, without the rule").isFalse();
        }
    }

    @Test
    void otherToolRule_aPlatformQuestionThatWritesASymbolTheSiteWrites_isJudgedAsNamingNoOtherTool() {
        // another tool needs coverage 0.99, as does every candidate: only the symbol lets a question through
        recordKeywordOnlyGate(buildAndCalibrate("none"), 0.99, new Manifest.OtherToolFloor(0, List.of("Docker"), 0.99));
        try (DocIndex idx = DocIndex.open(dir)) {
            HybridRetriever r = HybridRetriever.create(idx, Optional.empty());
            assertThat(r.retrieve("on GitHub Actions deliveries pile up, does --max-in-flight help", RetrievalOptions.defaults())
                    .answerable()).as("the site's flag, run on a CI").isTrue();
            Retrieval product = r.retrieve("with Mocha deliveries pile up, does --max-in-flight help", RetrievalOptions.defaults());
            assertThat(product.answerable()).as("a product is another tool still").isFalse();
            assertThat(product.gatedOut()).anySatisfy(h -> assertThat(h.gatedOut().orElseThrow()).contains("it names another tool (Mocha"));
            Retrieval words = r.retrieve("on GitHub Actions deliveries pile up, does max in flight help", RetrievalOptions.defaults());
            assertThat(words.answerable()).as("no symbol: the platform is another tool").isFalse();
            assertThat(words.gatedOut()).anySatisfy(h -> assertThat(h.gatedOut().orElseThrow())
                    .contains("it names another tool (GitHub Actions"));
        }
    }

    @Test
    void pairRule_onAnIndexWithoutVectors_holdsBelowTheOtherToolFloor_andAFloorTheUserSetsTurnsItOff() {
        Manifest built = buildAndCalibrate("none");
        for (double floor : new double[] {0.99, 0.5}) {
            recordKeywordOnlyGate(built, 0.05, new Manifest.OtherToolFloor(0, List.of(), floor));
            try (DocIndex idx = DocIndex.open(dir)) {
                HybridRetriever r = HybridRetriever.create(idx, Optional.empty());
                // the retries guide has two of the three words, far apart: "your handler answers ... are treated as final"
                Retrieval apart = r.retrieve("Is the handler final for webhooks?", RetrievalOptions.defaults());
                if (floor == 0.99) {
                    assertThat(apart.answerable()).as("coverage below the floor, words apart").isFalse();
                    assertThat(apart.gatedOut()).anySatisfy(h -> assertThat(h.gatedOut().orElseThrow()).contains(
                            "(below 0.990) does not count: none of the question's candidates writes two"));
                } else {
                    assertThat(apart.answerable()).as("coverage at or above the floor vouches for the question alone").isTrue();
                }
                assertThat(r.retrieve("Are status codes treated as final?", RetrievalOptions.defaults()).answerable())
                        .as("'treated as final': two of its neighbouring words together").isTrue();
                assertThat(r.retrieve("Is the handler final for webhooks?", RetrievalOptions.parse("minKeywordCoverage=0.05")).answerable())
                        .as("a floor the user sets: the user's gate, without the rule").isTrue();
                assertThat(r.retrieve("Is the handler final for webhooks?", RetrievalOptions.parse("coverageNeedsPair=false")).answerable())
                        .as("the rule turned off").isTrue();
            }
        }
    }
}
