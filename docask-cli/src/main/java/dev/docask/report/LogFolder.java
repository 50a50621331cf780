package dev.docask.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/*
 * The files of a question log folder (docs/design.md#question-log), checked before the database reads
 * them, because DuckDB skips what it cannot parse without saying so. A file whose first line is not a
 * JSON object is not a question log at all: the report stops and names it. A last line without its
 * newline is a record torn by a crash: it is skipped with a warning. A record of a newer version is
 * read for the fields this version knows, with a note that the report may miss what is new. Each
 * file's complete lines are counted, so that lines the database could not read are reported
 * (LogDatabase.warnings), and a byte order mark an editor saved before the first line is no error.
 */
/** A checked question log folder: its files, what the reader should be warned about, and each file's complete lines. */
public record LogFolder(Path dir, List<Path> files, List<String> warnings, java.util.Map<Path, Long> lines) {
    /** The version of the records this docask writes and knows. */
    public static final int KNOWN_VERSION = 1;

    public LogFolder {
        files = List.copyOf(files);
        warnings = List.copyOf(warnings);
        lines = java.util.Map.copyOf(lines);
    }

    /**
     * @throws IllegalArgumentException naming the folder or file when the folder is missing or unreadable,
     *                                  holds no question log files, or a file is not JSON Lines
     */
    public static LogFolder open(Path dir) {
        if (!Files.exists(dir)) {
            throw new IllegalArgumentException("question log folder " + dir + " does not exist");
        }
        if (!Files.isDirectory(dir)) {
            throw new IllegalArgumentException("question log " + dir + " is not a folder; give the folder of --question-log");
        }
        List<Path> files = new ArrayList<>();
        try (DirectoryStream<Path> listing = Files.newDirectoryStream(dir, "questions-*.jsonl")) {
            listing.forEach(files::add);
        } catch (AccessDeniedException e) {
            throw new IllegalArgumentException("question log folder " + dir + " cannot be read: permission denied", e);
        } catch (IOException e) {
            throw new IllegalArgumentException("question log folder " + dir + " cannot be read: " + e.getMessage(), e);
        }
        if (files.isEmpty()) {
            throw new IllegalArgumentException("question log folder " + dir
                    + " holds no questions-*.jsonl files; is it the folder docask serve --question-log writes?");
        }
        files.sort(null);
        ObjectMapper json = new ObjectMapper();
        List<String> warnings = new ArrayList<>();
        int newer = 0;
        java.util.Map<Path, Long> lines = new java.util.HashMap<>();
        for (Path f : files) {
            Ends ends = ends(f);
            lines.put(f, ends.lines());
            if (ends.first().isEmpty()) {
                continue;
            }
            // A record torn by a crash still starts as an object; a file of something else does not.
            if (!ends.first().startsWith("{")) {
                throw new IllegalArgumentException(f + " is not JSON Lines: its first line is not a JSON object");
            }
            if (parse(json, ends.first()).map(n -> n.path("v").asInt(KNOWN_VERSION) > KNOWN_VERSION).orElse(false)) {
                newer++;
            }
            if (ends.torn()) {
                warnings.add(f.getFileName() + ": the last line is incomplete (the server stopped while writing it) "
                        + "and was skipped");
            }
        }
        if (newer > 0) {
            warnings.add(newer + " file(s) hold records of a newer docask; fields this version does not know were ignored");
        }
        return new LogFolder(dir, files, warnings, lines);
    }

    /**
     * A file's first line (a UTF-8 byte order mark left out), whether its last line is torn (no newline), and how many
     * complete lines with text it holds: the records the database should read from it.
     */
    private record Ends(String first, boolean torn, long lines) {
    }

    /* One pass over the bytes: a day's file of a busy site is large, and only its lines are counted here. */
    private static Ends ends(Path f) {
        try (InputStream in = Files.newInputStream(f)) {
            ByteArrayOutputStream first = new ByteArrayOutputStream();
            boolean inFirst = true;
            boolean text = false;
            long lines = 0;
            int last = -1;
            byte[] buf = new byte[1 << 16];
            for (int n; (n = in.read(buf)) > 0; ) {
                for (int i = 0; i < n; i++) {
                    byte b = buf[i];
                    if (b == '\n') {
                        lines += text ? 1 : 0;
                        text = false;
                        inFirst = false;
                    } else {
                        text |= b != ' ' && b != '\t' && b != '\r';
                        if (inFirst && first.size() < (1 << 20)) {
                            first.write(b);
                        }
                    }
                }
                last = buf[n - 1];
            }
            if (last < 0) {
                return new Ends("", false, 0);
            }
            String head = first.toString(StandardCharsets.UTF_8);
            head = (head.startsWith("\uFEFF") ? head.substring(1) : head).strip();
            if (head.isEmpty() && !inFirst) {
                head = "{}"; // an empty first line: the newline a restart put after a torn record
            }
            return new Ends(head, last != '\n', lines);
        } catch (AccessDeniedException e) {
            throw new IllegalArgumentException(f + " cannot be read: permission denied", e);
        } catch (IOException e) {
            String why = e.getMessage() != null && e.getMessage().contains("Permission denied") ? "permission denied"
                    : e.getMessage();
            throw new IllegalArgumentException(f + " cannot be read: " + why, e);
        }
    }

    private static java.util.Optional<JsonNode> parse(ObjectMapper json, String line) {
        try {
            JsonNode n = json.readTree(line);
            return n != null && n.isObject() ? java.util.Optional.of(n) : java.util.Optional.empty();
        } catch (JsonProcessingException e) {
            return java.util.Optional.empty();
        }
    }
}
