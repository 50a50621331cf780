package dev.docask.server;

import java.time.Duration;
import java.util.Locale;

/**
 * How many questions one client may ask per period, e.g. {@code 10/min}. Bursts up to
 * {@code permits} are allowed; the allowance refills evenly over the period.
 *
 * <pre>{@code
 * RateLimit limit = RateLimit.parse("10/min");   // also 30/hour, 2/s, 500/day, or "off"
 * }</pre>
 *
 * @param permits requests allowed per period; 0 means no limit
 * @param period  the period
 */
public record RateLimit(int permits, Duration period) {
    /** No limit at all. */
    public static final RateLimit OFF = new RateLimit(0, Duration.ofMinutes(1));

    public RateLimit {
        if (permits < 0) {
            throw new IllegalArgumentException("rate limit permits cannot be negative, got " + permits);
        }
        if (period == null || period.isZero() || period.isNegative()) {
            throw new IllegalArgumentException("rate limit period must be positive, got " + period);
        }
    }

    /**
     * Parses {@code N/unit} with unit {@code s}, {@code min}, {@code hour} or {@code day}, N at least 1; or
     * {@code off} (also {@code none}, {@code 0}) for no limit.
     */
    public static RateLimit parse(String text) {
        String t = text == null ? "" : text.strip().toLowerCase(Locale.ROOT);
        if (t.equals("off") || t.equals("0") || t.equals("none")) {
            return OFF;
        }
        String[] parts = t.split("/", 2);
        if (parts.length != 2 || !parts[0].strip().matches("\\d{1,9}")) {
            throw new IllegalArgumentException("rate limit '" + text + "' should look like 10/min (or 2/s, 30/hour, 500/day, off)");
        }
        Duration period = switch (parts[1].strip()) {
            case "s", "sec", "second" -> Duration.ofSeconds(1);
            case "m", "min", "minute" -> Duration.ofMinutes(1);
            case "h", "hour" -> Duration.ofHours(1);
            case "d", "day" -> Duration.ofDays(1);
            default -> throw new IllegalArgumentException("rate limit '" + text + "' has unknown unit '" + parts[1].strip()
                    + "'; use s, min, hour or day");
        };
        int permits = Integer.parseInt(parts[0].strip());
        if (permits == 0) { // "0/min" reads as "no questions", never as "no limit": make the user say which
            throw new IllegalArgumentException("rate limit '" + text + "' would allow no questions at all; use off for no limit");
        }
        return new RateLimit(permits, period);
    }

    public boolean enabled() {
        return permits > 0;
    }

    @Override
    public String toString() {
        return enabled() ? permits + "/" + period : "off";
    }
}
