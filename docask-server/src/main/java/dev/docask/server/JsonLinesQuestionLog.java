package dev.docask.server;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.docask.answer.internal.AnswerEnding;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.HexFormat;
import java.util.Locale;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/*
 * The question log as JSON Lines in one folder (docs/design.md#question-log). Each process writes
 * its own file per UTC day, questions-YYYY-MM-DD-<host>-<pid>.jsonl, so replicas sharing the folder
 * never interleave writes; a reader reads them all. Records carry "type" (question or feedback) and
 * "v" (the record version): a reader takes the fields it knows and ignores the others.
 * The client is kept as a salted SHA-256 of its rate-limit key, never the address: the salt is made
 * once per folder (.salt, random) so one client's questions can be counted together, while the
 * address cannot be recovered from the log by hashing every IPv4 address. Replicas sharing Redis
 * take the deployment's salt instead, so a client hashes alike in every replica's folder.
 */
final class JsonLinesQuestionLog implements QuestionLog {
    static final int VERSION = 1;
    static final String SALT_FILE = ".salt";
    private static final Logger LOG = LoggerFactory.getLogger(JsonLinesQuestionLog.class);
    private static final Pattern FILE_NAME = Pattern.compile("questions-(\\d{4}-\\d{2}-\\d{2})-.*\\.jsonl");

    private final Path dir;
    private final String writer;
    private final int retentionDays;
    private final Clock clock;
    private final ObjectMapper json;
    private final byte[] salt;
    private @Nullable LocalDate day;
    private @Nullable LineAppender out;

    private JsonLinesQuestionLog(Path dir, String writer, int retentionDays, Clock clock, ObjectMapper json, byte[] salt) {
        this.dir = dir;
        this.writer = writer;
        this.retentionDays = retentionDays;
        this.clock = clock;
        this.json = json;
        this.salt = salt;
    }

    /**
     * Opens (creating) the folder and today's file of this process.
     *
     * @param retentionDays files of days older than this many are deleted; 0 keeps them all
     * @throws IllegalArgumentException naming the folder when it cannot be created or written
     */
    static JsonLinesQuestionLog open(Path dir, int retentionDays, Clock clock, ObjectMapper json) {
        return open(dir, retentionDays, clock, json, UnaryOperator.identity());
    }

    /**
     * As {@link #open(Path, int, Clock, ObjectMapper)}, hashing clients with the salt {@code shared} gives for the
     * folder's own (hexadecimal): the deployment's, so that replicas logging to folders of their own hash a client alike.
     */
    static JsonLinesQuestionLog open(Path dir, int retentionDays, Clock clock, ObjectMapper json, UnaryOperator<String> shared) {
        if (retentionDays < 0) {
            throw new IllegalArgumentException("question log retention cannot be negative, got " + retentionDays + " days");
        }
        try {
            if (!Files.isDirectory(dir)) {
                Files.createDirectories(dir, LineAppender.ownerOnly(true));
            }
        } catch (IOException e) {
            throw new IllegalArgumentException("question log folder " + dir + " cannot be created: "
                    + LineAppender.reason(dir, e), e);
        }
        String salt = shared.apply(salt(dir));
        byte[] bytes;
        try {
            bytes = HexFormat.of().parseHex(salt);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("question log: the shared salt is not hexadecimal (" + e.getMessage() + ")", e);
        }
        JsonLinesQuestionLog log = new JsonLinesQuestionLog(dir, writerName(), retentionDays, clock, json, bytes);
        log.appender(); // a folder that cannot be written fails now, not at the first question
        return log;
    }

    @Override
    public void question(AnswerEnding e, String clientKey) {
        ObjectNode o = json.createObjectNode();
        o.put("type", "question").put("v", VERSION);
        o.put("time", e.startedAt().toString());
        o.put("id", e.id());
        o.put("question", Redaction.redact(e.question()));
        e.standaloneQuestion().ifPresent(s -> o.put("standalone", Redaction.redact(s)));
        o.put("outcome", e.outcome().name().toLowerCase(Locale.ROOT));
        e.bestSimilarity().ifPresent(v -> o.put("bestSimilarity", round(v)));
        e.bestCoverage().ifPresent(v -> o.put("bestCoverage", round(v)));
        ArrayNode sources = o.putArray("sources");
        e.sources().forEach(sources::add);
        ArrayNode cited = o.putArray("cited");
        e.cited().forEach(cited::add);
        e.model().ifPresent(m -> o.put("model", m));
        e.usage().ifPresent(u -> o.put("inputTokens", u.inputTokens()).put("outputTokens", u.outputTokens()));
        e.sourcesMillis().ifPresent(v -> o.put("sourcesMs", v));
        e.firstTokenMillis().ifPresent(v -> o.put("firstTokenMs", v));
        o.put("totalMs", e.totalMillis());
        e.error().ifPresent(m -> o.put("error", m));
        o.put("client", hash(clientKey));
        write(o, e.id());
    }

