package dev.docask.eval;

import dev.docask.testsupport.FuzzText;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The files eval reads from users (question files, labelled files, BEIR folders) on hostile
 * content: each is read or refused with a one-line message naming the file
 * (IllegalArgumentException or UncheckedIOException, which the CLI prints as such); nothing else
 * escapes. Tries per property: docs/reliability.md.
 */
class EvalFilesFuzzTest {
    static final int TRIES = 1000;
    private static Path dir;

    @BeforeContainer
    static void folder() throws IOException {
        dir = Files.createTempDirectory("docask-fuzz");
        Files.createDirectories(dir.resolve("beir/qrels"));
    }

    @AfterContainer
    static void cleanUp() throws IOException {
        try (var walk = Files.walk(dir)) {
            for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    @Property(tries = TRIES)
    void questionFile_anyContent_isReadOrRefusedNamingTheFile(@ForAll("lines") byte[] content) throws IOException {
        Path file = Files.write(dir.resolve("questions.jsonl"), content);
        readOrRefused(file, () -> QuestionFile.read(file));
    }

    @Property(tries = TRIES)
    void labelledFile_anyContent_isReadOrRefusedNamingTheFile(@ForAll("lines") byte[] content) throws IOException {
        Path file = Files.write(dir.resolve("labelled.jsonl"), content);
        readOrRefused(file, () -> LabelledFile.read(file));
    }

    @Property(tries = TRIES)
    void beirFolder_anyCorpusQueriesAndQrels_isReadOrRefused(@ForAll("lines") byte[] corpus, @ForAll("lines") byte[] queries,
                                                            @ForAll("qrels") byte[] qrels) throws IOException {
        Path beir = dir.resolve("beir");
        Files.write(beir.resolve("corpus.jsonl"), corpus);
        Files.write(beir.resolve("queries.jsonl"), queries);
        Files.write(beir.resolve("qrels/test.tsv"), qrels);
        readOrRefused(beir, () -> BeirReader.read(beir, "test"));
    }

    /** JSON lines with the fields these files have, JSON-ish text, or any bytes (not UTF-8 too). */
    @Provide
    Arbitrary<byte[]> lines() {
        Arbitrary<String> line = Arbitraries.oneOf(
                Arbitraries.of("{\"id\":\"q1\",\"question\":\"How?\",\"answerable\":true,\"expected_urls\":[\"/a\"]}",
                        "{\"id\":\"q1\",\"question\":\"How?\",\"answers\":[\"x\"]}", "{\"_id\":\"q1\",\"text\":\"t\",\"title\":1}",
                        "{\"_id\":null}", "{}", "[]", "null", "\"s\"", "{\"id\":1,\"question\":[],\"answerable\":\"yes\"}",
                        "{\"expected_urls\":[1,{},null],\"expected_files\":\"a\"}", "{\"answers\":[[],{}]}"),
                FuzzText.of(FuzzText.JSON, 60));
        Arbitrary<byte[]> text = line.list().ofMaxSize(8).map(l -> String.join("\n", l).getBytes(StandardCharsets.UTF_8));
        return Arbitraries.frequencyOf(net.jqwik.api.Tuple.of(6, text),
                net.jqwik.api.Tuple.of(1, Arbitraries.bytes().array(byte[].class).ofMaxSize(300)));
    }

    @Provide
    Arbitrary<byte[]> qrels() {
        Arbitrary<String> line = Arbitraries.oneOf(Arbitraries.of("query-id\tcorpus-id\tscore", "q1\td1\t1", "q1\td1\t0",
                        "q1\td1", "q1\td1\t1\t2", "q1\td1\tx", "q1\td1\t99999999999", "\t\t", "q1 d1 1"),
                Arbitraries.strings().all().ofMaxLength(40));
        return line.list().ofMaxSize(6).map(l -> String.join("\n", l).getBytes(StandardCharsets.UTF_8));
    }

    private static void readOrRefused(Path file, Runnable read) {
        try {
            read.run();
        } catch (IllegalArgumentException | UncheckedIOException refused) {
            assertThat(refused.getMessage()).contains(file.toString()).doesNotContain("\n\tat ");
        }
    }
}
