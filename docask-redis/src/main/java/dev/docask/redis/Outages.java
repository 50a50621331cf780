package dev.docask.redis;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/*
 * While Redis is lost every request fails the same way; one line a minute says so, and one line
 * says when it answers again. Lettuce's messages name the host and port, never the password.
 */
final class Outages {
    private static final Logger LOG = LoggerFactory.getLogger(RedisState.class);
    private static final long EVERY_NANOS = 60_000_000_000L;

    private final String url;
    private volatile boolean down;
    private long lastLogged = System.nanoTime() - EVERY_NANOS;

    Outages(String safeUrl) {
        this.url = safeUrl;
    }

    void failed(String what, Exception e) {
        down = true;
        synchronized (this) {
            long now = System.nanoTime();
            if (now - lastLogged < EVERY_NANOS) {
                return;
            }
            lastLogged = now;
        }
        LOG.warn("Redis at {} did not answer ({}): {} Until it does, answers are not cached, and rate limits and the "
                + "budget refuse with 503 (unless --redis-fail-open)", url, what, sentence(e.getMessage()));
    }

    private static String sentence(@Nullable String message) {
        String m = message == null ? "no reason given" : message.strip();
        return m.endsWith(".") ? m : m + ".";
    }

    void answered() {
        if (down) {
            down = false;
            LOG.info("Redis at {} answers again", url);
        }
    }
}
