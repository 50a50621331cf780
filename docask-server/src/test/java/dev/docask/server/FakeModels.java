package dev.docask.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.docask.answer.AskHandler;
import dev.docask.testsupport.FakeModelServer;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** Servers whose answers are written by the fake OpenAI-compatible model, and a reader for their streams. */
final class FakeModels {
    private static final ObjectMapper JSON = new ObjectMapper();

    private FakeModels() {
    }

    /** A server on port 0 over {@code index} that asks {@code fake} for answers; no rate limit unless set. */
    static DocaskServer.Builder server(Path index, FakeModelServer fake) {
        return DocaskServer.builder().indexDir(index).port(0).rateLimit(RateLimit.OFF).siteName("X Docs")
                .pingInterval(Duration.ofMillis(200))
                .answers(r -> AskHandler.builder().retriever(r).siteName("X Docs")
                        .model(fake.openAiModel("sk-test-SECRET"), "openai:fake")
                        .timeouts(Duration.ofSeconds(20), Duration.ofSeconds(60)).build());
    }

    /** The parts of a UI message stream, in order; the closing {@code [DONE]} as a text node. */
    static List<JsonNode> parts(String body) {
        List<JsonNode> parts = new ArrayList<>();
        for (String event : body.split("\n\n")) {
            for (String line : event.split("\n")) {
                if (!line.startsWith("data: ")) {
                    continue;
                }
                String data = line.substring(6);
                try {
                    parts.add(data.equals("[DONE]") ? TextNode.valueOf(data) : JSON.readTree(data));
                } catch (Exception e) {
                    throw new AssertionError("bad part: " + data, e);
                }
            }
        }
        return parts;
    }

    static List<String> types(List<JsonNode> parts) {
        return parts.stream().map(p -> p.isTextual() ? p.asText() : p.get("type").asText()).toList();
    }

    static String text(List<JsonNode> parts) {
        StringBuilder sb = new StringBuilder();
        parts.stream().filter(p -> p.isObject() && p.get("type").asText().equals("text-delta"))
                .forEach(p -> sb.append(p.get("delta").asText()));
        return sb.toString();
    }
}
