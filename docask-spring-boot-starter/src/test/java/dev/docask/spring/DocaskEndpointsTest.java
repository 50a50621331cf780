package dev.docask.spring;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.docask.answer.internal.AnswerMeters;
import dev.docask.testsupport.FakeModelServer;
import dev.docask.testsupport.StreamTokens;
import dev.docask.testsupport.TestIndexes;
import dev.docask.testsupport.TestSites;
import dev.docask.testsupport.Wire;
import dev.langchain4j.model.chat.StreamingChatModel;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Bean;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The endpoints on a real server (Tomcat on a random port), asked over HTTP as a front end would. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, classes = DocaskEndpointsTest.App.class,
        properties = {"docask.web.enabled=true", "management.endpoint.health.show-details=always"})
class DocaskEndpointsTest {
    static final FakeModelServer FAKE = FakeModelServer.start(Wire.OPENAI, new StreamTokens("Use ", "vi.mock [1]."));
    static final Path INDEX = index();
    static final ObjectMapper JSON = new ObjectMapper();
    static final String QUESTION = "{\"question\":\"how do I mock a module with vi.mock?\"}";

    @SpringBootConfiguration
    @EnableAutoConfiguration
    static class App {
        @Bean
        StreamingChatModel model() {
            return FAKE.openAiModel("sk-test");
        }
    }

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        registry.add("docask.index", INDEX::toString);
    }

    @Value("${local.server.port}")
    int port;
    @Autowired
    MeterRegistry meters;

    private final HttpClient http = HttpClient.newHttpClient();

    private static Path index() {
        try {
            Path dir = Files.createTempDirectory("docask-starter-test").resolve("idx");
            TestIndexes.build(dir, "mock", TestSites.VITEST).close();
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @AfterAll
    static void stopFake() {
        FAKE.close();
    }

    private HttpResponse<String> post(String path, String contentType, String body, String accept) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .header("Content-Type", contentType).POST(HttpRequest.BodyPublishers.ofString(body));
        if (accept != null) {
            b.header("Accept", accept);
        }
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> ask(String body) throws Exception {
        return post("/docask/ask", "application/json", body, null);
    }

    private HttpResponse<String> get(String pathAndQuery) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + pathAndQuery)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static List<JsonNode> parts(String body) throws IOException {
        List<JsonNode> parts = new ArrayList<>();
        for (String line : body.split("\n")) {
            if (line.startsWith("data: ")) {
                String data = line.substring(6);
                parts.add(data.equals("[DONE]") ? JSON.getNodeFactory().textNode(data) : JSON.readTree(data));
            }
        }
        return parts;
    }

    private static List<String> types(List<JsonNode> parts) {
        return parts.stream().map(p -> p.isTextual() ? p.asText() : p.get("type").asText()).toList();
    }

    @Test
    void ask_stream_sendsSourcesBeforeTheText() throws Exception {
        HttpResponse<String> r = ask(QUESTION);
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("Content-Type")).hasValueSatisfying(v -> assertThat(v).startsWith("text/event-stream"));
        assertThat(r.headers().firstValue("x-vercel-ai-ui-message-stream")).hasValue("v1");
        List<JsonNode> parts = parts(r.body());
        List<String> types = types(parts);
        assertThat(types).startsWith("start", "source-url").endsWith("text-end", "finish", "[DONE]");
        assertThat(types.indexOf("source-url")).isLessThan(types.indexOf("text-delta"));
        assertThat(parts.get(1).get("url").asText()).isEqualTo(TestSites.MOCKING.url());
        String text = parts.stream().filter(p -> p.isObject() && p.get("type").asText().equals("text-delta"))
                .map(p -> p.get("delta").asText()).reduce("", String::concat);
        assertThat(text).isEqualTo("Use vi.mock [1].");
    }

    @Test
    void ask_acceptJson_answersWithOneObject() throws Exception {
        HttpResponse<String> r = post("/docask/ask", "application/json", QUESTION, "application/json");
        assertThat(r.statusCode()).isEqualTo(200);
        JsonNode body = JSON.readTree(r.body());
        assertThat(body.get("id").asText()).startsWith("ans_");
        assertThat(body.get("answer").asText()).isEqualTo("Use vi.mock [1].");
        assertThat(body.get("sources").get(0).get("url").asText()).isEqualTo(TestSites.MOCKING.url());
        assertThat(body.get("refused").asBoolean()).isFalse();
    }

    @Test
    void ask_offTopic_refusesWithoutCallingTheModel() throws Exception {
        int before = FAKE.requests();
        HttpResponse<String> r = post("/docask/ask", "application/json", "{\"question\":\"What is the capital of France?\"}",
                "application/json");
        assertThat(JSON.readTree(r.body()).get("refused").asBoolean()).isTrue();
        assertThat(FAKE.requests()).isEqualTo(before);
    }

    private void assertProblem(HttpResponse<String> r, int status, String type) throws IOException {
        assertThat(r.statusCode()).isEqualTo(status);
        assertThat(r.headers().firstValue("Content-Type").orElseThrow().replace(" ", "").toLowerCase(java.util.Locale.ROOT))
                .isEqualTo("application/problem+json;charset=utf-8");
        JsonNode p = JSON.readTree(r.body());
        assertThat(p.get("type").asText()).isEqualTo("https://docask.dev/problems/" + type);
        assertThat(p.get("status").asInt()).isEqualTo(status);
        assertThat(p.get("detail").asText()).isNotBlank();
    }

    @Test
    void ask_badInput_isRefusedWithTheStatusesOfDocaskServe() throws Exception {
        assertProblem(post("/docask/ask", "text/plain", QUESTION, null), 415, "unsupported-media-type");
        assertProblem(ask("{}"), 400, "bad-request");
        assertProblem(ask("{\"question\": \"a\"} trailing"), 400, "bad-request");
        assertProblem(ask("{\"question\": \"a\", \"question\": \"b\"}"), 400, "bad-request");
        assertProblem(ask("{\"question\": \"tab\\u0007bell\"}"), 400, "bad-request");
        assertProblem(ask("{\"question\": \"" + "x".repeat(501) + "\"}"), 400, "bad-request");
        assertProblem(ask("{\"question\": \"" + "x".repeat(1024 * 1024) + "\"}"), 413, "payload-too-large");
        assertProblem(ask("{\"messages\": \"hi\"}"), 400, "bad-request");
    }

    @Test
    void search_question_returnsTheRankedSourcesWithScores() throws Exception {
        HttpResponse<String> r = get("/docask/search?q=vi.mock%20module");
        assertThat(r.statusCode()).isEqualTo(200);
        JsonNode body = JSON.readTree(r.body());
        assertThat(body.get("answerable").asBoolean()).isTrue();
        assertThat(body.get("sources").get(0).get("url").asText()).isEqualTo(TestSites.MOCKING.url());
    }

    @Test
    void search_badInput_isRefusedWithTheStatusesOfDocaskServe() throws Exception {
        assertProblem(get("/docask/search"), 400, "bad-request");
        assertProblem(get("/docask/search?q=" + "x".repeat(501)), 400, "bad-request");
    }

    @Test
    void metrics_afterAnAnswer_carryTheNamesOfDocaskServe() throws Exception {
        ask(QUESTION);
        post("/docask/ask", "application/json", "{\"question\":\"What is the capital of France?\"}", "application/json");
        assertThat(meters.find(AnswerMeters.REFUSALS).counter()).isNotNull();
        assertThat(meters.find(AnswerMeters.REFUSALS).counter().count()).isPositive();
        assertThat(meters.find(AnswerMeters.RETRIEVAL).timer().count()).isPositive();
        assertThat(meters.find(AnswerMeters.FIRST_TOKEN).timer().count()).isPositive();
        assertThat(meters.find(AnswerMeters.OPEN_STREAMS).gauge()).isNotNull();
        assertThat(meters.find(AnswerMeters.HTTP_REQUESTS).tag("route", "/ask").tag("status", "200").counter()).isNotNull();
    }

    @Test
    void actuatorHealth_showsTheGenerationServed() throws Exception {
        HttpResponse<String> r = get("/actuator/health/docask");
        assertThat(r.statusCode()).isEqualTo(200);
        JsonNode body = JSON.readTree(r.body());
        assertThat(body.get("status").asText()).isEqualTo("UP");
        assertThat(body.get("details").get("generation").asText()).isEqualTo("gen-000001");
        assertThat(body.get("details").get("chunks").asInt()).isEqualTo(3);
    }
}
