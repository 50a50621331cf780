package dev.docask.answer;

import dev.docask.retrieve.RetrievalOptions;
import dev.docask.testsupport.FakeOpenAiServer;
import dev.docask.testsupport.StreamTokens;
import dev.docask.testsupport.TestIndexes;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** One answer cache shared by several handlers: each answer only ever serves the handler settings that made it. */
class AskHandlerCacheTest {
    private static final String ON_TOPIC = "mock a module with vi.mock";
    private static final String OFF_TOPIC = "what is the capital of France?";

    @RegisterExtension
    static final TestIndexes.Shared INDEX = TestIndexes.shared("mock",
            List.of(Retrievals.MOCKING, Retrievals.TIMERS, Retrievals.CONFIG));

    private final AnswerCache cache = AnswerCache.create(100, Duration.ofMinutes(5));
    private final List<AutoCloseable> open = new ArrayList<>();

    @AfterEach
    void stop() throws Exception {
        for (AutoCloseable c : open) {
            c.close();
        }
    }

    private AskHandler build(AskHandler.Builder b) {
        AskHandler h = b.answerCache(cache).build();
        open.add(h);
        return h;
    }

    private AskHandler.Builder handler() {
        return AskHandler.builder().retriever(INDEX.retriever()).siteName("Vitest");
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

        assertThat(all.sources()).extracting(s -> s.url()).contains(Retrievals.MOCKING.url());
        assertThat(filtered.cached()).isFalse();
        assertThat(filtered.sources()).extracting(s -> s.url()).doesNotContain(Retrievals.MOCKING.url());
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
