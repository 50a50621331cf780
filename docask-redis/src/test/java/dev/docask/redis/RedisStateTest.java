package dev.docask.redis;

import dev.docask.server.RateLimit;
import dev.docask.server.internal.SharedState;
import dev.docask.server.internal.SharedStateSettings;
import dev.docask.server.internal.SharedStateUnavailable;
import dev.docask.testsupport.RedisServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The shared state's operations against a real redis-server, each atomic across connections (replicas). */
class RedisStateTest {
    @RegisterExtension
    static final RedisServer REDIS = new RedisServer();

    static RedisState a;
    static RedisState b;

    @BeforeAll
    static void connect() {
        a = RedisState.connect(new SharedStateSettings(REDIS.url(), "t", Duration.ofSeconds(1)));
        b = RedisState.connect(new SharedStateSettings(REDIS.url(), "t", Duration.ofSeconds(1)));
    }

    @AfterAll
    static void close() {
        a.close();
        b.close();
    }

    @BeforeEach
    void flush() throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos(); // after the outage test: reconnected
        while (!(a.reachable() && b.reachable()) && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        assertThat(REDIS.command("FLUSHALL")).isEqualTo("+OK");
    }

    @Test
    void take_permitsSpentAcrossTwoConnections_waitsUntilTheNextRefill() {
        RateLimit limit = RateLimit.parse("3/min");
        long t0 = System.nanoTime();
        assertThat(a.take("api", limit, "1.2.3.4")).isZero();
        assertThat(b.take("api", limit, "1.2.3.4")).isZero();
        assertThat(a.take("api", limit, "1.2.3.4")).isZero();
        long wait = b.take("api", limit, "1.2.3.4");
        long elapsed = System.nanoTime() - t0;
        // the next permit is 20 s after the first take, less what already passed (a busy machine may pass seconds)
        long period = Duration.ofSeconds(20).toNanos();
        assertThat(wait).isBetween(period - elapsed, period);
        assertThat(a.take("api", limit, "5.6.7.8")).as("another client has its own bucket").isZero();
    }

    @Test
    void giveBack_afterTake_returnsThePermit() {
        RateLimit limit = RateLimit.parse("1/hour");
        assertThat(a.take("api", limit, "c")).isZero();
        b.giveBack("api", limit, "c");
        assertThat(a.take("api", limit, "c")).isZero();
        assertThat(a.take("api", limit, "c")).isPositive();
    }

