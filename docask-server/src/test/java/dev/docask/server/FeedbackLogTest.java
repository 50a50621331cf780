package dev.docask.server;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** The feedback log keeps what readers typed as the question log does (docs/design.md, "Question log"). */
class FeedbackLogTest {
    @TempDir
    Path dir;

    @Test
    void append_redactsEmailsAndKeys_inTheCommentQuestionAndAnswer_asTheQuestionLogDoes() throws Exception {
        Path file = dir.resolve("feedback.jsonl");
        FeedbackLog log = FeedbackLog.open(file, new ObjectMapper());
        log.append(new Feedback("a1", Feedback.Rating.DOWN, "wrong, key sk-abcdefabcdefabcdefabcdef1234",
                "my email is bob@example.com, how do I retry?", "Use --retry-limit [1]", Instant.parse("2026-12-05T10:00:00Z")));
        String line = Files.readString(file);
        assertThat(line).doesNotContain("bob@example.com").doesNotContain("sk-abcdef")
                .contains(Redaction.EMAIL).contains(Redaction.SECRET).contains("Use --retry-limit [1]");
    }

    @Test
    void open_createsTheFileForTheServersUserAlone() throws Exception {
        assumeTrue(dir.getFileSystem().supportedFileAttributeViews().contains("posix"));
        Path file = dir.resolve("feedback.jsonl");
        FeedbackLog.open(file, new ObjectMapper());
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
    }
}
