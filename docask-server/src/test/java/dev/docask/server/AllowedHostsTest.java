package dev.docask.server;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** DNS rebinding: every route answers only to the hosts it was told, before any other work. */
class AllowedHostsTest {
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

    private static String get(Http h, String path, String host) {
        return h.raw("GET " + path + " HTTP/1.1\r\nHost: " + host + "\r\nOrigin: http://" + host, new byte[0]);
    }

    private static String postAsk(Http h, String host) {
        byte[] body = "{\"question\":\"how do I mock a module?\"}".getBytes(StandardCharsets.UTF_8);
        return h.raw("POST /api/ask HTTP/1.1\r\nHost: " + host + "\r\nOrigin: http://" + host
                + "\r\nContent-Type: application/json\r\nAccept: application/json\r\nContent-Length: " + body.length, body);
    }

    @ParameterizedTest
    @ValueSource(strings = {"/api/search?q=mock", "/healthz", "/", "/widget.js", "/llms.txt", "/metrics", "/mcp"})
    void anyRoute_rebindingHostOnLoopback_is403(String path) {
        String response = get(http, path, "evil.example:" + server.port());

        assertThat(response).startsWith("HTTP/1.1 403").contains("does not answer to the host evil.example");
    }

    @Test
    void ask_rebindingHostWithMatchingOrigin_is403BeforeAnyWork() {
        String response = postAsk(http, "evil.example:" + server.port());

        assertThat(response).startsWith("HTTP/1.1 403").contains("--allowed-host");
    }

    @Test
    void ipLiteralsLocalhostAndAllowOriginHosts_areAnswered() {
        assertThat(get(http, "/healthz", "127.0.0.1:" + server.port())).startsWith("HTTP/1.1 200");
        assertThat(get(http, "/healthz", "localhost:" + server.port())).startsWith("HTTP/1.1 200");
        assertThat(get(http, "/healthz", "[::1]:" + server.port())).startsWith("HTTP/1.1 200");
        assertThat(get(http, "/healthz", "docs.example.com")).startsWith("HTTP/1.1 200");
    }

    @Test
    void healthProbe_http10WithoutHost_isAnswered_asTheDockerfilesProbeSendsIt() {
        try (DocaskServer named = DocaskServer.builder().indexDir(dir.resolve("idx")).port(0).rateLimit(RateLimit.OFF)
                .allowedHosts(List.of("ask.example.com")).build().start()) {
            assertThat(new Http(named.url()).raw("GET /healthz HTTP/1.0", new byte[0])).matches("(?s)HTTP/1\\.[01] 200 .*");
        }
    }

    @Test
    void allowedHost_configured_isAnsweredAndOthersAreNot() {
        try (DocaskServer named = DocaskServer.builder().indexDir(dir.resolve("idx")).port(0).rateLimit(RateLimit.OFF)
                .allowedHosts(List.of("ask.example.com")).build().start()) {
            Http h = new Http(named.url());
            assertThat(get(h, "/api/search?q=mock", "ask.example.com")).startsWith("HTTP/1.1 200");
            assertThat(get(h, "/mcp", "docs.example.com")).startsWith("HTTP/1.1 403");
        }
    }

    @Test
    void allowHosts_theEarlierName_isTheSameRule() {
        try (DocaskServer named = DocaskServer.builder().indexDir(dir.resolve("idx")).port(0).rateLimit(RateLimit.OFF)
                .allowHosts(List.of("ask.example.com:443")).build().start()) {
            Http h = new Http(named.url());
            assertThat(get(h, "/healthz", "ask.example.com:443")).startsWith("HTTP/1.1 200");
            assertThat(get(h, "/healthz", "ask.example.com:8443")).startsWith("HTTP/1.1 403");
        }
    }

    @Test
    void allowedHosts_malformed_isRejectedNamingIt() {
        assertThatThrownBy(() -> DocaskServer.builder().indexDir(dir.resolve("idx")).allowedHosts(List.of("https://a.dev/x"))
                .build()).hasMessageContaining("https://a.dev/x");
    }

    @Test
    void of_wildcardAddressWithoutList_answersAnyName() {
        AllowedHosts any = AllowedHosts.of(List.of(), "0.0.0.0", List.of());
        AllowedHosts loopback = AllowedHosts.of(List.of(), "127.0.0.1", List.of());

        assertThat(any.anyName()).isTrue();
        assertThat(any.allows("ask.example.com")).isTrue();
        assertThat(loopback.allows("ask.example.com")).isFalse();
        assertThat(AllowedHosts.of(List.of("ask.example.com"), "0.0.0.0", List.of()).allows("evil.example")).isFalse();
    }
}
