package dev.docask.spring;

import dev.docask.answer.AskHandler;
import dev.docask.answer.internal.AnswerMeters;
import dev.docask.embed.Embedders;
import dev.docask.retrieve.HybridRetriever;
import dev.docask.retrieve.RetrievalOptions;
import dev.docask.testsupport.TestIndexes;
import dev.docask.testsupport.TestSites;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Metrics;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** A DocaskIndex built through its public constructors, outside the auto-configuration (DocaskAutoConfigurationTest). */
class DocaskIndexTest {
    @TempDir
    static Path tmp;
    static Path index;

    @BeforeAll
    static void buildIndex() {
        index = tmp.resolve("idx");
        TestIndexes.build(index, "mock", TestSites.VITEST).close();
    }

    private static final DocaskRetrieverFactory RETRIEVERS = i -> HybridRetriever.create(i, Embedders.fromSpec("mock"));
    private static final DocaskAnswerFactory ANSWERS = r -> AskHandler.builder().retriever(r).build();

    /** Two answers and a refusal, one of them streamed. */
    static void askThree(DocaskIndex docs) {
        docs.ask(DocaskAutoConfigurationTest.QUESTION);
        docs.ask(DocaskAutoConfigurationTest.OFF_TOPIC, List.of());
        docs.ask(DocaskAutoConfigurationTest.QUESTION + " please", List.of(), event -> { }).completion().join();
    }

    static void assertCountedThree(MeterRegistry registry) {
        assertThat(registry.get(AnswerMeters.ANSWERS).tag("outcome", "answered").counter().count()).isEqualTo(2);
        assertThat(registry.get(AnswerMeters.ANSWERS).tag("outcome", "refused").counter().count()).isEqualTo(1);
        assertThat(registry.get(AnswerMeters.REFUSALS).counter().count()).isEqualTo(1);
        assertThat(registry.get(AnswerMeters.RETRIEVAL).timer().count()).isEqualTo(3);
    }

    @Test
    void meters_registryGiven_answersAreCountedOnIt() {
        MeterRegistry registry = new SimpleMeterRegistry();
        try (DocaskIndex docs = new DocaskIndex(index, RETRIEVERS, ANSWERS, RetrievalOptions.defaults(), Duration.ofHours(1),
                registry)) {
            askThree(docs);
        }
        assertCountedThree(registry);
        assertThat(registry.find(AnswerMeters.OPEN_STREAMS).gauge()).as("the gauge is the serving front end's, on a registry"
                + " it may share").isNull();
    }

    @Test
    void meters_noRegistryGiven_answersAreCountedOnMicrometersGlobalRegistry_whereSpringBootsRegistrySits() {
        MeterRegistry boots = new SimpleMeterRegistry(); // Spring Boot adds its registry to the global one by default
        Metrics.addRegistry(boots);
        try (DocaskIndex docs = new DocaskIndex(index, RETRIEVERS, ANSWERS, RetrievalOptions.defaults(), Duration.ofHours(1))) {
            askThree(docs);
            assertCountedThree(boots);
        } finally {
            Metrics.removeRegistry(boots);
        }
    }
}
