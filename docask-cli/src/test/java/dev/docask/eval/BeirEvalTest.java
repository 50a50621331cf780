package dev.docask.eval;

import dev.docask.embed.Embedders;
import dev.docask.index.DocIndex;
import dev.docask.retrieve.HybridRetriever;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class BeirEvalTest {
    @TempDir
    Path dir;

    @Test
    void run_miniCollection_handComputedScores() throws IOException {
        dev.docask.testsupport.BeirFixtures.writeMiniBeir(dir.resolve("mini"));
        BeirCollection c = BeirReader.read(dir.resolve("mini"), "test");
        Path idx = BeirIndex.ensure(c, dir.resolve("mini"), "mock", dir.resolve("cache"), n -> { });
        try (DocIndex index = DocIndex.open(idx)) {
            HybridRetriever r = HybridRetriever.create(index, Embedders.fromSpec("mock"));
            BeirReport report = BeirEval.run(r::retrieve, c, "test", Strategies.select(List.of("bm25", "hybrid"), List.of()));
            assertThat(report.queries()).isEqualTo(3);
            assertThat(report.documents()).isEqualTo(4);
            BeirMetrics bm25 = report.strategies().get("bm25");
            // q1, q2: the one relevant document first. q3: d2 (coffee, heart) first; d1 shares no word so is not
            // retrieved: DCG 1, IDCG 1 + 1/log2(3).
            double q3 = 1 / (1 + 1 / (Math.log(3) / Math.log(2)));
            assertThat(bm25.ndcgAt10()).isCloseTo((1 + 1 + q3) / 3, within(1e-9));
            assertThat(bm25.recallAt100()).isCloseTo((1 + 1 + 0.5) / 3, within(1e-9));
            assertThat(bm25.refused()).isZero();
            assertThat(report.strategies().get("hybrid").recallAt100()).isGreaterThanOrEqualTo(bm25.recallAt100());
        }
    }
}
