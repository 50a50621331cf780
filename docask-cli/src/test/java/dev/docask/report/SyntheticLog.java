package dev.docask.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.docask.ingest.Chunk;
import dev.docask.testsupport.TestIndexes;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static dev.docask.testsupport.TestIndexes.chunk;

/**
 * Question logs written the way docask serve writes them (the records of docs/design.md#question-log), for
 * the report's tests and its 1,000,000-record benchmark, and a small index to report against.
 */
public final class SyntheticLog {
    /** Refused questions on three topics the docs do not cover; no word is shared between topics. */
    public static final List<List<String>> TOPICS = List.of(
            List.of("deploy helm chart kubernetes cluster", "helm chart kubernetes deploy", "kubernetes helm chart deploy steps",
                    "deploy kubernetes helm chart"),
            List.of("export coverage report pdf file", "pdf export coverage report", "coverage report pdf export"),
            List.of("okta saml single sign", "single sign okta saml", "saml okta single sign setup"));
    public static final List<Chunk> PAGES = List.of(
            chunk("https://x.dev/guide/mocking#vi-mock", "Mocking", "Mocking › vi.mock",
                    "Use vi.mock to replace a module with a fake implementation in tests."),
            chunk("https://x.dev/config/retry", "Retry", "", "The retry option sets how many times a failing test is run again."),
            chunk("https://x.dev/guide/cli#watch", "Command line", "Command line › Watch",
                    "Run the runner with --watch to rerun tests when files change."));

    private static final ObjectMapper JSON = new ObjectMapper();
    static final Instant PLANTED_AT = Instant.parse("2026-11-20T09:00:00Z");

    private SyntheticLog() {
    }

    /** 12 answered (4 rated: 2 down), 3 cached, the three topics refused (4 + 3 + 3 asked twice), 2 failed, 1 cancelled. */
    public static Path planted(Path dir) throws IOException {
        Path log = Files.createDirectories(dir);
        List<ObjectNode> a = new ArrayList<>();
        List<ObjectNode> b = new ArrayList<>();
        int n = 0;
        for (int i = 0; i < 12; i++) {
            a.add(SyntheticLog.question("ans_a" + i, PLANTED_AT.plusSeconds(60L * n++), "how do I mock a module " + i, "answered"));
        }
        for (int i = 0; i < 3; i++) {
            b.add(SyntheticLog.question("ans_c" + i, PLANTED_AT.plusSeconds(86_400 + 60L * n++), "how do I mock a module", "cached"));
        }
        int r = 0;
        for (List<String> topic : SyntheticLog.TOPICS) {
            for (String q : topic) {
                for (int twice = 0; twice < 2; twice++) {
                    (r % 2 == 0 ? a : b).add(SyntheticLog.question("ans_r" + r++, PLANTED_AT.plusSeconds(86_400 + 60L * n++), q, "refused"));
                }
            }
        }
        b.add(SyntheticLog.question("ans_f0", PLANTED_AT.plusSeconds(60L * n++), "how do I mock a module", "failed"));
        b.add(SyntheticLog.question("ans_f1", PLANTED_AT.plusSeconds(60L * n++), "how do I mock a module", "failed"));
        b.add(SyntheticLog.question("ans_x0", PLANTED_AT.plusSeconds(60L * n++), "how do I mock a module", "cancelled"));
        a.add(SyntheticLog.feedback("ans_a0", PLANTED_AT.plusSeconds(3_600), "down", "it cites the wrong page"));
        a.add(SyntheticLog.feedback("ans_a1", PLANTED_AT.plusSeconds(3_600), "down", ""));
        b.add(SyntheticLog.feedback("ans_a2", PLANTED_AT.plusSeconds(3_600), "up", ""));
        b.add(SyntheticLog.feedback("ans_a3", PLANTED_AT.plusSeconds(3_600), "up", ""));
        SyntheticLog.write(log.resolve("questions-2026-11-20-host-a-1.jsonl"), a);
        SyntheticLog.write(log.resolve("questions-2026-11-21-host-b-7.jsonl"), b);
        return log;
    }

