package dev.docask.redis;

import dev.docask.answer.AnswerCache;
import dev.docask.server.DocaskServer;
import dev.docask.server.RateLimit;
import dev.docask.testsupport.FakeModelServer;
import dev.docask.testsupport.RedisServer;
import dev.docask.testsupport.SlowTokens;
import dev.docask.testsupport.StreamTokens;
import dev.docask.testsupport.Wire;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Map;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** Three docask serve replicas, each with its own state, sharing one index and one real Redis (#16). */
class ReplicasIT {
    @RegisterExtension
    static final RedisServer REDIS = new RedisServer();

    static final StreamTokens ANSWER = new StreamTokens("Use ", "vi.mock [1].");

    @TempDir
    static Path dir;
    static Path index;
    static FakeModelServer fake;
    static RedisState cacheConnection;
    final List<DocaskServer> replicas = new ArrayList<>();

    @BeforeAll
    static void startModel() {
        index = Replicas.index(dir.resolve("idx"));
        fake = FakeModelServer.start(Wire.OPENAI, ANSWER);
        cacheConnection = Replicas.cacheConnection(REDIS.url());
    }

    @AfterAll
    static void stopModel() {
        cacheConnection.close();
        fake.close();
    }

    @BeforeEach
    void cleanRedis() {
        assertThat(REDIS.command("FLUSHALL")).isEqualTo("+OK");
    }

    @AfterEach
    void stopReplicas() {
        replicas.forEach(DocaskServer::close);
    }

    private List<DocaskServer> three(UnaryOperator<DocaskServer.Builder> options) {
        AnswerCache cache = AnswerCache.shared(cacheConnection.answers(), Duration.ofHours(1), 256 * 1024);
        for (int i = 0; i < 3; i++) {
            replicas.add(options.apply(Replicas.replica(index, fake, REDIS.url(), cache)).build().start());
        }
        return replicas;
    }

    @Test
    void rateLimit_fivePerMinuteAcrossThreeReplicas_sixthOnAnyReplicaIs429() {
        List<DocaskServer> r = three(b -> b.rateLimit(RateLimit.parse("5/min")));
        List<Integer> statuses = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            statuses.add(Replicas.get(r.get(i % 3), "/api/search?q=mock").statusCode());
        }
        assertThat(statuses).containsOnly(200);
        for (DocaskServer replica : r) {
            HttpResponse<String> refused = Replicas.get(replica, "/api/search?q=mock");
            assertThat(refused.statusCode()).isEqualTo(429);
            assertThat(refused.headers().firstValue("Retry-After")).isPresent();
        }
    }

    @Test
    void answerCache_sameQuestionOnAThenB_callsTheModelOnce() {
        List<DocaskServer> r = three(b -> b);
        int before = fake.requests();
        HttpResponse<String> first = Replicas.ask(r.get(0), "how do I mock a module?");
        HttpResponse<String> second = Replicas.ask(r.get(1), "How do I mock a module");
        assertThat(first.statusCode()).isEqualTo(200);
        assertThat(second.statusCode()).isEqualTo(200);
        assertThat(fake.requests() - before).as("model calls").isEqualTo(1);
        assertThat(second.body()).contains("vi.mock [1].").contains("\"cached\":true");
    }

    @Test
    void dailyTokens_twentyConcurrentAsksOnThreeReplicas_neverSpendPastTheCeiling() throws Exception {
        long ceiling = 2_500; // a reservation is about 1,160 tokens here: two fit at once, each costs about 110
        List<DocaskServer> r = three(b -> b.dailyBudget(0, ceiling));
        fake.route(new SlowTokens(Duration.ofMillis(300), "Use ", "vi.mock [1].")); // answers overlap
        int before = fake.requests();
        List<Future<HttpResponse<String>>> asks = new ArrayList<>();
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < 20; i++) {
                DocaskServer replica = r.get(i % 3);
                String question = "how do I mock module number " + i + "?"; // no cache hits
                asks.add(pool.submit(() -> Replicas.ask(replica, question)));
            }
        }
        fake.route(ANSWER);
        int answered = 0;
        int refused = 0;
        for (Future<HttpResponse<String>> f : asks) {
            int status = f.get().statusCode();
            if (status == 200) {
                answered++;
            } else {
                assertThat(status).isEqualTo(429);
                refused++;
            }
        }
        long[] spent = cacheConnection.spentOn(LocalDate.now(ZoneOffset.UTC).toString());
        assertThat(refused).as("asks refused for the budget").isPositive();
        assertThat(answered).isEqualTo(fake.requests() - before);
        assertThat(spent[1]).as("tokens counted in Redis").isBetween(1L, ceiling);
        assertThat((long) answered * (FakeModelServer.PROMPT_TOKENS + 2)).as("tokens the model reported").isLessThanOrEqualTo(ceiling);
    }

    @Test
    void feedback_answerFromAPostedToB_isTakenAndASecondRatingOnCIs409() {
        List<DocaskServer> r = three(b -> b);
        String id = Replicas.answerId(Replicas.ask(r.get(0), "how do I retry a failing test?").body());
        String vote = "{\"answerId\":\"" + id + "\",\"rating\":\"up\"}";
        assertThat(Replicas.post(r.get(1), "/api/feedback", vote).statusCode()).isEqualTo(204);
        assertThat(Replicas.post(r.get(2), "/api/feedback", vote).statusCode()).isEqualTo(409);
        assertThat(Replicas.post(r.get(2), "/api/feedback", "{\"answerId\":\"ans_unknown\",\"rating\":\"up\"}").statusCode())
                .isEqualTo(404);
    }

    @Test
    void questionLog_replicasWithFoldersOfTheirOwn_logLimitedAndUnavailableAsks_andHashTheClientAlike() throws Exception {
        Path logs = dir.resolve("logs-" + System.nanoTime());
        java.util.concurrent.atomic.AtomicInteger n = new java.util.concurrent.atomic.AtomicInteger();
        List<DocaskServer> r = three(b -> b.rateLimit(RateLimit.parse("2/min")).questionLog(logs.resolve("r" + n.getAndIncrement())));
        assertThat(Replicas.ask(r.get(0), "how do I mock a module?").statusCode()).isEqualTo(200);
        assertThat(Replicas.ask(r.get(1), "how do I retry a failing test?").statusCode()).isEqualTo(200);
        assertThat(Replicas.ask(r.get(2), "how do I mock a module in watch mode?").statusCode()).isEqualTo(429);
        assertThat(REDIS.command("SET docask:rl:api:127.0.0.1 broken")).isEqualTo("+OK"); // WRONGTYPE: the limit cannot be read
        try {
            assertThat(Replicas.ask(r.get(1), "how do I mock a timer?").statusCode()).isEqualTo(503);
        } finally {
            REDIS.command("DEL docask:rl:api:127.0.0.1");
        }

        Map<String, JsonNode> byQuestion = new HashMap<>();
        for (int i = 0; i < 3; i++) {
            try (Stream<Path> files = Files.list(logs.resolve("r" + i))) {
                for (Path f : files.filter(p -> p.toString().endsWith(".jsonl")).toList()) {
                    for (String line : Files.readAllLines(f)) {
                        JsonNode record = Replicas.JSON.readTree(line);
                        byQuestion.put(record.get("question").asText(), record);
                    }
                }
            }
        }
        assertThat(byQuestion.get("how do I mock a module?").get("outcome").asText()).isEqualTo("answered");
        assertThat(byQuestion.get("how do I mock a module in watch mode?").get("outcome").asText()).isEqualTo("limited");
        JsonNode lost = byQuestion.get("how do I mock a timer?");
        assertThat(lost.get("outcome").asText()).isEqualTo("unavailable");
        assertThat(lost.get("error").asText()).contains("cannot check its limits");
        assertThat(byQuestion.values()).hasSize(4).extracting(q -> q.get("client").asText())
                .as("one client, one hash, in every replica's folder").containsOnly(lost.get("client").asText());
        assertThat(cacheConnection.questionLogSalt("00")).as("the first replica's folder salt, published")
                .isEqualTo(Files.readString(logs.resolve("r0").resolve(".salt")).strip());
    }

    @Test
    void readyz_redisUp_isReadyAndSaysSo() {
        DocaskServer replica = three(b -> b).get(0);
        HttpResponse<String> ready = Replicas.get(replica, "/readyz");
        assertThat(ready.statusCode()).isEqualTo(200);
        assertThat(ready.body()).contains("\"redis\":\"up\"");
    }
}
