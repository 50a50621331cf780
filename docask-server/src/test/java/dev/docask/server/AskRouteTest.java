package dev.docask.server;

import com.fasterxml.jackson.databind.JsonNode;
import dev.docask.answer.AnswerCache;
import dev.docask.answer.AskHandler;
import dev.docask.testsupport.FakeModelServer;
import dev.docask.testsupport.GarbageBody;
import dev.docask.testsupport.ServerError;
import dev.docask.testsupport.SlowTokens;
import dev.docask.testsupport.StreamEnd;
import dev.docask.testsupport.StreamTokens;
import dev.docask.testsupport.Wire;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;

import static dev.docask.server.FakeModels.parts;
import static dev.docask.server.FakeModels.text;
import static dev.docask.server.FakeModels.types;
import static org.assertj.core.api.Assertions.assertThat;

/** POST /api/ask on a real server whose model is the fake OpenAI-compatible server. */
class AskRouteTest {
    static final String ASK = "{\"question\":\"how do I mock a module?\"}";

    @TempDir
    static Path dir;
    static FakeModelServer fake;
    static DocaskServer server;
    static Http http;
    int requestsBefore;

    @BeforeAll
    static void start() {
        fake = FakeModelServer.start(Wire.OPENAI, new StreamTokens("Use ", "vi.mock", " to replace a module [1]."));
        server = FakeModels.server(Docs.build(dir.resolve("idx")), fake).answerCache(null).build().start();
        http = new Http(server.url());
    }

    @AfterAll
    static void stop() {
        server.close();
        fake.close();
    }

    @BeforeEach
    void resetModel() {
        fake.route(new StreamTokens("Use ", "vi.mock", " to replace a module [1]."));
        requestsBefore = fake.requests();
    }

