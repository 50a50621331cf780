package dev.docask.index;

import dev.docask.embed.Embedders;
import dev.docask.ingest.Corpus;
import dev.docask.ingest.Framework;
import dev.docask.ingest.IngestOptions;
import dev.docask.ingest.SiteReader;
import dev.docask.testsupport.FailingEmbedder;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import static dev.docask.testsupport.TestIndexes.chunk;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Builds from real folders read by SiteReader, as a library user would. */
class IndexBuilderTest {
    private static final String BASE = "https://x.dev";
    /** A gate as HybridRetriever.measureGate gives one. */
    private static final Manifest.Gate MEASURED = new Manifest.Gate(java.util.OptionalDouble.empty(), 0.37, "none", "",
            List.of("measured"), java.time.Instant.parse("2026-12-06T00:00:00Z"));

    @TempDir
    Path tmp;
    Path docs;
    Path out;

    @BeforeEach
    void folder() throws IOException {
        docs = Files.createDirectories(tmp.resolve("docs"));
        out = tmp.resolve("idx");
        Files.writeString(docs.resolve("a.md"), "# Alpha\n\nAlpha pages say alpha things.\n\n## More\n\nAnd more of them.");
        Files.writeString(docs.resolve("b.md"), "# Beta\n\nBeta pages say beta things.");
    }

    private Corpus read(IngestOptions options) {
        return SiteReader.read(docs, options);
    }

    private static IngestOptions options(String baseUrl, int chunkSize) {
        return new IngestOptions(baseUrl, null, chunkSize, IngestOptions.DEFAULT_CHUNK_OVERLAP, List.of());
    }

    private void build(IngestOptions options) {
        IndexBuilder.build(read(options), Embedders.fromSpec("none"), IndexBuilder.Settings.defaults("none"), out, n -> { });
    }

    @Test
    void build_recordsTheBaseUrlAndChunkingTheCorpusWasReadWith() {
        build(options(BASE, 800));
        try (DocIndex index = DocIndex.open(out)) {
            assertThat(index.manifest().baseUrl()).contains(BASE);
            assertThat(index.manifest().chunkSize()).isEqualTo(800);
            assertThat(index.manifest().sourceHash().orElseThrow()).isEqualTo(read(options(BASE, 800)).sourceHash()).isNotEmpty();
        }
    }

    @Test
    void build_withoutASiteName_namesTheSiteByItsBaseUrlsHost_asDocaskIndexDoes() {
        IndexBuilder.build(read(IngestOptions.defaults("https://docs.quayside.dev")), IndexBuilder.Settings.defaults("none"),
                out);
        assertThat(manifest().siteName()).isEqualTo("Quayside");
        IndexBuilder.build(read(IngestOptions.defaults("https://docs.quayside.dev")), Embedders.fromSpec("none"),
                IndexBuilder.Settings.defaults("none").withSiteName("Relay docs"), out, n -> { });
        assertThat(manifest().siteName()).isEqualTo("Relay docs");
    }

    @Test
    void build_withoutASiteName_namesTheSiteAsTheCorpusCarriesIt_notByTheHost() throws IOException {
        Files.writeString(tmp.resolve("mkdocs.yml"), "site_name: Relay\n"); // the site's own name, as docask index reads it
        Files.writeString(docs.resolve("index.md"), "# Home\n\nWelcome to Relay.");
        IndexBuilder.build(SiteReader.read(tmp, IngestOptions.defaults("https://docs.quayside.dev")),
                IndexBuilder.Settings.defaults("none"), out);
        assertThat(manifest().siteName()).isEqualTo("Relay");

        Corpus crawled = new Corpus(Framework.HTML, 1, List.of(chunk("https://127.0.0.1:8080/", "Home", "Home", "Welcome to Relay.")), List.of(),
                IngestOptions.defaults("https://127.0.0.1:8080"), List.of(), "", Optional.of("Quayside"));
        IndexBuilder.build(crawled, IndexBuilder.Settings.defaults("none"), out);
        assertThat(manifest().siteName()).as("the name a crawl's pages agree on").isEqualTo("Quayside");
        IndexBuilder.build(crawled, IndexBuilder.Settings.defaults("none").withSiteName("Relay docs"), out);
        assertThat(manifest().siteName()).as("a name the user gives wins").isEqualTo("Relay docs");
    }

