package dev.docask.redis;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.docask.answer.AnswerCache;
import dev.docask.server.RateLimit;
import dev.docask.server.internal.SharedState;
import dev.docask.server.internal.SharedStateSettings;
import dev.docask.server.internal.SharedStateUnavailable;
import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisCommandExecutionException;
import io.lettuce.core.RedisException;
import io.lettuce.core.RedisNoScriptException;
import io.lettuce.core.RedisURI;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.SetArgs;
import io.lettuce.core.SocketOptions;
import io.lettuce.core.TimeoutOptions;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import io.lettuce.core.resource.ClientResources;
import io.lettuce.core.resource.Delay;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/*
 * docask serve's shared state in one Redis (docs/design.md#scale), through one Lettuce connection
 * (thread-safe and pipelined, so one is enough for every request of a replica).
 *
 * Everything that must not race is one Lua script, run atomically by Redis: the token bucket (refill
 * by Redis's own clock, so replicas with skewed clocks agree) and the budget's check-and-reserve.
 * Feedback's one-rating rule is SET NX. Keys: <prefix>:rl:<limiter>:<client>, <prefix>:budget:<day>,
 * <prefix>:ans:<id>, <prefix>:fb:<id>, <prefix>:cache:<sha-256 of index content hash, settings, question>,
 * <prefix>:qlog:salt (the question logs' client hash salt, kept without expiry).
 *
 * Failure: every command has the configured timeout and, while the connection is down, is refused at
 * once rather than queued (a lost Redis must not hold requests); Lettuce reconnects by itself, every
 * half second at most, so the server recovers without a restart.
 *
 * A Redis that answers with an error (ACL NOPERM, OOM under noeviction, WRONGTYPE) is as useless as
 * a silent one, and a PING does not show it: start-up and /readyz run PROBE, which uses every command
 * docask's scripts use on a key of each kind under the prefix, and /readyz also says "error" for
 * REFUSAL_HOLDS after a command was refused with none accepted since (a key of the wrong type only its
 * own commands meet). The hold is bounded so that a node the load balancer took out of traffic, where
 * no command can succeed, becomes ready again to try (docs/reliability.md, "Redis that refuses commands").
 */
final class RedisState implements SharedState {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration MAX_RECONNECT_DELAY = Duration.ofMillis(500);
    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(5);
    private static final long REFUSAL_HOLDS_NANOS = Duration.ofSeconds(10).toNanos();
    private static final String TLS_HINT = "; is TLS on at that port? (rediss:// is Redis over TLS; a plain Redis takes redis://)";
    private static final String[] KINDS = {"rl", "budget", "ans", "fb", "cache"};

    private static final String PROBE = """
            redis.call('TIME')
            for _, key in ipairs(KEYS) do
              redis.call('HSET', key, 'p', '1')
              redis.call('HINCRBY', key, 'p', 1)
              redis.call('HMGET', key, 'p')
              redis.call('HGET', key, 'p')
              redis.call('PEXPIRE', key, 10000)
              redis.call('EXPIRE', key, 10)
              redis.call('DEL', key)
            end
            return 0
            """;

    private static final String TAKE = """
            local permits = tonumber(ARGV[1])
            local period = tonumber(ARGV[2])
            local t = redis.call('TIME')
            local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
            local b = redis.call('HMGET', KEYS[1], 'tokens', 'at')
            local tokens = tonumber(b[1])
            local at = tonumber(b[2])
            if tokens == nil or at == nil then
              tokens = permits
              at = now
            end
            tokens = math.min(permits, tokens + math.max(0, now - at) * permits / period)
            local wait = 0
            if tokens >= 1 then
              tokens = tokens - 1
            else
              wait = math.ceil((1 - tokens) * period / permits)
            end
            redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(now))
            redis.call('PEXPIRE', KEYS[1], math.ceil(period / 1000) * 2)
            return wait
            """;

    private static final String GIVE_BACK = """
            local tokens = tonumber(redis.call('HGET', KEYS[1], 'tokens'))
            if tokens then
              redis.call('HSET', KEYS[1], 'tokens', tostring(math.min(tonumber(ARGV[1]), tokens + 1)))
            end
            return 0
            """;

    private static final String RESERVE = """
            local requests = tonumber(redis.call('HGET', KEYS[1], 'requests') or '0')
            local tokens = tonumber(redis.call('HGET', KEYS[1], 'tokens') or '0')
            local maxRequests = tonumber(ARGV[1])
            local maxTokens = tonumber(ARGV[2])
            local want = tonumber(ARGV[3])
            if (maxRequests > 0 and requests >= maxRequests) or (maxTokens > 0 and tokens + want > maxTokens) then
              return 0
            end
            redis.call('HINCRBY', KEYS[1], 'requests', 1)
            redis.call('HINCRBY', KEYS[1], 'tokens', want)
            redis.call('EXPIRE', KEYS[1], 172800)
            return 1
            """;