    @Override
    public void feedback(Feedback f) {
        ObjectNode o = json.createObjectNode();
        o.put("type", "feedback").put("v", VERSION);
        o.put("time", f.receivedAt().toString());
        o.put("id", f.answerId());
        o.put("rating", f.rating().name().toLowerCase(Locale.ROOT));
        o.put("comment", Redaction.redact(f.comment()));
        o.put("answer", Redaction.redact(f.answer()));
        write(o, f.answerId());
    }

    private void write(ObjectNode record, String id) {
        LineAppender a;
        try {
            a = appender();
        } catch (RuntimeException e) {
            LOG.warn("question log: record of {} not written: {}", id, e.getMessage());
            return;
        }
        try {
            a.append(record.toString());
        } catch (IOException e) {
            LOG.warn("question log: record of {} not written to {}: {}", id, a.file(), LineAppender.reason(a.file(), e));
        }
    }

    /** Today's file, rotating (and pruning old days) when the UTC day has changed. */
    private synchronized LineAppender appender() {
        LocalDate today = LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC);
        LineAppender current = out;
        if (current != null && today.equals(day)) {
            return current;
        }
        LineAppender next = LineAppender.open("question log", dir.resolve("questions-" + today + "-" + writer + ".jsonl"));
        out = next;
        day = today;
        prune(today);
        return next;
    }

    private void prune(LocalDate today) {
        if (retentionDays == 0) {
            return;
        }
        LocalDate oldestKept = today.minusDays(retentionDays - 1L);
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "questions-*.jsonl")) {
            for (Path f : files) {
                Matcher m = FILE_NAME.matcher(f.getFileName().toString());
                if (m.matches() && LocalDate.parse(m.group(1)).isBefore(oldestKept)) {
                    Files.deleteIfExists(f);
                }
            }
        } catch (IOException | DateTimeParseException | UncheckedIOException e) {
            LOG.warn("question log: old files in {} not pruned: {}", dir, e.getMessage());
        }
    }

    private String hash(String clientKey) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            sha.update(salt);
            return HexFormat.of().formatHex(sha.digest(clientKey.getBytes(StandardCharsets.UTF_8)), 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }

    /** The folder's salt (hexadecimal), made by whichever replica comes first; the others read it. */
    private static String salt(Path dir) {
        Path file = dir.resolve(SALT_FILE);
        try {
            if (!Files.exists(file)) {
                byte[] fresh = new byte[32];
                new SecureRandom().nextBytes(fresh);
                Path tmp = Files.createTempFile(dir, ".salt", ".tmp");
                Files.writeString(tmp, HexFormat.of().formatHex(fresh));
                try {
                    Files.createLink(file, tmp); // atomic, and fails when another replica was first
                } catch (FileAlreadyExistsException otherWasFirst) {
                    // read theirs below
                } catch (UnsupportedOperationException | IOException noLinks) {
                    Files.move(tmp, file); // a file system without hard links: a narrow race, no harm but two salts
                } finally {
                    Files.deleteIfExists(tmp);
                }
            }
            String salt = Files.readString(file).strip();
            HexFormat.of().parseHex(salt);
            return salt;
        } catch (IOException | IllegalArgumentException e) {
            throw new IllegalArgumentException("question log folder " + dir + ": its " + SALT_FILE
                    + " cannot be made or read: " + e.getMessage(), e);
        }
    }

    /** Names this process among the replicas writing to one folder: host name and process id. */
    private static String writerName() {
        String host = System.getenv().getOrDefault("HOSTNAME", "");
        if (host.isBlank()) {
            try {
                host = java.net.InetAddress.getLocalHost().getHostName();
            } catch (IOException e) {
                host = "host";
            }
        }
        String safe = host.replaceAll("[^A-Za-z0-9.-]", "_");
        return (safe.isEmpty() ? "host" : safe) + "-" + ProcessHandle.current().pid();
    }

    private static double round(double v) {
        return Math.round(v * 10_000) / 10_000.0;
    }
}