    @Test
    void build_folderWithoutBaseUrl_namesTheSiteByItsFolder_asDocaskIndexDoes() {
        IndexBuilder.build(read(IngestOptions.defaults("")), IndexBuilder.Settings.defaults("none"), out);
        assertThat(manifest().siteName()).isEqualTo("Docs");
    }

    @Test
    void build_corpusWithoutBaseUrl_recordsNone() {
        build(IngestOptions.defaults(""));
        try (DocIndex index = DocIndex.open(out)) {
            assertThat(index.manifest().baseUrl()).isEmpty();
        }
    }

    @Test
    void differences_sameFoldersAndOptions_none() {
        build(IngestOptions.defaults(BASE));
        assertThat(IndexBuilder.differences(read(IngestOptions.defaults(BASE)), IndexBuilder.Settings.defaults("none"), out))
                .isEmpty();
        assertThat(IndexBuilder.isStale(read(IngestOptions.defaults(BASE)), IndexBuilder.Settings.defaults("none"), out)).isFalse();
    }

    @Test
    void differences_onlyTheEmbedder_namesBothAndNotThePages() {
        build(IngestOptions.defaults(BASE));
        assertThat(IndexBuilder.differences(read(IngestOptions.defaults(BASE)), IndexBuilder.Settings.defaults("mock"), out))
                .containsExactly("built with embedder none, asked for mock");
    }

    @Test
    void differences_onlyTheChunkSize_namesBothSizesAndNotThePages() {
        build(options(BASE, 1200));
        assertThat(IndexBuilder.differences(read(options(BASE, 800)), IndexBuilder.Settings.defaults("none"), out))
                .containsExactly("chunk size 1200, asked for 800");
    }

    @Test
    void differences_otherOrNoBaseUrl_saysTheBaseUrlDiffersAndNotThePages() {
        build(IngestOptions.defaults(BASE));
        assertThat(IndexBuilder.differences(read(IngestOptions.defaults("https://y.dev")), IndexBuilder.Settings.defaults("none"), out))
                .containsExactly("base URL differs: built with https://x.dev, asked for https://y.dev");
        assertThat(IndexBuilder.differences(read(IngestOptions.defaults("")), IndexBuilder.Settings.defaults("none"), out))
                .containsExactly("base URL differs: built with https://x.dev, asked for none");
    }

    @Test
    void differences_anEditedPage_saysPagesChanged_namingThem_alongsideOtherDifferences() throws IOException {
        build(IngestOptions.defaults(BASE));
        Files.writeString(docs.resolve("b.md"), "# Beta\n\nBeta pages now say other things.");
        assertThat(IndexBuilder.differences(read(IngestOptions.defaults(BASE)), IndexBuilder.Settings.defaults("none"), out))
                .containsExactly("pages changed: 1 changed (b.md)");
        Files.delete(docs.resolve("a.md"));
        Files.writeString(docs.resolve("c.md"), "# Gamma\n\nGamma pages say gamma things.");
        assertThat(IndexBuilder.differences(read(IngestOptions.defaults(BASE)), IndexBuilder.Settings.defaults("none"), out))
                .containsExactly("pages changed: 1 added (c.md), 1 removed (a.md), 1 changed (b.md)");
        assertThat(IndexBuilder.differences(read(options(BASE, 800)), IndexBuilder.Settings.defaults("mock"), out))
                .containsExactly("built with embedder none, asked for mock", "chunk size 1200, asked for 800",
                        "pages changed");
    }

