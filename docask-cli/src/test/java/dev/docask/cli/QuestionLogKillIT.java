package dev.docask.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.docask.report.SyntheticLog;
import dev.docask.testsupport.FakeModelServer;
import dev.docask.testsupport.StreamEnd;
import dev.docask.testsupport.Wire;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A real {@code docask serve --question-log} in its own process, killed with {@code kill -9} while
 * concurrent clients are asking, then started again on the same folder: every answer a client received
 * is in the log exactly once, nothing is doubled, a torn line (if the kill tore one) is skipped with a
 * warning, and {@code docask report} counts what the log holds.
 */
class QuestionLogKillIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int CLIENTS = 8;

    @TempDir
    Path dir;

    @Test
    void serve_killedMidRunAndRestarted_logsEveryReceivedAnswerExactlyOnce() throws Exception {
        Path index = SyntheticLog.index(dir.resolve("idx"));
        Path log = dir.resolve("questions");
        Set<String> received = ConcurrentHashMap.newKeySet();
        try (FakeModelServer fake = FakeModelServer.start(Wire.OPENAI, ex -> {
            ex.startAnswer();
            for (String t : List.of("Use ", "vi.mock ", "to replace ", "a module [1].")) {
                ex.sendToken(t);
                sleep(20);
            }
            ex.endAnswer(StreamEnd.COMPLETE);
        })) {
            Process first = serve(index, log, fake);
            int sent = 0;
            try {
                sent += askConcurrently(first, 120, 60, received, true);
            } finally {
                first.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
            Process second = serve(index, log, fake);
            try {
                sent += askConcurrently(second, 80, Integer.MAX_VALUE, received, false);
            } finally {
                second.destroy();
                second.waitFor(30, TimeUnit.SECONDS);
            }
            assertThat(sent).isEqualTo(200);
        }
        Map<String, Integer> logged = new HashMap<>();
        int torn = 0;
        try (Stream<Path> files = Files.list(log)) {
            List<Path> jsonl = files.filter(p -> p.toString().endsWith(".jsonl")).toList();
            assertThat(jsonl).as("one file per process").hasSize(2);
            for (Path f : jsonl) {
                for (String line : Files.readAllLines(f)) {
                    try {
                        JsonNode r = JSON.readTree(line);
                        if (r != null && r.path("type").asText().equals("question")) {
                            logged.merge(r.get("id").asText(), 1, Integer::sum);
                        }
                    } catch (IOException tornLine) {
                        torn++;
                    }
                }
            }
        }
        assertThat(torn).as("a kill tears at most the record being written").isLessThanOrEqualTo(1);
        assertThat(logged.values()).as("no record doubled").allMatch(n -> n == 1);
        assertThat(logged.keySet()).as("every answer a client received is logged").containsAll(received);
        assertThat(logged.size() - received.size()).as("only answers cut off by the kill are logged but not received")
                .isBetween(0, CLIENTS);

        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(new String[]{"report", "--log", log.toString(), "--index", index.toString(), "--json"},
                new PrintWriter(out, true), new PrintWriter(err, true));
        assertThat(code).as(err.toString()).isZero();
        assertThat(JSON.readTree(out.toString()).get("questions").asInt()).isEqualTo(logged.size());
        if (torn > 0) {
            assertThat(err.toString()).contains("incomplete").contains("skipped");
        }
    }

    /** Sends {@code n} questions from {@link #CLIENTS} clients; kills nothing, but stops counting at the kill. */
    private static int askConcurrently(Process server, int n, int killAfter, Set<String> received, boolean kill)
            throws Exception {
        String url = url(server);
        HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        AtomicInteger done = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(CLIENTS);
        List<Future<?>> runs = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            String q = i % 4 == 3 ? "What is the weather in Mumbai today?" : "how do I mock a module, case " + i;
            runs.add(pool.submit(() -> {
                try {
                    HttpResponse<String> r = client.send(HttpRequest.newBuilder(URI.create(url + "/api/ask"))
                            .header("Content-Type", "application/json").header("Accept", "application/json")
                            .timeout(Duration.ofSeconds(30))
                            .POST(HttpRequest.BodyPublishers.ofString("{\"question\":\"" + q + "\"}")).build(),
                            HttpResponse.BodyHandlers.ofString());
                    if (r.statusCode() == 200) {
                        received.add(JSON.readTree(r.body()).get("id").asText());
                    }
                } catch (IOException serverKilled) {
                    // the answer was cut off: it may or may not be in the log
                }
                if (done.incrementAndGet() == killAfter && kill) {
                    server.destroyForcibly(); // SIGKILL on Linux: no shutdown hook runs
                }
                return null;
            }));
        }
        for (Future<?> f : runs) {
            f.get(120, TimeUnit.SECONDS);
        }
        pool.shutdown();
        client.shutdownNow();
        return n;
    }

    private static Process serve(Path index, Path log, FakeModelServer fake) throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        ProcessBuilder pb = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "-Xmx512m", "--add-modules", "jdk.incubator.vector",
                Main.class.getName(), "serve", "--index", index.toString(), "--port", String.valueOf(port),
                "--question-log", log.toString(), "--model", "openai:fake", "--rate-limit", "off")
                .redirectError(ProcessBuilder.Redirect.DISCARD);
        pb.environment().put("OPENAI_API_KEY", "sk-test");
        pb.environment().put("OPENAI_BASE_URL", fake.baseUrl());
        Process p = pb.start();
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        String line;
        while ((line = out.readLine()) != null && System.nanoTime() < deadline) {
            if (line.startsWith("docask serving")) {
                URLS.put(p, "http://127.0.0.1:" + port);
                Thread drain = new Thread(() -> {
                    try {
                        while (out.readLine() != null) {
                            // keep the pipe empty
                        }
                    } catch (IOException ignored) {
                        // the process is gone
                    }
                });
                drain.setDaemon(true);
                drain.start();
                return p;
            }
        }
        p.destroyForcibly();
        throw new AssertionError("docask serve did not start");
    }

    private static final Map<Process, String> URLS = new ConcurrentHashMap<>();

    private static String url(Process p) {
        return URLS.get(p);
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
