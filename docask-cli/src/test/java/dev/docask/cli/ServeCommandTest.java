package dev.docask.cli;

import dev.docask.testsupport.TestIndexes;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@code docask serve} on a real index: it serves until interrupted, and bad options fail in plain words. */
class ServeCommandTest {
    @TempDir
    static Path dir;
    static Path indexDir;

    @BeforeAll
    static void buildIndex() {
        indexDir = dir.resolve("idx");
        TestIndexes.build(indexDir, "mock", List.of(TestIndexes.chunk("https://x.dev/guide/mocking#modules", "Mocking",
                "Mocking › Modules", "Use vi.mock to replace a module with a mock."))).close();
    }

    private static int serve(StringWriter out, StringWriter err, String... args) {
        CommandLine cli = new CommandLine(new ServeCommand());
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        return Main.execute(cli, Map.of(), args);
    }

    /** The server's base URL, once {@code serve} has printed it. */
    private static String awaitUrl(StringWriter out) throws InterruptedException {
        Matcher url = Pattern.compile("on (http://127\\.0\\.0\\.1:\\d+)").matcher("");
        for (int i = 0; i < 500 && !url.reset(out.toString()).find(); i++) {
            Thread.sleep(20);
        }
        assertThat(url.find(0)).as(out.toString()).isTrue();
        return url.group(1);
    }

    private static HttpRequest ask(String base) {
        return HttpRequest.newBuilder(URI.create(base + "/api/ask"))
                .header("Content-Type", "application/json").header("Accept", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"question\":\"how do I mock a module?\"}")).build();
    }

    @Test
    void serve_answersUntilInterrupted() throws Exception {
        StringWriter out = new StringWriter();
        AtomicInteger exit = new AtomicInteger(-1);
        Thread serving = Thread.ofVirtual().start(() -> exit.set(serve(out, new StringWriter(),
                "--index", indexDir.toString(), "--port", "0", "--rate-limit", "off")));
        String base = awaitUrl(out);
        HttpClient http = HttpClient.newHttpClient();
        HttpResponse<String> answer = http.send(ask(base), HttpResponse.BodyHandlers.ofString());
        assertThat(answer.statusCode()).isEqualTo(200);
        assertThat(answer.body()).contains("vi.mock").contains("\"model\":\"extractive\"");
        serving.interrupt();
        serving.join(30_000);
        assertThat(exit.get()).isZero();
        assertThatThrownBy(() -> http.send(HttpRequest.newBuilder(URI.create(base + "/healthz")).build(),
                HttpResponse.BodyHandlers.ofString())).isInstanceOf(ConnectException.class);
    }

    @Test
    void serveRateLimit_searchesAndQuestionsShareOneAllowance() throws Exception {
        StringWriter out = new StringWriter();
        Thread serving = Thread.ofVirtual().start(() -> serve(out, new StringWriter(),
                "--index", indexDir.toString(), "--port", "0", "--rate-limit", "1/min"));
        try {
            String base = awaitUrl(out);
            HttpClient http = HttpClient.newHttpClient();
            HttpResponse<String> search = http.send(HttpRequest.newBuilder(URI.create(base + "/api/search?q=mock+module")).build(),
                    HttpResponse.BodyHandlers.ofString());
            HttpResponse<String> answer = http.send(ask(base), HttpResponse.BodyHandlers.ofString());

            assertThat(search.statusCode()).isEqualTo(200);
            assertThat(answer.statusCode()).isEqualTo(429);
        } finally {
            serving.interrupt();
            serving.join(30_000);
        }
    }

    @Test
    void help_rateLimit_namesBothRoutesItCounts() {
        StringWriter out = new StringWriter();
        assertThat(serve(out, new StringWriter(), "--help")).isZero();

        String help = out.toString().replaceAll("\\s+", " ");
        assertThat(help).contains("--rate-limit=N/UNIT Requests per client to /api/ask and /api/search, counted together")
                .doesNotContain("Questions per client");
    }

    @Test
    void serve_badRateLimit_isUsageErrorNamingTheValue() {
        StringWriter err = new StringWriter();
        int exit = serve(new StringWriter(), err, "--index", indexDir.toString(), "--rate-limit", "lots");
        assertThat(exit).isEqualTo(2);
        assertThat(err.toString()).contains("rate limit 'lots'");
    }

    @Test
    void serve_portOutOfRange_isUsageError() {
        StringWriter err = new StringWriter();
        int exit = serve(new StringWriter(), err, "--index", indexDir.toString(), "--port", "99999");
        assertThat(exit).isEqualTo(2);
        assertThat(err.toString()).startsWith("docask serve: port must be between 0 and 65535, got 99999");
    }

    @Test
    void serve_badLimits_areUsageErrorsNamingTheFlags() {
        StringWriter err = new StringWriter();
        assertThat(serve(new StringWriter(), err, "--index", indexDir.toString(), "--shutdown-grace", "-1")).isEqualTo(2);
        assertThat(serve(new StringWriter(), err, "--index", indexDir.toString(), "--max-question-chars", "0")).isEqualTo(2);
        assertThat(err.toString()).contains("--shutdown-grace cannot be negative, got -1")
                .contains("--max-question-chars must be at least 1, got 0");
    }

    @Test
    void serve_noIndex_failsWithTheIndexMessage() {
        StringWriter err = new StringWriter();
        int exit = serve(new StringWriter(), err, "--index", dir.resolve("missing").toString(), "--port", "0");
        assertThat(exit).isEqualTo(1);
        assertThat(err.toString()).contains("no docask index");
    }
}
