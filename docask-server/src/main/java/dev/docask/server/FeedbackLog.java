package dev.docask.server;

import dev.docask.answer.internal.ApiException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;

/*
 * Appends feedback to a JSON Lines file, one object per line, safe for concurrent posts. The file
 * is opened once at startup so that a wrong path fails there, not on every post; a write that
 * fails later (disk full, file removed with its folder) is an outage, logged in one line.
 */
final class FeedbackLog {
    private static final Logger LOG = LoggerFactory.getLogger(FeedbackLog.class);

    private final LineAppender out;
    private final ObjectMapper json;

    private FeedbackLog(LineAppender out, ObjectMapper json) {
        this.out = out;
        this.json = json;
    }

    /** @throws IllegalArgumentException naming {@code file} when it cannot be opened for appending */
    static FeedbackLog open(Path file, ObjectMapper json) {
        return new FeedbackLog(LineAppender.open("feedback log", file), json);
    }

    /** @throws ApiException.Unavailable when the line could not be written */
    void append(Feedback f) {
        ObjectNode o = json.createObjectNode();
        o.put("receivedAt", f.receivedAt().toString());
        o.put("answerId", f.answerId());
        o.put("rating", f.rating().name().toLowerCase(Locale.ROOT));
        // the same redaction as the question log's (docs/design.md, "Question log"): what readers type stays theirs
        o.put("comment", Redaction.redact(f.comment()));
        o.put("question", Redaction.redact(f.question()));
        o.put("answer", Redaction.redact(f.answer()));
        try {
            out.append(o.toString());
        } catch (IOException e) {
            LOG.warn("feedback for {} not written to {}: {}", f.answerId(), out.file(), LineAppender.reason(out.file(), e));
            throw new ApiException.Unavailable("Your feedback could not be saved right now. Please try again later.");
        }
    }
}