    @Test
    void differences_anotherFramework_named() {
        build(IngestOptions.defaults(BASE));
        IngestOptions vitepress = new IngestOptions(BASE, Framework.VITEPRESS, 1200, 150, List.of());
        assertThat(IndexBuilder.differences(read(vitepress), IndexBuilder.Settings.defaults("none"), out))
                .containsExactly("read as markdown, asked for vitepress");
    }

    @Test
    void differences_corpusMadeByHand_changedChunksCountAsChangedPages() {
        Corpus one = new Corpus(Framework.MARKDOWN, 1, List.of(chunk(BASE + "/a", "A", "", "alpha")), List.of());
        IndexBuilder.build(one, Embedders.fromSpec("none"), IndexBuilder.Settings.defaults("none"), out, n -> { });
        Corpus other = new Corpus(Framework.MARKDOWN, 1, List.of(chunk(BASE + "/a", "A", "", "beta")), List.of());
        assertThat(IndexBuilder.differences(one, IndexBuilder.Settings.defaults("none"), out)).isEmpty();
        assertThat(IndexBuilder.differences(other, IndexBuilder.Settings.defaults("none"), out))
                .containsExactly("pages changed: 1 changed (a.md)");
    }

    @Test
    void rebuild_keepsTheGateMeasuredBefore_asItWasOnTheSameContent_markedOnOtherContent_andNotForAnotherSite() throws IOException {
        build(options(BASE, 800));
        Manifest first;
        try (DocIndex index = DocIndex.open(out)) {
            first = index.manifest();
        }
        Manifest.Gate measured = new Manifest.Gate(java.util.OptionalDouble.empty(), 0.42, "none", "",
                List.of("3 site questions: …"), java.time.Instant.parse("2026-12-01T00:00:00Z"));
        IndexBuilder.recordGate(out, first, measured);

        build(options(BASE, 800));
        assertThat(manifest().gate()).contains(measured);

        Files.writeString(docs.resolve("c.md"), "# Gamma\n\nGamma pages say gamma things.");
        build(options(BASE, 800));
        Manifest.Gate kept = manifest().gate().orElseThrow();
        assertThat(kept.minKeywordCoverage()).isEqualTo(0.42);
        assertThat(kept.figures()).hasSize(2).last().isEqualTo("3 site questions: …");
        assertThat(kept.figures().get(0)).startsWith(IndexBuilder.KEPT_GATE).contains("calibrate --auto");

        build(options(BASE, 800)); // kept twice: still one line saying so
        assertThat(manifest().gate().orElseThrow().figures()).hasSize(2);

        build(options("https://other.dev", 800));
        assertThat(manifest().gate()).isEmpty();
    }

    @Test
    void build_withAGateMeasure_measuresTheNewGenerationBeforeItGoesLive_andAFailedMeasureStillPublishes() throws IOException {
        build(options(BASE, 800));
        String before = DocIndex.generation(out).orElseThrow();
        List<String> seen = new java.util.ArrayList<>();
        IndexBuilder.BuildReport r = IndexBuilder.build(read(options(BASE, 800)), IndexBuilder.Settings.defaults("none"), out,
                built -> {
                    seen.add(DocIndex.generation(out).orElseThrow() + " live while " + built.openedGeneration() + " is measured");
                    assertThat(built.size()).isPositive();
                    return MEASURED;
                });
        assertThat(seen).singleElement().asString().startsWith(before + " live while ").doesNotEndWith(before + " is measured");
        assertThat(r.manifest().gate()).contains(MEASURED);
        assertThat(manifest().gate()).contains(MEASURED);

        Files.writeString(docs.resolve("c.md"), "# Gamma\n\nGamma pages say gamma things.");
        assertThatThrownBy(() -> IndexBuilder.build(read(options(BASE, 800)), IndexBuilder.Settings.defaults("none"), out,
                built -> {
                    throw new IllegalStateException("the embedder gave out");
                }))
                .isInstanceOf(IndexBuilder.GateNotMeasured.class).hasMessageContaining("is written, but its gate could not be measured")
                .satisfies(e -> assertThat(((IndexBuilder.GateNotMeasured) e).report().manifest().pages()).isEqualTo(3));
        assertThat(manifest().pages()).as("published all the same").isEqualTo(3);
        assertThat(manifest().gate().orElseThrow().minKeywordCoverage()).as("with the gate kept from before").isEqualTo(0.37);
    }

