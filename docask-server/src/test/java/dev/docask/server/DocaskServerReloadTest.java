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