    public static Path index(Path dir) {
        TestIndexes.build(dir, "mock", PAGES).close();
        return dir;
    }

    /** A question record; {@code outcome} answered, refused, cached, failed or cancelled. */
    public static ObjectNode question(String id, Instant time, String question, String outcome) {
        ObjectNode o = JSON.createObjectNode().put("type", "question").put("v", 1).put("time", time.toString())
                .put("id", id).put("question", question).put("outcome", outcome).put("client", "c" + (id.hashCode() & 7));
        boolean answered = outcome.equals("answered") || outcome.equals("cached");
        if (answered) {
            o.putArray("sources").add("https://x.dev/guide/mocking#vi-mock").add("https://x.dev/config/retry");
            o.putArray("cited").add("https://x.dev/guide/mocking#vi-mock");
            o.put("model", "openai:fake").put("sourcesMs", 20).put("firstTokenMs", 300).put("totalMs", 900);
            if (outcome.equals("answered")) {
                o.put("inputTokens", 100).put("outputTokens", 40);
            }
        } else {
            o.putArray("sources");
            o.putArray("cited");
            o.put("totalMs", 25);
            if (outcome.equals("refused")) {
                o.put("bestSimilarity", 0.2).put("bestCoverage", 0.0).put("sourcesMs", 20);
            } else {
                o.put("error", "The answer failed.");
            }
        }
        return o;
    }

    public static ObjectNode feedback(String id, Instant time, String rating, String comment) {
        return JSON.createObjectNode().put("type", "feedback").put("v", 1).put("time", time.toString()).put("id", id)
                .put("rating", rating).put("comment", comment).put("answer", "Use vi.mock [1].");
    }

    public static void write(Path file, List<? extends ObjectNode> records) {
        try (BufferedWriter w = Files.newBufferedWriter(file)) {
            for (ObjectNode r : records) {
                w.write(r.toString());
                w.write('\n');
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * {@code n} records over 30 days into {@code dir}, one file per day: 60% answered, 10% cached, 25% refused
     * (the three topics and a tail of one-off questions), 3% failed, 2% cancelled; feedback on 1% of them.
     */
    public static void million(Path dir, int n) throws IOException {
        Files.createDirectories(dir);
        Random random = new Random(1);
        Instant start = Instant.parse("2026-10-01T00:00:00Z");
        int days = 30;
        int perDay = n / days;
        for (int d = 0; d < days; d++) {
            Path file = dir.resolve("questions-" + start.plusSeconds(86_400L * d).toString().substring(0, 10) + "-bench-1.jsonl");
            try (BufferedWriter w = Files.newBufferedWriter(file)) {
                for (int i = 0; i < perDay; i++) {
                    Instant t = start.plusSeconds(86_400L * d + (long) i * 86_400 / perDay);
                    String id = "ans_" + d + "_" + i;
                    int roll = random.nextInt(100);
                    String outcome = roll < 60 ? "answered" : roll < 70 ? "cached" : roll < 95 ? "refused"
                            : roll < 98 ? "failed" : "cancelled";
                    String q;
                    if (outcome.equals("refused")) {
                        List<String> topic = TOPICS.get(random.nextInt(TOPICS.size()));
                        q = random.nextInt(10) == 0 ? "one-off question " + random.nextInt(5_000)
                                : topic.get(random.nextInt(topic.size()));
                    } else {
                        q = "how do I mock a module " + random.nextInt(1_000);
                    }
                    w.write(question(id, t, q, outcome).toString());
                    w.write('\n');
                    if (random.nextInt(100) == 0) {
                        w.write(feedback(id, t.plusSeconds(5), random.nextBoolean() ? "up" : "down", "comment " + i).toString());
                        w.write('\n');
                    }
                }
            }
        }
    }
}
