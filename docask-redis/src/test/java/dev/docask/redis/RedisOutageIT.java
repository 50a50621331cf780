package dev.docask.redis;

import dev.docask.answer.AnswerCache;
import dev.docask.server.DocaskServer;
import dev.docask.server.RateLimit;
import dev.docask.testsupport.FakeModelServer;
import dev.docask.testsupport.RedisServer;
import dev.docask.testsupport.SlowTokens;
import dev.docask.testsupport.Wire;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Redis lost while answers stream, and back: documented 503s only, no hung stream, recovery without a restart (#16). */
class RedisOutageIT {
    @RegisterExtension
    static final RedisServer REDIS = new RedisServer();

    @TempDir
    static Path dir;
    static Path index;
    static FakeModelServer fake;
    static RedisState cacheConnection;
    static List<DocaskServer> replicas = new ArrayList<>();

    @BeforeAll
    static void start() {
        index = Replicas.index(dir.resolve("idx"));
        fake = FakeModelServer.start(Wire.OPENAI, new SlowTokens(Duration.ofMillis(100), "Use ", "vi", ".mock ", "[1]", "."));
        cacheConnection = Replicas.cacheConnection(REDIS.url());
        AnswerCache cache = AnswerCache.shared(cacheConnection.answers(), Duration.ofHours(1), 256 * 1024);
        for (int i = 0; i < 2; i++) {
            replicas.add(Replicas.replica(index, fake, REDIS.url(), cache).rateLimit(RateLimit.parse("1000/min"))
                    .dailyBudget(100_000, 0).build().start());
        }
    }

    @AfterAll
    static void stop() {
        replicas.forEach(DocaskServer::close);
        cacheConnection.close();
        fake.close();
    }

    @Test
    void redisKilledWhileFiftyStreamsRun_onlyDocumented503s_everyStreamEnds_andRestartRecovers() throws Exception {
        List<Future<HttpResponse<String>>> streams = new ArrayList<>();
        int before = fake.requests();
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < 50; i++) {
                DocaskServer replica = replicas.get(i % 2);
                String question = "how do I mock module " + i + "?";
                streams.add(pool.submit(() -> Replicas.ask(replica, question)));
                if (i == 19) { // Redis goes while the first 20 answers stream (each takes half a second)
                    long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
                    while (fake.requests() - before < 10 && System.nanoTime() < deadline) {
                        Thread.sleep(10);
                    }
                    REDIS.stop();
                }
            }
            int ok = 0;
            int unavailable = 0;
            for (Future<HttpResponse<String>> f : streams) {
                HttpResponse<String> r = f.get(60, TimeUnit.SECONDS); // a hung stream fails here
                if (r.statusCode() == 200) {
                    ok++;
                    assertThat(Replicas.lastPart(r.body())).as("a stream ends with finish or error").isIn("finish", "error");
                } else {
                    assertThat(r.statusCode()).as(r.body()).isEqualTo(503);
                    assertThat(r.headers().firstValue("Retry-After")).isPresent();
                    unavailable++;
                }
            }
            assertThat(ok).as("streams that started before Redis went").isPositive();
            assertThat(unavailable).as("asks refused while Redis was gone (limits fail closed)").isPositive();
        }
        assertThat(Replicas.get(replicas.get(0), "/readyz").statusCode()).isEqualTo(503);
        assertThat(Replicas.get(replicas.get(0), "/livez").statusCode()).isEqualTo(200);

        REDIS.start();
        long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
        for (DocaskServer replica : replicas) {
            while (Replicas.get(replica, "/readyz").statusCode() != 200 && System.nanoTime() < deadline) {
                Thread.sleep(100);
            }
        }
        for (DocaskServer replica : replicas) {
            assertThat(Replicas.get(replica, "/readyz").statusCode()).isEqualTo(200);
            HttpResponse<String> again = Replicas.ask(replica, "how do I retry a failing test?");
            assertThat(again.statusCode()).isEqualTo(200);
            assertThat(Replicas.lastPart(again.body())).isEqualTo("finish");
        }
    }

    @Test
    void readyz_redisOutOfMemory_is503SayingRedisError_andReadyAgainOnceItAcceptsWrites() throws Exception {
        DocaskServer replica = replicas.get(0);
        assertThat(REDIS.command("CONFIG SET maxmemory-policy noeviction")).isEqualTo("+OK");
        assertThat(REDIS.command("CONFIG SET maxmemory 1")).isEqualTo("+OK");
        try {
            HttpResponse<String> ready = Replicas.get(replica, "/readyz");
            assertThat(ready.statusCode()).isEqualTo(503);
            assertThat(ready.body()).contains("\"redis\":\"error\"");
            assertThat(Replicas.ask(replica, "how do I mock a module when memory is full?").statusCode()).isEqualTo(503);
        } finally {
            REDIS.command("CONFIG SET maxmemory 0");
        }
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos(); // the refusal holds 10 s without traffic
        while (Replicas.get(replica, "/readyz").statusCode() != 200 && System.nanoTime() < deadline) {
            Thread.sleep(200);
        }
        assertThat(Replicas.get(replica, "/readyz").body()).contains("\"redis\":\"up\"");
    }

    @Test
    void start_redisUnreachable_failsNamingTheUrlWithoutItsPassword() {
        DocaskServer server = DocaskServer.builder().indexDir(index).port(0).redis("redis://:hunter2@127.0.0.1:1/0")
                .redisTimeout(Duration.ofMillis(500)).build();
        assertThatThrownBy(server::start).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("cannot reach Redis at redis://***@127.0.0.1:1/0")
                .hasMessageNotContaining("hunter2");
    }

    @Test
    void start_anotherServiceOnThePort_failsSayingItIsNotRedis() throws Exception {
        try (java.net.ServerSocket other = new java.net.ServerSocket(0, 5, java.net.InetAddress.getLoopbackAddress())) {
            Thread answer = Thread.ofVirtual().start(() -> {
                for (int i = 0; i < 5; i++) { // a web server's reply to whatever is sent, then closed
                    try (java.net.Socket s = other.accept()) {
                        s.getOutputStream().write("<html>nope</html>\r\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
                        s.getOutputStream().flush();
                        Thread.sleep(100);
                    } catch (Exception e) {
                        return;
                    }
                }
            });
            DocaskServer server = DocaskServer.builder().indexDir(index).port(0)
                    .redis("redis://127.0.0.1:" + other.getLocalPort() + "/0").redisTimeout(Duration.ofMillis(1500)).build();
            assertThatThrownBy(server::start).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("cannot reach Redis at").hasMessageContaining("does not speak Redis's protocol");
            answer.interrupt();
        }
    }
}
