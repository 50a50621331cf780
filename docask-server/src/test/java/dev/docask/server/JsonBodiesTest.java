package dev.docask.server;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** Body limits and JSON checks, on a real server (through /api/feedback, which reads a JSON body). */
class JsonBodiesTest {
    @TempDir
    static Path dir;
    static DocaskServer server;
    static Http http;

    @BeforeAll
    static void start() {
        server = DocaskServer.builder().indexDir(Docs.build(dir.resolve("idx"))).port(0).rateLimit(RateLimit.OFF)
                .build().start();
        http = new Http(server.url());
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static String big() {
        return "{\"answerId\":\"a\",\"rating\":\"up\",\"comment\":\"" + "x".repeat(1100 * 1024) + "\"}";
    }

    @Test
    void declaredLengthOverLimit_is413() {
        HttpResponse<String> r = http.postJson("/api/feedback", big());
        assertThat(r.statusCode()).isEqualTo(413);
        assertThat(DocaskServerTest.json(r).get("detail").asText()).contains("1048576 bytes");
    }

    @Test
    void chunkedBodyOverLimit_isCutWhileReadingWith413() {
        HttpResponse<String> r = http.postChunked("/api/feedback", big().getBytes(StandardCharsets.UTF_8));
        assertThat(r.statusCode()).isEqualTo(413);
    }

    @Test
    void textPlain_is415() {
        HttpResponse<String> r = http.post("/api/feedback", "text/plain", "{\"answerId\":\"a\",\"rating\":\"up\"}");
        assertThat(r.statusCode()).isEqualTo(415);
        assertThat(DocaskServerTest.json(r).get("detail").asText()).contains("application/json").contains("text/plain");
    }

    @Test
    void noContentType_is415() {
        HttpResponse<String> r = http.post("/api/feedback", null, "{}");
        assertThat(r.statusCode()).isEqualTo(415);
    }

    @Test
    void malformedJson_is400() {
        HttpResponse<String> r = http.postJson("/api/feedback", "{\"answerId\": ");
        assertThat(r.statusCode()).isEqualTo(400);
        assertThat(DocaskServerTest.json(r).get("detail").asText()).startsWith("The body is not valid JSON");
    }

    @Test
    void jsonArray_is400() {
        HttpResponse<String> r = http.postJson("/api/feedback", "[1,2]");
        assertThat(r.statusCode()).isEqualTo(400);
        assertThat(DocaskServerTest.json(r).get("detail").asText()).contains("JSON object");
    }

    @Test
    void wrongType_is400NamingFieldAndType() {
        HttpResponse<String> r = http.postJson("/api/feedback", "{\"answerId\":42,\"rating\":\"up\"}");
        assertThat(r.statusCode()).isEqualTo(400);
        assertThat(DocaskServerTest.json(r).get("detail").asText()).isEqualTo("'answerId' must be a string, not a number.");
    }

    @Test
    void jsonWithCharset_isAccepted() {
        String body = "{\"answerId\":\"" + DocaskServerTest.answerId(http) + "\",\"rating\":\"up\"}";
        HttpResponse<String> r = http.post("/api/feedback", "application/json; charset=utf-8", body);
        assertThat(r.statusCode()).isEqualTo(204);
    }
}
