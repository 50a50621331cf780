package dev.docask.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.docask.answer.AnswerCache;
import dev.docask.answer.AskHandler;
import dev.docask.testsupport.FakeModelServer;
import dev.docask.testsupport.StreamEnd;
import dev.docask.testsupport.Wire;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** docask serve's question log against a real server, a fake model and concurrent clients. */
class QuestionLogTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int ANSWERED = 60;
    private static final int REPEATED = 30;
    private static final int REFUSED = 40;
    private static final int FOLLOW_UPS = 20;
    private static final int FAILED = 25;
    private static final int CANCELLED = 25;

    @TempDir
    Path dir;

    @Test
    void questionLog_200QuestionsFromConcurrentClients_recordsEachAnswerIdOnceWithItsOutcome() throws Exception {
        Path log = dir.resolve("questions");
        try (FakeModelServer fake = FakeModelServer.start(Wire.OPENAI, QuestionLogTest::respond);
             DocaskServer server = FakeModels.server(Docs.build(dir.resolve("idx")), fake)
                     .answers(r -> AskHandler.builder().retriever(r).siteName("X Docs")
                             .model(fake.openAiModel("sk-test-SECRET"), "openai:fake")
                             .answerCache(AnswerCache.create(100, Duration.ofHours(1)))
                             .timeouts(Duration.ofSeconds(20), Duration.ofSeconds(60)).build())
                     .questionLog(log).build().start()) {
            List<Asked> plan = plan();
            Map<String, String> idsSeen = new ConcurrentHashMap<>(); // id -> kind
            ExecutorService clients = Executors.newFixedThreadPool(16);
            List<Future<?>> runs = new ArrayList<>();
            for (int i = 0; i < plan.size(); i++) {
                Asked a = plan.get(i);
                boolean asJson = i % 2 == 0 && !a.kind().equals("cancelled");
                runs.add(clients.submit(() -> {
                    ask(server.url(), a, asJson).ifPresent(id -> idsSeen.put(id, a.kind()));
                    return null;
                }));
            }
            for (Future<?> f : runs) {
                f.get();
            }
            clients.shutdown();
            Http http = new Http(server.url());
            List<String> rated = idsSeen.entrySet().stream().filter(e -> e.getValue().equals("answered"))
                    .map(Map.Entry::getKey).sorted().limit(5).toList();
            for (String id : rated) {
                assertThat(http.postJson("/api/feedback", "{\"answerId\":\"" + id
                        + "\",\"rating\":\"down\",\"comment\":\"wrong, mail me at ann@example.com\"}").statusCode())
                        .isEqualTo(204);
            }

            List<JsonNode> records = awaitRecords(log, plan.size() + rated.size());
            List<JsonNode> questions = records.stream().filter(r -> r.get("type").asText().equals("question")).toList();
            Map<String, Long> perId = questions.stream().collect(Collectors.groupingBy(r -> r.get("id").asText(),
                    Collectors.counting()));
            assertThat(questions).hasSize(plan.size());
            assertThat(perId.values()).as("no answer id logged twice").allMatch(n -> n == 1);
            assertThat(perId.keySet()).as("every id a client saw is logged").containsAll(idsSeen.keySet());
            Map<String, Long> outcomes = questions.stream().collect(Collectors.groupingBy(
                    r -> r.get("outcome").asText(), Collectors.counting()));
            assertThat(outcomes.get("refused")).as(outcomes.toString()).isEqualTo(REFUSED);
            assertThat(outcomes.get("failed")).isEqualTo(FAILED);
            assertThat(outcomes.get("cancelled")).isEqualTo(CANCELLED);
            assertThat(outcomes.get("answered") + outcomes.getOrDefault("cached", 0L))
                    .isEqualTo(ANSWERED + REPEATED + FOLLOW_UPS);
            assertThat(outcomes.get("cached")).as("repeated questions come from the cache").isPositive();
            assertThat(questions).filteredOn(r -> r.has("standalone")).hasSize(FOLLOW_UPS);
            // not a follow-up: the fake model's answer to those cites nothing, and which record comes first depends on the threads
            JsonNode answered = questions.stream().filter(r -> r.get("outcome").asText().equals("answered") && !r.has("standalone"))
                    .findFirst().orElseThrow();
            assertThat(answered.get("cited").get(0).asText()).startsWith("https://x.dev/");
            assertThat(answered.get("model").asText()).isEqualTo("openai:fake");
            assertThat(answered.get("outputTokens").asInt()).isPositive();
            assertThat(answered.has("firstTokenMs") && answered.has("sourcesMs") && answered.has("totalMs")).isTrue();
            assertThat(answered.get("client").asText()).matches("[0-9a-f]{16}").isNotEqualTo("127.0.0.1");
            assertThat(records.toString()).doesNotContain("127.0.0.1").doesNotContain("ann@example.com")
                    .doesNotContain("sk-live-abcdef0123456789abcdef");
            JsonNode refused = questions.stream().filter(r -> r.get("outcome").asText().equals("refused")).findFirst().orElseThrow();
            assertThat(refused.has("bestCoverage")).isTrue();
            JsonNode failed = questions.stream().filter(r -> r.get("outcome").asText().equals("failed")).findFirst().orElseThrow();
            assertThat(failed.get("question").asText()).contains(Redaction.SECRET);
            assertThat(failed.get("error").asText()).isNotBlank();
            List<JsonNode> feedback = records.stream().filter(r -> r.get("type").asText().equals("feedback")).toList();
            assertThat(feedback).extracting(r -> r.get("id").asText()).containsExactlyInAnyOrderElementsOf(rated);
            assertThat(feedback.getFirst().get("comment").asText()).isEqualTo("wrong, mail me at " + Redaction.EMAIL);
            try (Stream<Path> files = Files.list(log)) {
                assertThat(files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".jsonl")).toList())
                        .singleElement().satisfies(n -> assertThat(n).matches("questions-\\d{4}-\\d{2}-\\d{2}-.+-\\d+\\.jsonl"));
            }
        }
    }

    @Test
    void questionLog_askTurnedAwayByTheRateLimitOrTheBudget_isLoggedAsLimitedWithWhatTheReaderWasTold() throws Exception {
        Path log = dir.resolve("limited");
        try (DocaskServer server = DocaskServer.builder().indexDir(Docs.build(dir.resolve("idx"))).port(0)
                .trustProxyHeader("X-Forwarded-For").rateLimit(RateLimit.parse("1/min")).dailyBudget(1, 0)
                .questionLog(log).build().start()) {
            Http http = new Http(server.url());
            assertThat(http.postJson("/api/ask", ask("how do I mock a module"), "Accept", "application/json",
                    "X-Forwarded-For", "10.0.0.1").statusCode()).isEqualTo(200);
            assertThat(http.postJson("/api/ask", ask("how do I mock a module with vi.mock"), "X-Forwarded-For", "10.0.0.2")
                    .statusCode()).as("the day's budget").isEqualTo(429);
            assertThat(http.postJson("/api/ask", ask("how do I mock a module in watch mode"), "X-Forwarded-For", "10.0.0.1")
                    .statusCode()).as("the rate limit").isEqualTo(429);
            assertThat(http.postJson("/api/ask", "{\"question\":42}", "X-Forwarded-For", "10.0.0.1").statusCode())
                    .as("the rate limit, for a body that is no question").isEqualTo(429);

            List<JsonNode> records = awaitRecords(log, 3);
            Thread.sleep(200); // a fourth record, which must not come, would be written by now
            assertThat(read(log)).as("a body that is no question is not logged, as a 400 is not").hasSize(3);
            Map<String, JsonNode> byQuestion = records.stream()
                    .collect(Collectors.toMap(r -> r.get("question").asText(), r -> r));
            JsonNode first = byQuestion.get("how do I mock a module");
            assertThat(first.get("outcome").asText()).isIn("answered", "refused");
            JsonNode budget = byQuestion.get("how do I mock a module with vi.mock");
            assertThat(budget.get("outcome").asText()).isEqualTo("limited");
            assertThat(budget.get("error").asText()).contains("budget");
            JsonNode rate = byQuestion.get("how do I mock a module in watch mode");
            assertThat(rate.get("outcome").asText()).isEqualTo("limited");
            assertThat(rate.get("error").asText()).contains("Too many questions");
            assertThat(rate.get("id").asText()).startsWith("ans_").isNotEqualTo(budget.get("id").asText());
            assertThat(rate.get("client").asText()).isEqualTo(first.get("client").asText())
                    .isNotEqualTo(budget.get("client").asText());
            assertThat(rate.has("totalMs") && rate.has("time")).isTrue();
            assertThat(rate.has("model") || rate.has("sourcesMs")).as("nothing was answered").isFalse();
        }
    }

    private record Asked(String kind, String body) {
    }

    private static List<Asked> plan() {
        List<Asked> plan = new ArrayList<>();
        for (int i = 0; i < ANSWERED; i++) {
            plan.add(new Asked("answered", ask("how do I mock a module with vi.mock, case " + i)));
        }
        for (int i = 0; i < REPEATED; i++) {
            plan.add(new Asked("answered", ask("how do I mock a module")));
        }
        for (int i = 0; i < REFUSED; i++) {
            plan.add(new Asked("refused", ask("What is the weather in Mumbai today?")));
        }
        for (int i = 0; i < FOLLOW_UPS; i++) {
            plan.add(new Asked("answered", "{\"question\":\"and in watch mode " + i + "?\",\"history\":["
                    + "{\"role\":\"user\",\"text\":\"how do I mock a module\"},"
                    + "{\"role\":\"assistant\",\"text\":\"Use vi.mock [1].\"}]}"));
        }
        for (int i = 0; i < FAILED; i++) {
            plan.add(new Asked("failed", ask("how do I mock a module explode sk-live-abcdef0123456789abcdef " + i)));
        }
        for (int i = 0; i < CANCELLED; i++) {
            plan.add(new Asked("cancelled", ask("how do I mock a module linger " + i)));
        }
        java.util.Collections.shuffle(plan, new java.util.Random(20));
        return plan;
    }

    private static String ask(String question) {
        return "{\"question\":\"" + question + "\"}";
    }

    /* The fake model fails the questions that say explode, and keeps those that say linger open until the reader leaves. */
    private static void respond(dev.docask.testsupport.Exchange ex) throws IOException {
        String body = ex.body();
        if (body.contains("explode")) {
            ex.respondError(500, "the fake model failed");
        } else if (body.contains("linger")) {
            ex.startAnswer();
            ex.sendToken("Hold on");
            try {
                ex.awaitClientClose(Duration.ofSeconds(30));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        } else if (body.contains("watch mode")) {
            ex.startAnswer();
            ex.sendToken("how do I mock a module in watch mode");
            ex.endAnswer(StreamEnd.COMPLETE);
        } else {
            ex.startAnswer();
            ex.sendToken("Use vi.mock");
            ex.sendToken(" to replace a module [1].");
            ex.endAnswer(StreamEnd.COMPLETE);
        }
    }

    /** Asks; returns the answer id the client was sent, if any. A cancelled ask leaves after the first text. */
    private static java.util.Optional<String> ask(String url, Asked a, boolean asJson) throws Exception {
        HttpClient client = HttpClient.newHttpClient();
        HttpRequest.Builder req = HttpRequest.newBuilder(URI.create(url + "/api/ask"))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(a.body()));
        if (asJson) {
            HttpResponse<String> r = client.send(req.header("Accept", "application/json").build(),
                    HttpResponse.BodyHandlers.ofString());
            JsonNode body = JSON.readTree(r.body());
            return r.statusCode() == 200 ? java.util.Optional.of(body.get("id").asText()) : java.util.Optional.empty();
        }
        HttpResponse<InputStream> r = client.send(req.build(), HttpResponse.BodyHandlers.ofInputStream());
        try (InputStream in = r.body()) {
            StringBuilder seen = new StringBuilder();
            byte[] buf = new byte[4096];
            int n;
            while ((n = in.read(buf)) > 0) {
                seen.append(new String(buf, 0, n, java.nio.charset.StandardCharsets.UTF_8));
                if (a.kind().equals("cancelled") && seen.toString().contains("Hold on")) {
                    break; // the reader leaves mid-answer
                }
            }
            return FakeModels.parts(seen.toString()).stream()
                    .filter(p -> p.isObject() && p.get("type").asText().equals("start") && p.has("messageId"))
                    .map(p -> p.get("messageId").asText()).findFirst();
        } finally {
            client.shutdownNow();
        }
    }

    private static List<JsonNode> awaitRecords(Path log, int expected) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        List<JsonNode> records = List.of();
        while (System.nanoTime() < deadline) {
            records = read(log);
            if (records.size() >= expected) {
                break;
            }
            Thread.sleep(100);
        }
        return records;
    }

    private static List<JsonNode> read(Path log) throws IOException {
        List<JsonNode> out = new ArrayList<>();
        try (Stream<Path> files = Files.list(log)) {
            for (Path f : files.filter(p -> p.getFileName().toString().endsWith(".jsonl")).toList()) {
                for (String line : Files.readAllLines(f)) {
                    if (!line.isBlank()) {
                        out.add(JSON.readTree(line));
                    }
                }
            }
        }
        return out;
    }
}
