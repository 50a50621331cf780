package dev.docask.server.internal;

import java.time.Duration;
import java.util.Objects;

/**
 * Where the shared state lives and how its keys are named.
 *
 * @param url     e.g. {@code redis://:password@host:6379/0} or {@code rediss://host} for TLS
 * @param prefix  the first part of every key, one per deployment ({@code --redis-prefix}, default {@code docask})
 * @param timeout how long one command may take before it counts as a failure
 */
public record SharedStateSettings(String url, String prefix, Duration timeout) {
    public SharedStateSettings {
        Objects.requireNonNull(url, "url");
        if (!url.strip().toLowerCase(java.util.Locale.ROOT).matches("rediss?://.+")) {
            throw new IllegalArgumentException("redis URL '" + url.replaceFirst("(?<=//)[^@/]*@", "***@")
                    + "' should look like redis://host:6379, redis://:password@host:6379/0 or rediss://host:6380 (TLS)");
        }
        if (prefix == null || prefix.isBlank() || prefix.chars().anyMatch(Character::isWhitespace)) {
            throw new IllegalArgumentException("redis prefix must be a word without spaces, got '" + prefix + "'");
        }
        if (timeout == null || timeout.isZero() || timeout.isNegative()) {
            throw new IllegalArgumentException("redis timeout must be positive, got " + timeout);
        }
    }

    /** The URL without its password, for messages and logs. */
    public String safeUrl() {
        return url.replaceFirst("(?<=//)[^@/]*@", "***@");
    }
}
