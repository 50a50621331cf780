package dev.docask.eval;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Reads a BEIR folder: {@code corpus.jsonl} ({@code _id, title, text}), {@code queries.jsonl}
 * ({@code _id, text}) and {@code qrels/<split>.tsv} ({@code query-id, corpus-id, score} with a header).
 * Judgements of 0 or less are not relevant and are dropped, as trec_eval does for its relevant set.
 *
 * <pre>{@code
 * BeirCollection scifact = BeirReader.read(Path.of("data/beir/scifact"), "test");
 * }</pre>
 */
public final class BeirReader {
    private static final ObjectMapper JSON = new ObjectMapper();

    private BeirReader() {
    }

    /** Reads the corpus, the queries and the judgements of {@code split} ({@code test} or {@code dev}). */
    public static BeirCollection read(Path dir, String split) {
        Path corpus = require(dir.resolve("corpus.jsonl"));
        Path queries = require(dir.resolve("queries.jsonl"));
        Path qrels = require(dir.resolve("qrels").resolve(split + ".tsv"));
        Map<String, Map<String, Integer>> judged = readQrels(qrels);
        Map<String, String> allQueries = new HashMap<>();
        forEachJson(queries, n -> allQueries.put(n.path("_id").asText(), n.path("text").asText()));
        Map<String, String> asked = new TreeMap<>();
        for (String qid : judged.keySet()) {
            String text = allQueries.get(qid);
            if (text == null) {
                throw new IllegalArgumentException(qrels + " judges query '" + qid + "', which " + queries + " lacks");
            }
            asked.put(qid, text);
        }
        List<BeirCollection.Doc> docs = new ArrayList<>();
        forEachJson(corpus, n -> docs.add(new BeirCollection.Doc(n.path("_id").asText(),
                n.path("title").asText(""), n.path("text").asText(""))));
        String name = dir.toAbsolutePath().normalize().getFileName().toString();
        return new BeirCollection(name, docs, asked, judged);
    }

    static Map<String, Map<String, Integer>> readQrels(Path file) {
        Map<String, Map<String, Integer>> qrels = new TreeMap<>();
        List<String> lines = TextLines.read(file);
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty() || (i == 0 && line.startsWith("query-id"))) {
                continue;
            }
            String[] f = line.split("\t");
            if (f.length != 3) {
                throw new IllegalArgumentException(file + ":" + (i + 1) + ": expected query-id<TAB>corpus-id<TAB>score");
            }
            int score;
            try {
                score = Integer.parseInt(f[2].strip());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(file + ":" + (i + 1) + ": score '" + f[2] + "' is not a number");
            }
            if (score > 0) {
                qrels.computeIfAbsent(f[0], q -> new LinkedHashMap<>()).put(f[1], score);
            }
        }
        qrels.replaceAll((q, m) -> Map.copyOf(m));
        return qrels;
    }

    private static void forEachJson(Path file, java.util.function.Consumer<JsonNode> action) {
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String line;
            int no = 0;
            while ((line = in.readLine()) != null) {
                if (no++ == 0) {
                    line = TextLines.withoutBom(line);
                }
                if (line.isBlank()) {
                    continue;
                }
                try {
                    action.accept(JSON.readTree(line));
                } catch (IOException e) {
                    throw new IllegalArgumentException(file + ":" + no + ": not valid JSON");
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }


    private static Path require(Path file) {
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException("not a BEIR folder: " + file + " is missing");
        }
        return file;
    }
}
