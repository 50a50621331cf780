package dev.docask.retrieve;

import dev.docask.embed.Embedders;
import dev.docask.index.DocIndex;
import dev.docask.index.IndexBuilder;
import dev.docask.index.Manifest;
import dev.docask.ingest.IngestOptions;
import dev.docask.ingest.SiteReader;
import dev.docask.testsupport.TestSites;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** docs/retrieval.md §4, "A gate that calibrates itself", on the bundled samples with bge-small. */
class SampleGateCalibrationIT {
    @TempDir
    Path dir;

    @Test
    void calibratedGate_bgeSmallOnTheSamples_keepsRealQuestions_andTurnsAwayFarOffTopicOnes() {
        var corpus = SiteReader.read(TestSites.samples(), IngestOptions.defaults(TestSites.SAMPLES_BASE_URL));
        IndexBuilder.build(corpus, Embedders.fromSpec("bge-small"), IndexBuilder.Settings.defaults("bge-small"), dir, n -> { });
        Manifest.Gate gate;
        try (DocIndex idx = DocIndex.open(dir)) {
            gate = HybridRetriever.create(idx, Embedders.fromSpec("bge-small")).calibrateGate();
            IndexBuilder.recordGate(dir, idx.manifest(), gate);
        }
        assertThat(gate.minSimilarity()).isPresent();
        // a cosine floor of a CLS-pooled bge-small lies where its off-topic questions end: well above 0.5
        assertThat(gate.minSimilarity().getAsDouble()).isBetween(0.55, 0.9);
        try (DocIndex idx = DocIndex.open(dir)) {
            HybridRetriever r = HybridRetriever.create(idx, Embedders.fromSpec("bge-small"));
            for (String q : List.of("How do I retry failed deliveries?", "createRelayHandler options")) {
                assertThat(r.retrieve(q, RetrievalOptions.defaults()).answerable()).as(q).isTrue();
            }
            for (String q : List.of("How do I bake sourdough bread at home?", "Who won the 2018 FIFA World Cup?",
                    "What is the capital of Canada?")) {
                assertThat(r.retrieve(q, RetrievalOptions.defaults()).answerable()).as(q).isFalse();
            }
        }
    }
}
