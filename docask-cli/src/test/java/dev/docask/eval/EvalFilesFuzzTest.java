package dev.docask.eval;

import dev.docask.testsupport.Fuzz;
import dev.docask.testsupport.FuzzText;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The files eval reads from users (question files, labelled files, BEIR folders) on hostile
 * content: each is read or refused with a one-line message naming the file
 * (IllegalArgumentException or UncheckedIOException, which the CLI prints as such); nothing else
 * escapes. Inputs come from a fixed seed per test, named in a failure's message ({@link Fuzz}).
 * Inputs per test: docs/reliability.md.
 */
class EvalFilesFuzzTest {
    static final int TRIES = 1000;
    private static final List<String> LINES = List.of(
            "{\"id\":\"q1\",\"question\":\"How?\",\"answerable\":true,\"expected_urls\":[\"/a\"]}",
            "{\"id\":\"q1\",\"question\":\"How?\",\"answers\":[\"x\"]}", "{\"_id\":\"q1\",\"text\":\"t\",\"title\":1}",
            "{\"_id\":null}", "{}", "[]", "null", "\"s\"", "{\"id\":1,\"question\":[],\"answerable\":\"yes\"}",
            "{\"expected_urls\":[1,{},null],\"expected_files\":\"a\"}", "{\"answers\":[[],{}]}");
    private static final List<String> QRELS = List.of("query-id\tcorpus-id\tscore", "q1\td1\t1", "q1\td1\t0", "q1\td1",
            "q1\td1\t1\t2", "q1\td1\tx", "q1\td1\t99999999999", "\t\t", "q1 d1 1");

    @TempDir
    static Path dir;

    @BeforeAll
    static void folder() throws IOException {
        Files.createDirectories(dir.resolve("beir/qrels"));
    }

    @Test
    void questionFile_anyContent_isReadOrRefusedNamingTheFile() {
        Fuzz.check(0x5EED_0301L, TRIES, EvalFilesFuzzTest::lines, content -> {
            Path file = Files.write(dir.resolve("questions.jsonl"), content);
            readOrRefused(file, () -> QuestionFile.read(file));
        });
    }

    @Test
    void labelledFile_anyContent_isReadOrRefusedNamingTheFile() {
        Fuzz.check(0x5EED_0302L, TRIES, EvalFilesFuzzTest::lines, content -> {
            Path file = Files.write(dir.resolve("labelled.jsonl"), content);
            readOrRefused(file, () -> LabelledFile.read(file));
        });
    }

    @Test
    void beirFolder_anyCorpusQueriesAndQrels_isReadOrRefused() {
        Fuzz.check(0x5EED_0303L, TRIES, random -> new Beir(lines(random), lines(random), qrels(random)), folder -> {
            Path beir = dir.resolve("beir");
            Files.write(beir.resolve("corpus.jsonl"), folder.corpus());
            Files.write(beir.resolve("queries.jsonl"), folder.queries());
            Files.write(beir.resolve("qrels/test.tsv"), folder.qrels());
            readOrRefused(beir, () -> BeirReader.read(beir, "test"));
        });
    }

    /** The three files of a BEIR folder. */
    private record Beir(byte[] corpus, byte[] queries, byte[] qrels) {
        @Override
        public String toString() {
            HexFormat hex = HexFormat.of();
            return "corpus " + hex.formatHex(corpus) + ", queries " + hex.formatHex(queries) + ", qrels " + hex.formatHex(qrels);
        }
    }

    /**
     * Up to 8 lines, each a JSON line with the fields these files have or JSON-ish text (6 in 7), or
     * up to 300 random bytes, not UTF-8 mostly (1 in 7).
     */
    private static byte[] lines(Random random) {
        if (random.nextInt(7) == 0) {
            return FuzzText.anyBytes(random, 300);
        }
        List<String> lines = new ArrayList<>();
        for (int i = FuzzText.size(random, 8); i > 0; i--) {
            lines.add(random.nextBoolean() ? FuzzText.oneOf(random, LINES) : FuzzText.of(random, FuzzText.JSON, 60));
        }
        return String.join("\n", lines).getBytes(StandardCharsets.UTF_8);
    }

    /** Up to 6 lines, each a qrels line (well-formed or not) or up to 40 arbitrary characters. */
    private static byte[] qrels(Random random) {
        List<String> lines = new ArrayList<>();
        for (int i = FuzzText.size(random, 6); i > 0; i--) {
            lines.add(random.nextBoolean() ? FuzzText.oneOf(random, QRELS) : FuzzText.anyString(random, 40));
        }
        return String.join("\n", lines).getBytes(StandardCharsets.UTF_8);
    }

    private static void readOrRefused(Path file, Runnable read) {
        try {
            read.run();
        } catch (IllegalArgumentException | UncheckedIOException refused) {
            assertThat(refused.getMessage()).contains(file.toString()).doesNotContain("\n\tat ");
        }
    }
}
