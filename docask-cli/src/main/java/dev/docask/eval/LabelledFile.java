package dev.docask.eval;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Reads a labelled answer file: JSON Lines, {@code id, question, url, answers, part} per line
 * ({@code eval/questions/*-extractive.jsonl}); other fields are ignored, blank lines skipped.
 *
 * <pre>{@code
 * List<LabelledQuestion> qs = LabelledFile.read(Path.of("eval/questions/samples-extractive.jsonl"));
 * }</pre>
 */
public final class LabelledFile {
    private static final ObjectMapper JSON = new ObjectMapper();

    private LabelledFile() {
    }

    /** Reads every question; a malformed line fails with the file name and line number. */
    public static List<LabelledQuestion> read(Path file) {
        List<String> lines = TextLines.read(file);
        List<LabelledQuestion> out = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).isBlank()) {
                continue;
            }
            String where = file + ":" + (i + 1) + ": ";
            LabelledQuestion q = parse(where, lines.get(i));
            if (!ids.add(q.id())) {
                throw new IllegalArgumentException(where + "duplicate question id '" + q.id() + "'");
            }
            out.add(q);
        }
        if (out.isEmpty()) {
            throw new IllegalArgumentException("labelled file " + file + " holds no questions");
        }
        return List.copyOf(out);
    }

    private static LabelledQuestion parse(String where, String line) {
        try {
            JsonNode n = JSON.readTree(line);
            if (n == null || !n.isObject()) {
                throw new IllegalArgumentException("expected a JSON object");
            }
            JsonNode answers = n.get("answers");
            if (answers == null || !answers.isArray()) {
                throw new IllegalArgumentException("'answers' must be an array of strings");
            }
            List<String> texts = new ArrayList<>();
            answers.forEach(a -> texts.add(a.asText()));
            return new LabelledQuestion(text(n, "id"), QuestionFile.askable("question", text(n, "question")), text(n, "url"), texts, text(n, "part"));
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(where + "not valid JSON: " + e.getOriginalMessage(), e);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(where + e.getMessage(), e);
        }
    }

    private static String text(JsonNode n, String field) {
        JsonNode v = n.get(field);
        if (v == null || !v.isTextual() || v.asText().isBlank()) {
            throw new IllegalArgumentException("'" + field + "' must be a non-empty string");
        }
        return v.asText();
    }
}
