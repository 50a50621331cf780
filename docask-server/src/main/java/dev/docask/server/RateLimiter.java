package dev.docask.server;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;

import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/*
 * One token bucket per client key, held in a bounded Caffeine cache so that a flood of distinct
 * addresses cannot grow memory without end (an evicted client simply starts with a full bucket).
 * State is per process; replicas share one allowance through Redis instead (SharedLimiter).
 */
final class RateLimiter implements Limiter {
    private static final int MAX_CLIENTS = 100_000;

    private final RateLimit limit;
    private final LongSupplier nanoTime;
    private final Cache<String, Bucket> buckets;

    RateLimiter(RateLimit limit, LongSupplier nanoTime) {
        this.limit = limit;
        this.nanoTime = nanoTime;
        this.buckets = Caffeine.newBuilder().maximumSize(MAX_CLIENTS)
                .expireAfterAccess(limit.period().toNanos() * 2, TimeUnit.NANOSECONDS).build();
    }

    @Override
    public void acquire(String key) {
        if (!limit.enabled()) {
            return;
        }
        long wait = buckets.get(key, k -> new Bucket(limit.permits(), nanoTime.getAsLong())).take(limit, nanoTime.getAsLong());
        if (wait > 0) {
            throw Limiter.tooMany(wait);
        }
    }

    @Override
    public void release(String key) {
        Bucket b = limit.enabled() ? buckets.getIfPresent(key) : null;
        if (b != null) {
            b.giveBack(limit);
        }
    }

    private static final class Bucket {
        private double tokens;
        private long updated;

        Bucket(double tokens, long now) {
            this.tokens = tokens;
            this.updated = now;
        }

        /** 0 when a token was taken, otherwise the nanoseconds until one is available. */
        synchronized long take(RateLimit limit, long now) {
            double perNano = limit.permits() / (double) limit.period().toNanos();
            tokens = Math.min(limit.permits(), tokens + (now - updated) * perNano);
            updated = now;
            if (tokens >= 1) {
                tokens -= 1;
                return 0;
            }
            return (long) Math.ceil((1 - tokens) / perNano);
        }

        synchronized void giveBack(RateLimit limit) {
            tokens = Math.min(limit.permits(), tokens + 1);
        }
    }
}