    @Test
    void build_beforeLive_getsTheNewGenerationWithItsFinalManifestWhileTheOldOneIsLive_evenWhenTheGateFailed() throws IOException {
        build(options(BASE, 800));
        String before = DocIndex.generation(out).orElseThrow();
        List<Manifest> handed = new java.util.ArrayList<>();
        IndexBuilder.BuildReport r = IndexBuilder.build(read(options(BASE, 800)), Embedders.fromSpec("none"),
                IndexBuilder.Settings.defaults("none"), out, n -> { }, built -> MEASURED, built -> {
                    assertThat(DocIndex.generation(out)).contains(before);
                    handed.add(built.manifest());
                });
        assertThat(handed).containsExactly(r.manifest());
        assertThat(handed.get(0).gate()).contains(MEASURED);
        assertThat(manifest()).isEqualTo(handed.get(0));

        handed.clear();
        Files.writeString(docs.resolve("c.md"), "# Gamma\n\nGamma pages say gamma things.");
        assertThatThrownBy(() -> IndexBuilder.build(read(options(BASE, 800)), Embedders.fromSpec("none"),
                IndexBuilder.Settings.defaults("none"), out, n -> { }, built -> {
                    throw new IllegalStateException("the embedder gave out");
                }, built -> handed.add(built.manifest())))
                .isInstanceOf(IndexBuilder.GateNotMeasured.class);
        assertThat(handed).as("what goes live with the kept gate is handed on too").containsExactly(manifest());
        assertThat(manifest().pages()).isEqualTo(3);
    }

    @Test
    void build_beforeLiveFails_discardsTheNewGeneration_andTheIndexBeforeStaysLiveUnchanged() throws IOException {
        build(options(BASE, 800));
        String before = DocIndex.generation(out).orElseThrow();
        Manifest was = manifest();
        Files.writeString(docs.resolve("c.md"), "# Gamma\n\nGamma pages say gamma things.");
        assertThatThrownBy(() -> IndexBuilder.build(read(options(BASE, 800)), Embedders.fromSpec("none"),
                IndexBuilder.Settings.defaults("none"), out, n -> { }, built -> MEASURED, built -> {
                    throw new IndexException("Solr did not answer");
                }))
                .isInstanceOf(IndexException.class).hasMessage("Solr did not answer");
        assertThat(DocIndex.generation(out)).contains(before);
        assertThat(manifest()).isEqualTo(was);
        try (var entries = Files.list(out)) {
            assertThat(entries.map(p -> p.getFileName().toString()).filter(n -> n.startsWith("gen-")))
                    .as("the new generation is deleted").containsExactly(before);
        }

        build(options(BASE, 800)); // the next run goes live as any build does
        assertThat(manifest().pages()).isEqualTo(3);
    }

    private static FailingEmbedder givesOut(int requests) {
        return FailingEmbedder.afterPassageRequests(requests, () -> new dev.docask.embed.EmbeddingException("the embedder's quota ran out"));
    }

    private IndexBuilder.BuildReport buildWith(dev.docask.embed.Embedder embedder) {
        return IndexBuilder.build(read(options(BASE, 800)), java.util.Optional.of(embedder), IndexBuilder.Settings.defaults("mock"),
                out, n -> { });
    }

    private void manyPages(int count) throws IOException {
        for (int i = 0; i < count; i++) {
            Files.writeString(docs.resolve("p" + i + ".md"), "# Page " + i + "\n\nPage " + i + " says thing number " + i + ".");
        }
    }

