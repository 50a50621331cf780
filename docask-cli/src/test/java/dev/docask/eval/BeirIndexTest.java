package dev.docask.eval;

import dev.docask.index.DocIndex;
import dev.docask.ingest.Corpus;
import dev.docask.testsupport.BeirFixtures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

class BeirIndexTest {
    @TempDir
    Path dir;

    @Test
    void corpus_oneChunkPerDocument_idAsSource() throws IOException {
        BeirFixtures.writeMiniBeir(dir.resolve("mini"));
        Corpus c = BeirIndex.corpus(BeirReader.read(dir.resolve("mini"), "test"));
        assertThat(c.chunks()).hasSize(4);
        assertThat(c.chunks().get(0).source()).isEqualTo("d1");
        assertThat(c.chunks().get(0).title()).isEqualTo("Vitamin D and bones");
        assertThat(c.chunks().get(3).text()).isEqualTo("Only a title");
    }

    @Test
    void ensure_secondCall_reusesCachedIndex() throws IOException {
        BeirFixtures.writeMiniBeir(dir.resolve("mini"));
        BeirCollection c = BeirReader.read(dir.resolve("mini"), "test");
        AtomicInteger embedded = new AtomicInteger();
        Path first = BeirIndex.ensure(c, dir.resolve("mini"), "mock", dir.resolve("cache"), embedded::set);
        assertThat(embedded.get()).isEqualTo(4);
        String generation = DocIndex.generation(first).orElseThrow();
        embedded.set(0);
        Path second = BeirIndex.ensure(c, dir.resolve("mini"), "mock", dir.resolve("cache"), embedded::set);
        assertThat(second).isEqualTo(first);
        assertThat(embedded.get()).isZero();
        assertThat(DocIndex.generation(second)).contains(generation);
        assertThat(first.getFileName().toString()).startsWith("mini-").contains("-mock-k1-0.9-b-0.4");
        try (DocIndex idx = DocIndex.open(first)) {
            assertThat(idx.manifest().bm25K1()).isEqualTo(0.9f);
            assertThat(idx.manifest().bm25B()).isEqualTo(0.4f);
            assertThat(Map.of("size", idx.size())).containsEntry("size", 4);
        }
    }
}
