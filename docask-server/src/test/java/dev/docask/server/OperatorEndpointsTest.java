package dev.docask.server;

import dev.docask.testsupport.FakeModelServer;
import dev.docask.testsupport.StreamTokens;
import dev.docask.testsupport.Wire;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/** What operators expect of a server (#16): /livez, /readyz, and Prometheus metrics with HELP texts, on a port of their own. */
class OperatorEndpointsTest {
    static final String ASK = "{\"question\":\"how do I mock a module?\"}";

    @TempDir
    static Path dir;
    static FakeModelServer fake;
    static DocaskServer server;
    static DocaskServer separate;
    static Http http;

    @BeforeAll
    static void start() {
        fake = FakeModelServer.start(Wire.OPENAI, new StreamTokens("Use ", "vi.mock [1]."));
        Path index = Docs.build(dir.resolve("idx"));
        server = FakeModels.server(index, fake).version("9.8.7").build().start();
        separate = FakeModels.server(index, fake).metricsPort(0).build().start();
        http = new Http(server.url());
        assertThat(http.postJson("/api/ask", ASK).statusCode()).isEqualTo(200);
    }

    @AfterAll
    static void stop() {
        server.close();
        separate.close();
        fake.close();
    }

    @Test
    void livezAndReadyz_indexLoadedNoRedis_areOk() {
        assertThat(http.get("/livez").statusCode()).isEqualTo(200);
        HttpResponse<String> ready = http.get("/readyz");
        assertThat(ready.statusCode()).isEqualTo(200);
        assertThat(ready.body()).contains("\"status\":\"ready\"").doesNotContain("redis");
    }

    @Test
    void metrics_everyMetricHasAHelpText() {
        String text = http.get("/metrics").body();
        Set<String> typed = new LinkedHashSet<>();
        Matcher t = Pattern.compile("(?m)^# TYPE (\\S+) ").matcher(text);
        while (t.find()) {
            typed.add(t.group(1));
        }
        Set<String> helped = new LinkedHashSet<>();
        Matcher h = Pattern.compile("(?m)^# HELP (\\S+) \\S").matcher(text);
        while (h.find()) {
            helped.add(h.group(1));
        }
        assertThat(typed).hasSizeGreaterThan(20);
        assertThat(helped).containsAll(typed);
    }

    @Test
    void metrics_answersByOutcome_tokensByType_buildInfo_jvmAndProcess() {
        String text = http.get("/metrics").body();
        assertThat(text).contains("docask_answers_total{outcome=\"answered\"} 1.0")
                .contains("docask_answers_total{outcome=\"cancelled\"} 0.0")
                .contains("docask_model_tokens_total{type=\"input\"} " + FakeModelServer.PROMPT_TOKENS + ".0")
                .containsPattern("docask_model_tokens_total\\{type=\"output\"} [1-9]")
                .containsPattern("docask_build_info\\{version=\"9.8.7\"} 1(\\.0)?\n")
                .contains("jvm_memory_used_bytes").contains("process_cpu_usage").contains("process_uptime_seconds");
    }

    @Test
    void metrics_requestDuration_isAHistogramByMethodWithAFewBuckets() {
        String text = http.get("/metrics").body();
        Matcher buckets = Pattern.compile("docask_http_request_duration_seconds_bucket\\{method=\"POST\","
                + "route=\"/api/ask\",status=\"200\",le=\"[^\"]+\"}").matcher(text);
        int n = 0;
        while (buckets.find()) {
            n++;
        }
        assertThat(n).as("buckets, +Inf included").isBetween(5, 12);
    }

    @Test
    void metricsPort_set_servesMetricsThereAndNotOnThePublicPort() throws Exception {
        assertThat(separate.metricsPort()).isNotEqualTo(separate.port());
        HttpResponse<String> scrape = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + separate.metricsPort() + "/metrics")).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(scrape.statusCode()).isEqualTo(200);
        assertThat(scrape.body()).contains("# HELP docask_answers_total");
        assertThat(new Http(separate.url()).get("/metrics").statusCode()).isEqualTo(404);
    }
}