    @Test
    void build_embedderGivesOutPartWay_keepsWhatItEmbedded_andTheNextBuildEmbedsOnlyTheRest() throws IOException {
        manyPages(150); // 153 chunks: three requests of at most 64
        FailingEmbedder first = givesOut(2);
        assertThatThrownBy(() -> buildWith(first)).hasMessageContaining("quota ran out");
        assertThat(first.texts()).isEqualTo(128);
        assertThat(DocIndex.generation(out)).as("nothing went live").isEmpty();

        FailingEmbedder second = FailingEmbedder.never();
        IndexBuilder.BuildReport r = buildWith(second);
        assertThat(r.reused()).isEqualTo(128);
        assertThat(second.texts()).as("only what the first run did not embed").isEqualTo(r.embedded())
                .isEqualTo(r.manifest().chunks() - 128);
        assertThat(out.resolve(PendingVectors.FILE)).as("the live generation holds them now").doesNotExist();
        try (DocIndex kept = DocIndex.open(out)) {
            Path fresh = tmp.resolve("fresh");
            IndexBuilder.build(read(options(BASE, 800)), Embedders.fromSpec("mock"), IndexBuilder.Settings.defaults("mock"), fresh, n -> { });
            try (DocIndex whole = DocIndex.open(fresh)) {
                for (int i = 0; i < whole.size(); i++) {
                    assertThat(dev.docask.index.internal.IndexAccess.vector(kept, i).orElseThrow().values())
                            .as("chunk %d's kept vector is the one a whole build makes", i)
                            .isEqualTo(dev.docask.index.internal.IndexAccess.vector(whole, i).orElseThrow().values());
                }
            }
        }
    }

    @Test
    void build_beforeLiveFails_keepsTheNewEmbeddings_forTheNextBuild() throws IOException {
        manyPages(20);
        FailingEmbedder first = FailingEmbedder.never();
        assertThatThrownBy(() -> IndexBuilder.build(read(options(BASE, 800)), java.util.Optional.of(first),
                IndexBuilder.Settings.defaults("mock"), out, n -> { }, built -> MEASURED, built -> {
                    throw new IndexException("Solr did not answer");
                })).hasMessage("Solr did not answer");
        FailingEmbedder second = FailingEmbedder.never();
        IndexBuilder.BuildReport r = buildWith(second);
        assertThat(second.texts()).as("the discarded generation's vectors were kept").isZero();
        assertThat(r.reused()).isEqualTo(first.texts());
    }

    @Test
    void build_pendingVectorsCutShortOrOfAnotherEmbedder_reusesWhatIsWhole_andRefusesNothing() throws IOException {
        manyPages(150);
        assertThatThrownBy(() -> buildWith(givesOut(2))).hasMessageContaining("quota ran out");
        Path file = out.resolve(PendingVectors.FILE);
        byte[] bytes = Files.readAllBytes(file);
        Files.write(file, java.util.Arrays.copyOf(bytes, bytes.length - 10)); // a build killed mid-write
        FailingEmbedder second = FailingEmbedder.never();
        assertThat(buildWith(second).reused()).as("all but the record cut short").isEqualTo(127);

        assertThat(file).doesNotExist();

        Path other = Files.createDirectories(tmp.resolve("other"));
        byte[] renamed = bytes.clone();
        renamed[7] ^= 1; // a letter of the embedder's id: the file of another embedder
        Files.write(other.resolve(PendingVectors.FILE), renamed);
        FailingEmbedder third = FailingEmbedder.never();
        IndexBuilder.BuildReport r = IndexBuilder.build(read(options(BASE, 800)), java.util.Optional.of(third),
                IndexBuilder.Settings.defaults("mock"), other, n -> { });
        assertThat(r.reused()).as("another embedder's vectors are not this one's").isZero();
        assertThat(third.texts()).isEqualTo(r.manifest().chunks());
        assertThat(file).doesNotExist();
    }

