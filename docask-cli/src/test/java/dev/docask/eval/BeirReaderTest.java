package dev.docask.eval;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class BeirReaderTest {
    @TempDir
    Path dir;

    void writeCollection(String qrels) throws IOException {
        Files.write(dir.resolve("corpus.jsonl"), List.of(
                "{\"_id\": \"d1\", \"title\": \"Vitamin D\", \"text\": \"Sunlight helps.\"}",
                "{\"_id\": \"d2\", \"title\": \"\", \"text\": \"No title \\u00e9.\", \"metadata\": {\"url\": \"u\"}}"));
        Files.write(dir.resolve("queries.jsonl"), List.of("{\"_id\": \"q1\", \"text\": \"vitamin d sun\"}",
                "{\"_id\": \"q2\", \"text\": \"unjudged\"}", "{\"_id\": \"q3\", \"text\": \"zero only\"}"));
        Files.createDirectories(dir.resolve("qrels"));
        Files.writeString(dir.resolve("qrels/test.tsv"), qrels);
    }

    @Test
    void read_gradedQrels_onlyJudgedQueriesAndPositiveGrades() throws IOException {
        writeCollection("query-id\tcorpus-id\tscore\nq1\td1\t2\nq1\td2\t1\nq3\td1\t0\n");
        BeirCollection c = BeirReader.read(dir, "test");
        assertThat(c.docs()).hasSize(2);
        assertThat(c.docs().get(0).indexedText()).isEqualTo("Vitamin D\nSunlight helps.");
        assertThat(c.docs().get(1).indexedText()).isEqualTo("No title é.");
        assertThat(c.queries()).containsOnlyKeys("q1");
        assertThat(c.qrels()).isEqualTo(Map.of("q1", Map.of("d1", 2, "d2", 1)));
    }

    @Test
    void read_missingSplit_namesTheFile() throws IOException {
        writeCollection("query-id\tcorpus-id\tscore\n");
        assertThatThrownBy(() -> BeirReader.read(dir, "dev")).hasMessageContaining("dev.tsv");
    }

    @Test
    void read_qrelsForUnknownQuery_rejected() throws IOException {
        writeCollection("query-id\tcorpus-id\tscore\nq9\td1\t1\n");
        assertThatThrownBy(() -> BeirReader.read(dir, "test")).hasMessageContaining("'q9'");
    }

    @Test
    void read_badScore_namesLine() throws IOException {
        writeCollection("query-id\tcorpus-id\tscore\nq1\td1\thigh\n");
        assertThatThrownBy(() -> BeirReader.read(dir, "test")).hasMessageContaining("test.tsv:2");
    }

    @Test
    void read_realScifact_300JudgedQueries() {
        Path scifact = Path.of("/work/shared/data/beir/scifact");
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isDirectory(scifact));
        BeirCollection c = BeirReader.read(scifact, "test");
        assertThat(c.queries()).hasSize(300);
        assertThat(c.docs()).hasSize(5183);
        assertThat(c.qrels().values().stream().mapToInt(Map::size).sum()).isEqualTo(339);
    }
}
