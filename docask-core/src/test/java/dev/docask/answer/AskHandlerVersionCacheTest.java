package dev.docask.answer;

import dev.docask.ingest.Chunk;
import dev.docask.retrieve.RetrievalOptions;
import dev.docask.testsupport.AskFixture;
import dev.docask.testsupport.TestIndexes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static dev.docask.testsupport.TestIndexes.chunk;
import static org.assertj.core.api.Assertions.assertThat;

/** The answer cache and the reader's docs version: a version counts as the folder it stands for (docs/retrieval.md, "Versions"). */
class AskHandlerVersionCacheTest {
    private static final String SITE = "https://docs.example";
    private static final String QUESTION = "routeBasePath plugin option";

    @RegisterExtension
    static final TestIndexes.Shared INDEX = TestIndexes.shared("mock", List.<Chunk>of(
            chunk(SITE + "/docs/plugin#routebasepath", "Docs plugin", "routeBasePath",
                    "The plugin option routeBasePath sets the docs route; in 3.8.1 it defaults to docs.", Map.of("version", "3.8.1")),
            chunk(SITE + "/docs/next/plugin#routebasepath", "Docs plugin", "routeBasePath",
                    "The plugin option routeBasePath sets the docs route; it now also accepts an empty string.",
                    Map.of("version", "next"))));
    @RegisterExtension
    final AskFixture fixture = AskFixture.over(INDEX);

    private final AskHandler handler = fixture.build(fixture.handler().siteName("Docs")
            .answerCache(AnswerCache.create(100, Duration.ofMinutes(5))));

    private Answer ask(String version) {
        RetrievalOptions o = handler.retrievalOptions().toBuilder().docsVersion(version).build();
        return handler.ask(QUESTION, List.of(), o, e -> { }).completion().join();
    }

    @Test
    void versionsThatStandForOneFolder_shareTheCachedAnswer() {
        Answer asked = ask("3.8.1");

        assertThat(asked.cached()).isFalse();
        assertThat(ask("v3").cached()).as("v3 is 3.8.1 here").isTrue();
        assertThat(ask("3.x").cached()).isTrue();
        assertThat(ask("3.8.1").sources()).extracting(s -> s.url()).isEqualTo(asked.sources().stream().map(s -> s.url()).toList());
        assertThat(ask("next").cached()).as("another folder, other sources first").isFalse();
    }

    @Test
    void versionThatStandsForNoFolder_sharesTheAnswerWithoutAVersion() {
        Answer without = handler.ask(QUESTION, List.of(), e -> { }).completion().join();

        assertThat(without.cached()).isFalse();
        assertThat(ask("sidebar").cached()).as("a widget's path segment that is no version").isTrue();
        assertThat(ask("9.9").cached()).isTrue();
    }
}
