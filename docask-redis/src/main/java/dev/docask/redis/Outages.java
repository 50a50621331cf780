package dev.docask.redis;

import io.lettuce.core.RedisCommandExecutionException;
import io.lettuce.core.RedisException;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/*
 * While Redis is lost, or refuses docask's commands, every request fails the same way: one line a
 * minute says so, and one line says when it accepts them again — only after an outage that was
 * announced, so the log never has a recovery without its cause. An error reply (NOPERM, OOM,
 * WRONGTYPE) is a refusal, not a silence, and is named as one. Lettuce's messages name the host and
 * port, never the password.
 */
final class Outages {
    private static final Logger LOG = LoggerFactory.getLogger(RedisState.class);
    private static final long EVERY_NANOS = 60_000_000_000L;

    private final String url;
    private volatile boolean down;
    private boolean announced;
    private long lastLogged = System.nanoTime() - EVERY_NANOS;

    Outages(String safeUrl) {
        this.url = safeUrl;
    }

    void failed(String what, RedisException e) {
        synchronized (this) {
            down = true;
            long now = System.nanoTime();
            if (now - lastLogged < EVERY_NANOS) {
                return;
            }
            lastLogged = now;
            announced = true;
        }
        if (refusal(e)) {
            LOG.warn("Redis at {} refused the command ({}): {} While it refuses, rate limits and the budget refuse with "
                    + "503 (unless --redis-fail-open) and /readyz says \"redis\": \"error\"", url, what, sentence(e.getMessage()));
        } else {
            LOG.warn("Redis at {} did not answer ({}): {} Until it does, answers are not cached, and rate limits and the "
                    + "budget refuse with 503 (unless --redis-fail-open)", url, what, sentence(e.getMessage()));
        }
    }

    /** Whether Redis answered with an error reply rather than not at all. */
    static boolean refusal(RedisException e) {
        return e instanceof RedisCommandExecutionException;
    }

    private static String sentence(@Nullable String message) {
        String m = message == null ? "no reason given" : message.strip();
        return m.endsWith(".") ? m : m + ".";
    }

    void answered() {
        if (!down) {
            return;
        }
        boolean say;
        synchronized (this) {
            say = down && announced;
            down = false;
            announced = false;
        }
        if (say) {
            LOG.info("Redis at {} answers again", url);
        }
    }
}
