package dev.docask.solr;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.docask.answer.AskHandler;
import dev.docask.index.DocIndex;
import dev.docask.index.IndexException;
import dev.docask.ingest.IngestOptions;
import dev.docask.ingest.SiteReader;
import dev.docask.server.DocaskServer;
import dev.docask.server.RateLimit;
import dev.docask.testsupport.FakeModelServer;
import dev.docask.testsupport.SlowTokens;
import dev.docask.testsupport.TestIndexes;
import dev.docask.testsupport.TestSites;
import dev.docask.testsupport.Wire;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The server over a site of the real 2-node SolrCloud, as {@code docask serve --backend solr://… --site …}
 * runs it, answering through a fake OpenAI-compatible model on 127.0.0.1.
 */
class SolrServeIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private static SolrCluster cluster;
    private static FakeModelServer fake;
    private static DocaskServer server;
    private static List<String> questions;

    @TempDir
    static Path tmp;

    @BeforeAll
    static void start() throws Exception {
        cluster = SolrCluster.shared();
        try (DocIndex samples = TestIndexes.build(tmp.resolve("samples"), "mock",
                SiteReader.read(TestSites.samples(), IngestOptions.defaults(TestSites.SAMPLES_BASE_URL)).chunks())) {
            SolrBackend.publish(samples, cluster.uri(), "served");
        }
        questions = TestSites.samplesQuestionTexts();
        fake = FakeModelServer.start(Wire.OPENAI, new SlowTokens(Duration.ofMillis(1), "See ", "the ", "docs ", "[1]."));
        String uri = cluster.uri();
        server = DocaskServer.builder().index(uri + " --site served", () -> SolrBackend.open(uri, "served"))
                .port(0).rateLimit(RateLimit.OFF).siteName("Samples")
                // no answer cache: every question must reach Solr
                .answers(r -> AskHandler.builder().retriever(r).siteName("Samples")
                        .model(fake.openAiModel("sk-test"), "openai:fake")
                        .timeouts(Duration.ofSeconds(20), Duration.ofSeconds(60)).build())
                .build().start();
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
        if (fake != null) {
            fake.close();
        }
    }

    @Test
    void ask_solrSite_answersWithSourcesThroughTheModel() throws Exception {
        HttpResponse<String> r = ask(questions.get(0));
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(lastPart(r.body())).isEqualTo("finish");
        assertThat(r.body()).contains("source-url").contains("See ");
        assertThat(get("/readyz").statusCode()).isEqualTo(200);
    }

    @Test
    void readyz_clusterStoppedThenStarted_notReadyThenReady() throws Exception {
        try {
            cluster.stopNode(0);
            assertThat(get("/readyz").statusCode()).as("one node of two down: replicas answer").isEqualTo(200);
            cluster.stopNode(1);
            HttpResponse<String> down = get("/readyz");
            assertThat(down.statusCode()).isEqualTo(503);
            assertThat(JSON.readTree(down.body()).path("index").asText()).isEqualTo("down");
            assertThat(get("/livez").statusCode()).isEqualTo(200);
            // our own index is out, not the model behind us: 503 on every route, and nothing of Solr's message
            for (HttpResponse<String> r : List.of(get("/api/search?q=" + URLEncoder.encode(questions.get(0), UTF_8)),
                    askJson(questions.get(0)))) {
                assertThat(r.statusCode()).as(r.body()).isEqualTo(503);
                assertThat(JSON.readTree(r.body()).path("detail").asText()).isEqualTo(IndexException.CLIENT_MESSAGE);
                assertThat(r.body()).doesNotContain("Solr").doesNotContain("Exception");
            }
            try (io.modelcontextprotocol.client.McpSyncClient mcp = io.modelcontextprotocol.client.McpClient.sync(
                    io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport.builder(server.url())
                            .endpoint("/mcp").build()).requestTimeout(Duration.ofSeconds(30)).build()) {
                mcp.initialize();
                io.modelcontextprotocol.spec.McpSchema.CallToolResult r = mcp.callTool(
                        new io.modelcontextprotocol.spec.McpSchema.CallToolRequest("search_docs",
                                java.util.Map.of("query", questions.get(0))));
                assertThat(r.isError()).isTrue();
                assertThat(((io.modelcontextprotocol.spec.McpSchema.TextContent) r.content().get(0)).text())
                        .isEqualTo("search_docs: " + IndexException.CLIENT_MESSAGE);
            }
        } finally {
            cluster.startNode(0);
            cluster.startNode(1);
        }
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (get("/readyz").statusCode() != 200 && System.nanoTime() < deadline) {
            Thread.sleep(200);
        }
        assertThat(get("/readyz").statusCode()).isEqualTo(200);
        HttpResponse<String> again = ask(questions.get(0));
        assertThat(again.statusCode()).isEqualTo(200);
        assertThat(lastPart(again.body())).isEqualTo("finish");
    }

    @Test
    void ask_nodeStoppedDuringTwoHundredQuestions_noQuestionFails() {
        List<String> failed = new ArrayList<>();
        try {
            for (int i = 0; i < 200; i++) {
                if (i == 50) {
                    cluster.stopNode(1);
                }
                String q = questions.get(i % questions.size());
                try {
                    HttpResponse<String> r = ask(q);
                    if (r.statusCode() != 200 || !lastPart(r.body()).equals("finish")) {
                        failed.add(i + ": " + r.statusCode() + " " + r.body().lines().reduce((a, b) -> b).orElse(""));
                    }
                } catch (IOException | RuntimeException e) {
                    failed.add(i + ": " + e);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException(e);
                }
            }
        } finally {
            cluster.startNode(1);
        }
        assertThat(failed).isEmpty();
    }

    @Test
    void search_sitePublishedAgainWhileServing_isServedWithoutARestart() throws Exception {
        // the samples plus one page, published from "another process" while the server runs
        Path site = tmp.resolve("samples-plus");
        try (var files = Files.walk(TestSites.samples())) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Path to = site.resolve(TestSites.samples().relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(to);
                } else {
                    Files.copy(f, to);
                }
            }
        }
        Files.writeString(site.resolve("zeppelins.md"), "# Zeppelin moorings\n\nThe relay moors each zeppelin at the "
                + "quayside mast named by `--zeppelin-mast`; a zeppelin without a mast waits in the hangar.\n");
        String question = "Where does the relay moor a zeppelin?";
        assertThat(get("/api/search?q=" + java.net.URLEncoder.encode(question, java.nio.charset.StandardCharsets.UTF_8))
                .body()).doesNotContain("zeppelins");
        try (DocIndex plus = TestIndexes.build(tmp.resolve("samples-plus-index"), "mock",
                SiteReader.read(site, IngestOptions.defaults(TestSites.SAMPLES_BASE_URL)).chunks())) {
            SolrBackend.publish(plus, cluster.uri(), "served");
        }
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos(); // the server checks every 2 s
        String body = "";
        while (System.nanoTime() < deadline && !body.contains("zeppelins")) {
            Thread.sleep(500);
            body = get("/api/search?q=" + java.net.URLEncoder.encode(question, java.nio.charset.StandardCharsets.UTF_8)).body();
        }
        assertThat(body).as("the page published after the server started").contains(TestSites.SAMPLES_BASE_URL + "/zeppelins");
        assertThat(get("/readyz").statusCode()).isEqualTo(200);
    }

    private static HttpResponse<String> ask(String question) throws IOException, InterruptedException {
        return ask(question, "text/event-stream");
    }

    /** The whole answer as one JSON object: failures then have an HTTP status, as a stream's cannot. */
    private static HttpResponse<String> askJson(String question) throws IOException, InterruptedException {
        return ask(question, "application/json");
    }

    private static HttpResponse<String> ask(String question, String accept) throws IOException, InterruptedException {
        String body = JSON.createObjectNode().put("question", question).toString();
        return HTTP.send(HttpRequest.newBuilder(URI.create(server.url() + "/api/ask")).timeout(Duration.ofSeconds(60))
                .header("Content-Type", "application/json").header("Accept", accept)
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return HTTP.send(HttpRequest.newBuilder(URI.create(server.url() + path)).timeout(Duration.ofSeconds(30)).GET().build(),
                HttpResponse.BodyHandlers.ofString());
    }

    /** The type of a stream's last part before [DONE]: finish or error. */
    private static String lastPart(String stream) throws IOException {
        String last = "";
        for (String line : stream.split("\n")) {
            if (line.startsWith("data: {")) {
                JsonNode part = JSON.readTree(line.substring(6));
                last = part.path("type").asText();
            }
        }
        return last;
    }
}
