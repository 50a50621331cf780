package dev.docask.server;

import dev.docask.embed.Embedders;
import dev.docask.index.IndexException;
import dev.docask.retrieve.HybridRetriever;
import dev.docask.retrieve.RetrievalOptions;
import dev.docask.testsupport.FakeModelServer;
import dev.docask.testsupport.SlowTokens;
import dev.docask.testsupport.Wire;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class LiveIndexTest {
    @TempDir
    Path dir;
    LiveIndex live;

    @BeforeEach
    void start() {
        Docs.build(dir);
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
        Docs.rebuild(dir, Docs.EDITED);
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
    void reloadIfChanged_garbageCurrent_keepsServing_andARepairIsNotAReload() throws Exception {
        String before = live.generation();
        Files.writeString(dir.resolve("CURRENT"), "garbage\n");
        assertThat(live.reloadIfChanged()).isFalse();
        assertThat(live.generation()).isEqualTo(before);
        Files.writeString(dir.resolve("CURRENT"), before + "\n");
        assertThat(live.reloadIfChanged()).as("the generation already served").isFalse();
        Docs.rebuild(dir, Docs.EDITED);
        assertThat(live.reloadIfChanged()).isTrue();
    }

    @Test
    void lease_heldAcrossASwap_keepsTheOldGenerationOpenUntilReleased() {
        LiveIndex.Lease lease = live.lease();
        Generation old = lease.generation();
        Docs.rebuild(dir, Docs.EDITED);
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

    @Test
    void reload_underLoad_noRequestFailsAndStreamsFinishOnTheirGeneration(@TempDir Path served) throws Exception {
        Docs.build(served);
        try (FakeModelServer fake = FakeModelServer.start(Wire.OPENAI, new SlowTokens(Duration.ofMillis(40), "Use ", "vi.mock ", "[1]."));
             DocaskServer server = FakeModels.server(served, fake).reloadInterval(Duration.ofMillis(50)).build().start()) {
            Http http = new Http(server.url());
            String first = server.generation();
            AtomicBoolean running = new AtomicBoolean(true);
            AtomicInteger ok = new AtomicInteger();
            List<String> failures = new CopyOnWriteArrayList<>();
            List<Thread> clients = new ArrayList<>();
            for (int i = 0; i < 6; i++) {
                clients.add(Thread.ofVirtual().start(() -> {
                    while (running.get()) {
                        HttpResponse<String> r = http.postJson("/api/ask", "{\"question\":\"how do I mock a module?\"}");
                        List<String> types = FakeModels.types(FakeModels.parts(r.body()));
                        if (r.statusCode() == 200 && types.contains("finish") && !types.contains("error")) {
                            ok.incrementAndGet();
                        } else {
                            failures.add(r.statusCode() + " " + r.body());
                        }
                    }
                }));
            }
            for (int i = 0; i < 3; i++) {
                Thread.sleep(300);
                Docs.rebuild(served, i % 2 == 0 ? Docs.EDITED : Docs.CHUNKS);
            }
            Thread.sleep(300);
            running.set(false);
            for (Thread t : clients) {
                t.join(10_000);
            }
            assertThat(failures).isEmpty();
            assertThat(ok.get()).isGreaterThan(12);
            assertThat(server.generation()).isNotEqualTo(first).isEqualTo("gen-000004");
        }
    }
}
