package dev.docask.eval;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.docask.retrieve.HybridRetriever;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Reads a question file: JSON Lines, one question per line, in the format of the docs dev sets
 * ({@code id, question, long_question, answerable, expected_urls, expected_files}; other fields
 * are ignored). Blank lines are skipped.
 *
 * <pre>{@code
 * List<Question> qs = QuestionFile.read(Path.of("eval/questions/vitest-probes.jsonl"));
 * }</pre>
 */
public final class QuestionFile {
    private static final ObjectMapper JSON = new ObjectMapper();

    private QuestionFile() {
    }

    /** Reads every question; a malformed line fails with the file name and line number. */
    public static List<Question> read(Path file) {
        List<String> lines = TextLines.read(file);
        List<Question> questions = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).isBlank()) {
                continue;
            }
            Question q = parse(file, i + 1, lines.get(i));
            if (!ids.add(q.id())) {
                throw new IllegalArgumentException(file + ":" + (i + 1) + ": duplicate question id '" + q.id() + "'");
            }
            questions.add(q);
        }
        if (questions.isEmpty()) {
            throw new IllegalArgumentException("question file " + file + " holds no questions");
        }
        return List.copyOf(questions);
    }

    private static Question parse(Path file, int lineNo, String line) {
        String where = file + ":" + lineNo + ": ";
        try {
            JsonNode n = JSON.readTree(line);
            if (n == null || !n.isObject()) {
                throw new IllegalArgumentException(where + "expected a JSON object");
            }
            JsonNode answerable = n.get("answerable");
            if (answerable == null || !answerable.isBoolean()) {
                throw new IllegalArgumentException(where + "'answerable' must be true or false");
            }
            return new Question(text(n, "id", where), askable("question", text(n, "question", where)),
                    askable("long_question", optionalText(n, "long_question")), answerable.booleanValue(),
                    strings(n, "expected_urls", where), strings(n, "expected_files", where));
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(where + "not valid JSON: " + e.getOriginalMessage(), e);
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new IllegalArgumentException(e.getMessage().startsWith(file.toString()) ? e.getMessage()
                    : where + e.getMessage(), e);
        }
    }

    private static String text(JsonNode n, String field, String where) {
        JsonNode v = n.get(field);
        if (v == null || !v.isTextual() || v.asText().isBlank()) {
            throw new IllegalArgumentException(where + "'" + field + "' must be a non-empty string");
        }
        return v.asText();
    }

    /** {@code text} when the retriever would take it as a question; the limit named for {@code field} otherwise. */
    static String askable(String field, String text) {
        if (text != null && text.strip().length() > HybridRetriever.MAX_QUESTION_CHARS) {
            throw new IllegalArgumentException("'" + field + "' is " + text.strip().length() + " characters long; "
                    + "the limit is " + HybridRetriever.MAX_QUESTION_CHARS);
        }
        return text;
    }

    private static String optionalText(JsonNode n, String field) {
        JsonNode v = n.get(field);
        return v == null || v.isNull() ? null : v.asText();
    }

    private static List<String> strings(JsonNode n, String field, String where) {
        JsonNode v = n.get(field);
        if (v == null || v.isNull()) {
            return List.of();
        }
        if (!v.isArray()) {
            throw new IllegalArgumentException(where + "'" + field + "' must be an array of strings");
        }
        List<String> out = new ArrayList<>();
        v.forEach(e -> out.add(e.asText()));
        return out;
    }
}