    private Manifest manifest() {
        try (DocIndex index = DocIndex.open(out)) {
            return index.manifest();
        }
    }

    /** A build as 'docask index' makes it: the gate measured on the new content before it goes live. */
    private void buildMeasured(IngestOptions options) {
        IndexBuilder.build(read(options), Embedders.fromSpec("none"), IndexBuilder.Settings.defaults("none"), out, n -> { },
                built -> MEASURED);
    }

    @Test
    void build_recordsTheDocaskVersionThatWroteIt() {
        build(IngestOptions.defaults(BASE));
        assertThat(manifest().builtBy()).contains(dev.docask.index.internal.DocaskVersion.build());
        assertThat(dev.docask.index.internal.DocaskVersion.known()).as("Maven filtered docask.properties").isTrue();
        String version = dev.docask.index.internal.DocaskVersion.version();
        String build = dev.docask.index.internal.DocaskVersion.build();
        if (version.endsWith("-SNAPSHOT")) {
            assertThat(build).as("a snapshot names when it was built").matches(java.util.regex.Pattern.quote(version)
                    + "\\+\\d{8}T\\d{6}Z");
        } else {
            assertThat(build).as("a release is its version").isEqualTo(version);
        }
    }

    @Test
    void upToDate_thePagesOptionsAndVersionItWasBuiltFrom_withItsGate_isTheLiveIndex() {
        buildMeasured(IngestOptions.defaults(BASE));
        Manifest live = manifest();

        Optional<Manifest> same = IndexBuilder.upToDate(read(IngestOptions.defaults(BASE)), IndexBuilder.Settings.defaults("none"), out);

        assertThat(same).hasValueSatisfying(m -> assertThat(m.createdAt()).isEqualTo(live.createdAt()));
    }

    @Test
    void upToDate_anyDifference_isEmpty_soTheBuildRuns() throws IOException {
        buildMeasured(IngestOptions.defaults(BASE));
        IndexBuilder.Settings none = IndexBuilder.Settings.defaults("none");

        assertThat(IndexBuilder.upToDate(read(options(BASE, 800)), none, out)).as("another chunk size").isEmpty();
        assertThat(IndexBuilder.upToDate(read(IngestOptions.defaults(BASE)), none.withSiteName("Other"), out))
                .as("another site name").isEmpty();
        Files.writeString(docs.resolve("b.md"), "# Beta\n\nBeta pages now say other things.");
        assertThat(IndexBuilder.upToDate(read(IngestOptions.defaults(BASE)), none, out)).as("a page edited").isEmpty();
    }

    @Test
    void upToDate_theNameTheSiteGivesItselfChangedInItsConfig_isEmpty_andTheDifferenceNamesIt() throws IOException {
        Files.writeString(tmp.resolve("mkdocs.yml"), "site_name: Relay\n");
        IndexBuilder.Settings none = IndexBuilder.Settings.defaults("none");
        IndexBuilder.build(SiteReader.read(tmp, IngestOptions.defaults(BASE)), Embedders.fromSpec("none"), none, out, n -> { },
                built -> MEASURED);
        assertThat(IndexBuilder.upToDate(SiteReader.read(tmp, IngestOptions.defaults(BASE)), none, out)).isPresent();

        Files.writeString(tmp.resolve("mkdocs.yml"), "site_name: Quayside\n"); // no page changed
        Corpus renamed = SiteReader.read(tmp, IngestOptions.defaults(BASE));

        assertThat(IndexBuilder.upToDate(renamed, none, out)).isEmpty();
        assertThat(IndexBuilder.differences(renamed, none, out)).containsExactly("site name Relay, the site now names itself Quayside");
    }

