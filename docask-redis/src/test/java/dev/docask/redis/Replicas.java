package dev.docask.redis;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.docask.answer.AnswerCache;
import dev.docask.answer.AskHandler;
import dev.docask.ingest.Chunk;
import dev.docask.retrieve.RetrievalOptions;
import dev.docask.server.DocaskServer;
import dev.docask.server.RateLimit;
import dev.docask.server.internal.SharedStateSettings;
import dev.docask.testsupport.FakeModelServer;
import dev.docask.testsupport.TestIndexes;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static dev.docask.testsupport.TestIndexes.chunk;

/** Replicas of docask serve over one index and one Redis, answered by a fake OpenAI-compatible model, and a client. */
final class Replicas {
    static final ObjectMapper JSON = new ObjectMapper();
    static final List<Chunk> CHUNKS = List.of(
            chunk("https://x.dev/guide/mocking#vi-mock", "Mocking", "Mocking › vi.mock",
                    "Use vi.mock to replace a module with a fake implementation in tests."),
            chunk("https://x.dev/config/retry", "Retry", "",
                    "The retry option sets how many times a failing test is run again."));
    static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private Replicas() {
    }

    static Path index(Path dir) {
        TestIndexes.build(dir, "mock", CHUNKS).close();
        return dir;
    }

    /**
     * A replica sharing {@code redisUrl}: rate limits, budget and answer ids through the server's own
     * connection, the answer cache through {@code cache} (the handler is built here, so the test's).
     */
    static DocaskServer.Builder replica(Path index, FakeModelServer fake, String redisUrl, AnswerCache cache) {
        return DocaskServer.builder().indexDir(index).port(0).rateLimit(RateLimit.OFF).siteName("X Docs")
                .redis(redisUrl).redisTimeout(Duration.ofMillis(500))
                .retrieval(RetrievalOptions.builder().maxContextChars(400).build())
                .answers(r -> AskHandler.builder().retriever(r).siteName("X Docs").answerCache(cache)
                        .retrieval(RetrievalOptions.builder().maxContextChars(400).build())
                        .model(fake.openAiModel("sk-test-SECRET"), "openai:fake")
                        .timeouts(Duration.ofSeconds(20), Duration.ofSeconds(60)).build());
    }

    /** The shared answer cache the replicas' handlers use, through a connection of its own. */
    static RedisState cacheConnection(String redisUrl) {
        return RedisState.connect(new SharedStateSettings(redisUrl, "docask", Duration.ofMillis(500)));
    }

    static HttpResponse<String> ask(DocaskServer server, String question) {
        return post(server, "/api/ask", "{\"question\":\"" + question + "\"}");
    }

    static HttpResponse<String> post(DocaskServer server, String path, String json) {
        return send(HttpRequest.newBuilder(URI.create(server.url() + path)).timeout(Duration.ofSeconds(60))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(json)).build());
    }

    static HttpResponse<String> get(DocaskServer server, String path) {
        return send(HttpRequest.newBuilder(URI.create(server.url() + path)).timeout(Duration.ofSeconds(30)).GET().build());
    }

    static HttpResponse<String> send(HttpRequest request) {
        try {
            return HTTP.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** The answer id a stream's finish part carries. */
    static String answerId(String stream) {
        for (String line : stream.split("\n")) {
            if (line.startsWith("data: {")) {
                try {
                    JsonNode part = JSON.readTree(line.substring(6));
                    if (part.path("type").asText().equals("start") && part.has("messageId")) {
                        return part.get("messageId").asText();
                    }
                } catch (IOException e) {
                    throw new AssertionError(line, e);
                }
            }
        }
        throw new AssertionError("no start part with a messageId in " + stream);
    }

    /** The type of a stream's last part before [DONE]: finish or error. */
    static String lastPart(String stream) {
        String last = "";
        for (String line : stream.split("\n")) {
            if (line.startsWith("data: {")) {
                try {
                    last = JSON.readTree(line.substring(6)).path("type").asText();
                } catch (IOException e) {
                    throw new AssertionError(line, e);
                }
            }
        }
        return last;
    }
}