    private static final String SETTLE = """
            local tokens = redis.call('HINCRBY', KEYS[1], 'tokens', ARGV[1])
            if tokens < 0 then
              redis.call('HSET', KEYS[1], 'tokens', 0)
            end
            redis.call('EXPIRE', KEYS[1], 172800)
            return 0
            """;

    private final RedisClient client;
    private final StatefulRedisConnection<String, String> connection;
    private final RedisCommands<String, String> redis;
    private final String prefix;
    private final Outages outages;
    private final AnswerCache.Store answers = new CacheStore();
    /* When a fail-closed command was last refused (System.nanoTime), or 0 once one was accepted since. */
    private volatile long refusedAt;

    private RedisState(RedisClient client, StatefulRedisConnection<String, String> connection, String prefix, String safeUrl) {
        this.client = client;
        this.connection = connection;
        this.redis = connection.sync();
        this.prefix = prefix;
        this.outages = new Outages(safeUrl);
    }

    /** @throws IllegalStateException naming the URL (without its password) when Redis cannot be reached */
    static RedisState connect(SharedStateSettings settings) {
        RedisURI uri;
        try {
            uri = RedisURI.create(settings.url());
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("--redis " + settings.safeUrl() + " is not a Redis URL ("
                    + e.getMessage() + "); use redis://host:6379, redis://:password@host:6379/0 or rediss://host for TLS");
        }
        // The first connection (TLS, AUTH, a JVM still loading Netty) may take longer than one command may.
        Duration connectTimeout = settings.timeout().compareTo(CONNECT_TIMEOUT) > 0 ? settings.timeout() : CONNECT_TIMEOUT;
        uri.setTimeout(connectTimeout);
        ClientResources resources = ClientResources.builder()
                .reconnectDelay(Delay.exponential(Duration.ofMillis(50), MAX_RECONNECT_DELAY, 2, TimeUnit.MILLISECONDS)).build();
        RedisClient client = RedisClient.create(resources, uri);
        client.setOptions(ClientOptions.builder().autoReconnect(true)
                .disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS)
                .socketOptions(SocketOptions.builder().connectTimeout(connectTimeout).build())
                .timeoutOptions(TimeoutOptions.enabled(settings.timeout())).build());
        StatefulRedisConnection<String, String> connection;
        try {
            connection = client.connect();
            connection.sync().ping();
            connection.setTimeout(settings.timeout());
        } catch (RedisException e) {
            client.shutdown(Duration.ZERO, Duration.ofSeconds(2));
            resources.shutdown();
            throw new IllegalStateException("cannot reach Redis at " + settings.safeUrl() + ": " + reason(e)
                    + (uri.isSsl() && !(e instanceof RedisCommandExecutionException) ? TLS_HINT : ""));
        }
        RedisState state = new RedisState(client, connection, settings.prefix(), settings.safeUrl());
        try {
            state.check();
            return state;
        } catch (RedisCommandExecutionException e) {
            state.close();
            throw new IllegalStateException(refusedAtStart(settings, e));
        } catch (RedisException e) {
            state.close();
            throw new IllegalStateException("cannot reach Redis at " + settings.safeUrl() + ": " + reason(e));
        }
    }

    /* What docask needs, once: its scripts' commands (PROBE, by EVALSHA and EVAL), and the plain ones on each kind of key. */
    private void check() {
        script(PROBE, probeKeys());
        for (String kind : KINDS) {
            String key = key(kind, "probe");
            redis.set(key, "1", SetArgs.Builder.nx().px(10_000));
            redis.get(key);
            redis.del(key);
            redis.hmget(key, "p");
        }
    }

    private static String refusedAtStart(SharedStateSettings settings, RedisCommandExecutionException e) {
        String m = String.valueOf(e.getMessage()).strip();
        String at = "Redis at " + settings.safeUrl();
        if (m.startsWith("NOPERM")) {
            return at + " refuses what docask needs (" + m + "); its user needs the commands +ping +eval +evalsha +get +set "
                    + "+del +hmget +hget +hset +hincrby +expire +pexpire +time and the keys ~" + settings.prefix() + ":*";
        }
        if (m.startsWith("OOM")) {
            return at + " is out of memory and refuses writes (" + m + "); docask writes its limits, budget and answer ids "
                    + "there: raise maxmemory or free memory";
        }
        return at + " refused docask's start-up check (" + m + ")";
    }


    private static String reason(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        String m = t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
        if (m.startsWith("Invalid first byte")) {
            // the client's decoder met a reply that is not Redis's protocol: another server listens there (HTTP's "<")
            return "the server there does not speak Redis's protocol (is it another service's port?)";
        }
        return m.replaceAll("(?<=//)[^@/\\s]*@", "***@");
    }

    @Override
    public long take(String name, RateLimit limit, String client) {
        long periodMicros = limit.period().toNanos() / 1_000;
        Long waitMicros = run("rate limit", () -> script(TAKE, key("rl", name, client),
                Integer.toString(limit.permits()), Long.toString(periodMicros)));
        return waitMicros * 1_000;
    }

    @Override
    public void giveBack(String name, RateLimit limit, String client) {
        run("rate limit", () -> script(GIVE_BACK, key("rl", name, client), Integer.toString(limit.permits())));
    }

    @Override
    public boolean reserve(String day, long maxRequests, long maxTokens, long tokens) {
        return run("budget", () -> script(RESERVE, key("budget", day), Long.toString(maxRequests), Long.toString(maxTokens),
                Long.toString(tokens))) == 1;
    }

    @Override
    public void settle(String day, long tokens) {
        run("budget", () -> script(SETTLE, key("budget", day), Long.toString(tokens)));
    }

    @Override
    public long[] spentOn(String day) {
        return run("budget", () -> {
            List<io.lettuce.core.KeyValue<String, String>> v = redis.hmget(key("budget", day), "requests", "tokens");
            return new long[] {Long.parseLong(v.get(0).getValueOrElse("0")), Long.parseLong(v.get(1).getValueOrElse("0"))};
        });
    }

    @Override
    public void remember(String id, Given given, Duration keep) {
        String value = JSON.createObjectNode().put("question", given.question()).put("text", given.text()).toString();
        run("answer ids", () -> redis.set(key("ans", id), value, SetArgs.Builder.px(keep.toMillis())));
    }

    @Override
    public Optional<Given> find(String id) {
        String value = run("answer ids", () -> Optional.ofNullable(redis.get(key("ans", id))).orElse(""));
        if (value.isEmpty()) {
            return Optional.empty();
        }
        try {
            JsonNode o = JSON.readTree(value);
            return Optional.of(new Given(o.path("question").asText(), o.path("text").asText()));
        } catch (java.io.IOException unreadable) {
            return Optional.empty();
        }
    }

    @Override
    public boolean claim(String id, Duration keep) {
        return run("feedback", () -> "OK".equals(redis.set(key("fb", id), "1", SetArgs.Builder.nx().px(keep.toMillis()))));
    }

    @Override
    public void unclaim(String id) {
        run("feedback", () -> redis.del(key("fb", id)));
    }

    @Override
    public String questionLogSalt(String proposed) {
        String key = key("qlog", "salt");
        return run("question log salt", () -> {
            redis.set(key, proposed, SetArgs.Builder.nx()); // no expiry: a new salt would split every client in two
            return Objects.requireNonNullElse(redis.get(key), proposed);
        });
    }

    @Override
    public AnswerCache.Store answers() {
        return answers;
    }

    @Override
    public Health health() {
        try {
            script(PROBE, probeKeys());
        } catch (RedisException e) {
            outages.failed("readiness check", e);
            return Outages.refusal(e) ? Health.ERROR : Health.DOWN;
        }
        long refused = refusedAt;
        if (refused != 0 && System.nanoTime() - refused < REFUSAL_HOLDS_NANOS) {
            return Health.ERROR;
        }
        outages.answered();
        return Health.UP;
    }

    private String[] probeKeys() {
        String[] keys = new String[KINDS.length];
        for (int i = 0; i < KINDS.length; i++) {
            keys[i] = key(KINDS[i], "probe");
        }
        return keys;
    }

    @Override
    public void close() {
        connection.close();
        client.shutdown(Duration.ZERO, Duration.ofSeconds(2));
        client.getResources().shutdown();
    }

    private String key(String kind, String... parts) {
        return prefix + ":" + kind + ":" + String.join(":", parts);
    }

    /* EVALSHA first (the script is not sent each time); a Redis that restarted has forgotten it: EVAL loads it again. */
    private Long script(String script, String key, String... args) {
        return script(script, new String[] {key}, args);
    }

    private Long script(String script, String[] keys, String... args) {
        String sha = Scripts.sha1(script);
        try {
            return redis.evalsha(sha, ScriptOutputType.INTEGER, keys, args);
        } catch (RedisNoScriptException notLoaded) {
            return redis.eval(script, ScriptOutputType.INTEGER, keys, args);
        }
    }

    private <T> T run(String what, Supplier<T> command) {
        try {
            T result = command.get();
            refusedAt = 0;
            outages.answered();
            return result;
        } catch (RedisException e) {
            outages.failed(what, e);
            if (Outages.refusal(e)) {
                refusedAt = System.nanoTime() | 1; // never 0, which means "accepted since"
                throw new SharedStateUnavailable("Redis refused the command (" + what + "): " + e.getMessage(), e);
            }
            throw new SharedStateUnavailable("Redis did not answer (" + what + ")", e);
        }
    }

    /* The answer cache fails open: a Redis that does not answer is a miss, and an answer not stored. */
    private final class CacheStore implements AnswerCache.Store {
        @Override
        public Optional<String> get(String key) {
            try {
                return Optional.ofNullable(redis.get(key("cache", key))).map(v -> {
                    outages.answered();
                    return v;
                });
            } catch (RedisException e) {
                outages.failed("answer cache", e);
                return Optional.empty();
            }
        }

        @Override
        public void put(String key, String value, Duration timeToLive) {
            try {
                redis.set(key("cache", key), value, SetArgs.Builder.px(timeToLive.toMillis()));
            } catch (RedisException e) {
                outages.failed("answer cache", e);
            }
        }
    }
}
