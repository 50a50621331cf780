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
import java.time.Duration;
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
        return serve(Map.of(), out, err, args);
    }

    private static int serve(Map<String, String> env, StringWriter out, StringWriter err, String... args) {
        CommandLine cli = new CommandLine(new ServeCommand());
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        return Main.execute(cli, env, args);
    }

    /** {@code docask serve} running in the background with {@code env} as its environment, stopped on close. */
    private record Serving(Thread thread, String url, StringWriter err) implements AutoCloseable {
        static Serving start(Map<String, String> env, String... args) throws InterruptedException {
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            Thread thread = Thread.ofVirtual().start(() -> serve(env, out, err, args));
            try {
                return new Serving(thread, awaitUrl(out), err);
            } catch (AssertionError e) {
                thread.interrupt();
                throw new AssertionError(err.toString(), e);
            }
        }

        HttpResponse<String> get(String path, String... headers) throws Exception {
            HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url + path));
            if (headers.length > 0) {
                request.headers(headers);
            }
            return HttpClient.newHttpClient().send(request.build(), HttpResponse.BodyHandlers.ofString());
        }

        @Override
        public void close() throws InterruptedException {
            thread.interrupt();
            thread.join(30_000);
        }
    }

    /** The server's base URL, once {@code serve} has printed it. */
    private static String awaitUrl(StringWriter out) throws InterruptedException {
        Matcher url = Pattern.compile("on (http://127\\.0\\.0\\.1:\\d+)").matcher("");
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos(); // a hang bound: a busy machine starts slowly
        while (!url.reset(out.toString()).find() && System.nanoTime() < deadline) {
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
    void serve_environment_givesTheOptionsTheCommandLineLeavesOut() throws Exception {
        Map<String, String> env = Map.of("DOCASK_INDEX", indexDir.toString(), "DOCASK_PORT", "0", "DOCASK_RATE_LIMIT", "1/min");
        try (Serving s = Serving.start(env)) {
            assertThat(s.get("/api/search?q=mock+module").statusCode()).isEqualTo(200);
            assertThat(s.get("/api/search?q=mock+module").statusCode()).isEqualTo(429);
        }
    }

    @Test
    void serve_flags_winOverTheEnvironment() throws Exception {
        Map<String, String> env = Map.of("DOCASK_INDEX", dir.resolve("missing").toString(), "DOCASK_PORT", "99999",
                "DOCASK_RATE_LIMIT", "lots");
        try (Serving s = Serving.start(env, "--index", indexDir.toString(), "--port", "0", "--rate-limit", "off")) {
            assertThat(s.get("/api/search?q=mock+module").statusCode()).isEqualTo(200);
            assertThat(s.get("/api/search?q=mock+module").statusCode()).isEqualTo(200);
        }
    }

    @Test
    void serve_portVariable_isReadOnlyWithoutDocaskPort() throws Exception {
        try (Serving s = Serving.start(Map.of("PORT", "0"), "--index", indexDir.toString())) {
            assertThat(URI.create(s.url()).getPort()).isNotEqualTo(8080);
        }
        try (Serving s = Serving.start(Map.of("PORT", "99999", "DOCASK_PORT", "0"), "--index", indexDir.toString())) {
            assertThat(s.get("/healthz").statusCode()).isEqualTo(200);
        }
        StringWriter err = new StringWriter();
        assertThat(serve(Map.of("PORT", "99999"), new StringWriter(), err, "--index", dir.resolve("missing").toString()))
                .isEqualTo(2);
        assertThat(err.toString()).contains("port must be between 0 and 65535, got 99999", "PORT=99999");
    }

    @Test
    void serve_allowOriginVariable_takesACommaSeparatedList() throws Exception {
        Map<String, String> env = Map.of("DOCASK_ALLOW_ORIGIN", "https://a.example,https://b.example", "DOCASK_RATE_LIMIT", "off");
        try (Serving s = Serving.start(env, "--index", indexDir.toString(), "--port", "0")) {
            HttpResponse<String> allowed = s.get("/api/search?q=mock", "Origin", "https://b.example");
            assertThat(allowed.statusCode()).isEqualTo(200);
            assertThat(allowed.headers().firstValue("Access-Control-Allow-Origin")).hasValue("https://b.example");
            assertThat(s.get("/api/search?q=mock", "Origin", "https://c.example").statusCode()).isEqualTo(403);
        }
    }

    @Test
    void serve_badEnvironmentValue_isUsageErrorNamingTheVariable() {
        StringWriter err = new StringWriter();
        int badPort = serve(Map.of("DOCASK_PORT", "abc"), new StringWriter(), err, "--index", indexDir.toString());
        int badLimit = serve(Map.of("DOCASK_RATE_LIMIT", "lots"), new StringWriter(), err, "--index", indexDir.toString());

        assertThat(badPort).isEqualTo(2);
        assertThat(badLimit).isEqualTo(2);
        assertThat(err.toString()).contains("'abc' is not an int", "(--port was set by DOCASK_PORT=abc)")
                .contains("rate limit 'lots'", "(set in the environment: DOCASK_RATE_LIMIT=lots)");
    }

    @Test
    void serve_emptyVariable_countsAsUnset() {
        StringWriter err = new StringWriter();
        int exit = serve(Map.of("DOCASK_INDEX", dir.resolve("missing").toString(), "DOCASK_RATE_LIMIT", " "),
                new StringWriter(), err);
        assertThat(exit).as(err.toString()).isEqualTo(1);
        assertThat(err.toString()).contains("no docask index");
    }

    @Test
    void help_namesTheEnvironmentVariables() {
        StringWriter out = new StringWriter();
        assertThat(serve(out, new StringWriter(), "--help")).isZero();
        assertThat(out.toString().replaceAll("\\s+", " ")).contains("DOCASK_<OPTION>", "DOCASK_ALLOW_ORIGIN=",
                "PORT is read when neither --port nor DOCASK_PORT is given");
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

    @Test
    void serve_redisUnreachable_exits1NamingTheUrlWithoutItsPassword() {
        StringWriter err = new StringWriter();
        int exit = serve(Map.of("DOCASK_REDIS_URL", "redis://:hunter2@127.0.0.1:1/0"), new StringWriter(), err,
                "--index", indexDir.toString(), "--port", "0");
        assertThat(exit).isEqualTo(1);
        assertThat(err.toString()).contains("cannot reach Redis at redis://***@127.0.0.1:1/0").doesNotContain("hunter2");
    }

    @Test
    void serve_badRedisUrl_isAnErrorNamingIt() {
        StringWriter err = new StringWriter();
        int exit = serve(new StringWriter(), err, "--index", indexDir.toString(), "--redis", "localhost:6379");
        assertThat(exit).isEqualTo(2);
        assertThat(err.toString()).contains("redis URL 'localhost:6379' should look like redis://host:6379");
    }

    @Test
    void serve_metricsPortOutOfRange_isUsageError() {
        StringWriter err = new StringWriter();
        assertThat(serve(new StringWriter(), err, "--index", indexDir.toString(), "--metrics-port", "70000")).isEqualTo(2);
        assertThat(err.toString()).contains("--metrics-port must be between 0 and 65535, got 70000");
    }

    @Test
    void serve_metricsPortThatIsThePort_isUsageError() {
        StringWriter err = new StringWriter();
        assertThat(serve(new StringWriter(), err, "--index", indexDir.toString(), "--port", "7530", "--metrics-port", "7530"))
                .isEqualTo(2);
        assertThat(err.toString()).contains("--metrics-port 7530 is --port too");
    }

    @Test
    void serve_aMisspeltVariable_andRedisOptionsWithoutRedis_areWarnedOf() throws Exception {
        try (Serving s = Serving.start(Map.of("DOCASK_RATE_LIMT", "1/min"), "--index", indexDir.toString(), "--port", "0",
                "--redis-fail-open")) {
            assertThat(s.err().toString())
                    .contains("docask serve: warning: DOCASK_RATE_LIMT is set, but no option of docask serve reads it; "
                            + "did you mean DOCASK_RATE_LIMIT?")
                    .contains("docask serve: warning: --redis-fail-open has no effect without --redis");
        }
    }
}
