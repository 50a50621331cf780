package dev.docask.answer.internal;

import dev.docask.embed.Embedders;
import dev.docask.index.IndexException;
import dev.docask.retrieve.HybridRetriever;
import dev.docask.ingest.Chunk;
import dev.docask.retrieve.RetrievalOptions;
import dev.docask.testsupport.TestIndexes;
import dev.docask.testsupport.TestSites;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class LiveIndexTest {
    /** The Vitest site after an edit: the config page now talks about flaky tests. */
    private static final List<Chunk> EDITED = List.of(TestSites.MOCKING, TestSites.TIMERS,
            TestIndexes.chunk("https://vitest.dev/config/#retry", "Config", "retry", "The retry option reruns flaky tests."));

    @TempDir
    Path dir;
    LiveIndex live;

    @BeforeEach
    void start() {
        TestIndexes.build(dir, "mock", TestSites.VITEST).close();
        // a long interval: the tests trigger reloads themselves
        live = new LiveIndex(dir, (name, index) -> new Generation(name, index,
                HybridRetriever.create(index, Embedders.fromSpec("mock")), null), Duration.ofHours(1));
    }

    @AfterEach
    void stop() {
        live.close();
    }

    @Test
    void reloadIfChanged_newGeneration_swapsToIt() {
        String before = live.generation();
        assertThat(live.reloadIfChanged()).isFalse();
        TestIndexes.build(dir, "mock", EDITED).close();
        assertThat(live.reloadIfChanged()).isTrue();
        assertThat(live.generation()).isNotEqualTo(before);
        try (LiveIndex.Lease lease = live.lease()) {
            String text = lease.generation().retriever().retrieve("flaky tests retry", RetrievalOptions.defaults())
                    .sources().get(0).text();
            assertThat(text).contains("flaky");
        }
    }

    @Test
    void reloadIfChanged_brokenGeneration_isRejectedAndTheOldKeepsServing() throws Exception {
        String before = live.generation();
        Path broken = Files.createDirectories(dir.resolve("gen-000099"));
        Files.writeString(broken.resolve("manifest.json"), "{ not json");
        Files.writeString(dir.resolve("CURRENT"), "gen-000099\n");
        assertThat(live.reloadIfChanged()).isFalse();
        assertThat(live.generation()).isEqualTo(before);
        try (LiveIndex.Lease lease = live.lease()) {
            assertThat(lease.generation().retriever().retrieve("vi.mock module", RetrievalOptions.defaults())
                    .answerable()).isTrue();
        }
        assertThat(live.reloadIfChanged()).as("the same broken generation is not retried").isFalse();
    }

    @Test
    void reloadIfChanged_newGenerationWhoseChunkTextWasChanged_isRejectedByItsChecksum_andTheOldKeepsServing() throws Exception {
        String before = live.generation();
        TestIndexes.build(dir, "mock", EDITED).close();
        Path gen = dir.resolve(Files.readString(dir.resolve("CURRENT")).trim());
        Path chunks = gen.resolve("chunks.jsonl");
        Files.writeString(chunks, Files.readString(chunks).replace("flaky", "flakx"));
        assertThat(live.reloadIfChanged()).isFalse();
        assertThat(live.generation()).isEqualTo(before);
    }

    /** Writes a gate block docask did not write whole (no embedderId, no calibratedAt) into the current generation. */
    private void damageTheRecordedGate() throws Exception {
        Path manifest = dir.resolve(Files.readString(dir.resolve("CURRENT")).strip()).resolve("manifest.json");
        var mapper = new com.fasterxml.jackson.databind.ObjectMapper();
        var json = (com.fasterxml.jackson.databind.node.ObjectNode) mapper.readTree(manifest.toFile());
        json.putObject("gate").put("minKeywordCoverage", 0.5);
        mapper.writeValue(manifest.toFile(), json);
    }

    @Test
    void reloadIfChanged_newGenerationWithADamagedGate_isRejectedAndTheOldKeepsServing() throws Exception {
        String before = live.generation();
        TestIndexes.build(dir, "mock", EDITED).close();
        damageTheRecordedGate();
        assertThat(live.reloadIfChanged()).isFalse();
        assertThat(live.generation()).isEqualTo(before);
        try (LiveIndex.Lease lease = live.lease()) {
            assertThat(lease.generation().retriever().retrieve("vi.mock module", RetrievalOptions.defaults())
                    .answerable()).isTrue();
        }
    }

    @Test
    void constructor_damagedGate_failsLoudlyNamingIt() throws Exception {
        damageTheRecordedGate();
        assertThatThrownBy(() -> new LiveIndex(dir, (name, index) -> new Generation(name, index,
                HybridRetriever.create(index, Embedders.fromSpec("mock")), null), Duration.ofHours(1)))
                .isInstanceOf(IndexException.class).hasMessageContaining("the gate recorded in manifest.json is damaged");
    }

    @Test
    void reloadIfChanged_garbageCurrent_keepsServing_andARepairIsNotAReload() throws Exception {
        String before = live.generation();
        Files.writeString(dir.resolve("CURRENT"), "garbage\n");
        assertThat(live.reloadIfChanged()).isFalse();
        assertThat(live.generation()).isEqualTo(before);
        Files.writeString(dir.resolve("CURRENT"), before + "\n");
        assertThat(live.reloadIfChanged()).as("the generation already served").isFalse();
        TestIndexes.build(dir, "mock", EDITED).close();
        assertThat(live.reloadIfChanged()).isTrue();
    }

    @Test
    void lease_heldAcrossASwap_keepsTheOldGenerationOpenUntilReleased() {
        LiveIndex.Lease lease = live.lease();
        Generation old = lease.generation();
        TestIndexes.build(dir, "mock", EDITED).close();
        live.reloadIfChanged();
        assertThat(old.closed()).isFalse();
        assertThat(old.retriever().retrieve("vi.mock module", RetrievalOptions.defaults()).answerable()).isTrue();
        lease.close();
        assertThat(old.closed()).isTrue();
        assertThat(old.retain()).as("a closed generation cannot be leased").isFalse();
    }

    @Test
    void constructor_noIndex_failsLoudly(@TempDir Path empty) {
        assertThatThrownBy(() -> new LiveIndex(empty, (n, i) -> null, Duration.ofSeconds(1)))
                .isInstanceOf(IndexException.class).hasMessageContaining("no docask index");
    }
}
