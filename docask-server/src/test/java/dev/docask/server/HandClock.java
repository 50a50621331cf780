package dev.docask.server;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * A UTC clock for tests: moved by hand ({@link #now}), or following the system clock when
 * {@code now} is null; {@link #failure} makes it throw, to play a bug on the server's side.
 */
final class HandClock extends Clock {
    volatile Instant now;
    volatile RuntimeException failure;

    HandClock(Instant now) {
        this.now = now;
    }

    /** Follows the system clock until a test sets {@link #now} or {@link #failure}. */
    static HandClock system() {
        return new HandClock(null);
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        return this;
    }

    @Override
    public Instant instant() {
        RuntimeException f = failure;
        if (f != null) {
            throw f;
        }
        Instant n = now;
        return n != null ? n : Instant.now();
    }
}
