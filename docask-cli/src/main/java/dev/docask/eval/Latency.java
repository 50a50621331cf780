package dev.docask.eval;

import java.util.Arrays;
import java.util.List;

/**
 * Retrieval time per question, in milliseconds.
 *
 * @param p50 median
 * @param p95 95th percentile (nearest rank)
 */
public record Latency(double p50, double p95) {
    public Latency {
        if (p50 < 0 || p95 < p50) {
            throw new IllegalArgumentException("latency needs 0 <= p50 <= p95, got " + p50 + " and " + p95);
        }
    }

    /** Percentiles of {@code micros} (one per question), by the nearest-rank method. */
    static Latency ofMicros(List<Long> micros) {
        if (micros.isEmpty()) {
            return new Latency(0, 0);
        }
        long[] sorted = micros.stream().mapToLong(Long::longValue).toArray();
        Arrays.sort(sorted);
        return new Latency(nearestRank(sorted, 50) / 1000.0, nearestRank(sorted, 95) / 1000.0);
    }

    private static long nearestRank(long[] sorted, int percent) {
        int rank = (int) Math.ceil(percent / 100.0 * sorted.length);
        return sorted[Math.max(rank, 1) - 1];
    }
}
