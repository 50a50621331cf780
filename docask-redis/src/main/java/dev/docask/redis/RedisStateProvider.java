package dev.docask.redis;

import dev.docask.server.internal.SharedState;
import dev.docask.server.internal.SharedStateProvider;
import dev.docask.server.internal.SharedStateSettings;

import java.util.Locale;

/** Serves {@code redis://} and {@code rediss://} (TLS) URLs. */
public final class RedisStateProvider implements SharedStateProvider {
    @Override
    public boolean accepts(String url) {
        String u = url.strip().toLowerCase(Locale.ROOT);
        return u.startsWith("redis://") || u.startsWith("rediss://");
    }

    @Override
    public SharedState connect(SharedStateSettings settings) {
        return RedisState.connect(settings);
    }
}