    @Test
    void upToDate_noGateOrAGateMeasuredOnTheContentBefore_isEmpty_soTheGateIsMeasured() throws IOException {
        build(IngestOptions.defaults(BASE)); // a library build without a gate
        assertThat(IndexBuilder.upToDate(read(IngestOptions.defaults(BASE)), IndexBuilder.Settings.defaults("none"), out)).isEmpty();

        buildMeasured(IngestOptions.defaults(BASE));
        Files.writeString(docs.resolve("c.md"), "# Gamma\n\nGamma pages say gamma things.");
        build(IngestOptions.defaults(BASE)); // keeps the gate of the content before, marked so
        assertThat(IndexBuilder.differences(read(IngestOptions.defaults(BASE)), IndexBuilder.Settings.defaults("none"), out)).isEmpty();
        assertThat(IndexBuilder.upToDate(read(IngestOptions.defaults(BASE)), IndexBuilder.Settings.defaults("none"), out)).isEmpty();
    }

    @Test
    void upToDate_aGateAnotherDocaskMeasuredOnTheSameContent_isEmpty_soThisVersionMeasuresIt() throws IOException {
        buildMeasured(IngestOptions.defaults(BASE));
        Path manifest = out.resolve(DocIndex.generation(out).orElseThrow()).resolve(IndexFiles.MANIFEST);
        String recorded = "\"builtBy\" : \"" + dev.docask.index.internal.DocaskVersion.build() + "\"";
        Files.writeString(manifest, Files.readString(manifest).replace(recorded, "\"builtBy\" : \"0.1.0\""));

        // rebuilt by this version (same pages), its gate not measured again: the embedder gave out, or a library build
        build(IngestOptions.defaults(BASE));

        Manifest.Gate kept = manifest().gate().orElseThrow();
        assertThat(kept.minKeywordCoverage()).as("kept: better than the default floors").isEqualTo(0.37);
        assertThat(kept.figures().get(0)).startsWith(IndexBuilder.KEPT_GATE).contains("docask 0.1.0");
        assertThat(IndexBuilder.differences(read(IngestOptions.defaults(BASE)), IndexBuilder.Settings.defaults("none"), out)).isEmpty();
        assertThat(IndexBuilder.upToDate(read(IngestOptions.defaults(BASE)), IndexBuilder.Settings.defaults("none"), out))
                .as("the next 'docask index' measures the gate").isEmpty();
    }

    @Test
    void upToDate_aDamagedGeneration_isEmpty_soABuildRepairsIt() throws IOException {
        buildMeasured(IngestOptions.defaults(BASE));
        Path chunks = out.resolve(DocIndex.generation(out).orElseThrow()).resolve(IndexFiles.CHUNKS);
        String text = Files.readString(chunks);
        Files.writeString(chunks, text.replace("alpha things", "alpha thingz"));

        assertThat(IndexBuilder.upToDate(read(IngestOptions.defaults(BASE)), IndexBuilder.Settings.defaults("none"), out)).isEmpty();
    }

    @Test
    void differences_anIndexAnotherDocaskWrote_namesBothVersions_andOneWrittenBeforeVersionsWereRecorded() throws IOException {
        build(IngestOptions.defaults(BASE));
        Path manifest = out.resolve(DocIndex.generation(out).orElseThrow()).resolve(IndexFiles.MANIFEST);
        String now = dev.docask.index.internal.DocaskVersion.build();
        String json = Files.readString(manifest);
        String recorded = "\"builtBy\" : \"" + now + "\"";
        assertThat(json).contains(recorded);

        Files.writeString(manifest, json.replace(recorded, "\"builtBy\" : \"0.1.0\""));
        assertThat(IndexBuilder.differences(read(IngestOptions.defaults(BASE)), IndexBuilder.Settings.defaults("none"), out))
                .containsExactly("written by docask 0.1.0, this is docask " + now);

        Files.writeString(manifest, json.replaceAll(",\\s*" + java.util.regex.Pattern.quote(recorded), ""));
        assertThat(IndexBuilder.differences(read(IngestOptions.defaults(BASE)), IndexBuilder.Settings.defaults("none"), out))
                .containsExactly("written by an older docask, this is docask " + now);
    }