    @Test
    void take_fiftyConcurrentRequestsOnTwoConnections_grantExactlyThePermits() throws Exception {
        RateLimit limit = RateLimit.parse("10/hour");
        List<Future<Long>> takes = new ArrayList<>();
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < 50; i++) {
                RedisState s = i % 2 == 0 ? a : b;
                takes.add(pool.submit(() -> s.take("api", limit, "crowd")));
            }
        }
        long granted = 0;
        for (Future<Long> f : takes) {
            granted += f.get() == 0 ? 1 : 0;
        }
        assertThat(granted).isEqualTo(10);
    }

    @Test
    void reserve_twentyConcurrentReservationsOnTwoConnections_neverPassTheCeiling() throws Exception {
        List<Future<Boolean>> reservations = new ArrayList<>();
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < 20; i++) {
                RedisState s = i % 2 == 0 ? a : b;
                reservations.add(pool.submit(() -> s.reserve("2026-12-02", 0, 2_000, 600)));
            }
        }
        long granted = 0;
        for (Future<Boolean> f : reservations) {
            granted += f.get() ? 1 : 0;
        }
        assertThat(granted).isEqualTo(3);
        assertThat(a.spentOn("2026-12-02")).containsExactly(3, 1_800);
    }

    @Test
    void settle_replacesTheReservationAndRequestsCeilingHolds() {
        assertThat(a.reserve("d", 2, 0, 500)).isTrue();
        b.settle("d", 120 - 500);
        assertThat(a.spentOn("d")).containsExactly(1, 120);
        assertThat(b.reserve("d", 2, 0, 0)).isTrue();
        assertThat(a.reserve("d", 2, 0, 0)).as("two requests a day").isFalse();
    }

    @Test
    void claim_secondClaimOnAnyConnection_isRefusedUntilUnclaimed() {
        a.remember("ans_1", new SharedState.Given("q?", "text"), Duration.ofMinutes(1));
        assertThat(b.find("ans_1")).hasValue(new SharedState.Given("q?", "text"));
        assertThat(b.find("ans_2")).isEmpty();
        assertThat(a.claim("ans_1", Duration.ofMinutes(1))).isTrue();
        assertThat(b.claim("ans_1", Duration.ofMinutes(1))).isFalse();
        a.unclaim("ans_1");
        assertThat(b.claim("ans_1", Duration.ofMinutes(1))).isTrue();
    }

    @Test
    void answers_putOnOneConnection_isReadOnTheOtherAndExpires() throws InterruptedException {
        // long enough to read it back on a busy machine; then it must go by itself
        a.answers().put("k", "{\"v\":1}", Duration.ofSeconds(2));
        assertThat(b.answers().get("k")).hasValue("{\"v\":1}");
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (b.answers().get("k").isPresent() && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        assertThat(b.answers().get("k")).isEmpty();
    }

    @Test
    void scripts_redisRestartedAndForgotThem_areLoadedAgain() {
        assertThat(a.take("api", RateLimit.parse("5/min"), "c")).isZero();
        assertThat(REDIS.command("SCRIPT FLUSH")).isEqualTo("+OK");
        assertThat(a.take("api", RateLimit.parse("5/min"), "c")).isZero();
    }

    @Test
    void connect_badUrl_isAClearErrorNamingIt() {
        assertThatThrownBy(() -> RedisState.connect(new SharedStateSettings("http://:pw@host:6379", "t", Duration.ofSeconds(1))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'http://***@host:6379'")
                .hasMessageNotContaining(":pw@");
    }

    @Test
    void commands_redisDown_throwUnavailableAtOnce_andAnswerAgainWhenItIsBack() throws InterruptedException {
        RedisState c = RedisState.connect(new SharedStateSettings(REDIS.url(), "t", Duration.ofMillis(300)));
        try {
            REDIS.stop();
            long t0 = System.nanoTime();
            assertThatThrownBy(() -> c.take("api", RateLimit.parse("5/min"), "c")).isInstanceOf(SharedStateUnavailable.class);
            // a loose bound (the command timeout is 300 ms, the client's own default 60 s): a busy machine may be slow, not hang
            assertThat(Duration.ofNanos(System.nanoTime() - t0)).as("no request waits for a lost Redis").isLessThan(Duration.ofSeconds(10));
            assertThat(c.answers().get("k")).as("the cache fails open").isEmpty();
            assertThat(c.reachable()).isFalse();
            REDIS.start();
            long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
            while (!c.reachable() && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            assertThat(c.take("api", RateLimit.parse("5/min"), "c")).isZero();
        } finally {
            REDIS.start();
            c.close();
        }
    }

    @Test
    void health_redisOutOfMemory_isError_andCommandsAreRefusedNamingTheReason() {
        assertThat(REDIS.command("CONFIG SET maxmemory-policy noeviction")).isEqualTo("+OK");
        assertThat(REDIS.command("CONFIG SET maxmemory 1")).isEqualTo("+OK");
        try {
            assertThat(a.health()).isEqualTo(SharedState.Health.ERROR);
            assertThatThrownBy(() -> a.take("api", RateLimit.parse("5/min"), "c")).isInstanceOf(SharedStateUnavailable.class)
                    .hasMessageContaining("Redis refused the command (rate limit)").hasMessageContaining("OOM");
        } finally {
            REDIS.command("CONFIG SET maxmemory 0");
        }
        assertThat(a.health()).as("the last command was refused, none accepted since").isEqualTo(SharedState.Health.ERROR);
        assertThat(a.take("api", RateLimit.parse("5/min"), "c")).isZero();
        assertThat(a.health()).isEqualTo(SharedState.Health.UP);
    }

    @Test
    void health_aKeyOfTheWrongTypeRefusesTheRateLimit_isErrorUntilACommandIsAcceptedAgain() {
        assertThat(REDIS.command("SET t:rl:api:c 5")).isEqualTo("+OK");
        assertThatThrownBy(() -> a.take("api", RateLimit.parse("5/min"), "c")).isInstanceOf(SharedStateUnavailable.class)
                .hasMessageContaining("WRONGTYPE");
        assertThat(a.health()).as("the probe's keys are fine, but the last command was refused").isEqualTo(SharedState.Health.ERROR);
        assertThat(REDIS.command("DEL t:rl:api:c")).isEqualTo(":1");
        assertThat(a.take("api", RateLimit.parse("5/min"), "c")).isZero();
        assertThat(a.health()).isEqualTo(SharedState.Health.UP);
    }

    @Test
    void connect_userWithoutEvalsha_failsNamingTheMissingPermission() {
        assertThat(REDIS.command("ACL SETUSER nosha on >pw ~t:* +@all -evalsha")).isEqualTo("+OK");
        String url = "redis://nosha:pw@127.0.0.1:" + REDIS.port();
        assertThatThrownBy(() -> RedisState.connect(new SharedStateSettings(url, "t", Duration.ofSeconds(1))))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("refuses what docask needs (NOPERM")
                .hasMessageContaining("+evalsha").hasMessageContaining("~t:*").hasMessageNotContaining(":pw@");
    }

    @Test
    void connect_userWithoutTheKeysUnderThePrefix_failsNamingThem() {
        assertThat(REDIS.command("ACL SETUSER otherkeys on >pw ~other:* +@all")).isEqualTo("+OK");
        String url = "redis://otherkeys:pw@127.0.0.1:" + REDIS.port();
        assertThatThrownBy(() -> RedisState.connect(new SharedStateSettings(url, "t", Duration.ofSeconds(1))))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("NOPERM").hasMessageContaining("~t:*");
    }

    @Test
    void connect_redisOutOfMemory_failsSayingSo() {
        assertThat(REDIS.command("CONFIG SET maxmemory-policy noeviction")).isEqualTo("+OK");
        assertThat(REDIS.command("CONFIG SET maxmemory 1")).isEqualTo("+OK");
        try {
            assertThatThrownBy(() -> RedisState.connect(new SharedStateSettings(REDIS.url(), "t", Duration.ofSeconds(1))))
                    .isInstanceOf(IllegalStateException.class).hasMessageContaining("is out of memory and refuses writes (OOM")
                    .hasMessageContaining("raise maxmemory");
        } finally {
            REDIS.command("CONFIG SET maxmemory 0");
        }
    }

    @Test
    void log_refusedCommands_sayRefusedOnce_andAnswersAgainOnlyAfterThat() {
        java.io.PrintStream err = System.err;
        java.io.ByteArrayOutputStream captured = new java.io.ByteArrayOutputStream();
        System.setErr(new java.io.PrintStream(captured, true, java.nio.charset.StandardCharsets.UTF_8));
        RedisState c = RedisState.connect(new SharedStateSettings(REDIS.url(), "t", Duration.ofSeconds(1)));
        try {
            REDIS.command("SET t:rl:api:c 5");
            for (int round = 0; round < 3; round++) { // refused, then a probe that passes: as a load balancer's probes do
                assertThatThrownBy(() -> c.take("api", RateLimit.parse("5/min"), "c")).isInstanceOf(SharedStateUnavailable.class);
                c.health();
            }
            REDIS.command("DEL t:rl:api:c");
            assertThat(c.take("api", RateLimit.parse("5/min"), "c")).isZero();
            assertThat(c.health()).isEqualTo(SharedState.Health.UP);
        } finally {
            c.close();
            System.setErr(err);
        }
        String log = captured.toString(java.nio.charset.StandardCharsets.UTF_8);
        assertThat(log).containsOnlyOnce("refused the command (rate limit): WRONGTYPE").doesNotContain("did not answer")
                .containsOnlyOnce("answers again");
        assertThat(log.indexOf("refused the command")).isLessThan(log.indexOf("answers again"));
    }

    @Test
    void questionLogSalt_twoReplicasProposeTheirOwn_bothGetTheFirstForGood() {
        assertThat(a.questionLogSalt("aa01")).isEqualTo("aa01");
        assertThat(b.questionLogSalt("bb02")).isEqualTo("aa01");
        assertThat(REDIS.command("TTL t:qlog:salt")).as("never expires").isEqualTo(":-1");
    }

    @Test
    void connect_tlsUrlToAPlainRedis_asksWhetherTlsIsOn() {
        String url = "rediss://127.0.0.1:" + REDIS.port();
        assertThatThrownBy(() -> RedisState.connect(new SharedStateSettings(url, "t", Duration.ofSeconds(1))))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("cannot reach Redis at " + url)
                .hasMessageContaining("is TLS on at that port?");
    }
}
