package dev.docask.server;

import dev.docask.testsupport.FakeModelServer;
import dev.docask.testsupport.SlowTokens;
import dev.docask.testsupport.StreamLoad;
import dev.docask.testsupport.Wire;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpRequest;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Load check, not a timed test: 1000 answer streams at once ({@code -Ddocask.check.streams=N}, at most
 * 2000), {@value #ROUNDS} rounds,
 * against a real server on loopback whose model is the fake OpenAI-compatible server streaming
 * {@value #TOKENS} tokens {@value #GAP_MS} ms apart (about 1 s per answer). Fails on any error and
 * prints the figures recorded in {@code docs/benchmarks.md} ("Server load"). Its name matches
 * neither surefire's nor failsafe's patterns, so it runs only when asked for:
 *
 * <pre>
 * ./mvnw verify -Dit.test=ServerLoadCheck -Dtest=none -Dsurefire.failIfNoSpecifiedTests=false
 * </pre>
 */
class ServerLoadCheck {
    static final int STREAMS = Math.min(2000, Integer.getInteger("docask.check.streams", 1000));
    static final int ROUNDS = 3;
    static final int TOKENS = 20;
    static final int GAP_MS = 50;
    static final String ASK = "{\"question\":\"how do I mock a module?\"}";

    @TempDir
    Path dir;

    @Test
    void concurrentStreams_againstASlowModel_allFinishWithoutErrors() throws Exception {
        List<String> tokens = Collections.nCopies(TOKENS, "word ");
        try (FakeModelServer fake = FakeModelServer.start(Wire.OPENAI, new SlowTokens(Duration.ofMillis(GAP_MS), tokens));
             DocaskServer server = FakeModels.server(Docs.build(dir.resolve("idx")), fake).answerCache(null).build().start();
             StreamLoad load = new StreamLoad()) {
            HttpRequest ask = StreamLoad.ask(server.url() + "/api/ask", ASK);
            load.run(i -> ask, 20); // warm-up: JIT, connection pools
            List<StreamLoad.Stream> all = new ArrayList<>();
            long wall = 0;
            for (int round = 0; round < ROUNDS; round++) {
                long t0 = System.nanoTime();
                List<StreamLoad.Stream> streams = load.run(i -> ask, STREAMS);
                System.out.printf("round %d: %d errors, load average %.1f%n", round + 1,
                        streams.stream().filter(s -> !s.finished()).count(),
                        java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
                all.addAll(streams);
                wall += System.nanoTime() - t0;
            }
            StreamLoad.report("docask server load check: " + ROUNDS + " rounds x " + STREAMS + " concurrent streams, model "
                    + TOKENS + " tokens x " + GAP_MS + " ms", all, wall, fake.requests());
            assertThat(all.stream().filter(s -> !s.finished()).map(StreamLoad.Stream::failure).toList()).isEmpty();
            assertThat(all).hasSize(STREAMS * ROUNDS).allMatch(s -> s.firstSourceNanos() > 0, "every question has sources");
        }
    }
}
