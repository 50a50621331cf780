package dev.docask.index;

import dev.docask.index.internal.IndexEngine;
import dev.docask.index.internal.QueryTerms;

import dev.docask.embed.Embedders;
import dev.docask.ingest.Chunk;
import dev.docask.ingest.Corpus;
import dev.docask.ingest.Framework;
import dev.docask.testsupport.TestIndexes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import dev.docask.index.IndexBuilder.BuildReport;

import static dev.docask.testsupport.TestIndexes.chunk;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class DocIndexTest {
    @TempDir
    Path dir;

    private final List<Chunk> chunks = List.of(
            chunk("https://x.dev/a", "A", "", "alpha beta gamma"),
            chunk("https://x.dev/b", "B", "", "beta delta"),
            chunk("https://x.dev/next/a", "A", "", "alpha beta gamma"));

    @Test
    void writesAsWritten_aNameOnAPage_notItsPartsInAPath_inAnyCase() {
        List<Chunk> written = List.of(
                chunk("https://example.dev/queue", "Queues", "", "Failed events go to a Dead-Letter queue."),
                chunk("https://example.dev/config", "Config", "", "The banner is at /_astro/seo-banner.webp and letter opener.png."),
                chunk("https://example.dev/plugins", "Plugins", "", "Install `quayside-retry` first: npm i quayside-retry."));
        try (DocIndex index = TestIndexes.build(dir, "none", written)) {
            IndexEngine engine = IndexEngine.of(index);
            assertThat(engine.writesAsWritten("dead-letter")).as("written so, in another case").contains(true);
            assertThat(engine.writesAsWritten("quayside-retry")).as("in code and at a sentence's end").contains(true);
            assertThat(engine.writesAsWritten("astro-seo")).as("its parts in order, only inside a path").contains(false);
            assertThat(engine.writesAsWritten("letter-opener")).as("its parts apart").contains(false);
        }
        assertThat(DocIndex.writesLiterally("see astro-seo.png", "astro-seo")).as("a file name is another word").isFalse();
    }

    @Test
    void aFileThisUserMayNotRead_isSaidSo_notCalledDamage() {
        Exception denied = new java.io.UncheckedIOException(new java.nio.file.AccessDeniedException("/idx/gen-000002/chunks.jsonl"));
        assertThat(DocIndex.unreadable(dir, denied)).hasValueSatisfying(e -> assertThat(e).hasMessageContaining(
                "cannot read the index in " + dir + ": permission denied on /idx/gen-000002/chunks.jsonl (docask runs as "));
        assertThat(DocIndex.unreadable(dir, new java.nio.file.NoSuchFileException("x"))).isEmpty();
    }

    @Test
    void aFileThisUserMayNotRead_onDisk_refusesToOpen_withoutFallingBackToAnOlderGeneration() throws Exception {
        TestIndexes.build(dir, "mock", chunks).close();
        TestIndexes.build(dir, "mock", chunks.subList(0, 2)).close(); // an intact older generation stays beside it
        Path current = dir.resolve(DocIndex.generation(dir).orElseThrow()).resolve("chunks.jsonl");
        java.util.Set<java.nio.file.attribute.PosixFilePermission> before = Files.getPosixFilePermissions(current);
        Files.setPosixFilePermissions(current, java.util.Set.of());
        try {
            org.junit.jupiter.api.Assumptions.assumeFalse(Files.isReadable(current), "running as a user who reads anything");
            assertThatThrownBy(() -> DocIndex.open(dir)).isInstanceOf(IndexException.class)
                    .hasMessageContaining("permission denied on " + current).hasMessageNotContaining("damaged");
        } finally {
            Files.setPosixFilePermissions(current, before);
        }
    }

    @Test
    void aClosedIndex_saysItIsClosed_notLucenesClassName() {
        DocIndex index = TestIndexes.build(dir, "mock", chunks);
        dev.docask.retrieve.HybridRetriever retriever = dev.docask.retrieve.HybridRetriever.create(index);
        try (dev.docask.answer.AskHandler handler = dev.docask.answer.AskHandler.builder().retriever(retriever).build()) {
            index.close(); // under a handler built before: building one on a closed index fails at once (AskHandlerInputTest)
            assertThatThrownBy(() -> retriever.retrieve("beta", dev.docask.retrieve.RetrievalOptions.defaults()))
                    .isInstanceOf(IndexException.class).hasMessage("the index in " + dir + " is closed");
            assertThatThrownBy(() -> handler.ask("beta")).isInstanceOf(dev.docask.answer.AskException.class)
                    .hasRootCauseMessage("the index in " + dir + " is closed");
        }
    }

    @Test
    void terms_analyseTextAsAQuestion_identifiersWholeAndSplit_questionWordsGone_wordsStemmed() {
        assertThat(DocIndex.terms("What is createAskHandler with fake timers?"))
                .containsExactly("createaskhandler", "creat", "ask", "handler", "fake", "timer")
                .containsExactlyInAnyOrderElementsOf(DocIndex.terms("create ask handler? createAskHandler, fake TIMER"));
    }

    @Test
    void bm25_aWordTheQuestionRepeats_weighsMore() {
        List<Chunk> two = List.of(
                chunk("https://x.dev/sidebar", "Sidebar", "", "The sidebar lists pages."),
                chunk("https://x.dev/i18n", "Translation", "", "Translate labels for each locale."));
        try (DocIndex idx = TestIndexes.build(dir, "mock", two)) {
            QueryTerms translation = idx.queryTerms("sidebar: translate, translate, translate");
            QueryTerms sidebar = idx.queryTerms("sidebar, sidebar, sidebar: translate");
            assertThat(translation.terms()).containsExactly("sidebar", "translat");
            assertThat(translation.counts()).containsExactly(1, 3);
            assertThat(sidebar.counts()).containsExactly(3, 1);
            assertThat(idx.bm25(translation, 2, null).get(0).chunkId()).isEqualTo(1);
            assertThat(idx.bm25(sidebar, 2, null).get(0).chunkId()).isEqualTo(0);
        }
    }

    @Test
    void queryTerms_wordFoundOnNoPage_getsTheMaximumIdf() {
        try (DocIndex idx = TestIndexes.build(dir, "mock", chunks)) {
            QueryTerms t = idx.queryTerms("beta mumbai", false);
            assertThat(t.terms()).containsExactly("beta", "mumbai");
            double max = Math.log(1 + (3 + 0.5) / 0.5);
            assertThat((double) t.idf()[1]).isCloseTo(max, org.assertj.core.api.Assertions.within(1e-5));
            assertThat(t.idf()[0]).isLessThan(t.idf()[1]);
        }
    }

    @Test
    void copies_canonicalIsFewestSegmentsThenShortest() {
        try (DocIndex idx = TestIndexes.build(dir, "mock", chunks)) {
            assertThat(idx.canonicalOf(2)).isEqualTo(0);
            assertThat(idx.copyUrls(0)).containsExactly("https://x.dev/next/a");
            assertThat(idx.manifest().copies()).isEqualTo(1);
        }
    }

    @Test
    void termPresence_readsThePostings() {
        try (DocIndex idx = TestIndexes.build(dir, "none", chunks)) {
            boolean[][] p = idx.termPresence(idx.queryTerms("gamma delta"), new int[] {1, 0});
            assertThat(p[0]).containsExactly(false, true);
            assertThat(p[1]).containsExactly(true, false);
        }
    }

    @Test
    void rebuild_reusesVectorsOfUnchangedChunks() {
        TestIndexes.build(dir, "mock", chunks).close();
        List<Chunk> changed = new ArrayList<>(chunks);
        changed.set(1, chunk("https://x.dev/b", "B", "", "beta delta epsilon"));
        BuildReport r = IndexBuilder.build(new Corpus(Framework.MARKDOWN, 3, changed, List.of()),
                Embedders.fromSpec("mock"), IndexBuilder.Settings.defaults("mock"), dir, n -> { });
        assertThat(r.reused()).isEqualTo(2);
        assertThat(r.embedded()).isEqualTo(1);
    }

    @Test
    void isStale_detectsChangedContent_withoutAModel() {
        TestIndexes.build(dir, "mock", chunks).close();
        Corpus same = new Corpus(Framework.MARKDOWN, 3, chunks, List.of());
        IndexBuilder.Settings asBuilt = IndexBuilder.Settings.defaults("mock").withSiteName("Test"); // as TestIndexes names it
        assertThat(IndexBuilder.isStale(same, asBuilt, dir)).isFalse();
        Corpus other = new Corpus(Framework.MARKDOWN, 1, List.of(chunk("https://x.dev/z", "Z", "", "zeta")), List.of());
        assertThat(IndexBuilder.isStale(other, asBuilt, dir)).isTrue();
    }

    @Test
    void open_damagedVectors_failsWithAClearMessage() throws Exception {
        TestIndexes.build(dir, "mock", chunks).close();
        Path gen = dir.resolve(Files.readString(dir.resolve("CURRENT")).trim());
        byte[] bytes = Files.readAllBytes(gen.resolve("vectors.bin"));
        bytes[20] ^= 0x55;
        Files.write(gen.resolve("vectors.bin"), bytes);
        assertThatThrownBy(() -> DocIndex.open(dir)).isInstanceOf(IndexException.class)
                .hasMessageContaining("damaged").hasMessageContaining("docask index");
    }

    @Test
    void open_cutChunksFile_namesTheLineWithoutParserInternals() throws Exception {
        Path gen = builtGeneration();
        Files.writeString(gen.resolve("chunks.jsonl"), Files.readString(gen.resolve("chunks.jsonl")).substring(0, 40));
        assertThatThrownBy(() -> DocIndex.open(dir)).isInstanceOf(IndexException.class)
                .hasMessageContaining("chunks.jsonl line 1 is damaged").hasMessageContaining("docask index")
                .hasMessageNotContaining("Source:");
    }

    @Test
    void open_brokenManifest_failsWithAClearMessage() throws Exception {
        Path gen = builtGeneration();
        Files.writeString(gen.resolve("manifest.json"), "{");
        assertThatThrownBy(() -> DocIndex.open(dir)).isInstanceOf(IndexException.class)
                .hasMessageContaining("manifest.json is damaged").hasMessageNotContaining("Source:");
    }

    @Test
    void open_manifestOfNullOrOfAVectorLengthThatCannotBe_isDamaged() throws Exception {
        Path gen = builtGeneration();
        String good = Files.readString(gen.resolve("manifest.json"));
        Files.writeString(gen.resolve("manifest.json"), "null");
        assertThatThrownBy(() -> DocIndex.open(dir)).isInstanceOf(IndexException.class)
                .hasMessageContaining("manifest.json is damaged: it holds no manifest");
        for (int dims : new int[] {0, -5}) {
            var json = (com.fasterxml.jackson.databind.node.ObjectNode) IndexFiles.JSON.readTree(good);
            json.put("dimensions", dims); // the mock index has vectors; a keyword-only one holds 0 rightly
            IndexFiles.JSON.writeValue(gen.resolve("manifest.json").toFile(), json);
            assertThatThrownBy(() -> DocIndex.open(dir)).isInstanceOf(IndexException.class)
                    .hasMessageContaining("manifest.json is damaged: dimensions " + dims);
        }
    }

    @Test
    void open_manifestFieldOfTheWrongType_namesTheFieldWithoutJavaTypes() throws Exception {
        Path gen = builtGeneration();
        var json = (com.fasterxml.jackson.databind.node.ObjectNode) IndexFiles.JSON.readTree(gen.resolve("manifest.json").toFile());
        json.put("chunkSize", "large");
        IndexFiles.JSON.writeValue(gen.resolve("manifest.json").toFile(), json);
        assertThatThrownBy(() -> DocIndex.open(dir)).isInstanceOf(IndexException.class)
                .hasMessageContaining("manifest.json is damaged: 'chunkSize' holds a value of the wrong type")
                .hasMessageNotContaining("java.lang").hasMessageNotContaining("`");
    }

    @Test
    void open_missingLuceneFiles_saysSo() throws Exception {
        Path gen = builtGeneration();
        try (var files = Files.list(gen.resolve("lucene"))) {
            for (Path f : files.toList()) {
                Files.delete(f);
            }
        }
        assertThatThrownBy(() -> DocIndex.open(dir)).isInstanceOf(IndexException.class)
                .hasMessageContaining("Lucene files are missing").hasMessageContaining("docask index");
    }

    private Path builtGeneration() throws Exception {
        TestIndexes.build(dir, "mock", chunks).close();
        return dir.resolve(Files.readString(dir.resolve("CURRENT")).trim());
    }

    @Test
    void open_currentNamesADamagedGeneration_opensTheNewestIntactOlderOne_andSaysSo() throws Exception {
        TestIndexes.build(dir, "mock", chunks).close();
        String first = DocIndex.generation(dir).orElseThrow();
        Path second = builtGeneration();
        Files.delete(second.resolve("vectors.bin"));
        try (DocIndex index = DocIndex.open(dir)) {
            assertThat(index.openedGeneration()).isEqualTo(first);
            assertThat(index.fallback()).hasValueSatisfying(note -> assertThat(note)
                    .contains(second.getFileName() + " in " + dir + " is damaged")
                    .contains("vectors.bin").contains("opened " + first).contains("docask index"));
            assertThat(index.size()).isEqualTo(chunks.size());
        }
    }

    @Test
    void rebuild_overADamagedCurrentGeneration_reusesTheIntactOnesVectors_andKeepsItAsTheFallback() throws Exception {
        TestIndexes.build(dir, "mock", chunks).close();
        String intact = DocIndex.generation(dir).orElseThrow();
        Path damaged = builtGeneration();
        flipVectorByte(damaged);

        IndexBuilder.BuildReport r = IndexBuilder.build(new dev.docask.ingest.Corpus(dev.docask.ingest.Framework.MARKDOWN,
                chunks.size(), chunks, List.of()), IndexBuilder.Settings.defaults("mock").withSiteName("Test"), dir);

        assertThat(r.reused()).as("the intact generation's vectors, not the damaged one's").isEqualTo(chunks.size());
        assertThat(r.embedded()).isZero();
        assertThat(Files.isDirectory(dir.resolve(intact))).as("the intact fallback stays").isTrue();
        try (DocIndex index = DocIndex.open(dir)) {
            assertThat(index.fallback()).isEmpty();
            assertThat(index.size()).isEqualTo(chunks.size());
        }
    }

    private static float[] unit(int dims) {
        float[] q = new float[dims];
        java.util.Arrays.fill(q, (float) (1 / Math.sqrt(dims)));
        return q;
    }

    private static void flipVectorByte(Path gen) throws Exception {
        byte[] bytes = Files.readAllBytes(gen.resolve("vectors.bin"));
        bytes[20] ^= 0x55; // inside the first vector: the file's size and header stay right
        Files.write(gen.resolve("vectors.bin"), bytes);
    }

    @Test
    void open_checkedInTheBackground_answersBeforeTheCheck_thenRefusesADamagedGeneration() throws Exception {
        Path gen = builtGeneration();
        flipVectorByte(gen);
        List<Runnable> checks = new ArrayList<>();
        try (DocIndex index = DocIndex.open(dir, new DocIndex.Verification(0, checks::add))) {
            float[] q = unit(index.manifest().dimensions());
            assertThat(index.nearest(q, 2, null)).hasSize(2); // the first answer does not wait for the check
            assertThat(index.verification()).isNotDone();
            assertThat(IndexEngine.of(index).ready()).isTrue();
            assertThat(checks).hasSize(1);
            checks.get(0).run();
            assertThat(index.verification()).isCompletedWithValue(false);
            assertThat(IndexEngine.of(index).ready()).as("a refused generation cannot answer: /readyz says so").isFalse();
            assertThatThrownBy(() -> index.nearest(q, 2, null)).isInstanceOf(IndexException.class)
                    .hasMessageContaining("is damaged").hasMessageContaining("vectors.bin")
                    .hasMessageContaining("docask index");
        }
    }

    @Test
    void open_checkedInTheBackground_damagedGeneration_theNewestIntactOlderOneAnswersInstead_andSaysSo() throws Exception {
        TestIndexes.build(dir, "mock", chunks).close();
        String first = DocIndex.generation(dir).orElseThrow();
        Path second = builtGeneration();
        flipVectorByte(second);
        List<Runnable> checks = new ArrayList<>();
        try (DocIndex index = DocIndex.open(dir, new DocIndex.Verification(0, checks::add))) {
            assertThat(index.openedGeneration()).isEqualTo(second.getFileName().toString());
            checks.get(0).run();
            assertThat(index.verification()).isCompletedWithValue(false);
            assertThat(index.openedGeneration()).isEqualTo(first);
            assertThat(index.fallback()).hasValueSatisfying(note -> assertThat(note)
                    .contains(second.getFileName() + " in " + dir + " is damaged").contains("vectors.bin")
                    .contains("now answering from " + first).contains("docask index"));
            assertThat(index.nearest(unit(index.manifest().dimensions()), 3, null)).hasSize(3);
            assertThat(index.chunk(1).url()).isEqualTo("https://x.dev/b");
        }
    }

    @Test
    void open_checkedInTheBackground_intactGeneration_staysWithoutAFallback() throws Exception {
        Path gen = builtGeneration();
        List<Runnable> checks = new ArrayList<>();
        try (DocIndex index = DocIndex.open(dir, new DocIndex.Verification(0, checks::add))) {
            checks.forEach(Runnable::run);
            assertThat(index.verification()).isCompletedWithValue(true);
            assertThat(index.openedGeneration()).isEqualTo(gen.getFileName().toString());
            assertThat(index.fallback()).isEmpty();
            assertThat(index.nearest(unit(index.manifest().dimensions()), 1, null)).hasSize(1);
        }
    }

    @Test
    void open_chunksLeftOnDisk_readsTheSameChunksAndCopies_asParsingThemAll() throws Exception {
        builtGeneration();
        try (DocIndex parsed = DocIndex.open(dir);
             DocIndex onDisk = DocIndex.open(dir, new DocIndex.Verification(Long.MAX_VALUE, 0, Runnable::run))) {
            assertThat(onDisk.size()).isEqualTo(parsed.size());
            for (int i = 0; i < parsed.size(); i++) {
                assertThat(onDisk.chunk(i)).isEqualTo(parsed.chunk(i));
                assertThat(onDisk.canonicalOf(i)).isEqualTo(parsed.canonicalOf(i));
                assertThat(onDisk.copyUrls(i)).isEqualTo(parsed.copyUrls(i));
            }
            assertThat(onDisk.bm25(onDisk.queryTerms("delta"), 3, null)).isEqualTo(parsed.bm25(parsed.queryTerms("delta"), 3, null));
        }
    }

    @Test
    void open_chunksLeftOnDisk_indexBuiltBeforeChunksIdx_parsesThem() throws Exception {
        Path gen = builtGeneration();
        Files.delete(gen.resolve("chunks.idx"));
        rewriteManifestWithoutChecksumOf(gen, "chunks.idx");
        try (DocIndex index = DocIndex.open(dir, new DocIndex.Verification(Long.MAX_VALUE, 0, Runnable::run))) {
            assertThat(index.chunk(1).url()).isEqualTo("https://x.dev/b");
        }
    }

    private static void rewriteManifestWithoutChecksumOf(Path gen, String file) throws Exception {
        var json = (com.fasterxml.jackson.databind.node.ObjectNode) IndexFiles.JSON.readTree(gen.resolve("manifest.json").toFile());
        ((com.fasterxml.jackson.databind.node.ObjectNode) json.get("checksums")).remove(file);
        IndexFiles.JSON.writeValue(gen.resolve("manifest.json").toFile(), json);
    }

    @Test
    void open_chunksLeftOnDisk_chunksIdxNotMatchingTheChunks_isRefused() throws Exception {
        Path gen = builtGeneration();
        Files.writeString(gen.resolve("chunks.jsonl"), Files.readString(gen.resolve("chunks.jsonl")) + "\n");
        assertThatThrownBy(() -> DocIndex.open(dir, new DocIndex.Verification(Long.MAX_VALUE, 0, Runnable::run)))
                .isInstanceOf(IndexException.class).hasMessageContaining("chunks.jsonl has").hasMessageContaining("docask index");
    }

    @Test
    void open_smallGeneration_isCheckedBeforeItAnswers() throws Exception {
        Path gen = builtGeneration();
        try (DocIndex index = DocIndex.open(dir)) {
            assertThat(index.verification()).isCompletedWithValue(true);
        }
        flipVectorByte(gen);
        assertThatThrownBy(() -> DocIndex.open(dir)).isInstanceOf(IndexException.class).hasMessageContaining("damaged");
    }

    @Test
    void open_currentsGenerationIntact_opensIt_withoutAFallback() throws Exception {
        Path gen = builtGeneration();
        try (DocIndex index = DocIndex.open(dir)) {
            assertThat(index.openedGeneration()).isEqualTo(gen.getFileName().toString());
            assertThat(index.fallback()).isEmpty();
        }
    }

    @Test
    void open_textChangedInsideTheChunksFile_isRefusedByItsChecksum_namingTheFile() throws Exception {
        Path gen = builtGeneration();
        Path file = gen.resolve("chunks.jsonl");
        Files.writeString(file, Files.readString(file).replace("alpha beta gamma", "alpha beta delta"));
        assertThatThrownBy(() -> DocIndex.open(dir)).isInstanceOf(IndexException.class)
                .hasMessageContaining("chunks.jsonl does not match the checksum recorded when it was built")
                .hasMessageContaining(file.toString()).hasMessageContaining("docask index");
    }

    @Test
    void open_sixteenBytesOfALuceneFileChanged_isRefused_namingTheFile() throws Exception {
        Path gen = builtGeneration();
        Path biggest;
        try (var files = Files.list(gen.resolve("lucene"))) {
            biggest = files.filter(f -> !f.getFileName().toString().startsWith("segments"))
                    .max(java.util.Comparator.comparingLong(f -> f.toFile().length())).orElseThrow();
        }
        byte[] bytes = Files.readAllBytes(biggest);
        for (int i = bytes.length / 2; i < bytes.length / 2 + 16; i++) {
            bytes[i] ^= 0x5a;
        }
        Files.write(biggest, bytes);
        assertThatThrownBy(() -> DocIndex.open(dir)).isInstanceOf(IndexException.class)
                .hasMessageContaining("damaged").hasMessageContaining(biggest.getFileName().toString())
                .hasMessageContaining("docask index").hasMessageNotContaining("MMapIndexInput");
    }

    @Test
    void open_anIndexBuiltBeforeChecksumsWereRecorded_stillOpens() throws Exception {
        Path gen = builtGeneration();
        Path manifest = gen.resolve("manifest.json");
        var json = (com.fasterxml.jackson.databind.node.ObjectNode) IndexFiles.JSON.readTree(manifest.toFile());
        json.remove("checksums");
        IndexFiles.JSON.writeValue(manifest.toFile(), json);
        try (DocIndex index = DocIndex.open(dir)) {
            assertThat(index.size()).isEqualTo(chunks.size());
        }
    }

    @Test
    void open_missingIndex_saysHowToBuildOne() {
        assertThatThrownBy(() -> DocIndex.open(dir.resolve("nope"))).isInstanceOf(IndexException.class)
                .hasMessageContaining("no docask index");
    }

    @Test
    void rebuild_publishesANewGeneration_andKeepsThePrevious() throws Exception {
        TestIndexes.build(dir, "mock", chunks).close();
        String first = DocIndex.generation(dir).orElseThrow();
        TestIndexes.build(dir, "mock", chunks).close();
        TestIndexes.build(dir, "mock", chunks).close();
        String third = DocIndex.generation(dir).orElseThrow();
        assertThat(third).isNotEqualTo(first);
        try (var s = Files.list(dir)) {
            assertThat(s.filter(p -> p.getFileName().toString().startsWith("gen-")).count()).isEqualTo(2);
        }
    }

    @Test
    void garbageCurrentFile_readersSayRebuild_andARebuildRepairsIt() throws Exception {
        TestIndexes.build(dir, "mock", chunks).close();
        Files.writeString(dir.resolve("CURRENT"), "../../etc\n");
        assertThatThrownBy(() -> DocIndex.open(dir)).isInstanceOf(IndexException.class)
                .hasMessageContaining("damaged").hasMessageContaining("docask index");
        TestIndexes.build(dir, "mock", chunks).close();
        try (DocIndex repaired = DocIndex.open(dir)) {
            assertThat(repaired.size()).isEqualTo(chunks.size());
        }
    }

    @Test
    void build_intoAFolderHoldingOtherFiles_isRefusedAndTouchesNothing() throws Exception {
        Path mine = Files.createDirectories(dir.resolve("gen-000007")).resolve("mine.txt");
        Files.writeString(mine, "keep");
        assertThatThrownBy(() -> TestIndexes.build(dir, "mock", chunks)).isInstanceOf(IndexException.class)
                .hasMessageContaining("not a docask index").hasMessageContaining(mine.toString());
        assertThat(mine).hasContent("keep");
        assertThat(dir.resolve("CURRENT")).doesNotExist();
    }

    @Test
    void rebuildAfterGarbageCurrent_reusesTheVectorsOfTheNewestGeneration() throws Exception {
        TestIndexes.build(dir, "mock", chunks).close();
        Files.write(dir.resolve("CURRENT"), new byte[] {'g', 0, (byte) 0xff});
        assertThatThrownBy(() -> DocIndex.open(dir)).hasMessageContaining("CURRENT is not text");
        BuildReport r = IndexBuilder.build(new Corpus(Framework.MARKDOWN, 3, chunks, List.of()),
                Embedders.fromSpec("mock"), IndexBuilder.Settings.defaults("mock"), dir, n -> { });
        assertThat(r.embedded()).isZero();
    }

    @Test
    void open_currentNamingAMissingGeneration_saysSo() throws Exception {
        TestIndexes.build(dir, "mock", chunks).close();
        Files.writeString(dir.resolve("CURRENT"), "gen-000099\n");
        assertThatThrownBy(() -> DocIndex.open(dir)).isInstanceOf(IndexException.class)
                .hasMessageContaining("CURRENT names gen-000099, which is missing").hasMessageContaining("docask index");
    }

    @Test
    void build_intoAFile_isRefused() throws Exception {
        Path file = Files.writeString(dir.resolve("notes.txt"), "keep");
        assertThatThrownBy(() -> TestIndexes.build(file, "mock", chunks)).isInstanceOf(IndexException.class)
                .hasMessageContaining("is a file");
        assertThat(file).hasContent("keep");
    }

    @Test
    void build_afterABuildThatWasCutShort_cleansItsLeftoverGeneration() throws Exception {
        Path leftover = Files.createDirectories(dir.resolve("gen-000001"));
        Files.writeString(leftover.resolve("chunks.jsonl"), "");
        TestIndexes.build(dir, "mock", chunks).close();
        TestIndexes.build(dir, "mock", chunks).close();
        assertThat(leftover).doesNotExist();
    }

    @Test
    void open_chunksFileWithBytesThatAreNotUtf8_saysSoInWords() throws Exception {
        Path chunks = builtGeneration().resolve("chunks.jsonl");
        byte[] bytes = Files.readAllBytes(chunks);
        bytes[bytes.length / 2] = (byte) 0xff;
        Files.write(chunks, bytes);
        assertThatThrownBy(() -> DocIndex.open(dir)).isInstanceOf(IndexException.class)
                .hasMessageContaining("not UTF-8 text").hasMessageNotContaining("Input length");
    }

    @Test
    void open_emptiedLuceneFile_saysDamagedWithoutLuceneInternals() throws Exception {
        Path gen = builtGeneration();
        try (var files = Files.list(gen.resolve("lucene"))) {
            for (Path f : files.filter(f -> !f.getFileName().toString().startsWith("segments")).toList()) {
                Files.write(f, new byte[0]);
            }
        }
        assertThatThrownBy(() -> DocIndex.open(dir)).isInstanceOf(IndexException.class)
                .hasMessageContaining("Lucene files are").hasMessageContaining("docask index")
                .hasMessageNotContaining("Directory@");
    }

    @Test
    void open_deletedVectorsFile_saysWhichFileIsMissing() throws Exception {
        Path gen = builtGeneration();
        Files.delete(gen.resolve("vectors.bin"));
        assertThatThrownBy(() -> DocIndex.open(dir)).isInstanceOf(IndexException.class)
                .hasMessageContaining("a file is missing").hasMessageContaining("vectors.bin");
    }

    @Test
    void bm25AndNearest_nAboveTheIndexSize_returnEveryMatch() {
        try (DocIndex idx = TestIndexes.build(dir, "mock", chunks)) {
            assertThat(idx.bm25(idx.queryTerms("beta"), Integer.MAX_VALUE, null)).hasSize(3);
            assertThat(idx.bm25(idx.queryTerms("beta"), Integer.MAX_VALUE, dev.docask.index.internal.Allowed.chunks(new java.util.BitSet()))).isEmpty();
            float[] q = Embedders.fromSpec("mock").orElseThrow().embedQuery("beta");
            assertThat(idx.nearest(q, Integer.MAX_VALUE, null)).hasSize(3);
        }
    }

    @Test
    void bm25AndNearest_nBelowOne_isAClearError() {
        try (DocIndex idx = TestIndexes.build(dir, "mock", chunks)) {
            float[] q = Embedders.fromSpec("mock").orElseThrow().embedQuery("beta");
            for (int n : new int[] {0, -1}) {
                assertThatThrownBy(() -> idx.bm25(idx.queryTerms("beta"), n, null))
                        .isInstanceOf(IllegalArgumentException.class).hasMessage("n must be at least 1, got " + n);
                assertThatThrownBy(() -> idx.nearest(q, n, null))
                        .isInstanceOf(IllegalArgumentException.class).hasMessage("n must be at least 1, got " + n);
            }
        }
    }

    @Test
    void open_null_isANullPointerExceptionNamingDir() {
        assertThatThrownBy(() -> DocIndex.open(null)).isInstanceOf(NullPointerException.class).hasMessage("dir");
    }

    private final List<Chunk> typoSite = List.of(
            chunk("https://x.dev/sidebar", "Sidebar", "", "Configure the sidebar: each setting is optional."),
            chunk("https://x.dev/deploy", "Deploy", "", "Deployment to static hosting."),
            chunk("https://x.dev/i18n", "Translation", "", "Internationalization of every label."));

    @Test
    void closeWords_aWordOnNoPage_isReplacedByTheSitesClosestWrittenWord_withLessWeight() {
        try (DocIndex idx = TestIndexes.build(dir, "mock", typoSite)) {
            QueryTerms t = idx.queryTerms("how to configre the sidbar", true);

            assertThat(t.terms()).containsExactly("configur", "sidebar");
            assertThat(t.asked()).containsExactly("configr", "sidbar");
            assertThat(t.weights()[1]).as("1 - 1 edit / 6 letters").isCloseTo(1 - 1f / 6, org.assertj.core.api.Assertions.within(1e-6f));
            assertThat(t.respelt()).containsEntry("sidbar", "sidebar").containsEntry("configre", "configure");
            assertThat(t.respell("How to configre the Sidbar?")).isEqualTo("How to configure the sidebar?");
        }
    }

    @Test
    void coverage_wordOnlySharingAStemWithASiteWord_isNotCovered() {
        List<Chunk> site = List.of(
                chunk("https://x.dev/title", "Titles", "", "Each heading is capitalized in the sidebar."),
                chunk("https://x.dev/mock", "Mocking", "", "Mock a module before the tests import it."));
        try (DocIndex idx = TestIndexes.build(dir, "mock", site)) {
            QueryTerms t = idx.queryTerms("What is the capital of Canada?", true);
            // "capital" and "capitalized" share the stem "capit", but "capital" is written on no page
            assertThat(t.terms()).contains("capit");
            assertThat(t.coverage()[t.terms().indexOf("capit")]).isEqualTo(DocIndex.STEM_ONLY_COVERAGE);
            assertThat(t.weights()[t.terms().indexOf("capit")]).as("BM25 still searches the stem").isEqualTo(1f);
        }
    }

    @Test
    void coverage_inflectedFormOfASiteWord_isCoveredInFull() {
        List<Chunk> site = List.of(
                chunk("https://x.dev/mock", "Mocking", "", "Mock a module before the tests import it."),
                chunk("https://x.dev/label", "Labels", "", "Every category gets a label."));
        try (DocIndex idx = TestIndexes.build(dir, "mock", site)) {
            QueryTerms t = idx.queryTerms("mocking modules, labelled categories", true);
            assertThat(t.coverage()).as("mocking/mock, modules/module, labelled/label, categories/category")
                    .containsOnly(1f);
        }
    }

    @Test
    void queryTerms_flagAskedWithoutItsDashes_matchesTheFlag_atFullWeight() {
        List<Chunk> cli = List.of(
                chunk("https://x.dev/cli", "CLI", "", "Pass --yarv-snib-tolk to keep the queue between runs."),
                chunk("https://x.dev/config", "Config", "", "The keep-alive option holds connections open."));
        try (DocIndex idx = TestIndexes.build(dir, "mock", cli)) {
            QueryTerms bare = idx.queryTerms("yarv-snib-tolk", false);
            assertThat(bare.terms()).containsExactly("--yarv-snib-tolk", "yarv", "snib", "tolk");
            assertThat(bare.asked()).first().isEqualTo("yarv-snib-tolk");
            assertThat(bare.weights()).containsOnly(1f);
            assertThat(bare.respelt()).isEmpty();
            assertThat(idx.queryTerms("--keep-alive", false).terms()).first().isEqualTo("keep-alive");
            assertThat(idx.queryTerms("--yarv-snib-tolk", false).terms()).first().isEqualTo("--yarv-snib-tolk");
        }
    }

    @Test
    void queryTerms_aVersionOnNoPage_standsInAsTheSitesNameForItsMajor() {
        List<Chunk> site = List.of(
                chunk("https://x.dev/migration/v3", "Upgrading to v3", "", "Upgrading to v3 needs React 18 and MDX 3.0."),
                chunk("https://x.dev/config", "Config", "", "The build option sets the output folder."));
        try (DocIndex idx = TestIndexes.build(dir, "mock", site)) {
            QueryTerms released = idx.queryTerms("build fails after upgrading to 3.1.0", false);
            assertThat(released.terms()).contains("v3").doesNotContain("3.1.0");
            assertThat(released.asked()).contains("3.1.0");
            assertThat(released.respelt()).isEmpty();
            assertThat(idx.queryTerms("upgrading from v2.4 to v3.9", false).terms()).as("v3.9 is asked as v3 already")
                    .contains("v3").doesNotContain("v3.9");
            assertThat(idx.queryTerms("upgrading to 3.0", false).terms()).as("a version the site writes stays").contains("3.0");
            assertThat(idx.queryTerms("wait 3.1 seconds", false).terms()).as("not a version").contains("3.1");
        }
    }

    @Test
    void closeWords_theStemOfTheRightWord_notOfTheTypo_isSearched() {
        try (DocIndex idx = TestIndexes.build(dir, "mock", typoSite)) {
            // the stemmer cuts "steting" to "stete" but "setting" to "set": the match is made on written words
            assertThat(idx.queryTerms("sidebar steting", true).terms()).containsExactly("sidebar", "set");
        }
    }

    @Test
    void closeWords_twoEditsOnlyFromEightLetters_oneBelow_noneUnderFour() {
        try (DocIndex idx = TestIndexes.build(dir, "mock", typoSite)) {
            assertThat(idx.queryTerms("intrenationalizaton", true).terms()).as("two edits, 19 letters").containsExactly("internation");
            assertThat(idx.queryTerms("sdibra", true).terms()).as("two edits, 6 letters: too far").containsExactly("sdibra");
            assertThat(idx.queryTerms("sidbr", true).terms()).as("two edits, 5 letters: too far").containsExactly("sidbr");
            assertThat(idx.queryTerms("lbel", true).terms()).as("one edit, 4 letters").containsExactly("label");
            assertThat(idx.queryTerms("hos", true).terms()).as("under 4 letters, never respelt").containsExactly("ho");
        }
    }

    @Test
    void closeWords_wordsThePagesHave_andIdentifiers_areLeftAlone() {
        try (DocIndex idx = TestIndexes.build(dir, "mock", typoSite)) {
            QueryTerms t = idx.queryTerms("deploy sidebar", true);
            assertThat(t.respelt()).isEmpty();
            assertThat(t.weights()).containsExactly(1f, 1f);
            assertThat(idx.queryTerms("sidbar.config", true).terms()).as("an identifier is searched as typed")
                    .contains("sidbar.config");
        }
    }

    @Test
    void closeWords_anEnglishWordOnNoPage_isRespeltOnlyIntoAVariantOfItself_oneEditInItsSecondHalf() {
        List<Chunk> site = List.of(
                chunk("https://x.dev/signup", "Sign up", "", "A form to register a new user."),
                chunk("https://x.dev/find", "Find", "", "Search the docs from the navbar, in raw HTML."),
                chunk("https://x.dev/theme", "Theme", "", "Set the color of the navbar."));
        try (DocIndex idx = TestIndexes.build(dir, "mock", site)) {
            QueryTerms t = idx.queryTerms("transfer a domain to another registrar, keyword research, draw a plan", true);
            assertThat(t.respelt()).as("other words, not typos: registrar/register and research/search are two edits "
                    + "apart, draw/raw differs in its first half").isEmpty();
            assertThat(t.terms()).contains("registrar", "research", "draw");
            assertThat(idx.queryTerms("the colour of the navbar", true).respelt()).as("one edit in its second half")
                    .containsExactly(java.util.Map.entry("colour", "color"));
            assertThat(idx.queryTerms("regsiter a user", true).respelt()).as("a typo, no English word: as before")
                    .containsEntry("regsiter", "register");
        }
    }

    @Test
    void closeWords_off_keepsTheUnknownWordAsTyped() {
        try (DocIndex idx = TestIndexes.build(dir, "mock", typoSite)) {
            QueryTerms t = idx.queryTerms("sidbar", false);
            assertThat(t.terms()).containsExactly("sidbar");
            assertThat(t.respelt()).isEmpty();
        }
    }

    @Test
    void closeWords_aTypoOfAWordTheQuestionAlsoHas_countsAsThatWordOnceMore() {
        try (DocIndex idx = TestIndexes.build(dir, "mock", typoSite)) {
            QueryTerms t = idx.queryTerms("sidebar sidbar", true);
            assertThat(t.terms()).containsExactly("sidebar");
            assertThat(t.counts()).containsExactly(2);
        }
    }

    @Test
    void closeWords_aRespeltIdentifiersParts_standForThePartsOfTheSitesSpelling() {
        List<Chunk> site = List.of(
                chunk("https://x.dev/config", "Config", "", "Set `docsUrl` to move the docs; an `<ul>` lists them."),
                chunk("https://x.dev/deploy", "Deploy", "", "Deployment to static hosting."));
        try (DocIndex idx = TestIndexes.build(dir, "mock", site)) {
            QueryTerms t = idx.queryTerms("allow docsrUl", true);
            // "docsr" (on no page) and "ul" (on one) are pieces of the typo: the site writes `docsUrl`
            assertThat(t.terms()).containsExactly("allow", "docsurl", "doc", "url");
            assertThat(t.weights()).containsExactly(1f, 1 - 1f / 7, 1 - 1f / 7, 1 - 1f / 7);
            assertThat(idx.queryTerms("allow docsrUl in an ul", true).terms()).as("asked as a word of its own too")
                    .containsExactly("allow", "docsurl", "doc", "ul");
            assertThat(t.respelt()).containsExactly(java.util.Map.entry("docsrul", "docsurl"));
            assertThat(t.respell("allow docsrUl")).isEqualTo("allow docsurl");
        }
    }

    @Test
    void closeWords_aWordTheSiteWritesOnlyAsAnIdentifier_standsInAsTheIdentifiersWhole() {
        List<Chunk> site = List.of(
                chunk("https://x.dev/page", "Pages", "", "Each page reads its `frontMatter` first."),
                chunk("https://x.dev/deploy", "Deploy", "", "Deployment to static hosting."));
        try (DocIndex idx = TestIndexes.build(dir, "mock", site)) {
            // the stem of "frontmatter" ("frontmatt") is on no page; the identifier's whole is
            QueryTerms t = idx.queryTerms("hide a page via frntmatter", true);
            assertThat(t.terms()).contains("frontmatter").doesNotContain("frntmatter", "frontmatt");
            assertThat(t.respelt()).containsEntry("frntmatter", "frontmatter");
        }
    }

    @Test
    void closeWords_aRespeltIdentifierTheSiteNeverSplits_leavesTheTyposPartsOut() {
        List<Chunk> site = List.of(
                chunk("https://x.dev/config", "Config", "", "The docsurl key moves the docs; an `<ul>` lists them."),
                chunk("https://x.dev/deploy", "Deploy", "", "Deployment to static hosting."));
        try (DocIndex idx = TestIndexes.build(dir, "mock", site)) {
            assertThat(idx.queryTerms("allow docsrUl", true).terms()).containsExactly("allow", "docsurl");
        }
    }
}