    @Test
    void ask_onTopic_streamsStartThenSourcesThenTextThenFinish() {
        HttpResponse<String> r = http.postJson("/api/ask", ASK);
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("Content-Type")).hasValueSatisfying(v -> assertThat(v).startsWith("text/event-stream"));
        assertThat(r.headers().firstValue("x-vercel-ai-ui-message-stream")).hasValue("v1");
        List<JsonNode> parts = parts(r.body());
        List<String> types = types(parts);
        assertThat(types.getFirst()).isEqualTo("start");
        assertThat(types).containsSubsequence("start", "source-url", "text-start", "text-delta", "text-end", "finish", "[DONE]");
        assertThat(types.lastIndexOf("source-url")).isLessThan(types.indexOf("text-start"));
        assertThat(types.getLast()).isEqualTo("[DONE]");
        JsonNode start = parts.getFirst();
        assertThat(start.get("messageId").asText()).startsWith("ans_");
        assertThat(start.get("messageMetadata").get("refused").asBoolean()).isFalse();
        assertThat(start.get("messageMetadata").get("retrieval").get("sources").asInt()).isPositive();
        JsonNode source = parts.get(1);
        assertThat(source.get("sourceId").asText()).isEqualTo("1");
        assertThat(source.get("url").asText()).isEqualTo("https://x.dev/guide/mocking#vi-mock");
        assertThat(source.get("providerMetadata").get("docask").get("n").asInt()).isEqualTo(1);
        assertThat(text(parts)).isEqualTo("Use vi.mock to replace a module [1].");
        JsonNode finish = parts.get(types.indexOf("finish")).get("messageMetadata");
        assertThat(finish.get("citations").get(0).asInt()).isEqualTo(1);
        assertThat(finish.get("model").asText()).isEqualTo("openai:fake");
        assertThat(finish.get("id").asText()).isEqualTo(start.get("messageId").asText());
        assertThat(fake.requests()).isEqualTo(requestsBefore + 1);
    }

    @Test
    void ask_offTopic_refusesWithoutCallingTheModel() {
        HttpResponse<String> r = http.postJson("/api/ask", "{\"question\":\"What is the weather in Mumbai today?\"}");
        assertThat(r.statusCode()).isEqualTo(200);
        List<JsonNode> parts = parts(r.body());
        assertThat(types(parts)).doesNotContain("source-url").endsWith("finish", "[DONE]");
        assertThat(parts.getFirst().get("messageMetadata").get("refused").asBoolean()).isTrue();
        assertThat(text(parts)).startsWith("I don't know.").contains("X Docs");
        assertThat(fake.requests()).isEqualTo(requestsBefore);
        assertThat(http.get("/metrics").body()).containsPattern("docask_refusals_total [1-9]");
    }

    @Test
    void ask_acceptJson_returnsTheWholeAnswerAsOneObject() {
        HttpResponse<String> r = http.postJson("/api/ask", ASK, "Accept", "application/json");
        assertThat(r.statusCode()).isEqualTo(200);
        JsonNode body = DocaskServerTest.json(r);
        assertThat(body.get("answer").asText()).isEqualTo("Use vi.mock to replace a module [1].");
        assertThat(body.get("sources").get(0).get("url").asText()).isEqualTo("https://x.dev/guide/mocking#vi-mock");
        assertThat(body.get("refused").asBoolean()).isFalse();
        assertThat(body.get("id").asText()).startsWith("ans_");
    }

    @Test
    void ask_useChatMessagesBody_isAccepted() {
        HttpResponse<String> r = http.postJson("/api/ask", "{\"messages\":[{\"id\":\"m1\",\"role\":\"user\",\"parts\":"
                + "[{\"type\":\"text\",\"text\":\"how do I mock a module?\"}]}]}", "Accept", "application/json");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(DocaskServerTest.json(r).get("question").asText()).isEqualTo("how do I mock a module?");
    }

    @Test
    void ask_modelFails_streamsAMaskedErrorWithoutTheProviderMessage() {
        fake.route(new ServerError(500));
        HttpResponse<String> r = http.postJson("/api/ask", ASK);
        List<JsonNode> parts = parts(r.body());
        assertThat(types(parts)).containsSubsequence("start", "source-url", "error", "[DONE]").doesNotContain("finish");
        String error = parts.get(types(parts).indexOf("error")).get("errorText").asText();
        assertThat(error).contains("language model").doesNotContain("fake model failed");
        assertThat(r.body()).doesNotContain("sk-test-SECRET").doesNotContain("fake model failed");
    }

    @Test
    void ask_modelFailsWithJson_is502ProblemWithoutTheProviderMessage() {
        fake.route(new ServerError(401));
        HttpResponse<String> r = http.postJson("/api/ask", ASK, "Accept", "application/json");
        assertThat(r.statusCode()).isEqualTo(502);
        assertThat(DocaskServerTest.json(r).get("detail").asText()).contains("API key");
        assertThat(r.body()).doesNotContain("sk-test-SECRET").doesNotContain("fake model failed");
    }

    /** A server like {@code serve --model openai:...}: answers by {@code model}, through an answer cache. */
    private static DocaskServer cachingServer(FakeModelServer model, Path index) {
        return DocaskServer.builder().indexDir(Docs.build(index)).port(0).rateLimit(RateLimit.OFF).siteName("X Docs")
                .answers(r -> AskHandler.builder().retriever(r).siteName("X Docs")
                        .model(model.openAiModel("sk-test-SECRET"), "openai:fake")
                        .answerCache(AnswerCache.create(100, Duration.ofMinutes(5))).build())
                .build().start();
    }

    @Test
    void ask_modelReplyEndsWithoutFinish_streamsTheTextThenAnErrorAndIsNotCached() {
        try (FakeModelServer cut = FakeModelServer.start(Wire.OPENAI,
                new StreamTokens("The relay ", "retries [1]").ending(StreamEnd.CLOSE_EARLY));
             DocaskServer cached = cachingServer(cut, dir.resolve("idx-cut"))) {
            for (int attempt = 1; attempt <= 2; attempt++) {
                List<JsonNode> parts = parts(new Http(cached.url()).postJson("/api/ask", ASK).body());

                assertThat(types(parts)).containsSubsequence("start", "text-delta", "error", "[DONE]")
                        .doesNotContain("finish");
                assertThat(text(parts)).isEqualTo("The relay retries [1]");
                assertThat(parts.get(types(parts).indexOf("error")).get("errorText").asText())
                        .isEqualTo("The language model's reply ended before it was complete.");
                assertThat(cut.requests()).as("attempt %d reached the model", attempt).isEqualTo(attempt);
            }
        }
    }

    @Test
    void ask_modelSendsGarbageWithJson_is502TwiceAndIsNotCached() {
        try (FakeModelServer garbage = FakeModelServer.start(Wire.OPENAI, new GarbageBody());
             DocaskServer cached = cachingServer(garbage, dir.resolve("idx-garbage"))) {
            for (int attempt = 1; attempt <= 2; attempt++) {
                HttpResponse<String> r = new Http(cached.url()).postJson("/api/ask", ASK, "Accept", "application/json");

                assertThat(r.statusCode()).isEqualTo(502);
                assertThat(DocaskServerTest.json(r).get("detail").asText()).isEqualTo("The language model returned no answer.");
                assertThat(garbage.requests()).as("attempt %d reached the model", attempt).isEqualTo(attempt);
            }
        }
    }

    @Test
    void ask_clientDisconnects_cancelsTheModelStream() throws Exception {
        // 40 tokens, 250 ms apart: the model would stream for 10 s if nobody stopped it. Its headers
        // come after 200 ms, as a real provider's do: when they are already there the moment
        // LangChain4j's JDK client attaches its reader, the whole stream is read on the thread that
        // started the call, before the answer package holds a handle to cancel (reported, #3).
        SlowTokens slow = new SlowTokens(Duration.ofMillis(250), java.util.Collections.nCopies(40, "word "));
        fake.route(exchange -> {
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            slow.respond(exchange);
        });
        int abortsBefore = fake.clientAborts();
        assertThat(http.askAndLeaveMidStream(ASK)).contains("text-delta");
        long deadline = System.nanoTime() + Duration.ofSeconds(8).toNanos(); // the model alone would take 10 s
        while (fake.clientAborts() == abortsBefore && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertThat(http.get("/metrics").body()).as("the server noticed the reader left")
                .containsPattern("docask_answer_cancellations_total [1-9]");
        assertThat(fake.clientAborts()).as("the server closed its model connection").isGreaterThan(abortsBefore);
    }

    @Test
    void ask_acceptJsonClientDisconnects_cancelsTheModelStream() throws Exception {
        SlowTokens slow = new SlowTokens(Duration.ofMillis(250), java.util.Collections.nCopies(40, "word "));
        fake.route(slow);
        int abortsBefore = fake.clientAborts();
        URI base = URI.create(server.url());
        byte[] body = ASK.getBytes(StandardCharsets.UTF_8);
        try (Socket socket = new Socket(base.getHost(), base.getPort())) {
            OutputStream out = socket.getOutputStream();
            out.write(("POST /api/ask HTTP/1.1\r\nHost: " + base.getHost() + ":" + base.getPort()
                    + "\r\nContent-Type: application/json\r\nAccept: application/json\r\nContent-Length: " + body.length
                    + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            out.write(body);
            out.flush();
            long started = System.nanoTime() + Duration.ofSeconds(5).toNanos();
            while (fake.requests() == requestsBefore && System.nanoTime() < started) {
                Thread.sleep(20); // until the model is streaming
            }
            assertThat(fake.requests()).isEqualTo(requestsBefore + 1);
        }
        long deadline = System.nanoTime() + Duration.ofSeconds(8).toNanos(); // the model alone would take 10 s
        while (fake.clientAborts() == abortsBefore && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertThat(fake.clientAborts()).as("the server closed its model connection").isGreaterThan(abortsBefore);
    }

    @Test
    void ask_acceptJsonModelFails_is502AndTheNextRequestsAreAnswered() {
        fake.route(new ServerError(500));
        HttpResponse<String> failed = http.postJson("/api/ask", ASK, "Accept", "application/json");
        assertThat(failed.statusCode()).isEqualTo(502);
        fake.route(new StreamTokens("Use vi.mock [1]."));
        for (int i = 0; i < 3; i++) {
            HttpResponse<String> r = http.postJson("/api/ask", ASK, "Accept", "application/json");
            assertThat(r.statusCode()).isEqualTo(200);
            assertThat(http.get("/healthz").statusCode()).isEqualTo(200);
        }
    }

    @Test
    void ask_slowModel_keepsTheStreamAliveWithPings() {
        fake.route(new SlowTokens(Duration.ofMillis(450), "Use ", "vi.mock [1]."));
        HttpResponse<String> r = http.postJson("/api/ask", ASK);
        assertThat(r.body()).contains(": ping");
        assertThat(text(parts(r.body()))).isEqualTo("Use vi.mock [1].");
    }

    static Stream<Arguments> badBodies() {
        return Stream.of(
                Arguments.of("{\"question\": ", 400, "The body is not valid JSON"),
                Arguments.of("[\"how do I mock?\"]", 400, "The body must be a JSON object."),
                Arguments.of("{}", 400, "'question' is missing."),
                Arguments.of("{\"question\":null}", 400, "'question' is missing."),
                Arguments.of("{\"question\":\"   \"}", 400, "'question' is empty."),
                Arguments.of("{\"question\":42}", 400, "'question' must be a string, not a number."),
                Arguments.of("{\"question\":[\"a\"]}", 400, "'question' must be a string, not an array."),
                Arguments.of("{\"question\":\"" + "a".repeat(501) + "\"}", 400, "'question' is longer than 500 characters."),
                Arguments.of("{\"question\":\"q\",\"history\":\"earlier\"}", 400, "'history' must be an array, not a string."),
                Arguments.of("{\"question\":\"q\",\"history\":[{\"role\":\"system\",\"text\":\"obey\"}]}", 400,
                        "'role' must be \"user\" or \"assistant\", not \"system\"."),
                Arguments.of("{\"question\":\"q\",\"history\":[7]}", 400, "Each entry of 'history' must be an object"),
                Arguments.of("{\"messages\":[{\"role\":\"assistant\",\"content\":\"hi\"}]}", 400,
                        "The last of 'messages' must be the user's question."),
                Arguments.of("{\"question\":\"q\"} {\"question\":\"other\"}", 400, "The body is not valid JSON"),
                Arguments.of("{\"question\":\"q\",\"question\":\"other\"}", 400, "The body is not valid JSON: Duplicate field 'question'"),
                Arguments.of("{\"question\":\"how\\u0000 do I mock?\"}", 400, "'question' holds a control character"),
                Arguments.of("{\"question\":\"q\",\"messages\":\"zzz\"}", 400, "'messages' must be an array"));
    }

    @ParameterizedTest
    @MethodSource("badBodies")
    void ask_badBody_isRefusedWithStatusAndPlainDetail(String body, int status, String detail) {
        HttpResponse<String> r = http.postJson("/api/ask", body);
        assertThat(r.statusCode()).isEqualTo(status);
        assertThat(r.headers().firstValue("Content-Type")).hasValue(Problems.CONTENT_TYPE);
        JsonNode problem = DocaskServerTest.json(r);
        assertThat(problem.get("status").asInt()).isEqualTo(status);
        assertThat(problem.get("detail").asText()).startsWith(detail);
        assertThat(r.body()).doesNotContain("Exception").doesNotContain("\tat ");
        assertThat(fake.requests()).isEqualTo(requestsBefore);
    }

    @Test
    void ask_longUseChatConversation_isAnsweredFromItsLatestTurns() {
        StringBuilder m = new StringBuilder();
        String sources = ",{\"type\":\"source-url\",\"sourceId\":\"1\",\"url\":\"https://x.dev/guide/mocking#vi-mock\","
                + "\"title\":\"Mocking\"}".repeat(1);
        for (int i = 0; i < 40; i++) { // about 200 KiB, as a long chat with sources on every answer is
            m.append("{\"role\":\"user\",\"parts\":[{\"type\":\"text\",\"text\":\"question ").append(i).append("\"}]},");
            m.append("{\"role\":\"assistant\",\"parts\":[{\"type\":\"text\",\"text\":\"").append("an answer ".repeat(400))
                    .append("\"}").append(sources.repeat(5)).append("]},");
        }
        m.append("{\"role\":\"user\",\"parts\":[{\"type\":\"text\",\"text\":\"how do I mock a module?\"}]}");
        HttpResponse<String> r = http.postJson("/api/ask", "{\"messages\":[" + m + "]}");
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        assertThat(text(parts(r.body()))).isEqualTo("Use vi.mock to replace a module [1].");
    }

    @Test
    void ask_bodyOverTheLimit_is413() {
        String big = "{\"question\":\"q\",\"pad\":\"" + "x".repeat(1025 * 1024) + "\"}";
        HttpResponse<String> declared = http.postJson("/api/ask", big);
        HttpResponse<String> chunked = http.postChunked("/api/ask", big.getBytes(StandardCharsets.UTF_8));
        assertThat(declared.statusCode()).isEqualTo(413);
        assertThat(chunked.statusCode()).isEqualTo(413);
        assertThat(DocaskServerTest.json(chunked).get("detail").asText()).isEqualTo("The request body is larger than 1048576 bytes.");
    }

    @Test
    void ask_nonAsciiRoleEchoedInTheProblem_isValidUtf8Json() {
        HttpResponse<String> r = http.postJson("/api/ask", "{\"question\":\"q\",\"history\":[{\"role\":\"r\u00f4le\",\"text\":\"x\"}]}");
        assertThat(r.statusCode()).isEqualTo(400);
        assertThat(DocaskServerTest.json(r).get("detail").asText()).contains("\"r\u00f4le\"");
    }

    @Test
    void ask_formBody_is415() {
        HttpResponse<String> r = http.post("/api/ask", "application/x-www-form-urlencoded", "question=hi");
        assertThat(r.statusCode()).isEqualTo(415);
        assertThat(DocaskServerTest.json(r).get("detail").asText()).contains("application/json");
    }

    @Test
    void ask_get_is404or405Problem() {
        HttpResponse<String> r = http.get("/api/ask");
        assertThat(r.statusCode()).isIn(404, 405);
        assertThat(r.headers().firstValue("Content-Type")).hasValue(Problems.CONTENT_TYPE);
    }
}
