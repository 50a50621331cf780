package dev.docask.server;

import com.fasterxml.jackson.databind.JsonNode;
import dev.docask.answer.Turn;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What {@code POST /api/ask} accepts: {@code {"question": "...", "history": [{"role": "user"|"assistant",
 * "text": "..."}]}}, or the {@code {"messages": [...]}} body that an AI SDK {@code useChat} front end
 * sends (the last user message is the question, the ones before it the history).
 */
record AskRequest(String question, List<Turn> history) {
    static final int MAX_TURNS = 10;
    static final int MAX_TURN_CHARS = 4_000;

    AskRequest {
        history = List.copyOf(history);
    }

    static AskRequest from(JsonNode body, int maxQuestionChars) {
        if (!body.has("question") && body.has("messages")) {
            return fromMessages(body.get("messages"), maxQuestionChars);
        }
        String question = Fields.requireString(body, "question", maxQuestionChars);
        JsonNode h = body.get("history");
        List<Turn> history = new ArrayList<>();
        if (h != null && !h.isNull()) {
            if (!h.isArray()) {
                throw new ApiException.BadRequest("'history' must be an array, not " + Fields.kind(h) + ".");
            }
            for (JsonNode t : h) {
                history.add(turn(t, "history"));
            }
        }
        return new AskRequest(question, limit(history));
    }

    private static AskRequest fromMessages(JsonNode messages, int maxQuestionChars) {
        if (!messages.isArray() || messages.isEmpty()) {
            throw new ApiException.BadRequest("'messages' must be a non-empty array.");
        }
        List<Turn> turns = new ArrayList<>();
        for (JsonNode m : messages) {
            turns.add(turn(m, "messages"));
        }
        Turn last = turns.removeLast();
        if (last.role() != Turn.Role.USER) {
            throw new ApiException.BadRequest("The last of 'messages' must be the user's question.");
        }
        String q = last.text().strip();
        if (q.codePointCount(0, q.length()) > maxQuestionChars) {
            throw new ApiException.BadRequest("'question' is longer than " + maxQuestionChars + " characters.");
        }
        return new AskRequest(q, limit(turns));
    }

    private static Turn turn(JsonNode t, String field) {
        if (!t.isObject()) {
            throw new ApiException.BadRequest("Each entry of '" + field + "' must be an object with 'role' and 'text'.");
        }
        String role = Fields.requireString(t, "role", 20).toLowerCase(Locale.ROOT);
        String text = t.has("parts") ? partsText(t.get("parts"))
                : Fields.optionalString(t, t.has("text") ? "text" : "content", MAX_TURN_CHARS);
        if (text.isBlank()) {
            throw new ApiException.BadRequest("An entry of '" + field + "' has no text.");
        }
        return switch (role) {
            case "user" -> Turn.user(text);
            case "assistant" -> Turn.assistant(text);
            default -> throw new ApiException.BadRequest("'role' must be \"user\" or \"assistant\", not \"" + role + "\".");
        };
    }

    /** The text parts of an AI SDK UI message, joined; other parts (sources, data) are ignored. */
    private static String partsText(JsonNode parts) {
        if (!parts.isArray()) {
            throw new ApiException.BadRequest("'parts' must be an array.");
        }
        StringBuilder sb = new StringBuilder();
        for (JsonNode p : parts) {
            if (p.isObject() && "text".equals(p.path("type").asText()) && p.path("text").isTextual()) {
                sb.append(p.get("text").asText());
            }
        }
        if (sb.length() > MAX_TURN_CHARS) {
            throw new ApiException.BadRequest("A message is longer than " + MAX_TURN_CHARS + " characters.");
        }
        return sb.toString();
    }

    /** Only the latest turns count: older ones cost tokens and rarely change the answer. */
    private static List<Turn> limit(List<Turn> turns) {
        return turns.size() <= MAX_TURNS ? turns : turns.subList(turns.size() - MAX_TURNS, turns.size());
    }
}
