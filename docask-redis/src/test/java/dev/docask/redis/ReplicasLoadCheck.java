package dev.docask.redis;

import dev.docask.answer.AnswerCache;
import dev.docask.server.DocaskServer;
import dev.docask.server.RateLimit;
import dev.docask.testsupport.FakeModelServer;
import dev.docask.testsupport.RedisServer;
import dev.docask.testsupport.SlowTokens;
import dev.docask.testsupport.StreamLoad;
import dev.docask.testsupport.Wire;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.UnaryOperator;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Load check, not a timed test (#16): the ServerLoadCheck load ({@value #STREAMS} streams at once,
 * a model writing 20 tokens 50 ms apart) against one replica with its state in process, and against
 * two replicas sharing a real Redis (clients alternate between them), rounds interleaved. Both have a
 * rate limit and a daily budget that never refuse, and an answer cache that every question misses,
 * so each request takes a permit, reserves and settles, looks up and stores an answer, and remembers
 * its id: through Redis for the pair. Prints the rows of docs/benchmarks.md; fails on any error.
 *
 * <pre>
 * ./mvnw verify -pl docask-redis -am -Dit.test=ReplicasLoadCheck -Dtest=none -Dsurefire.failIfNoSpecifiedTests=false \
 *     -Dfailsafe.failIfNoSpecifiedTests=false
 * </pre>
 */
class ReplicasLoadCheck {
    static final int STREAMS = 200;
    static final int ROUNDS = 3;

    @RegisterExtension
    static final RedisServer REDIS = new RedisServer();

    @TempDir
    Path dir;

    @Test
    void twoReplicasSharingRedis_againstOneWithoutIt_allStreamsFinish() throws Exception {
        Path index = Replicas.index(dir.resolve("idx"));
        UnaryOperator<DocaskServer.Builder> limits = b -> b.rateLimit(RateLimit.parse("100000000/min"))
                .dailyBudget(1_000_000_000L, 0);
        try (FakeModelServer fake = FakeModelServer.start(Wire.OPENAI,
                     new SlowTokens(Duration.ofMillis(50), Collections.nCopies(20, "word ")));
             RedisState cacheConnection = Replicas.cacheConnection(REDIS.url());
             StreamLoad load = new StreamLoad()) {
            AnswerCache shared = AnswerCache.shared(cacheConnection.answers(), Duration.ofHours(1), 256 * 1024);
            DocaskServer single = limits.apply(Replicas.replica(index, fake, REDIS.url(), AnswerCache.create(10_000, Duration.ofHours(1))))
                    .redis("").build().start();
            DocaskServer a = limits.apply(Replicas.replica(index, fake, REDIS.url(), shared)).build().start();
            DocaskServer b = limits.apply(Replicas.replica(index, fake, REDIS.url(), shared)).build().start();
            try {
                load.run(i -> StreamLoad.ask(single.url() + "/api/ask", question("warm", i)), 20);
                load.run(i -> StreamLoad.ask((i % 2 == 0 ? a : b).url() + "/api/ask", question("warm", i)), 20);
                List<StreamLoad.Stream> one = new ArrayList<>();
                List<StreamLoad.Stream> two = new ArrayList<>();
                long wallOne = 0;
                long wallTwo = 0;
                int modelOne = 0;
                int modelTwo = 0;
                for (int round = 0; round < ROUNDS; round++) {
                    String r = "r" + round;
                    int before = fake.requests();
                    long t0 = System.nanoTime();
                    one.addAll(load.run(i -> StreamLoad.ask(single.url() + "/api/ask", question(r + "one", i)), STREAMS));
                    wallOne += System.nanoTime() - t0;
                    modelOne += fake.requests() - before;
                    before = fake.requests();
                    t0 = System.nanoTime();
                    two.addAll(load.run(i -> StreamLoad.ask((i % 2 == 0 ? a : b).url() + "/api/ask", question(r + "two", i)), STREAMS));
                    wallTwo += System.nanoTime() - t0;
                    modelTwo += fake.requests() - before;
                }
                StreamLoad.report("1 replica, state in process: " + ROUNDS + " x " + STREAMS + " streams", one, wallOne, modelOne);
                StreamLoad.report("2 replicas sharing Redis: " + ROUNDS + " x " + STREAMS + " streams", two, wallTwo, modelTwo);
                assertThat(one).allMatch(StreamLoad.Stream::finished);
                assertThat(two).allMatch(StreamLoad.Stream::finished);
            } finally {
                single.close();
                a.close();
                b.close();
            }
        }
    }

    private static String question(String round, int i) {
        return "{\"question\":\"how do I mock module " + round + " " + i + "?\"}";
    }
}
