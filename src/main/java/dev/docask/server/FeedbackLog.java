package dev.docask.server;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Locale;

/** Appends feedback to a JSON Lines file, one object per line, safe for concurrent posts. */
final class FeedbackLog {
    private final Path file;
    private final ObjectMapper json;

    FeedbackLog(Path file, ObjectMapper json) {
        this.file = file;
        this.json = json;
    }

    synchronized void append(Feedback f) {
        ObjectNode o = json.createObjectNode();
        o.put("receivedAt", f.receivedAt().toString());
        o.put("answerId", f.answerId());
        o.put("rating", f.rating().name().toLowerCase(Locale.ROOT));
        o.put("comment", f.comment());
        o.put("question", f.question());
        o.put("answer", f.answer());
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            Files.writeString(file, o + "\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND, StandardOpenOption.WRITE);
        } catch (IOException e) {
            throw new UncheckedIOException("could not write feedback to " + file, e);
        }
    }
}
