package dev.docask.eval;

import dev.docask.testsupport.TestSites;
import dev.docask.index.DocIndex;
import dev.docask.retrieve.HybridRetriever;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * Our BM25 must reproduce Anserini's BEIR "flat" baselines within 0.01 nDCG@10 (issue 5): a guard
 * for the analyzer and the BM25 settings. Needs {@code ../shared/data/beir}; about a minute.
 * Run: {@code ./mvnw -q -B verify -Dit.test=BeirBm25IT}
 */
class BeirBm25IT {
    static final Path DATA = TestSites.sharedData().resolve("beir");

    @TempDir
    Path cache;

    double bm25Ndcg(String dataset, double anseriniRecall) {
        Path dir = DATA.resolve(dataset);
        Assumptions.assumeTrue(Files.isDirectory(dir), "skipped: no BEIR data at " + dir.toAbsolutePath());
        BeirCollection c = BeirReader.read(dir, "test");
        try (DocIndex index = DocIndex.open(BeirIndex.ensure(c, dir, "none", cache, n -> { }))) {
            HybridRetriever r = HybridRetriever.create(index, Optional.empty());
            BeirMetrics m = BeirEval.run(r::retrieve, c, "test", Strategies.select(List.of("bm25"), List.of()))
                    .strategies().get("bm25");
            assertThat(m.recallAt100()).isCloseTo(anseriniRecall, within(0.02));
            return m.ndcgAt10();
        }
    }

    @Test
    void scifact_bm25_matchesAnserini() {
        assertThat(bm25Ndcg("scifact", 0.9253)).isCloseTo(0.6789, within(0.01));
    }

    @Test
    void nfcorpus_bm25_matchesAnserini() {
        assertThat(bm25Ndcg("nfcorpus", 0.2457)).isCloseTo(0.3218, within(0.01));
    }
}
