package dev.docask.server;

import dev.docask.testsupport.FakeModelServer;
import dev.docask.testsupport.SlowTokens;
import dev.docask.testsupport.Wire;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/** Hot reload of the served index, under load. */
class DocaskServerReloadTest {
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
            // paced by what happened, not by sleeps a busy machine may outrun: answers before each rebuild,
            // the server on the new generation before the next one, and answers on the last
            String seen = first;
            for (int i = 0; i < 3; i++) {
                awaitAnswers(ok, ok.get() + 4, failures);
                Docs.rebuild(served, i % 2 == 0 ? Docs.EDITED : Docs.CHUNKS);
                seen = awaitGenerationAfter(server, seen);
            }
            awaitAnswers(ok, ok.get() + 4, failures);
            running.set(false);
            for (Thread t : clients) {
                t.join(30_000);
            }
            assertThat(failures).isEmpty();
            assertThat(ok.get()).isGreaterThanOrEqualTo(16);
            assertThat(server.generation()).isNotEqualTo(first).isEqualTo("gen-000004");
        }
    }

    private static void awaitAnswers(AtomicInteger ok, int atLeast, List<String> failures) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (ok.get() < atLeast && failures.isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertThat(failures).isEmpty();
        assertThat(ok.get()).as("answers while the index changes").isGreaterThanOrEqualTo(atLeast);
    }

    private static String awaitGenerationAfter(DocaskServer server, String before) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos(); // the server checks every 50 ms
        while (server.generation().equals(before) && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertThat(server.generation()).as("reloaded after the rebuild").isNotEqualTo(before);
        return server.generation();
    }
}
