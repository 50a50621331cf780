package dev.docask.ingest;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import dev.docask.ingest.Corpus.Problem;

import static org.assertj.core.api.Assertions.assertThat;

class CorpusTest {
    @TempDir
    Path tmp;

    @Test
    void merge_twoFolders_addsUpAndKeepsTheFirstsFrameworkAndOptions() throws IOException {
        Path docs = Files.createDirectories(tmp.resolve("docs"));
        Path site = Files.createDirectories(tmp.resolve("site"));
        Files.writeString(docs.resolve("a.md"), "# A\n\nAlpha text.");
        Files.writeString(docs.resolve("b.html"), "<html><body><main><p>Beta text.</p></main></body></html>");
        Files.writeString(site.resolve("c.md"), "# C\n\nGamma text.");
        Files.write(site.resolve("bad.md"), new byte[] {0, 1, 2});
        IngestOptions options = IngestOptions.defaults("https://x.dev");
        Corpus first = SiteReader.read(docs, options);
        Corpus second = SiteReader.read(site, options);

        Corpus merged = Corpus.merge(List.of(first, second));

        assertThat(merged.framework()).isEqualTo(Framework.MARKDOWN);
        assertThat(merged.options()).isEqualTo(options);
        assertThat(merged.pages()).isEqualTo(2);
        assertThat(merged.chunks()).extracting(Chunk::source).containsExactly("a.md", "c.md");
        assertThat(merged.problems()).extracting(Problem::file).containsExactly("bad.md");
        assertThat(merged.leftOut()).containsExactly("b.html");
        assertThat(merged.sourceHash()).hasSize(64).isNotEqualTo(first.sourceHash())
                .isNotEqualTo(Corpus.merge(List.of(second, first)).sourceHash());
    }

    @Test
    void merge_oneCorpus_isThatCorpus() throws IOException {
        Files.writeString(tmp.resolve("a.md"), "# A\n\nAlpha text.");
        Corpus one = SiteReader.read(tmp, IngestOptions.defaults(""));
        assertThat(Corpus.merge(List.of(one))).isSameAs(one);
    }

    @Test
    void corpusMadeByHand_hasNoBaseUrlAndNoKnownSources() {
        Corpus c = new Corpus(Framework.MARKDOWN, 0, List.of(), List.of());
        assertThat(c.options().baseUrl()).isEmpty();
        assertThat(c.sourceHash()).isEmpty();
        assertThat(Corpus.merge(List.of(c, c)).sourceHash()).isEmpty();
    }
}
