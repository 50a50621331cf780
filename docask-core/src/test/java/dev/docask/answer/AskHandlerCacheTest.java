package dev.docask.answer;

import dev.docask.retrieve.RetrievalOptions;
import dev.docask.testsupport.AskFixture;
import dev.docask.testsupport.TestIndexes;
import dev.docask.testsupport.TestSites;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** One answer cache shared by several handlers: each answer only ever serves the handler settings that made it. */
class AskHandlerCacheTest {
    private static final String ON_TOPIC = "mock a module with vi.mock";
    private static final String OFF_TOPIC = "what is the capital of France?";

    @RegisterExtension
    static final TestIndexes.Shared INDEX = TestIndexes.shared("mock", TestSites.VITEST);
    @RegisterExtension
    final AskFixture fixture = AskFixture.over(INDEX);

    private final AnswerCache cache = AnswerCache.create(100, Duration.ofMinutes(5));

    private AskHandler build(AskHandler.Builder b) {
        return fixture.build(b.answerCache(cache));
    }

    private AskHandler.Builder handler() {
        return fixture.handler().siteName("Vitest");
    }

    @Test
    void sharedCache_sameSettings_secondHandlerAnswersFromCache() {
        Answer first = build(handler()).ask(ON_TOPIC);
        Answer second = build(handler()).ask(ON_TOPIC);

        assertThat(second.cached()).isTrue();
        assertThat(second.text()).isEqualTo(first.text());
    }

    @Test
    void sharedCache_otherFilter_answersFromItsOwnSources() {
        RetrievalOptions configOnly = RetrievalOptions.builder().filter(Map.of("url", "https://vitest.dev/config")).build();
        Answer all = build(handler()).ask(ON_TOPIC);
        Answer filtered = build(handler().retrieval(configOnly)).ask(ON_TOPIC);

        assertThat(all.sources()).extracting(s -> s.url()).contains(TestSites.MOCKING.url());
        assertThat(filtered.cached()).isFalse();
        assertThat(filtered.sources()).extracting(s -> s.url()).doesNotContain(TestSites.MOCKING.url());
    }

    @Test
    void sharedCache_otherNoAnswerMessage_refusesInItsOwnWords() {
        build(handler()).ask(OFF_TOPIC);
        Answer custom = build(handler().noAnswerMessage("Not in the {siteName} docs.")).ask(OFF_TOPIC);

        assertThat(custom.text()).isEqualTo("Not in the Vitest docs.");
    }

    @Test
    void sharedCache_otherSiteNameOrTopK_notShared() {
        build(handler()).ask(ON_TOPIC);

        assertThat(build(handler().siteName("Jest")).ask(ON_TOPIC).cached()).isFalse();
        assertThat(build(handler().retrieval(RetrievalOptions.builder().topK(1).build())).ask(ON_TOPIC).cached()).isFalse();
    }

    @Test
    void sharedCache_otherRetrieverOnSameIndex_notShared() {
        build(handler()).ask(ON_TOPIC);

        Answer other = build(AskHandler.builder().index(INDEX.index()).siteName("Vitest")).ask(ON_TOPIC);

        assertThat(other.cached()).isFalse();
    }

    @Test
    void sharedCache_flagAndWord_answeredApart() {
        AskHandler h = build(handler());

        h.ask("--coverage");

        assertThat(h.ask("coverage").cached()).isFalse();
        assertThat(h.ask("--Coverage?").cached()).isTrue();
    }
}