    @Test
    void differences_noIndex_saysSo() {
        assertThat(IndexBuilder.differences(read(IngestOptions.defaults(BASE)), IndexBuilder.Settings.defaults("none"), out))
                .containsExactly("no index in " + out);
    }

    @Test
    void build_settingsNamingAnotherEmbedder_isRefusedBeforeWriting() {
        Corpus corpus = read(IngestOptions.defaults(BASE));
        assertThatThrownBy(() -> IndexBuilder.build(corpus, Embedders.fromSpec("mock:64"),
                IndexBuilder.Settings.defaults("openai:text-embedding-3-small"), out, n -> { }))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("IndexBuilder.Settings embedderSpec 'openai:text-embedding-3-small' builds embedder 'openai:text-embedding-3-small' but the "
                        + "embedder passed is 'mock:64'; give the settings the spec the embedder was made from");
        assertThatThrownBy(() -> IndexBuilder.build(corpus, Embedders.fromSpec("none"),
                IndexBuilder.Settings.defaults("mock"), out, n -> { }))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("the embedder passed is 'none'");
        assertThat(DocIndex.exists(out)).isFalse();
    }

    @Test
    void build_withTheEmbedderTheSettingsName_makesItItself_andRefusesASpecThatNamesNone() {
        Corpus corpus = read(IngestOptions.defaults(BASE));
        IndexBuilder.BuildReport r = IndexBuilder.build(corpus, IndexBuilder.Settings.defaults("mock"), out);
        assertThat(r.manifest().embedderId()).isEqualTo(Embedders.fromSpec("mock").orElseThrow().id());
        assertThat(r.embedded()).isPositive();
        assertThatThrownBy(() -> IndexBuilder.build(corpus, IndexBuilder.Settings.defaults("bge-smal"), out))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("bge-smal");
    }

    @Test
    void build_settingsWithAGarbageSpec_isRefused() {
        assertThatThrownBy(() -> IndexBuilder.build(read(IngestOptions.defaults(BASE)), Embedders.fromSpec("none"),
                IndexBuilder.Settings.defaults("total garbage"), out, n -> { }))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("IndexBuilder.Settings embedderSpec 'total garbage' is no embedder spec");
    }

    @Test
    void build_customEmbedderNamedByItsId_isAccepted() {
        dev.docask.embed.Embedder mock = Embedders.fromSpec("mock:64").orElseThrow();
        dev.docask.embed.Embedder custom = new dev.docask.embed.Embedder() {
            public String id() { return "custom:words"; }
            public int dimensions() { return 64; }
            public List<float[]> embedAll(List<String> texts) { return mock.embedAll(texts); }
            public float[] embedQuery(String q) { return mock.embedQuery(q); }
        };
        IndexBuilder.build(read(IngestOptions.defaults(BASE)), java.util.Optional.of(custom),
                IndexBuilder.Settings.defaults("custom:words"), out, n -> { });
        try (DocIndex index = DocIndex.open(out)) {
            assertThat(index.manifest().embedderSpec()).hasToString("custom:words");
            assertThat(index.manifest().embedderId()).isEqualTo("custom:words");
        }
    }

    @Test
    void build_nullEmbedderOrProgress_isANullPointerExceptionNamingIt() {
        Corpus corpus = read(IngestOptions.defaults(BASE));
        IndexBuilder.Settings none = IndexBuilder.Settings.defaults("none");
        assertThatThrownBy(() -> IndexBuilder.build(corpus, null, none, out, n -> { }))
                .isInstanceOf(NullPointerException.class).hasMessage("embedder");
        assertThatThrownBy(() -> IndexBuilder.build(corpus, Embedders.fromSpec("none"), none, out, null))
                .isInstanceOf(NullPointerException.class).hasMessage("embedded");
    }
}
