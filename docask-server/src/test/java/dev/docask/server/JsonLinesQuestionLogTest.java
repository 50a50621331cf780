package dev.docask.server;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.docask.answer.internal.AnswerEnding;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class JsonLinesQuestionLogTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private static AnswerEnding ending(String id) {
        return new AnswerEnding(id, Instant.parse("2026-11-30T10:00:00Z"), "how do I mock?", Optional.empty(),
                AnswerEnding.Outcome.REFUSED, OptionalDouble.of(0.41234567), OptionalDouble.of(0.5), List.of(), List.of(),
                Optional.of("extractive"), Optional.empty(), OptionalLong.of(12), OptionalLong.empty(), 15, Optional.empty());
    }

    private static List<String> files(Path dir) throws Exception {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".jsonl")).sorted().toList();
        }
    }

    @Test
    void question_newUtcDay_rotatesToANewFileAndPrunesDaysPastRetention() throws Exception {
        HandClock clock = new HandClock(Instant.parse("2026-11-28T23:59:00Z"));
        JsonLinesQuestionLog log = JsonLinesQuestionLog.open(dir, 2, clock, JSON);
        log.question(ending("a1"), "10.0.0.1");
        clock.now = clock.now.plus(Duration.ofMinutes(2)); // 29th
        log.question(ending("a2"), "10.0.0.1");
        clock.now = clock.now.plus(Duration.ofDays(1)); // 30th: the 28th is past two days
        log.question(ending("a3"), "10.0.0.1");
        assertThat(files(dir)).hasSize(2).allMatch(n -> n.startsWith("questions-2026-11-29-") || n.startsWith("questions-2026-11-30-"));
    }

    @Test
    void question_sameClient_sameSaltedHashAcrossReopens_neverTheAddress() throws Exception {
        HandClock clock = new HandClock(Instant.parse("2026-11-30T10:00:00Z"));
        JsonLinesQuestionLog.open(dir, 0, clock, JSON).question(ending("a1"), "10.0.0.1");
        JsonLinesQuestionLog again = JsonLinesQuestionLog.open(dir, 0, clock, JSON);
        again.question(ending("a2"), "10.0.0.1");
        again.question(ending("a3"), "10.0.0.2");
        List<String> lines = Files.readAllLines(dir.resolve(files(dir).getFirst()));
        List<String> clients = lines.stream().map(l -> read(l).get("client").asText()).toList();
        assertThat(clients.get(0)).isEqualTo(clients.get(1)).isNotEqualTo(clients.get(2));
        assertThat(String.join("\n", lines)).doesNotContain("10.0.0.");
        assertThat(read(lines.getFirst()).get("bestSimilarity").asDouble()).isEqualTo(0.4123);
        assertThat(read(lines.getFirst()).has("firstTokenMs")).as("absent, not 0").isFalse();
    }

    @Test
    void open_sharedSalt_replicasWithFoldersOfTheirOwnHashAClientAlike_andTheFirstFolderSaltIsKept() throws Exception {
        HandClock clock = new HandClock(Instant.parse("2026-11-30T10:00:00Z"));
        java.util.concurrent.atomic.AtomicReference<String> store = new java.util.concurrent.atomic.AtomicReference<>();
        java.util.function.UnaryOperator<String> setIfAbsent = proposed -> {
            store.compareAndSet(null, proposed);
            return store.get();
        };
        Path a = dir.resolve("a");
        Path b = dir.resolve("b");
        JsonLinesQuestionLog.open(a, 0, clock, JSON, setIfAbsent).question(ending("a1"), "10.0.0.1");
        JsonLinesQuestionLog.open(b, 0, clock, JSON, setIfAbsent).question(ending("b1"), "10.0.0.1");
        JsonLinesQuestionLog.open(b, 0, clock, JSON).question(ending("b2"), "10.0.0.1"); // b's own salt, as before
        assertThat(store.get()).isEqualTo(Files.readString(a.resolve(JsonLinesQuestionLog.SALT_FILE)).strip());
        String inA = read(Files.readAllLines(a.resolve(files(a).getFirst())).getFirst()).get("client").asText();
        List<String> inB = Files.readAllLines(b.resolve(files(b).getFirst())).stream()
                .map(l -> read(l).get("client").asText()).toList();
        assertThat(inB.getFirst()).isEqualTo(inA);
        assertThat(inB.get(1)).as("a folder's own salt is another").isNotEqualTo(inA);
    }

    @Test
    void open_sharedSaltNotHexadecimal_failsSayingSo() {
        assertThatThrownBy(() -> JsonLinesQuestionLog.open(dir, 0, new HandClock(Instant.EPOCH), JSON, s -> "not hex"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("shared salt is not hexadecimal");
    }

    @Test
    void open_fileWithTornLastLine_nextRecordStartsOnItsOwnLine() throws Exception {
        HandClock clock = new HandClock(Instant.parse("2026-11-30T10:00:00Z"));
        JsonLinesQuestionLog.open(dir, 0, clock, JSON).question(ending("a1"), "k");
        Path file = dir.resolve(files(dir).getFirst());
        Files.writeString(file, "{\"type\":\"question\",\"id\":\"torn", java.nio.file.StandardOpenOption.APPEND);
        JsonLinesQuestionLog.open(dir, 0, clock, JSON).question(ending("a2"), "k");
        List<String> lines = Files.readAllLines(file);
        assertThat(lines).hasSize(3);
        assertThat(read(lines.get(2)).get("id").asText()).isEqualTo("a2");
    }

    @Test
    void open_makesTheFolderAndItsFilesForTheServersUserAlone() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(dir.getFileSystem().supportedFileAttributeViews().contains("posix"));
        Path folder = dir.resolve("questions");
        JsonLinesQuestionLog.open(folder, 0, new HandClock(Instant.parse("2026-11-30T10:00:00Z")), JSON)
                .question(ending("q1"), "client");
        assertThat(java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(folder)))
                .isEqualTo("rwx------");
        assertThat(files(folder)).singleElement().satisfies(f -> assertThat(java.nio.file.attribute.PosixFilePermissions
                .toString(Files.getPosixFilePermissions(folder.resolve(f)))).isEqualTo("rw-------"));
    }

    @Test
    void open_folderThatIsAFile_failsNamingIt() throws Exception {
        Path file = Files.writeString(dir.resolve("not-a-folder"), "x");
        assertThatThrownBy(() -> JsonLinesQuestionLog.open(file, 0, new HandClock(Instant.EPOCH), JSON))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(file.toString());
    }

    private static com.fasterxml.jackson.databind.JsonNode read(String line) {
        try {
            return JSON.readTree(line);
        } catch (Exception e) {
            throw new AssertionError(line, e);
        }
    }
}
