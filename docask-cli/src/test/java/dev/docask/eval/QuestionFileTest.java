package dev.docask.eval;

import dev.docask.testsupport.TestSites;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class QuestionFileTest {
    @TempDir
    Path dir;

    Path write(String... lines) throws IOException {
        return Files.write(dir.resolve("q.jsonl"), List.of(lines));
    }

    @Test
    void read_devSetLine_allFields() throws IOException {
        Path f = write("{\"id\": \"v-1\", \"site\": \"vitest\", \"question\": \"Retry?\", \"long_question\": \"Retry? Flaky.\","
                + " \"answerable\": true, \"expected_files\": [\"docs/config/retry.md\"],"
                + " \"expected_urls\": [\"https://vitest.dev/config/retry\"], \"source\": null}",
                "",
                "{\"id\": \"v-off\", \"question\": \"Mona Lisa?\", \"long_question\": null, \"answerable\": false,"
                        + " \"expected_files\": [], \"expected_urls\": []}");
        List<Question> qs = QuestionFile.read(f);
        assertThat(qs).hasSize(2);
        assertThat(qs.get(0)).isEqualTo(Question.answerable("v-1", "Retry?",
                List.of("https://vitest.dev/config/retry"), List.of("docs/config/retry.md")).withLongQuestion("Retry? Flaky."));
        assertThat(qs.get(1).longQuestion()).isNull();
        assertThat(qs.get(1).text(true)).isEqualTo("Mona Lisa?");
        assertThat(qs.get(0).text(true)).isEqualTo("Retry? Flaky.");
    }

    @Test
    void read_fileSavedWithAByteOrderMarkAndCrlf_readsTheFirstQuestion() throws IOException {
        Path f = write("\uFEFF{\"id\": \"a\", \"question\": \"Retry?\", \"answerable\": false}\r\n"
                + "{\"id\": \"b\", \"question\": \"Mumbai?\", \"answerable\": false}\r\n");
        assertThat(QuestionFile.read(f)).extracting(Question::question).containsExactly("Retry?", "Mumbai?");
    }

    @Test
    void read_unreadableInput_saysWhyNamingTheFile() throws IOException {
        Path utf16 = dir.resolve("utf16.jsonl");
        Files.writeString(utf16, "{\"id\": \"a\"}", java.nio.charset.StandardCharsets.UTF_16);
        assertThatThrownBy(() -> QuestionFile.read(utf16)).hasMessage("cannot read " + utf16 + ": not UTF-8 text (saved as UTF-16?)");
        Path binary = Files.write(dir.resolve("binary.jsonl"), new byte[] {(byte) 0xff, (byte) 0xfe, (byte) 0xc3, 0x28, (byte) 0x9f, 0x41});
        assertThatThrownBy(() -> QuestionFile.read(binary)).as("no zero bytes: no UTF-16 hint")
                .hasMessage("cannot read " + binary + ": not UTF-8 text");
        assertThatThrownBy(() -> QuestionFile.read(dir)).hasMessage("cannot read " + dir + ": it is a folder, not a file");
        Path none = dir.resolve("none.jsonl");
        assertThatThrownBy(() -> QuestionFile.read(none)).hasMessage("cannot read " + none + ": no such file");
    }

    @Test
    void read_questionOverTheRetrieversLimit_namesTheFileAndLine() throws IOException {
        String huge = "word ".repeat(2_000);
        Path f = write("{\"id\": \"a\", \"question\": \"Retry?\", \"answerable\": false}",
                "{\"id\": \"b\", \"question\": \"" + huge + "\", \"answerable\": false}",
                "{\"id\": \"c\", \"question\": \"Retry?\", \"long_question\": \"" + huge + "\", \"answerable\": false}");
        assertThatThrownBy(() -> QuestionFile.read(f))
                .hasMessage(f + ":2: 'question' is 9999 characters long; the limit is 8000");
        Path longOnly = write("{\"id\": \"c\", \"question\": \"Retry?\", \"long_question\": \"" + huge + "\", \"answerable\": false}");
        assertThatThrownBy(() -> QuestionFile.read(longOnly))
                .hasMessage(longOnly + ":1: 'long_question' is 9999 characters long; the limit is 8000");
    }

    @Test
    void read_realDevSets_parse() {
        Path data = Path.of("/work/shared/data/docs");
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isDirectory(data));
        for (String site : List.of("vitest", "docusaurus", "astro")) {
            List<Question> qs = QuestionFile.read(data.resolve(site + "-dev-questions.jsonl"));
            assertThat(qs).hasSize(15);
            assertThat(qs.stream().filter(Question::answerable)).hasSize(10);
        }
    }

    @Test
    void read_repoQuestionSets_parseWithExpectedCounts() {
        Path dir = TestSites.root().resolve("eval/questions");
        for (String site : List.of("vitest", "docusaurus", "astro")) {
            assertThat(QuestionFile.read(dir.resolve(site + "-cross-site.jsonl"))).hasSize(20);
            assertThat(QuestionFile.read(dir.resolve(site + "-probes.jsonl"))).hasSizeGreaterThanOrEqualTo(50)
                    .noneMatch(Question::answerable);
            List<Question> titles = QuestionFile.read(dir.resolve(site + "-titles.jsonl"));
            assertThat(titles).filteredOn(Question::answerable).hasSizeGreaterThanOrEqualTo(24)
                    .allMatch(q -> !q.expectedUrls().isEmpty());
            assertThat(titles).filteredOn(q -> !q.answerable()).hasSize(12);
            List<Question> titles2 = QuestionFile.read(dir.resolve(site + "-titles2.jsonl"));
            assertThat(titles2).filteredOn(Question::answerable).hasSize(30)
                    .allMatch(q -> !q.expectedUrls().isEmpty());
            assertThat(titles2).filteredOn(q -> !q.answerable()).hasSize(15);
            for (String blind : List.of("titles3", "titles4", "titles5", "titles6", "titles7", "titles8", "titles9", "titles10", "titles11", "titles12",
                    "titles13", "titles14", "titles15", "titles16", "titles17", "titles18", "titles19",
                    "titles20", "titles21", "titles22",
                    "titles23")) {
                boolean large = blind.equals("titles3") || blind.equals("titles4");
                List<Question> written = QuestionFile.read(dir.resolve(site + "-" + blind + ".jsonl"));
                assertThat(written).as(site + " " + blind).filteredOn(Question::answerable).hasSize(large ? 20 : 14)
                        .allMatch(q -> !q.expectedUrls().isEmpty());
                assertThat(written).as(site + " " + blind).filteredOn(q -> !q.answerable()).hasSize(large ? 8 : 6)
                        .allMatch(q -> q.expectedUrls().isEmpty());
            }
        }
        assertThat(QuestionFile.read(dir.resolve("astro-cross-site.jsonl"))).filteredOn(Question::answerable).hasSize(5);
    }

    @Test
    void read_badJson_namesFileAndLine() throws IOException {
        Path f = write("{\"id\": \"a\", \"question\": \"x\", \"answerable\": false}", "{not json");
        assertThatThrownBy(() -> QuestionFile.read(f)).hasMessageContaining("q.jsonl:2").hasMessageContaining("JSON");
    }

    @Test
    void read_missingAnswerable_saysWhichField() throws IOException {
        Path f = write("{\"id\": \"a\", \"question\": \"x\"}");
        assertThatThrownBy(() -> QuestionFile.read(f)).hasMessageContaining(":1:").hasMessageContaining("answerable");
    }

    @Test
    void read_answerableWithoutExpectations_rejected() throws IOException {
        Path f = write("{\"id\": \"a\", \"question\": \"x\", \"answerable\": true}");
        assertThatThrownBy(() -> QuestionFile.read(f)).hasMessageContaining("expected_urls");
    }

    @Test
    void read_duplicateId_rejected() throws IOException {
        Path f = write("{\"id\": \"a\", \"question\": \"x\", \"answerable\": false}",
                "{\"id\": \"a\", \"question\": \"y\", \"answerable\": false}");
        assertThatThrownBy(() -> QuestionFile.read(f)).hasMessageContaining("duplicate").hasMessageContaining("'a'");
    }

    @Test
    void read_missingFile_clearMessage() {
        assertThatThrownBy(() -> QuestionFile.read(dir.resolve("nope.jsonl"))).hasMessageContaining("nope.jsonl");
    }

    @Test
    void expected_noUrls_fallsBackToFiles() {
        Question q = Question.answerable("a", "x", List.of(), List.of("docs/a.md"));
        assertThat(q.expected()).containsExactly("docs/a.md");
    }
}
