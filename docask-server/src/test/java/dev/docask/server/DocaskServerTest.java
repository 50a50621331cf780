package dev.docask.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.docask.testsupport.FakeModelServer;
import dev.docask.testsupport.HeldTokens;
import dev.docask.testsupport.SlowTokens;
import dev.docask.testsupport.Wire;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import dev.docask.retrieve.RetrievalOptions;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The server's plain routes and its error mapping, against a real server on port 0. */
class DocaskServerTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path dir;
    static DocaskServer server;
    static Http http;
    static final List<Feedback> FEEDBACK = new CopyOnWriteArrayList<>();

    @BeforeAll
    static void start() throws Exception {
        Files.createDirectories(dir.resolve("logs"));
        server = DocaskServer.builder().indexDir(Docs.build(dir.resolve("idx"))).port(0)
                .siteName("X <Docs> & \"Co\"").rateLimit(RateLimit.OFF)
                .feedbackLog(dir.resolve("logs/feedback.jsonl")).onFeedback(FEEDBACK::add)
                .build().start();
        http = new Http(server.url());
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    static JsonNode json(HttpResponse<String> r) {
        try {
            return JSON.readTree(r.body());
        } catch (Exception e) {
            throw new AssertionError("not JSON: " + r.body(), e);
        }
    }

    @Test
    void started_acceptQueue_holdsABurstOfAThousandClients() {
        // Jetty's default leaves the JDK's 50: a burst past it waited seconds or failed (ServerLoadCheck).
        assertThat(server.acceptQueueSize()).isGreaterThanOrEqualTo(1000);
    }

    @Test
    void healthz_reportsTheGeneration() {
        HttpResponse<String> r = http.get("/healthz");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(json(r).get("status").asText()).isEqualTo("ok");
        assertThat(json(r).get("generation").asText()).isEqualTo(server.generation()).startsWith("gen-");
    }

    @Test
    void search_onTopicQuestion_returnsNumberedSourcesWithScores() {
        HttpResponse<String> r = http.get("/api/search?q=how+do+I+mock+a+module");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("Content-Type")).hasValueSatisfying(v -> assertThat(v).startsWith("application/json"));
        JsonNode body = json(r);
        assertThat(body.get("answerable").asBoolean()).isTrue();
        assertThat(body.get("sources").get(0).get("n").asInt()).isEqualTo(1);
        assertThat(body.get("sources").get(0).get("url").asText()).isEqualTo("https://x.dev/guide/mocking#vi-mock");
        assertThat(body.get("sources").get(0).has("keywordCoverage")).isTrue();
    }

    @Test
    void search_offTopicQuestion_isNotAnswerable() {
        JsonNode body = json(http.get("/api/search?q=weather+in+Mumbai+today"));
        assertThat(body.get("answerable").asBoolean()).isFalse();
        assertThat(body.get("sources")).isEmpty();
    }

    @Test
    void search_withoutQuestion_is400WithProblemBody() {
        HttpResponse<String> r = http.get("/api/search");
        assertThat(r.statusCode()).isEqualTo(400);
        assertThat(r.headers().firstValue("Content-Type")).hasValue(Problems.CONTENT_TYPE);
        assertThat(json(r).get("status").asInt()).isEqualTo(400);
        assertThat(json(r).get("detail").asText()).contains("?q=");
    }

    @Test
    void problemBody_nonAsciiText_isSentAsUtf8WithTheCharset() {
        HttpResponse<String> r = http.get("/api/search");
        assertThat(r.headers().firstValue("Content-Type")).hasValueSatisfying(v -> assertThat(v).contains("charset=utf-8"));
        assertThat(json(r).get("detail").asText()).isEqualTo("Add the question as ?q=\u2026");
    }

    @Test
    void search_questionWithAControlCharacter_is400NamingIt() {
        HttpResponse<String> r = http.get("/api/search?q=mock%00module");
        assertThat(r.statusCode()).isEqualTo(400);
        assertThat(json(r).get("detail").asText()).isEqualTo("The question holds a control character (U+0000).");
    }

    @Test
    void search_questionOrVersionGivenTwice_is400NamingIt() {
        HttpResponse<String> q = http.get("/api/search?q=mock&q=module");
        assertThat(q.statusCode()).isEqualTo(400);
        assertThat(json(q).get("detail").asText()).isEqualTo("Give ?q= once; this request gives it 2 times.");
        HttpResponse<String> v = http.get("/api/search?q=mock&version=1&version=2");
        assertThat(v.statusCode()).isEqualTo(400);
        assertThat(json(v).get("detail").asText()).contains("?version= once");
    }

    @Test
    void search_questionOverLimit_is400() {
        HttpResponse<String> r = http.get("/api/search?q=" + "a".repeat(501));
        assertThat(r.statusCode()).isEqualTo(400);
        assertThat(json(r).get("detail").asText()).contains("longer than 500");
    }

    @Test
    void unknownPath_is404ProblemBody() {
        HttpResponse<String> r = http.get("/nope");
        assertThat(r.statusCode()).isEqualTo(404);
        assertThat(json(r).get("title").asText()).isEqualTo("Not found");
    }

    @Test
    void unknownPathUnderApi_is404NotA405ForThePreflightRoute() {
        HttpResponse<String> r = http.get("/api/nothing");
        assertThat(r.statusCode()).isEqualTo(404);
        assertThat(r.headers().firstValue("Allow")).isEmpty();
        assertThat(json(r).get("detail").asText()).isEqualTo("There is nothing at /api/nothing.");
    }

    @Test
    void widget_carriesItsStylesAndServesThemAsAStylesheetToo() {
        HttpResponse<String> js = http.get("/widget.js");
        assertThat(js.body()).doesNotContain("{{css}}").contains(".launcher{position:fixed");
        HttpResponse<String> css = http.get("/widget.css");
        assertThat(css.statusCode()).isEqualTo(200);
        assertThat(css.headers().firstValue("Content-Type")).hasValueSatisfying(v -> assertThat(v).startsWith("text/css"));
        assertThat(css.body()).contains(".launcher{position:fixed");
    }

    @Test
    void metrics_arePrometheusText() {
        http.get("/api/search?q=retry+option");
        HttpResponse<String> r = http.get("/metrics");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.body()).contains("docask_http_requests_total").contains("docask_retrieval_seconds_bucket")
                .contains("docask_refusals_total");
    }

    @Test
    void widget_isServedAsJavaScript() {
        HttpResponse<String> r = http.get("/widget.js");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("Content-Type")).hasValueSatisfying(v -> assertThat(v).startsWith("text/javascript"));
        assertThat(r.body()).contains("attachShadow").doesNotContain("innerHTML =");
    }

    @Test
    void head_ofAnAssetOrAProbe_hasTheHeadersAGetHas_andNoBody() throws Exception {
        for (String path : new String[] {"/widget.js", "/widget.css", "/", "/readyz", "/healthz", "/llms.txt"}) {
            HttpResponse<String> get = http.get(path);
            HttpResponse<String> head = http.client().send(http.request(path).method("HEAD", HttpRequest.BodyPublishers.noBody()).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(head.statusCode()).as(path).isEqualTo(get.statusCode());
            assertThat(head.headers().firstValue("Content-Type")).as(path).isEqualTo(get.headers().firstValue("Content-Type"));
            assertThat(head.body()).as(path).isEmpty();
        }
    }

    @Test
    void widget_isGzippedForAClientThatTakesIt_andPlainForOneThatRefusesIt() throws Exception {
        HttpResponse<String> plain = http.get("/widget.js");
        HttpResponse<byte[]> zipped = http.client().send(http.request("/widget.js", "Accept-Encoding", "gzip, br").GET().build(),
                HttpResponse.BodyHandlers.ofByteArray());
        assertThat(zipped.headers().firstValue("Content-Encoding")).contains("gzip");
        assertThat(zipped.headers().firstValue("Vary")).contains("Accept-Encoding");
        assertThat(zipped.body().length).isLessThan(plain.body().length() / 2);
        try (var in = new java.util.zip.GZIPInputStream(new java.io.ByteArrayInputStream(zipped.body()))) {
            assertThat(new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8)).isEqualTo(plain.body());
        }
        assertThat(plain.headers().firstValue("Content-Encoding")).isEmpty();
        assertThat(StaticAssets.acceptsGzip("gzip;q=0, identity")).isFalse();
        assertThat(StaticAssets.acceptsGzip("deflate, *;q=0.5")).isTrue();
        assertThat(StaticAssets.acceptsGzip("br")).isFalse();
    }

    @Test
    void demoPage_escapesTheSiteName() {
        HttpResponse<String> r = http.get("/");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.body()).contains("X &lt;Docs&gt; &amp; &quot;Co&quot;").doesNotContain("<Docs>")
                .contains("<script src=\"/widget.js\"");
    }

    @Test
    void demoPage_siteWithoutAName_readsWell(@TempDir Path other) throws Exception {
        try (DocaskServer s = DocaskServer.builder().indexDir(Docs.build(other.resolve("idx"))).port(0)
                .siteName("").build().start()) {
            String page = new Http(s.url()).get("/").body();
            assertThat(page).contains("<title>docask demo</title>").contains("<h1>Your docs</h1>")
                    .contains("stands in for your documentation.").contains("data-site-name=\"\"")
                    .doesNotContain("this site</strong>").doesNotContain("the <strong></strong>");
        }
    }

    @Test
    void start_filterNoChunkCanMatch_isLoggedOnceWithTheKeysThatExist(@TempDir Path other) throws Exception {
        java.io.PrintStream err = System.err;
        java.io.ByteArrayOutputStream captured = new java.io.ByteArrayOutputStream();
        System.setErr(new java.io.PrintStream(captured, true, java.nio.charset.StandardCharsets.UTF_8));
        try (dev.docask.testsupport.CapturedLog retrieval = dev.docask.testsupport.CapturedLog.of(
                dev.docask.retrieve.HybridRetriever.class);
             DocaskServer s = DocaskServer.builder().indexDir(Docs.build(other.resolve("idx"))).port(0)
                .retrieval(RetrievalOptions.builder().filter(Map.of("docTyp", "guide")).build()).build().start()) {
            new Http(s.url()).get("/api/search?q=retry+option");
            new Http(s.url()).get("/api/search?q=replay+events"); // a second request says nothing new
            assertThat(retrieval.at(java.util.logging.Level.WARNING)).as("not a line per request").isEmpty();
        } finally {
            System.setErr(err);
        }
        String log = captured.toString(java.nio.charset.StandardCharsets.UTF_8);
        assertThat(log).containsOnlyOnce("filter docTyp=guide matches no chunk").contains("no chunk has the key 'docTyp'");
    }

    /** Asks for one JSON answer and returns its id, the one feedback refers to. */
    static String answerId(Http client) {
        HttpResponse<String> r = client.postJson("/api/ask", "{\"question\":\"how do I mock a module?\"}", "Accept", "application/json");
        assertThat(r.statusCode()).isEqualTo(200);
        return json(r).get("id").asText();
    }

    @Test
    void feedback_isLoggedAndHandedToOnFeedback() throws Exception {
        String id = answerId(http);
        HttpResponse<String> r = http.postJson("/api/feedback", "{\"answerId\":\"" + id + "\",\"rating\":\"down\",\"comment\":\"wrong page\"}");
        assertThat(r.statusCode()).isEqualTo(204);
        assertThat(FEEDBACK).anySatisfy(f -> {
            assertThat(f.answerId()).isEqualTo(id);
            assertThat(f.rating()).isEqualTo(Feedback.Rating.DOWN);
            assertThat(f.comment()).isEqualTo("wrong page");
            assertThat(f.question()).isEqualTo("how do I mock a module?");
        });
        List<String> lines = Files.readAllLines(dir.resolve("logs/feedback.jsonl"));
        assertThat(lines).anySatisfy(l -> assertThat(JSON.readTree(l).get("rating").asText()).isEqualTo("down"));
    }

    @Test
    void feedback_secondForOneAnswer_is409AndIsNotLogged() {
        String id = answerId(http);
        String body = "{\"answerId\":\"" + id + "\",\"rating\":\"up\"}";
        assertThat(http.postJson("/api/feedback", body).statusCode()).isEqualTo(204);
        int before = FEEDBACK.size();
        HttpResponse<String> again = http.postJson("/api/feedback", body);
        assertThat(again.statusCode()).isEqualTo(409);
        assertThat(json(again).get("detail").asText()).contains("already has feedback");
        assertThat(FEEDBACK).hasSize(before);
    }

    @Test
    void feedback_badRating_is400NamingTheField() {
        HttpResponse<String> r = http.postJson("/api/feedback", "{\"answerId\":\"abc\",\"rating\":\"meh\"}");
        assertThat(r.statusCode()).isEqualTo(400);
        assertThat(json(r).get("detail").asText()).contains("'rating'");
    }

    @Test
    void feedback_aCommentWithAControlCharacter_is400AsAQuestionIs() {
        String id = answerId(http);
        HttpResponse<String> r = http.postJson("/api/feedback", "{\"answerId\":\"" + id + "\",\"rating\":\"down\",\"comment\":\"bad\\u0000\\u001b[31m\"}");
        assertThat(r.statusCode()).isEqualTo(400);
        assertThat(json(r).get("detail").asText()).isEqualTo("'comment' holds a control character (U+0000).");
        assertThat(http.postJson("/api/feedback", "{\"answerId\":\"" + id + "\",\"rating\":\"down\",\"comment\":\"line one\\nline two\"}")
                .statusCode()).as("line breaks are text").isEqualTo(204);
    }

    @Test
    void feedback_unknownAnswerId_is404AndIsNotLogged() {
        int before = FEEDBACK.size();
        HttpResponse<String> r = http.postJson("/api/feedback", "{\"answerId\":\"nope\",\"rating\":\"up\"}");
        assertThat(r.statusCode()).isEqualTo(404);
        assertThat(r.headers().firstValue("Content-Type")).hasValue(Problems.CONTENT_TYPE);
        assertThat(json(r).get("detail").asText()).contains("'nope'").contains("24 hours");
        assertThat(FEEDBACK).hasSize(before);
    }

    @Test
    void start_feedbackLogThatCannotBeOpened_failsNamingThePath(@TempDir Path other) throws Exception {
        Path noFolder = other.resolve("missing/feedback.jsonl");
        Path folder = Files.createDirectories(other.resolve("feedback.jsonl"));
        Path index = Docs.build(other.resolve("idx"));
        assertThatThrownBy(() -> DocaskServer.builder().indexDir(index).port(0).feedbackLog(noFolder).build().start())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(noFolder.toString()).hasMessageContaining("does not exist");
        assertThatThrownBy(() -> DocaskServer.builder().indexDir(index).port(0).feedbackLog(folder).build().start())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(folder.toString()).hasMessageContaining("it is a folder");
    }

    @Test
    void feedback_logUnwritableAfterStart_is503WithoutInternals(@TempDir Path other) throws Exception {
        Path log = other.resolve("feedback.jsonl");
        try (DocaskServer s = DocaskServer.builder().indexDir(Docs.build(other.resolve("idx"))).port(0)
                .feedbackLog(log).build().start()) {
            Files.delete(log);
            Files.createDirectory(log); // appending to a folder fails, as a full disk would
            Http client = new Http(s.url());
            String body = "{\"answerId\":\"" + answerId(client) + "\",\"rating\":\"up\"}";
            HttpResponse<String> r = client.postJson("/api/feedback", body);
            assertThat(r.statusCode()).isEqualTo(503);
            assertThat(json(r).get("detail").asText()).contains("could not be saved");
            assertThat(r.body()).doesNotContain("feedback.jsonl").doesNotContain("Exception");
            assertThat(client.postJson("/api/feedback", body).statusCode()).as("unsaved feedback may be sent again")
                    .isEqualTo(503);
        }
    }

    @ParameterizedTest
    @CsvSource({"GET, /api/ask, POST", "PUT, /api/ask, POST", "POST, /api/search, GET", "GET, /api/feedback, POST",
            "DELETE, /healthz, GET"})
    void wrongMethodOnARoute_is405WithAllowAndProblemBody(String method, String path, String allowed) {
        HttpResponse<String> r = http.send(http.request(path).method(method, HttpRequest.BodyPublishers.noBody()).build());
        assertThat(r.statusCode()).isEqualTo(405);
        assertThat(r.headers().firstValue("Allow")).hasValueSatisfying(v -> assertThat(v.split(", ")).contains(allowed));
        assertThat(r.headers().firstValue("Content-Type")).hasValue(Problems.CONTENT_TYPE);
        assertThat(json(r).get("title").asText()).isEqualTo("Method not allowed");
        assertThat(json(r).get("detail").asText()).isEqualTo(method + " is not allowed on " + path + ".");
    }

    @Test
    void urlOverJettysLimit_is414ProblemBody() {
        HttpResponse<String> r = http.get("/api/search?q=" + "a".repeat(9_000));
        assertThat(r.statusCode()).isEqualTo(414);
        assertThat(r.headers().firstValue("Content-Type")).hasValue(Problems.CONTENT_TYPE);
        assertThat(json(r).get("status").asInt()).isEqualTo(414);
        assertThat(json(r).get("detail").asText()).isEqualTo("The URL is longer than the server accepts.");
    }

    @Test
    void pathAboveTheRoot_is400ProblemBodyFromJetty() throws Exception {
        String response = http.rawGet("/../../etc/passwd");
        assertThat(response).startsWith("HTTP/1.1 400").contains("Content-Type: " + Problems.CONTENT_TYPE);
        JsonNode body = JSON.readTree(response.substring(response.indexOf("\r\n\r\n") + 4));
        assertThat(body.get("title").asText()).isEqualTo("Bad request");
        assertThat(response).doesNotContainIgnoringCase("<html");
    }

    @Test
    void search_malformedPercentEncoding_is400SayingSo() {
        for (String target : List.of("/api/search?q=%", "/api/search?q=mock%zz")) {
            String response = http.rawGet(target);
            assertThat(response).startsWith("HTTP/1.1 400").contains("The query string is malformed").doesNotContain("?q=");
        }
    }

    @ParameterizedTest
    @CsvSource(value = {"gpt-4o|gpt-4o", "openai:|openai:", "NULL|model is required"}, delimiter = '|', nullValues = "NULL")
    void builder_badModel_failsAtBuildNamingIt(String model, String message) {
        assertThatThrownBy(() -> DocaskServer.builder().indexDir(dir.resolve("idx")).model(model).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(message);
    }

    @Test
    void builder_maxQuestionCharsOverTheRetrieversLimit_failsAtBuild() {
        assertThatThrownBy(() -> DocaskServer.builder().indexDir(dir.resolve("idx")).maxQuestionChars(100_000).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("maxQuestionChars").hasMessageContaining("8000");
    }

    @Test
    void generation_beforeStart_saysTheServerIsNotStarted() {
        DocaskServer notStarted = DocaskServer.builder().indexDir(dir.resolve("idx")).build();
        assertThatThrownBy(notStarted::generation).isInstanceOf(IllegalStateException.class).hasMessageContaining("start()");
    }

    @Test
    void builder_withoutIndexDir_failsNamingIt() {
        assertThatThrownBy(() -> DocaskServer.builder().build()).hasMessageContaining("indexDir");
    }

    @Test
    void close_whileAnswerStreams_letsTheStreamFinishAndRefusesNewWork(@TempDir Path other) throws Exception {
        // the model holds the rest of its answer until new connections are seen refused, so the stream is
        // still running then however slowly a busy machine closes the server (no sleep to guess it by)
        HeldTokens held = new HeldTokens(List.of("Use "), Duration.ofMillis(200), List.of("vi.mock ", "to ", "mock ", "[1]."));
        try (FakeModelServer fake = FakeModelServer.start(Wire.OPENAI, held)) {
            DocaskServer s = FakeModels.server(Docs.build(other), fake).shutdownGrace(Duration.ofSeconds(60)).build().start();
            Http client = new Http(s.url());
            HttpRequest ask = client.request("/api/ask").header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString("{\"question\":\"how do I mock a module?\"}")).build();
            CompletableFuture<HttpResponse<String>> stream = client.client().sendAsync(ask, HttpResponse.BodyHandlers.ofString());
            while (fake.requests() == 0) {
                Thread.sleep(10);
            }
            Thread closer = Thread.ofVirtual().start(s::close);
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            boolean newConnectionRefused = false;
            while (!newConnectionRefused && System.nanoTime() < deadline) {
                try {
                    new Http(s.url()).get("/healthz"); // a fresh client: a new connection each time
                    Thread.sleep(10);
                } catch (java.io.UncheckedIOException e) {
                    newConnectionRefused = true;
                }
            }
            assertThat(newConnectionRefused).as("no new connections").isTrue();
            assertThat(stream).as("the answer was still streaming").isNotDone();
            held.release();
            HttpResponse<String> r = stream.get(30, TimeUnit.SECONDS);
            closer.join(30_000);
            assertThat(r.statusCode()).isEqualTo(200);
            assertThat(FakeModels.types(FakeModels.parts(r.body()))).endsWith("finish", "[DONE]");
            assertThat(FakeModels.text(FakeModels.parts(r.body()))).isEqualTo("Use vi.mock to mock [1].");
        }
    }

    @Test
    void close_streamStillRunningWhenTheGraceEnds_endsItWithAnErrorEvent(@TempDir Path other) throws Exception {
        try (FakeModelServer fake = FakeModelServer.start(Wire.OPENAI, new SlowTokens(Duration.ofSeconds(1),
                java.util.Collections.nCopies(60, "word ")))) {
            DocaskServer s = FakeModels.server(Docs.build(other), fake).shutdownGrace(Duration.ofMillis(300)).build().start();
            Http client = new Http(s.url());
            HttpRequest ask = client.request("/api/ask").header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString("{\"question\":\"how do I mock a module?\"}")).build();
            CompletableFuture<HttpResponse<String>> stream = client.client().sendAsync(ask, HttpResponse.BodyHandlers.ofString());
            while (fake.requests() == 0) {
                Thread.sleep(10);
            }
            s.close();
            HttpResponse<String> r = stream.get(10, TimeUnit.SECONDS);
            List<JsonNode> parts = FakeModels.parts(r.body());
            assertThat(FakeModels.types(parts)).endsWith("error", "[DONE]").doesNotContain("finish");
            assertThat(parts.get(parts.size() - 2).get("errorText").asText()).contains("shutting down");
        }
    }

    @Test
    void unexpectedFailure_is500WithoutInternals(@TempDir Path other) throws Exception {
        HandClock clock = HandClock.system(); // fails on demand: a bug on our side, not the client's
        try (DocaskServer s = DocaskServer.builder().indexDir(Docs.build(other.resolve("idx"))).port(0)
                .clock(clock).build().start()) {
            Http client = new Http(s.url());
            String id = answerId(client);
            clock.failure = new IllegalStateException("clock at /internal/feedback.jsonl broke");
            HttpResponse<String> r = client.postJson("/api/feedback", "{\"answerId\":\"" + id + "\",\"rating\":\"up\"}");
            assertThat(r.statusCode()).isEqualTo(500);
            assertThat(json(r).get("detail").asText()).isEqualTo("Something went wrong on the server. Please try again later.");
            assertThat(r.body()).doesNotContain("feedback.jsonl").doesNotContain("Exception");
        }
    }
}
