package dev.docask.answer.internal;

import com.fasterxml.jackson.databind.JsonNode;
import org.jspecify.annotations.Nullable;
import dev.docask.answer.AskHandler;
import dev.docask.answer.Turn;
import dev.docask.retrieve.RetrievalOptions;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/*
 * Only the latest MAX_TURNS turns with text are used, so only they are checked: a chat must not
 * be blocked for good by something in an old turn. Turns without text (an assistant message that
 * failed, or one that carries only sources) are skipped, a long turn is cut to MAX_TURN_CHARS, and
 * useChat's system messages are ignored (the prompt is the server's, not the page's). The
 * question itself is checked strictly: it must fit the limit and be plain text.
 */
/**
 * What {@code POST /api/ask} accepts: {@code {"question": "...", "history": [{"role": "user"|"assistant",
 * "text": "..."}]}}, or the {@code {"messages": [...]}} body that an AI SDK {@code useChat} front end
 * sends (the last user message is the question, the ones before it the history). Either may carry
 * {@code "version"}: the docs version the reader is on (docs/retrieval.md, "Versions").
 */
public record AskRequest(String question, List<Turn> history, Optional<String> docsVersion) {
    /** The default question limit of the HTTP API, in characters (the library's is 8000). */
    public static final int DEFAULT_MAX_QUESTION_CHARS = 500;
    public static final int MAX_TURNS = 10;
    public static final int MAX_TURN_CHARS = 4_000;

    public AskRequest {
        history = List.copyOf(history);
        Objects.requireNonNull(docsVersion, "docsVersion");
    }

    public AskRequest(String question, List<Turn> history) {
        this(question, history, Optional.empty());
    }

    /** Starts answering this request on {@code handler}, with the reader's docs version when it gave one. */
    public AskHandler.Handle askOn(AskHandler handler, AskHandler.Listener listener) {
        return handler.ask(question, history, optionsOn(handler), listener);
    }

    /** {@code handler}'s retrieval options, with the reader's docs version when it gave one. */
    public RetrievalOptions optionsOn(AskHandler handler) {
        RetrievalOptions options = handler.retrievalOptions();
        return docsVersion.isEmpty() ? options : options.toBuilder().docsVersion(docsVersion.get()).build();
    }

    /** The optional {@code version} field of a request body or query: a version name, else a 400 naming the field. */
    public static Optional<String> docsVersion(@Nullable String value) {
        if (value == null || value.isBlank()) {
            return Optional.empty();
        }
        try {
            return RetrievalOptions.builder().docsVersion(value).build().docsVersion();
        } catch (IllegalArgumentException e) {
            throw new ApiException.BadRequest("'version' must be a docs version name such as 3.8.1, next or v3 "
                    + "(letters, digits, '.', '_', '-'; at most 100 characters).");
        }
    }

    private static Optional<String> docsVersion(JsonNode body) {
        JsonNode v = body.get("version");
        if (v == null || v.isNull()) {
            return Optional.empty();
        }
        if (!v.isTextual()) {
            throw new ApiException.BadRequest("'version' must be a string, not " + Fields.kind(v) + ".");
        }
        return docsVersion(v.asText());
    }

    public static AskRequest from(JsonNode body, int maxQuestionChars) {
        JsonNode messages = body.get("messages");
        if (messages != null && !messages.isNull() && !messages.isArray()) {
            throw new ApiException.BadRequest("'messages' must be an array, not " + Fields.kind(messages) + ".");
        }
        Optional<String> version = docsVersion(body);
        if (!body.has("question") && messages != null) {
            AskRequest r = fromMessages(messages, maxQuestionChars);
            return new AskRequest(r.question(), r.history(), version);
        }
        String question = Fields.requirePlainText("'question'", Fields.requireString(body, "question", maxQuestionChars));
        JsonNode h = body.get("history");
        List<Turn> history = List.of();
        if (h != null && !h.isNull()) {
            if (!h.isArray()) {
                throw new ApiException.BadRequest("'history' must be an array, not " + Fields.kind(h) + ".");
            }
            history = latestTurns(h, h.size(), "history");
        }
        return new AskRequest(question, history, version);
    }

