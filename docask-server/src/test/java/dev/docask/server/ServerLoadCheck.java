package dev.docask.server;

import dev.docask.testsupport.FakeModelServer;
import dev.docask.testsupport.SlowTokens;
import dev.docask.testsupport.Wire;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Load check, not a timed test: {@value #STREAMS} answer streams at once, {@value #ROUNDS} rounds,
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
    static final int STREAMS = 200;
    static final int ROUNDS = 3;
    static final int TOKENS = 20;
    static final int GAP_MS = 50;
    static final String ASK = "{\"question\":\"how do I mock a module?\"}";

    @TempDir
    Path dir;

    record Stream(long firstSourceNanos, long firstTextNanos, long totalNanos, boolean finished, String failure) {
    }

    @Test
    void concurrentStreams_againstASlowModel_allFinishWithoutErrors() throws Exception {
        List<String> tokens = Collections.nCopies(TOKENS, "word ");
        try (FakeModelServer fake = FakeModelServer.start(Wire.OPENAI, new SlowTokens(Duration.ofMillis(GAP_MS), tokens));
             DocaskServer server = FakeModels.server(Docs.build(dir.resolve("idx")), fake).answerCache(null).build().start();
             ExecutorService clients = Executors.newVirtualThreadPerTaskExecutor()) {
            HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                    .executor(Executors.newVirtualThreadPerTaskExecutor()).build();
            HttpRequest ask = HttpRequest.newBuilder(java.net.URI.create(server.url() + "/api/ask"))
                    .header("Content-Type", "application/json").timeout(Duration.ofSeconds(60))
                    .POST(HttpRequest.BodyPublishers.ofString(ASK)).build();
            run(http, ask, clients, 20); // warm-up: JIT, connection pools
            List<Stream> all = new ArrayList<>();
            long wall = 0;
            for (int round = 0; round < ROUNDS; round++) {
                long t0 = System.nanoTime();
                all.addAll(run(http, ask, clients, STREAMS));
                wall += System.nanoTime() - t0;
            }
            List<String> failures = all.stream().filter(s -> !s.finished()).map(Stream::failure).toList();
            report(all, wall, fake.requests());
            assertThat(failures).isEmpty();
            assertThat(all).hasSize(STREAMS * ROUNDS);
        }
    }

    private static List<Stream> run(HttpClient http, HttpRequest ask, ExecutorService clients, int n) throws InterruptedException {
        List<Stream> results = new CopyOnWriteArrayList<>();
        CountDownLatch go = new CountDownLatch(1);
        CountDownLatch done = new CountDownLatch(n);
        for (int i = 0; i < n; i++) {
            clients.execute(() -> {
                try {
                    go.await();
                    results.add(stream(http, ask));
                } catch (Exception e) {
                    results.add(new Stream(0, 0, 0, false, e.toString()));
                } finally {
                    done.countDown();
                }
            });
        }
        go.countDown();
        done.await();
        return results;
    }

    private static Stream stream(HttpClient http, HttpRequest ask) throws Exception {
        long t0 = System.nanoTime();
        HttpResponse<InputStream> r = http.send(ask, HttpResponse.BodyHandlers.ofInputStream());
        long source = 0;
        long text = 0;
        boolean finished = false;
        boolean error = false;
        try (BufferedReader in = new BufferedReader(new InputStreamReader(r.body(), StandardCharsets.UTF_8))) {
            for (String line; (line = in.readLine()) != null; ) {
                if (source == 0 && line.contains("\"source-url\"")) {
                    source = System.nanoTime() - t0;
                } else if (text == 0 && line.contains("\"text-delta\"")) {
                    text = System.nanoTime() - t0;
                } else if (line.contains("\"type\":\"finish\"")) {
                    finished = true;
                } else if (line.contains("\"type\":\"error\"")) {
                    error = true;
                }
            }
        }
        boolean ok = r.statusCode() == 200 && finished && !error && source > 0 && text > 0;
        return new Stream(source, text, System.nanoTime() - t0, ok, ok ? null : "status " + r.statusCode() + (error ? " error part" : ""));
    }

    private static void report(List<Stream> all, long wallNanos, int modelRequests) {
        List<Stream> ok = all.stream().filter(Stream::finished).toList();
        System.out.printf(Locale.ROOT, "%n=== docask server load check: %d rounds x %d concurrent streams, model %d tokens x %d ms ===%n",
                ROUNDS, STREAMS, TOKENS, GAP_MS);
        System.out.printf(Locale.ROOT, "streams %d, errors %d, model requests %d, %.1f streams/s over %.1f s%n",
                all.size(), all.size() - ok.size(), modelRequests, all.size() / (wallNanos / 1e9), wallNanos / 1e9);
        System.out.println("| | p50 | p95 | p99 | max |");
        System.out.println("|---|---|---|---|---|");
        row("sources arrive (ms)", ok.stream().mapToLong(Stream::firstSourceNanos).sorted().toArray());
        row("first text (ms)", ok.stream().mapToLong(Stream::firstTextNanos).sorted().toArray());
        row("whole stream (ms)", ok.stream().mapToLong(Stream::totalNanos).sorted().toArray());
        Runtime rt = Runtime.getRuntime();
        System.out.printf(Locale.ROOT, "heap in use after the run: %d MiB; cores: %d%n",
                (rt.totalMemory() - rt.freeMemory()) >> 20, rt.availableProcessors());
    }

    private static void row(String name, long[] sorted) {
        if (sorted.length == 0) {
            return;
        }
        System.out.printf(Locale.ROOT, "| %s | %.0f | %.0f | %.0f | %.0f |%n", name, pct(sorted, 0.50), pct(sorted, 0.95),
                pct(sorted, 0.99), sorted[sorted.length - 1] / 1e6);
    }

    private static double pct(long[] sorted, double p) {
        return sorted[Math.min(sorted.length - 1, (int) Math.ceil(p * sorted.length) - 1)] / 1e6;
    }
}
