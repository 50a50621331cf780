package dev.docask.server;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Load check, not a timed test: {@value #SESSIONS} MCP sessions at once (the SDK's client over Streamable
 * HTTP), each calling {@code search_docs} {@value #CALLS} times, against a real server on loopback. Fails on
 * any error and prints the figures recorded in {@code docs/benchmarks.md} ("MCP load"). Its name matches
 * neither surefire's nor failsafe's patterns, so it runs only when asked for:
 *
 * <pre>
 * ./mvnw verify -pl docask-server -Dit.test=McpLoadCheck -Dtest=none -Dsurefire.failIfNoSpecifiedTests=false
 * </pre>
 */
class McpLoadCheck {
    static final int SESSIONS = 100;
    static final int CALLS = 10;

    @TempDir
    Path dir;

    @Test
    void concurrentSessions_callingSearchDocs_allSucceed() throws Exception {
        try (DocaskServer server = DocaskServer.builder().indexDir(Docs.build(dir.resolve("idx"))).port(0)
                .mcpRateLimit(RateLimit.OFF).build().start();
             ExecutorService clients = Executors.newVirtualThreadPerTaskExecutor()) {
            run(server.url(), clients, 10); // warm-up: JIT, connection pools
            List<Long> calls = new CopyOnWriteArrayList<>();
            List<String> failures = new CopyOnWriteArrayList<>();
            long t0 = System.nanoTime();
            run(server.url(), clients, SESSIONS, calls, failures);
            long wall = System.nanoTime() - t0;
            long[] sorted = calls.stream().mapToLong(Long::longValue).sorted().toArray();
            System.out.printf(Locale.ROOT, "%n=== docask MCP load check: %d concurrent sessions x %d search_docs calls ===%n",
                    SESSIONS, CALLS);
            System.out.printf(Locale.ROOT, "calls %d, errors %d, %.0f calls/s over %.1f s (sessions' start included)%n",
                    sorted.length, failures.size(), sorted.length / (wall / 1e9), wall / 1e9);
            System.out.printf(Locale.ROOT, "search_docs call (ms): p50 %.1f, p95 %.1f, p99 %.1f, max %.1f; cores %d%n",
                    pct(sorted, 0.50), pct(sorted, 0.95), pct(sorted, 0.99), sorted[sorted.length - 1] / 1e6,
                    Runtime.getRuntime().availableProcessors());
            assertThat(failures).isEmpty();
            assertThat(sorted).hasSize(SESSIONS * CALLS);
        }
    }

    private static void run(String url, ExecutorService clients, int sessions) throws InterruptedException {
        run(url, clients, sessions, new ArrayList<>(), new ArrayList<>());
    }

    private static void run(String url, ExecutorService clients, int sessions, List<Long> calls, List<String> failures)
            throws InterruptedException {
        CountDownLatch go = new CountDownLatch(1);
        CountDownLatch done = new CountDownLatch(sessions);
        for (int i = 0; i < sessions; i++) {
            clients.execute(() -> {
                try (McpSyncClient client = McpClient.sync(HttpClientStreamableHttpTransport.builder(url).endpoint("/mcp").build())
                        .requestTimeout(Duration.ofSeconds(60)).initializationTimeout(Duration.ofSeconds(60)).build()) {
                    go.await();
                    client.initialize();
                    for (int c = 0; c < CALLS; c++) {
                        long t = System.nanoTime();
                        CallToolResult r = client.callTool(new McpSchema.CallToolRequest("search_docs",
                                Map.of("query", c % 2 == 0 ? "how do I mock a module" : "rerun tests when files change")));
                        calls.add(System.nanoTime() - t);
                        if (Boolean.TRUE.equals(r.isError())) {
                            failures.add(r.content().toString());
                        }
                    }
                } catch (Exception e) {
                    failures.add(e.toString());
                } finally {
                    done.countDown();
                }
            });
        }
        go.countDown();
        done.await();
    }

    private static double pct(long[] sorted, double p) {
        return sorted[Math.min(sorted.length - 1, (int) Math.ceil(p * sorted.length) - 1)] / 1e6;
    }
}