    private static AskRequest fromMessages(JsonNode messages, int maxQuestionChars) {
        if (!messages.isArray() || messages.isEmpty()) {
            throw new ApiException.BadRequest("'messages' must be a non-empty array.");
        }
        JsonNode last = messages.get(messages.size() - 1);
        requireObject(last, "messages");
        if (!role(last).equals("user")) {
            throw new ApiException.BadRequest("The last of 'messages' must be the user's question.");
        }
        String q = text(last).strip();
        if (q.isEmpty()) {
            throw new ApiException.BadRequest("'question' is empty.");
        }
        if (q.codePointCount(0, q.length()) > maxQuestionChars) {
            throw new ApiException.BadRequest("'question' is longer than " + maxQuestionChars + " characters.");
        }
        return new AskRequest(Fields.requirePlainText("'question'", q), latestTurns(messages, messages.size() - 1, "messages"));
    }

    /** Up to MAX_TURNS turns with text from {@code entries[0, end)}, newest last; older entries are not read. */
    private static List<Turn> latestTurns(JsonNode entries, int end, String field) {
        List<Turn> turns = new ArrayList<>();
        for (int i = end - 1; i >= 0 && turns.size() < MAX_TURNS; i--) {
            JsonNode t = entries.get(i);
            requireObject(t, field);
            String role = role(t);
            if (role.equals("system") && field.equals("messages")) {
                continue;
            }
            if (!role.equals("user") && !role.equals("assistant")) {
                throw new ApiException.BadRequest("'role' must be \"user\" or \"assistant\", not \"" + role + "\".");
            }
            String text = cut(Fields.stripNonText(text(t)).strip());
            if (!text.isEmpty()) {
                turns.add(role.equals("user") ? Turn.user(text) : Turn.assistant(text));
            }
        }
        Collections.reverse(turns);
        return turns;
    }

    private static void requireObject(JsonNode t, String field) {
        if (!t.isObject()) {
            throw new ApiException.BadRequest("Each entry of '" + field + "' must be an object with 'role' and 'text'.");
        }
    }

    private static String role(JsonNode t) {
        return Fields.requireString(t, "role", 20).toLowerCase(Locale.ROOT);
    }

    /** A turn's text: {@code parts} (AI SDK UI message), {@code text}, or {@code content}; "" when it has none. */
    private static String text(JsonNode t) {
        if (t.has("parts")) {
            return partsText(t.get("parts"));
        }
        String name = t.has("text") ? "text" : "content";
        JsonNode v = t.get(name);
        if (v == null || v.isNull()) {
            return "";
        }
        if (!v.isTextual()) {
            throw new ApiException.BadRequest("'" + name + "' must be a string, not " + Fields.kind(v) + ".");
        }
        return v.asText();
    }

    /** The text parts of an AI SDK UI message, joined; other parts (sources, data) are ignored. */
    private static String partsText(JsonNode parts) {
        if (!parts.isArray()) {
            throw new ApiException.BadRequest("'parts' must be an array.");
        }
        StringBuilder sb = new StringBuilder();
        for (JsonNode p : parts) {
            if (p.isObject() && "text".equals(p.path("type").asText())) {
                JsonNode text = p.path("text");
                if (!text.isTextual() && !text.isMissingNode() && !text.isNull()) {
                    // a text part whose text is not a string is a client's bug, not an empty question
                    throw new ApiException.BadRequest("A text part's 'text' must be a string, not " + Fields.kind(text) + ".");
                }
                sb.append(text.asText(""));
            }
        }
        return sb.toString();
    }

    /** A long earlier turn is cut, not refused: its start is what a follow-up refers to. */
    private static String cut(String text) {
        if (text.codePointCount(0, text.length()) <= MAX_TURN_CHARS) {
            return text;
        }
        return text.substring(0, text.offsetByCodePoints(0, MAX_TURN_CHARS - 1)) + "\u2026";
    }
}
