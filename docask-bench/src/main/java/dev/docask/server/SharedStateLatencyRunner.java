package dev.docask.server;

import dev.docask.answer.AnswerCache;
import dev.docask.answer.CacheProbe;
import dev.docask.server.internal.SharedState;
import dev.docask.server.internal.SharedStateProvider;
import dev.docask.server.internal.SharedStateSettings;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.Arrays;
import java.util.ServiceLoader;

/**
 * What sharing state through Redis adds to a request (#16): a cache hit and a rate-limit check, each
 * in this process (Caffeine; a token bucket under a lock) and through Redis (GET and decode; one Lua
 * script), timed one call at a time, the four kinds interleaved round by round so that a busy machine
 * slows all alike. Prints Markdown rows (p50, p99, max in microseconds) for {@code docs/benchmarks.md}.
 *
 * <pre>
 * redis-server --port 6390 --save "" --appendonly no &amp;
 * ./mvnw -q -Pbench package -DskipTests -pl docask-bench -am
 * java -cp docask-bench/target/benchmarks.jar dev.docask.server.SharedStateLatencyRunner redis://127.0.0.1:6390 10
 * </pre>
 */
public final class SharedStateLatencyRunner {
    private static final int CALLS_PER_ROUND = 2_000;

    private SharedStateLatencyRunner() {
    }

    public static void main(String[] args) throws Exception {
        String url = args.length > 0 ? args[0] : "redis://127.0.0.1:6379";
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 10;
        SharedStateSettings settings = new SharedStateSettings(url, "bench", Duration.ofSeconds(1));
        SharedStateProvider provider = ServiceLoader.load(SharedStateProvider.class).findFirst()
                .orElseThrow(() -> new IllegalStateException("docask-redis is not on the class path"));
        try (SharedState redis = provider.connect(settings)) {
            RateLimit limit = new RateLimit(1_000_000_000, Duration.ofSeconds(1)); // never refuses: the check alone
            Limiter local = new RateLimiter(limit, System::nanoTime);
            Limiter shared = new SharedLimiter(redis, "bench", limit, false);
            CacheProbe localCache = new CacheProbe(CacheProbe.local());
            CacheProbe sharedCache = new CacheProbe(AnswerCache.shared(redis.answers(), Duration.ofHours(1), 256 * 1024));
            String[] names = {"cache hit, in-process", "cache hit, Redis", "rate-limit check, in-process", "rate-limit check, Redis"};
            Runnable[] calls = {
                () -> require(localCache.hit()),
                () -> require(sharedCache.hit()),
                () -> local.acquire("203.0.113.7"),
                () -> shared.acquire("203.0.113.7"),
            };
            long[][] nanos = new long[calls.length][rounds * CALLS_PER_ROUND];
            for (int warm = 0; warm < 5_000; warm++) {
                for (Runnable c : calls) {
                    c.run();
                }
            }
            for (int r = 0; r < rounds; r++) {
                for (int k = 0; k < calls.length; k++) {
                    int kind = (r % 2 == 0) ? k : calls.length - 1 - k;
                    for (int i = 0; i < CALLS_PER_ROUND; i++) {
                        long t0 = System.nanoTime();
                        calls[kind].run();
                        nanos[kind][r * CALLS_PER_ROUND + i] = System.nanoTime() - t0;
                    }
                }
            }
            System.out.printf("cpus=%d jdk=%s load=%.1f redis=%s rounds=%d calls=%d each%n",
                    Runtime.getRuntime().availableProcessors(), Runtime.version(),
                    ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(), settings.safeUrl(), rounds,
                    rounds * CALLS_PER_ROUND);
            System.out.println("| | p50 (µs) | p99 (µs) | max (µs) |");
            System.out.println("|---|---|---|---|");
            for (int k = 0; k < calls.length; k++) {
                long[] t = nanos[k];
                Arrays.sort(t);
                System.out.printf("| %s | %.1f | %.1f | %.0f |%n", names[k], t[t.length / 2] / 1e3, t[(int) (t.length * 0.99)] / 1e3,
                        t[t.length - 1] / 1e3);
            }
        }
    }

    private static void require(boolean hit) {
        if (!hit) {
            throw new IllegalStateException("the probe's answer was not found in the cache");
        }
    }
}
