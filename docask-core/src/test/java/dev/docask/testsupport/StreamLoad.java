package dev.docask.testsupport;

import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.IntFunction;

/**
 * The client side of the server load checks (ServerLoadCheck, ReplicasLoadCheck): many answer
 * streams at once, each read to its end, timed, and reported as the Markdown rows of
 * docs/benchmarks.md. A stream counts as finished only with status 200, text, a {@code finish} part
 * and no {@code error} part; one without sources was refused ("I don't know"), which is no error.
 */
public final class StreamLoad implements AutoCloseable {
    /** One stream's times from the request, in nanoseconds, and what went wrong if it did not finish. */
    public record Stream(long firstSourceNanos, long firstTextNanos, long totalNanos, boolean finished, String failure) {
    }

    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .executor(Executors.newVirtualThreadPerTaskExecutor()).build();
    private final ExecutorService clients = Executors.newVirtualThreadPerTaskExecutor();

    /** A POST of {@code json} to {@code url}. */
    public static HttpRequest ask(String url, String json) {
        return HttpRequest.newBuilder(URI.create(url)).header("Content-Type", "application/json")
                .timeout(Duration.ofSeconds(60)).POST(HttpRequest.BodyPublishers.ofString(json)).build();
    }

    /** Opens {@code n} streams at once, the i-th with {@code asks.apply(i)}, and waits for all of them. */
    public List<Stream> run(IntFunction<HttpRequest> asks, int n) throws InterruptedException {
        List<Stream> results = new CopyOnWriteArrayList<>();
        CountDownLatch go = new CountDownLatch(1);
        CountDownLatch done = new CountDownLatch(n);
        for (int i = 0; i < n; i++) {
            HttpRequest ask = asks.apply(i);
            clients.execute(() -> {
                try {
                    go.await();
                    results.add(stream(ask));
                } catch (Exception e) {
                    results.add(new Stream(0, 0, 0, false, e.toString()));
                } finally {
                    done.countDown();
                }
            });
        }
        go.countDown();
        done.await();
        return new ArrayList<>(results);
    }

    /** Sends one request and reads its stream to the end; the times count from this call. */
    public Stream stream(HttpRequest ask) throws Exception {
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
        boolean ok = r.statusCode() == 200 && finished && !error && text > 0;
        return new Stream(source, text, System.nanoTime() - t0, ok, ok ? "" : "status " + r.statusCode() + (error ? " error part" : ""));
    }

    /** Prints the run: streams, errors, model requests, streams/s, and p50/p95/p99/max of the three times. */
    public static void report(String title, List<Stream> all, long wallNanos, int modelRequests) {
        List<Stream> ok = all.stream().filter(Stream::finished).toList();
        System.out.printf(Locale.ROOT, "%n=== %s ===%n", title);
        System.out.printf(Locale.ROOT, "streams %d, errors %d, refused %d, model requests %d, %.1f streams/s over %.1f s%n",
                all.size(), all.size() - ok.size(), ok.stream().filter(s -> s.firstSourceNanos() == 0).count(), modelRequests,
                all.size() / (wallNanos / 1e9), wallNanos / 1e9);
        System.out.println("| | p50 | p95 | p99 | max |");
        System.out.println("|---|---|---|---|---|");
        row("sources arrive (ms)", ok.stream().mapToLong(Stream::firstSourceNanos).filter(n -> n > 0).sorted().toArray());
        row("first text (ms)", ok.stream().mapToLong(Stream::firstTextNanos).sorted().toArray());
        row("whole stream (ms)", ok.stream().mapToLong(Stream::totalNanos).sorted().toArray());
        Runtime rt = Runtime.getRuntime();
        System.out.printf(Locale.ROOT, "heap in use after the run: %d MiB; cores: %d%n",
                (rt.totalMemory() - rt.freeMemory()) >> 20, rt.availableProcessors());
    }

    /** One Markdown row: p50, p95, p99 and max of {@code sorted} nanoseconds, in ms. */
    public static void row(String name, long[] sorted) {
        if (sorted.length == 0) {
            return;
        }
        System.out.printf(Locale.ROOT, "| %s | %.0f | %.0f | %.0f | %.0f |%n", name, pct(sorted, 0.50), pct(sorted, 0.95),
                pct(sorted, 0.99), sorted[sorted.length - 1] / 1e6);
    }

    private static double pct(long[] sorted, double p) {
        return sorted[Math.min(sorted.length - 1, (int) Math.ceil(p * sorted.length) - 1)] / 1e6;
    }

    @Override
    public void close() {
        clients.close();
    }
}
