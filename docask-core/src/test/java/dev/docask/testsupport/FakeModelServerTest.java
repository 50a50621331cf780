package dev.docask.testsupport;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

import static dev.docask.testsupport.Wire.ANTHROPIC;
import static dev.docask.testsupport.Wire.OLLAMA;
import static dev.docask.testsupport.Wire.OPENAI;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The fixture itself, checked with the JDK's own HTTP client and a raw socket. */
class FakeModelServerTest {
    private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    private static HttpResponse<String> post(FakeModelServer server, String body) throws Exception {
        return post(server, "/chat/completions", body);
    }

    private static HttpResponse<String> post(FakeModelServer server, String path, String body) throws Exception {
        return CLIENT.send(HttpRequest.newBuilder(URI.create(server.baseUrl() + path))
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void streamTokens_sendsSseChunksThenDoneAndCountsRequests() throws Exception {
        try (FakeModelServer server = FakeModelServer.start(OPENAI, new StreamTokens("Hel", "lo"))) {
            HttpResponse<String> r = post(server, "{\"stream\":true}");

            assertThat(r.statusCode()).isEqualTo(200);
            assertThat(r.headers().firstValue("content-type")).hasValue("text/event-stream");
            assertThat(r.body()).contains("data: {").contains("\"content\":\"Hel\"").contains("\"content\":\"lo\"")
                    .contains("\"finish_reason\":\"stop\"").contains("\"prompt_tokens\":100").endsWith("data: [DONE]\n\n");
            assertThat(server.requests()).isEqualTo(1);
            assertThat(server.requestBodies()).containsExactly("{\"stream\":true}");
            assertThat(server.clientAborts()).isZero();
        }
    }

    @Test
    void serverError_sendsStatusAndErrorBody() throws Exception {
        try (FakeModelServer server = FakeModelServer.start(OPENAI, new ServerError(503))) {
            HttpResponse<String> r = post(server, "{}");

            assertThat(r.statusCode()).isEqualTo(503);
            assertThat(r.body()).contains("\"error\"");
        }
    }

    @Test
    void dropsMidStream_clientSeesBrokenBody() {
        try (FakeModelServer server = FakeModelServer.start(OPENAI, new StreamTokens("a").ending(StreamEnd.DROP))) {
            assertThatThrownBy(() -> post(server, "{}")).isInstanceOf(IOException.class);
        }
    }

    @Test
    void clientClosesBeforeResponseEnds_isCountedAsAbort() throws Exception {
        try (FakeModelServer server = FakeModelServer.start(OPENAI, new NeverAnswers());
             Socket s = new Socket("127.0.0.1", URI.create(server.baseUrl()).getPort())) {
            OutputStream out = s.getOutputStream();
            out.write("POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n{}"
                    .getBytes(StandardCharsets.US_ASCII));
            out.flush();
            while (server.requests() == 0) {
                Thread.sleep(5);
            }
            s.close();

            assertThat(server.awaitClientAbort(Duration.ofSeconds(5))).isTrue();
        }
    }

    @Test
    void inTurn_eachRequestItsRouteLastRepeats() throws Exception {
        try (FakeModelServer server = FakeModelServer.start(OPENAI, new InTurn(new StreamTokens("one"), new ServerError(500)))) {
            assertThat(post(server, "{}").statusCode()).isEqualTo(200);
            assertThat(post(server, "{}").statusCode()).isEqualTo(500);
            assertThat(post(server, "{}").statusCode()).isEqualTo(500);
        }
    }

    @Test
    void malformedChunks_sendsNonJsonData() throws Exception {
        try (FakeModelServer server = FakeModelServer.start(OPENAI, new MalformedChunks())) {
            assertThat(post(server, "{}").body()).contains("data: {\"choices\": [ this is not json");
        }
    }

    @Test
    void garbageBody_is200WithBytesThatAreNeitherJsonNorUtf8() throws Exception {
        try (FakeModelServer server = FakeModelServer.start(OPENAI, new GarbageBody())) {
            HttpResponse<byte[]> r = CLIENT.send(HttpRequest.newBuilder(URI.create(server.baseUrl() + "/chat/completions"))
                    .POST(HttpRequest.BodyPublishers.ofString("{}")).build(), HttpResponse.BodyHandlers.ofByteArray());

            assertThat(r.statusCode()).isEqualTo(200);
            assertThat(new String(r.body(), StandardCharsets.ISO_8859_1)).isEqualTo("<<<not json at all>>> \u0000\u00ff");
        }
    }

    @Test
    void emptyStream_sendsOnlyDone() throws Exception {
        try (FakeModelServer server = FakeModelServer.start(OPENAI, new EmptyStream())) {
            assertThat(post(server, "{}").body()).isEqualTo("data: [DONE]\n\n");
        }
    }

    @Test
    void closesEarly_sendsTokensThenEndsCleanlyWithoutFinishOrDone() throws Exception {
        try (FakeModelServer server = FakeModelServer.start(OPENAI,
                new StreamTokens("The relay retries [1]").ending(StreamEnd.CLOSE_EARLY))) {
            HttpResponse<String> r = post(server, "{}");

            assertThat(r.body()).contains("\"content\":\"The relay retries [1]\"")
                    .doesNotContain("finish_reason").doesNotContain("[DONE]");
        }
    }

    @Test
    void slowTokens_pausesBeforeEachToken() throws Exception {
        try (FakeModelServer server = FakeModelServer.start(OPENAI, new SlowTokens(Duration.ofMillis(100), "a", "b"))) {
            long start = System.nanoTime();
            post(server, "{}");

            assertThat(Duration.ofNanos(System.nanoTime() - start)).isGreaterThanOrEqualTo(Duration.ofMillis(200));
        }
    }

    @Test
    void streamTokens_anthropicWire_sendsNamedEventsWithStopReasonAndUsage() throws Exception {
        try (FakeModelServer server = FakeModelServer.start(ANTHROPIC, new StreamTokens("Hel", "lo").truncated())) {
            HttpResponse<String> r = post(server, "/v1/messages", "{\"model\":\"claude-x\",\"stream\":true}");

            assertThat(r.headers().firstValue("content-type")).hasValue("text/event-stream");
            assertThat(r.body()).startsWith("event: message_start\ndata: {").contains("\"model\":\"claude-x\"")
                    .contains("\"input_tokens\":" + FakeModelServer.PROMPT_TOKENS).contains("\"text\":\"Hel\"")
                    .contains("\"stop_reason\":\"max_tokens\"").contains("\"output_tokens\":2")
                    .endsWith("event: message_stop\ndata: {\"type\":\"message_stop\"}\n\n");
        }
    }

    @Test
    void streamTokens_ollamaWire_sendsOneJsonLinePerTokenThenDone() throws Exception {
        try (FakeModelServer server = FakeModelServer.start(OLLAMA, new StreamTokens("Hel", "lo"))) {
            HttpResponse<String> r = post(server, "/api/chat", "{\"model\":\"llama-x\"}");

            assertThat(r.headers().firstValue("content-type")).hasValue("application/x-ndjson");
            assertThat(r.body().lines().toList()).hasSize(3).last().asString().contains("\"done\":true")
                    .contains("\"done_reason\":\"stop\"").contains("\"eval_count\":2");
            assertThat(r.body()).contains("\"content\":\"Hel\"").contains("\"model\":\"llama-x\"");
        }
    }

    @Test
    void serverError_eachWire_sendsThatApisErrorBody() throws Exception {
        try (FakeModelServer anthropic = FakeModelServer.start(ANTHROPIC, new ServerError(529));
             FakeModelServer ollama = FakeModelServer.start(OLLAMA, new ServerError(500))) {
            HttpResponse<String> a = post(anthropic, "/v1/messages", "{\"stream\":true}");
            HttpResponse<String> o = post(ollama, "/api/chat", "{}");

            assertThat(a.statusCode()).isEqualTo(529);
            assertThat(a.body()).contains("\"type\":\"error\"").contains("overloaded_error");
            assertThat(o.statusCode()).isEqualTo(500);
            assertThat(o.body()).startsWith("{\"error\":");
        }
    }

    @Test
    void wrongPathOrNoStreaming_anthropicAndOllama_refuseAsTheRealApisDo() throws Exception {
        try (FakeModelServer anthropic = FakeModelServer.start(ANTHROPIC, new StreamTokens("never"));
             FakeModelServer ollama = FakeModelServer.start(OLLAMA, new StreamTokens("never"))) {
            assertThat(post(anthropic, "/messages", "{\"stream\":true}").body()).contains("not_found_error");
            assertThat(post(anthropic, "/v1/messages", "{}").statusCode()).isEqualTo(400);
            assertThat(post(ollama, "/api/generate", "{}").body()).isEqualTo("404 page not found");
            assertThat(post(ollama, "/api/chat", "{\"stream\":false}").statusCode()).isEqualTo(400);
            assertThat(anthropic.baseUrl()).doesNotEndWith("/v1");
        }
    }
}
