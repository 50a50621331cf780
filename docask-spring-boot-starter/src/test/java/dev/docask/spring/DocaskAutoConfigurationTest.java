package dev.docask.spring;

import dev.docask.answer.Answer;
import dev.docask.answer.AnswerCache;
import dev.docask.answer.AskHandler;
import dev.docask.embed.Embedders;
import dev.docask.retrieve.HybridRetriever;
import dev.docask.retrieve.RetrievalOptions;
import dev.docask.spring.internal.PropertyFailureAnalyzerTest;
import dev.docask.testsupport.FakeModelServer;
import dev.docask.testsupport.StreamTokens;
import dev.docask.testsupport.TestIndexes;
import dev.docask.testsupport.TestSites;
import dev.docask.testsupport.Wire;
import dev.langchain4j.model.chat.StreamingChatModel;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class DocaskAutoConfigurationTest {
    @TempDir
    static Path tmp;
    static Path index;

    static final String QUESTION = "how do I mock a module with vi.mock?";
    static final String OFF_TOPIC = "What is the capital of France?";

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(DocaskAutoConfiguration.class));

    @BeforeAll
    static void buildIndex() {
        index = tmp.resolve("idx");
        TestIndexes.build(index, "mock", TestSites.VITEST).close();
    }

    private ApplicationContextRunner withIndex(Path dir) {
        return runner.withPropertyValues("docask.index=" + dir);
    }

    @Test
    void autoConfiguration_indexSet_providesIndexCacheFactoriesAndHealth() {
        withIndex(index).run(ctx -> {
            assertThat(ctx).hasSingleBean(DocaskIndex.class).hasSingleBean(AnswerCache.class)
                    .hasSingleBean(DocaskRetrieverFactory.class).hasSingleBean(DocaskAnswerFactory.class)
                    .hasBean("docaskHealthIndicator");
            Answer a = ctx.getBean(DocaskIndex.class).ask(QUESTION);
            assertThat(a.refused()).isFalse();
            assertThat(a.sources().get(0).url()).isEqualTo(TestSites.MOCKING.url());
            assertThat(a.text()).contains("[1]");
        });
    }

    @Test
    void autoConfiguration_noIndexProperty_configuresNothing() {
        runner.run(ctx -> assertThat(ctx).hasNotFailed().doesNotHaveBean(DocaskIndex.class)
                .doesNotHaveBean(DocaskAnswerFactory.class));
    }

    @Configuration(proxyBeanMethods = false)
    static class OwnBeans {
        static final AnswerCache CACHE = AnswerCache.create(5, Duration.ofMinutes(1));

        @Bean
        AnswerCache myCache() {
            return CACHE;
        }

        @Bean
        DocaskAnswerFactory myAnswers() {
            return r -> AskHandler.builder().retriever(r).noAnswerMessage("Nothing in our docs about that.").build();
        }
    }

    @Test
    void autoConfiguration_userDefinesCacheAndAnswerFactory_starterBacksOffAndUsesThem() {
        withIndex(index).withUserConfiguration(OwnBeans.class).run(ctx -> {
            assertThat(ctx).hasSingleBean(AnswerCache.class).hasSingleBean(DocaskAnswerFactory.class);
            assertThat(ctx.getBean(AnswerCache.class)).isSameAs(OwnBeans.CACHE);
            assertThat(ctx.getBean(DocaskIndex.class).ask(OFF_TOPIC).text()).isEqualTo("Nothing in our docs about that.");
        });
    }

    @Test
    void autoConfiguration_userDefinesDocaskIndex_starterBacksOff() {
        withIndex(index).withBean("myIndex", DocaskIndex.class, () -> new DocaskIndex(index,
                        i -> HybridRetriever.create(i, Embedders.fromSpec("mock")), r -> AskHandler.builder().retriever(r).build(),
                        RetrievalOptions.defaults(), Duration.ofHours(1)))
                .run(ctx -> assertThat(ctx).hasSingleBean(DocaskIndex.class).hasBean("myIndex").doesNotHaveBean("docaskIndex"));
    }

    @Test
    void autoConfiguration_cacheDisabled_hasNoCache() {
        withIndex(index).withPropertyValues("docask.cache.enabled=false")
                .run(ctx -> assertThat(ctx).hasSingleBean(DocaskIndex.class).doesNotHaveBean(AnswerCache.class));
    }

    @Test
    void autoConfiguration_userStreamingChatModel_writesTheAnswers() {
        try (FakeModelServer fake = FakeModelServer.start(Wire.OPENAI, new StreamTokens("Use ", "vi.mock [1]."))) {
            withIndex(index).withBean(StreamingChatModel.class, () -> fake.openAiModel("sk-test")).run(ctx -> {
                Answer a = ctx.getBean(DocaskIndex.class).ask(QUESTION);
                assertThat(a.text()).isEqualTo("Use vi.mock [1].");
                assertThat(a.model()).startsWith("spring:");
                assertThat(fake.requests()).isEqualTo(1);
                assertThat(ctx.getBean(DocaskIndex.class).ask(OFF_TOPIC).refused()).isTrue();
                assertThat(fake.requests()).as("a refusal calls no model").isEqualTo(1);
            });
        }
    }

    @Test
    void meters_answersAskedThroughDocaskIndex_areCountedOnTheApplicationsRegistry() {
        withIndex(index).withBean(MeterRegistry.class, SimpleMeterRegistry::new).run(ctx -> {
            DocaskIndexTest.askThree(ctx.getBean(DocaskIndex.class));
            DocaskIndexTest.assertCountedThree(ctx.getBean(MeterRegistry.class));
        });
    }

    @Test
    @org.junit.jupiter.api.extension.ExtendWith(org.springframework.boot.test.system.OutputCaptureExtension.class)
    void errors_anEmbedderThatFailsDuringAnAnswer_isLoggedOnce(org.springframework.boot.test.system.CapturedOutput output) {
        dev.docask.embed.Embedder failing = dev.docask.testsupport.FailingEmbedder.onQuestions(
                () -> new dev.docask.embed.EmbeddingException("the embedding server is down"));
        withIndex(index).withBean(dev.docask.embed.Embedder.class, () -> failing).run(ctx -> {
            ctx.getBean(DocaskIndex.class).ask(QUESTION);
            assertThat(output.getAll().split("the embedding server is down", -1)).as(output.getAll()).hasSize(2);
            assertThat(output.getAll()).contains("docask retrieval: ");
        });
    }

    @Test
    void retrievalOptions_kebabOrCamelCase_areApplied() {
        withIndex(index).withPropertyValues("docask.retrieval.top-k=1", "docask.retrieval.gateMode=filter").run(ctx ->
                assertThat(ctx.getBean(DocaskIndex.class).retrieve("vi.mock vi.useFakeTimers mocking").sources()).hasSize(1));
    }

    @Test
    void startup_badRetrievalOption_failsNamingIt() {
        withIndex(index).withPropertyValues("docask.retrieval.topK=many").run(ctx -> {
            assertThat(ctx).hasFailed();
            assertThat(ctx.getStartupFailure()).rootCause().hasMessageContaining("topK");
        });
    }

    @Test
    void startup_missingIndex_failsNamingTheFolder() {
        Path missing = tmp.resolve("no-such-index");
        withIndex(missing).run(ctx -> {
            assertThat(ctx).hasFailed();
            assertThat(ctx.getStartupFailure()).hasStackTraceContaining("docask.index=" + missing)
                    .hasStackTraceContaining("cannot be served");
        });
    }

    @Test
    void startup_damagedIndex_failsNamingTheFolder() throws Exception {
        Path damaged = tmp.resolve("damaged");
        TestIndexes.build(damaged, "mock", TestSites.VITEST).close();
        String gen = Files.readString(damaged.resolve("CURRENT")).strip();
        Files.writeString(damaged.resolve(gen).resolve("manifest.json"), "{");
        withIndex(damaged).run(ctx -> {
            assertThat(ctx).hasFailed();
            assertThat(ctx.getStartupFailure()).hasStackTraceContaining("docask.index=" + damaged)
                    .hasStackTraceContaining("manifest.json is damaged");
        });
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "docask.model=bogus:x                  | docask.model                  | unknown model 'bogus:x'",
            "docask.retrieval.topK=many            | docask.retrieval.topK         | topK must be a whole number, got 'many'",
            "docask.retrieval.bogus=1              | docask.retrieval.bogus        | unknown option 'bogus'",
            "docask.reload-interval=-1s            | docask.reload-interval        | must not be negative",
            "docask.first-token-timeout=0s         | docask.first-token-timeout    | must be positive",
            "docask.total-timeout=-5s              | docask.total-timeout          | must be positive",
            "docask.cache.max-answers=0            | docask.cache.max-answers      | must be at least 1",
            "docask.cache.ttl=0s                   | docask.cache.ttl              | must be positive",
            "docask.index=/no/such/docask-index    | docask.index                  | no docask index in /no/such/docask-index",
    })
    void startup_badProperty_isReportedAsThatPropertyWithItsReason(String setting, String property, String reason) {
        (setting.startsWith("docask.index=") ? runner : withIndex(index)).withPropertyValues(setting).run(ctx -> {
            assertThat(ctx).hasFailed();
            FailureAnalysis analysis = PropertyFailureAnalyzerTest.analyze(ctx.getStartupFailure());
            assertThat(analysis).as("docask's failure analyzer takes it").isNotNull();
            assertThat(analysis.getDescription()).contains("Property: " + property + "\n").contains(reason);
            assertThat(analysis.getAction()).contains(property);
        });
    }

    @ParameterizedTest
    @CsvSource({"docask.web.max-question-chars=0, docask.web.max-question-chars", "docask.web.max-body-bytes=-5, docask.web.max-body-bytes"})
    void startup_badWebLimit_isReportedAsThatProperty(String setting, String property) {
        new WebApplicationContextRunner().withConfiguration(AutoConfigurations.of(DocaskAutoConfiguration.class))
                .withPropertyValues("docask.index=" + index, "docask.web.enabled=true", setting).run(ctx -> {
                    assertThat(ctx).hasFailed();
                    assertThat(PropertyFailureAnalyzerTest.analyze(ctx.getStartupFailure()).getDescription())
                            .contains("Property: " + property + "\n");
                });
    }

    @Test
    void healthIndicator_afterReindex_reportsTheNewGeneration() {
        Path live = tmp.resolve("live");
        TestIndexes.build(live, "mock", TestSites.VITEST).close();
        withIndex(live).withPropertyValues("docask.reload-interval=1h").run(ctx -> {
            HealthIndicator health = ctx.getBean("docaskHealthIndicator", HealthIndicator.class);
            assertThat(health.health().getDetails()).containsEntry("generation", "gen-000001").containsEntry("chunks", 3);
            TestIndexes.build(live, "mock", List.of(TestSites.MOCKING, TestSites.TIMERS)).close();
            assertThat(ctx.getBean(DocaskIndex.class).reloadNow()).isTrue();
            assertThat(health.health().getStatus().getCode()).isEqualTo("UP");
            assertThat(health.health().getDetails()).containsEntry("generation", "gen-000002").containsEntry("chunks", 2)
                    .containsEntry("loaded", true);
        });
    }
}
