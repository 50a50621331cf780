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
    void bodyNestedTooDeep_is400_inTheParsersWordsWithoutItsJavaNames() {
        HttpResponse<String> r = http.postJson("/api/ask", "{\"question\":" + "[".repeat(1200) + "]".repeat(1200) + "}");
        assertThat(r.statusCode()).isEqualTo(400);
        assertThat(r.body()).contains("nesting depth").doesNotContain("StreamReadConstraints").doesNotContain("`");
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

    @Test
    void declaredLengthFarOverLimit_shortBody_is413AtOnce() {
        // 10^12 declared, 16 sent: waiting for the rest would hold the connection until the idle timeout
        String response = http.raw("POST /api/feedback HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json"
                + "\r\nContent-Length: 1000000000000", "{\"answerId\":\"a\"}".getBytes(StandardCharsets.UTF_8));

        assertThat(response).startsWith("HTTP/1.1 413");
    }

    @Test
    void bodyWithOverlongUtf8_is400NotReadAsASlash() {
        byte[] body = {'{', '"', 'a', 'n', 's', 'w', 'e', 'r', 'I', 'd', '"', ':', '"', 'a', (byte) 0xC0, (byte) 0xAF, '"', ','
                , '"', 'r', 'a', 't', 'i', 'n', 'g', '"', ':', '"', 'u', 'p', '"', '}'};
        String response = http.raw("POST /api/feedback HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json"
                + "\r\nContent-Length: " + body.length, body);

        assertThat(response).startsWith("HTTP/1.1 400").contains("not valid UTF-8");
    }

    @Test
    void bodyDeclaredInAnotherCharset_is415() {
        String body = "{\"answerId\":\"a\",\"rating\":\"up\"}";
        assertThat(http.post("/api/feedback", "application/json; charset=utf-16", body).statusCode()).isEqualTo(415);
        HttpResponse<String> latin1 = http.post("/api/feedback", "application/json; charset=iso-8859-1", body);
        assertThat(latin1.statusCode()).isEqualTo(415);
        assertThat(DocaskServerTest.json(latin1).get("detail").asText()).contains("UTF-8").contains("iso-8859-1");
    }

    @Test
    void askBodyWithInvalidUtf8_is400() {
        byte[] body = {'{', '"', 'q', 'u', 'e', 's', 't', 'i', 'o', 'n', '"', ':', '"', 'm', 'o', 'c', 'k', (byte) 0xFF, '"', '}'};
        String response = http.raw("POST /api/ask HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json"
                + "\r\nContent-Length: " + body.length, body);

        assertThat(response).startsWith("HTTP/1.1 400").contains("not valid UTF-8");
    }

    @Test
    void searchQueryWithInvalidUtf8_is400NotReplacementCharacters() {
        assertThat(http.rawGet("/api/search?q=mock%FF%FE")).startsWith("HTTP/1.1 400").contains("not valid UTF-8");
        assertThat(http.rawGet("/api/search?q=%C0%AF")).startsWith("HTTP/1.1 400");
    }

    @Test
    void mcpBodyWithInvalidUtf8_is400AndOtherCharset_is415() {
        byte[] body = {'{', '"', 'j', 's', 'o', 'n', 'r', 'p', 'c', '"', ':', '"', '2', (byte) 0xC0, (byte) 0xAE, '0', '"', '}'};
        String invalid = http.raw("POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json"
                + "\r\nAccept: application/json, text/event-stream\r\nContent-Length: " + body.length, body);
        HttpResponse<String> utf16 = http.post("/mcp", "application/json; charset=utf-16", "{}",
                "Accept", "application/json, text/event-stream");

        assertThat(invalid).startsWith("HTTP/1.1 400").contains("not valid UTF-8");
        assertThat(utf16.statusCode()).isEqualTo(415);
    }

    @Test
    void mcpQueryWithInvalidUtf8_is400() {
        byte[] init = ("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                + "\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}")
                .getBytes(StandardCharsets.UTF_8);
        String response = http.raw("POST /mcp?x=%E2%82 HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json"
                + "\r\nAccept: application/json, text/event-stream\r\nContent-Length: " + init.length, init);

        assertThat(response).startsWith("HTTP/1.1 400").contains("query string is not valid UTF-8");
    }
}
