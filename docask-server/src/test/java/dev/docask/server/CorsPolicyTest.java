package dev.docask.server;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** CORS on a real server: allowed origins get headers, others are refused before any work is done. */
class CorsPolicyTest {
    @TempDir
    static Path dir;
    static DocaskServer server;
    static Http http;

    @BeforeAll
    static void start() {
        server = DocaskServer.builder().indexDir(Docs.build(dir.resolve("idx"))).port(0).rateLimit(RateLimit.OFF)
                .allowOrigins(List.of("https://docs.example.com")).build().start();
        http = new Http(server.url());
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void allowedOrigin_getsAllowOriginHeader() {
        HttpResponse<String> r = http.get("/api/search?q=retry", "Origin", "https://docs.example.com");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("Access-Control-Allow-Origin")).hasValue("https://docs.example.com");
        assertThat(r.headers().firstValue("Vary")).hasValueSatisfying(v -> assertThat(v).contains("Origin"));
    }

    @Test
    void preflight_allowedOrigin_is204WithMethodsAndHeaders() {
        HttpResponse<String> r = http.options("/api/ask", "Origin", "https://docs.example.com",
                "Access-Control-Request-Method", "POST", "Access-Control-Request-Headers", "content-type");
        assertThat(r.statusCode()).isEqualTo(204);
        assertThat(r.headers().firstValue("Access-Control-Allow-Methods")).hasValueSatisfying(v -> assertThat(v).contains("POST"));
        assertThat(r.headers().firstValue("Access-Control-Allow-Headers")).hasValueSatisfying(v -> assertThat(v).contains("Content-Type"));
    }

    @Test
    void otherOrigin_is403WithoutCorsHeaders() {
        HttpResponse<String> r = http.get("/api/search?q=retry", "Origin", "https://evil.example");
        assertThat(r.statusCode()).isEqualTo(403);
        assertThat(r.headers().firstValue("Access-Control-Allow-Origin")).isEmpty();
        assertThat(r.body()).contains("https://evil.example").contains("not allowed");
    }

    @Test
    void otherOrigin_isLoggedOncePerOrigin_forTheOperatorToAllowIt() {
        CorsPolicy policy = new CorsPolicy(List.of("https://docs.example.com"), false);
        assertThat(policy.firstRefusal("https://Other.example")).isTrue();
        assertThat(policy.firstRefusal("https://other.example")).as("the same origin, once").isFalse();
        assertThat(policy.firstRefusal("https://third.example")).isTrue();
        for (int i = 0; i < 200; i++) {
            policy.firstRefusal("https://o" + i + ".example");
        }
        assertThat(policy.firstRefusal("https://late.example")).as("a bounded memory").isFalse();
    }

    @Test
    void preflight_otherOrigin_is403() {
        HttpResponse<String> r = http.options("/api/ask", "Origin", "https://evil.example",
                "Access-Control-Request-Method", "POST");
        assertThat(r.statusCode()).isEqualTo(403);
        assertThat(r.headers().firstValue("Access-Control-Allow-Origin")).isEmpty();
    }

    @Test
    void sameOrigin_theDemoPage_isAllowedWithoutListing() {
        HttpResponse<String> r = http.get("/api/search?q=retry", "Origin", server.url());
        assertThat(r.statusCode()).isEqualTo(200);
    }

    @Test
    void sameOrigin_behindAProxyThatTerminatesTlsOrRewritesHost_isAllowedOnTheBrowsersWord() {
        HttpResponse<String> r = http.get("/api/search?q=retry", "Origin", "https://ask.example.com",
                "Sec-Fetch-Site", "same-origin");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("Access-Control-Allow-Origin")).as("same-origin needs no CORS headers").isEmpty();
    }

    @Test
    void forwardedHeaders_withoutATrustedProxy_areIgnored() {
        HttpResponse<String> r = http.get("/api/search?q=retry", "Origin", "https://ask.example.com",
                "X-Forwarded-Proto", "https", "X-Forwarded-Host", "ask.example.com");
        assertThat(r.statusCode()).isEqualTo(403);
    }

    @Test
    void forwardedHeaders_fromATrustedProxy_makeItsPublicOriginSameOrigin() {
        try (DocaskServer proxied = DocaskServer.builder().indexDir(dir.resolve("idx")).port(0).rateLimit(RateLimit.OFF)
                .trustProxyHeader("X-Forwarded-For").build().start()) {
            Http h = new Http(proxied.url());
            assertThat(h.get("/api/search?q=retry", "Origin", "https://ask.example.com",
                    "X-Forwarded-Proto", "https", "X-Forwarded-Host", "ask.example.com").statusCode()).isEqualTo(200);
            assertThat(h.get("/api/search?q=retry", "Origin", "https://evil.example",
                    "X-Forwarded-Proto", "https", "X-Forwarded-Host", "ask.example.com").statusCode()).isEqualTo(403);
        }
    }

    @Test
    void constructor_originWithPath_isRejected() {
        assertThatThrownBy(() -> new CorsPolicy(List.of("https://docs.example.com/guide"), false))
                .hasMessageContaining("https://docs.example.com/guide");
    }
}
