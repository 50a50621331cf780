package dev.docask.server;

import dev.docask.answer.internal.ApiException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Locale;

/*
 * Appends feedback to a JSON Lines file, one object per line, safe for concurrent posts. The file
 * is opened once at startup so that a wrong path fails there, not on every post; a write that
 * fails later (disk full, file removed with its folder) is an outage, logged in one line.
 */
final class FeedbackLog {
    private static final Logger LOG = LoggerFactory.getLogger(FeedbackLog.class);

    private final Path file;
    private final ObjectMapper json;

    private FeedbackLog(Path file, ObjectMapper json) {
        this.file = file;
        this.json = json;
    }

    /** @throws IllegalArgumentException naming {@code file} when it cannot be opened for appending */
    static FeedbackLog open(Path file, ObjectMapper json) {
        try {
            Files.newByteChannel(file, StandardOpenOption.CREATE, StandardOpenOption.APPEND, StandardOpenOption.WRITE).close();
        } catch (IOException e) {
            throw new IllegalArgumentException("feedback log " + file + " cannot be opened for appending: " + reason(file, e), e);
        }
        return new FeedbackLog(file, json);
    }

    /** @throws ApiException.Unavailable when the line could not be written */
    synchronized void append(Feedback f) {
        ObjectNode o = json.createObjectNode();
        o.put("receivedAt", f.receivedAt().toString());
        o.put("answerId", f.answerId());
        o.put("rating", f.rating().name().toLowerCase(Locale.ROOT));
        o.put("comment", f.comment());
        o.put("question", f.question());
        o.put("answer", f.answer());
        try {
            Files.writeString(file, o + "\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND, StandardOpenOption.WRITE);
        } catch (IOException e) {
            LOG.warn("feedback for {} not written to {}: {}", f.answerId(), file, reason(file, e));
            throw new ApiException.Unavailable("Your feedback could not be saved right now. Please try again later.");
        }
    }

    private static String reason(Path file, IOException e) {
        if (Files.isDirectory(file)) {
            return "it is a folder";
        }
        Path parent = file.toAbsolutePath().getParent();
        if (e instanceof NoSuchFileException && parent != null && !Files.isDirectory(parent)) {
            return "the folder " + parent + " does not exist";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        String why = e instanceof FileSystemException fse ? fse.getReason() : e.getMessage();
        return why == null ? e.getClass().getSimpleName() : why;
    }
}
