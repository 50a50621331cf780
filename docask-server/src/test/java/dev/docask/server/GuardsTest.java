package dev.docask.server;

import dev.docask.testsupport.FakeModelServer;
import dev.docask.testsupport.StreamTokens;
import dev.docask.testsupport.Wire;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpResponse;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** Rate limit and daily budget on a real server: 429 with Retry-After and a plain problem body. */
class GuardsTest {
    static final String ASK = "{\"question\":\"how do I mock a module?\"}";

    @TempDir
    static Path dir;
    static FakeModelServer fake;
    static DocaskServer limited;
    static DocaskServer budgeted;
    static DocaskServer proxied;

    @BeforeAll
    static void start() {
        fake = FakeModelServer.start(Wire.OPENAI, new StreamTokens("Use vi.mock [1]."));
        Path index = Docs.build(dir.resolve("idx"));
        limited = FakeModels.server(index, fake).rateLimit(RateLimit.parse("2/min")).build().start();
        budgeted = FakeModels.server(index, fake).dailyBudget(1, 0).build().start();
        proxied = FakeModels.server(index, fake).rateLimit(RateLimit.parse("1/min"))
                .trustProxyHeader("X-Forwarded-For").build().start();
    }

    @AfterAll
    static void stop() {
        limited.close();
        budgeted.close();
        proxied.close();
        fake.close();
    }

    @Test
    void rateLimit_thirdQuestionInAMinute_is429WithRetryAfter() {
        Http http = new Http(limited.url());
        assertThat(http.postJson("/api/ask", ASK).statusCode()).isEqualTo(200);
        assertThat(http.postJson("/api/ask", ASK).statusCode()).isEqualTo(200);
        int modelRequests = fake.requests();
        HttpResponse<String> r = http.postJson("/api/ask", ASK);
        assertThat(r.statusCode()).isEqualTo(429);
        assertThat(r.headers().firstValue("Retry-After")).hasValueSatisfying(v ->
                assertThat(Integer.parseInt(v)).isBetween(1, 30));
        assertThat(DocaskServerTest.json(r).get("detail").asText()).contains("Too many questions");
        assertThat(fake.requests()).isEqualTo(modelRequests);
        assertThat(http.get("/api/search?q=mock").statusCode()).as("search shares the allowance").isEqualTo(429);
    }

    @Test
    void dailyBudget_spent_is429UntilTomorrow() {
        Http http = new Http(budgeted.url());
        assertThat(http.postJson("/api/ask", ASK).statusCode()).isEqualTo(200);
        HttpResponse<String> r = http.postJson("/api/ask", ASK);
        assertThat(r.statusCode()).isEqualTo(429);
        assertThat(DocaskServerTest.json(r).get("detail").asText()).contains("budget");
        assertThat(r.headers().firstValue("Retry-After")).isPresent();
    }

    @Test
    void trustedProxyHeader_clientsBehindTheProxyAreLimitedApart() {
        Http http = new Http(proxied.url());
        assertThat(http.postJson("/api/ask", ASK, "X-Forwarded-For", "198.51.100.1").statusCode()).isEqualTo(200);
        assertThat(http.postJson("/api/ask", ASK, "X-Forwarded-For", "198.51.100.2").statusCode()).isEqualTo(200);
        assertThat(http.postJson("/api/ask", ASK, "X-Forwarded-For", "198.51.100.1").statusCode()).isEqualTo(429);
        assertThat(http.postJson("/api/ask", ASK, "X-Forwarded-For", "2001:db8:1:2::5").statusCode()).isEqualTo(200);
        assertThat(http.postJson("/api/ask", ASK, "X-Forwarded-For", "2001:db8:1:2::99").statusCode())
                .as("same /64").isEqualTo(429);
    }

    @Test
    void rateLimit_requestsRefusedForTheirInput_doNotSpendTheAllowance() {
        Http http = new Http(proxied.url()); // 1/min per client
        String[] client = {"X-Forwarded-For", "203.0.113.7"};
        assertThat(http.postJson("/api/ask", "{\"question\":\"\"}", client).statusCode()).isEqualTo(400);
        assertThat(http.postJson("/api/ask", "{\"question\":\"\"}", client).statusCode()).isEqualTo(400);
        assertThat(http.post("/api/ask", "text/plain", "hi", client).statusCode()).isEqualTo(415);
        assertThat(http.get("/api/search?q=", client).statusCode()).isEqualTo(400);
        assertThat(http.postJson("/api/ask", ASK, client).statusCode()).as("the first real question").isEqualTo(200);
        assertThat(http.postJson("/api/ask", ASK, client).statusCode()).as("the allowance is spent now").isEqualTo(429);
    }

    @Test
    void rateLimit_searchRefusedForItsInput_doesNotSpendTheAllowance() {
        Http http = new Http(proxied.url());
        String[] client = {"X-Forwarded-For", "203.0.113.8"};
        assertThat(http.get("/api/search?q=" + "a".repeat(501), client).statusCode()).isEqualTo(400);
        assertThat(http.get("/api/search?q=mock", client).statusCode()).isEqualTo(200);
        assertThat(http.get("/api/search?q=mock", client).statusCode()).isEqualTo(429);
    }
}
