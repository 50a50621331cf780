package dev.docask.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.RandomAccessFile;
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
 * read for the fields this version knows, with a note that the report may miss what is new.
 */
/** A checked question log folder: its files and what the reader should be warned about. */
public record LogFolder(Path dir, List<Path> files, List<String> warnings) {
    /** The version of the records this docask writes and knows. */
    public static final int KNOWN_VERSION = 1;

    public LogFolder {
        files = List.copyOf(files);
        warnings = List.copyOf(warnings);
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
        for (Path f : files) {
            Ends ends = ends(f);
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
        return new LogFolder(dir, files, warnings);
    }

    private record Ends(String first, boolean torn) {
    }

    /* Reads the first line and the last byte only: a day's file of a busy site is large. */
    private static Ends ends(Path f) {
        try (RandomAccessFile raf = new RandomAccessFile(f.toFile(), "r")) {
            long size = raf.length();
            if (size == 0) {
                return new Ends("", false);
            }
            byte[] head = new byte[(int) Math.min(size, 1 << 20)];
            raf.readFully(head);
            String text = new String(head, StandardCharsets.UTF_8);
            int nl = text.indexOf('\n');
            String first = (nl < 0 ? text : text.substring(0, nl)).strip();
            raf.seek(size - 1);
            boolean torn = raf.read() != '\n';
            if (first.isEmpty() && nl >= 0) {
                first = "{}"; // an empty first line: the newline a restart put after a torn record
            }
            return new Ends(first, torn);
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
