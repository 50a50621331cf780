package dev.docask.answer;

import dev.docask.testsupport.AskFixture;
import dev.docask.testsupport.FakeModelServer;
import dev.docask.testsupport.ServerError;
import dev.docask.testsupport.StreamTokens;
import dev.docask.testsupport.TestIndexes;
import dev.docask.testsupport.TestSites;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The handler with a model named by spec: the providers build it, the handler keys and times it. */
class AskHandlerModelSpecTest {
    private static final Duration WAIT = Duration.ofSeconds(10);
    private static final String ON_TOPIC = "mock a module with vi.mock";

    @RegisterExtension
    static final TestIndexes.Shared INDEX = TestIndexes.shared("mock", TestSites.VITEST);
    @RegisterExtension
    final AskFixture fixture = AskFixture.over(INDEX);

    private final AnswerCache cache = AnswerCache.create(100, Duration.ofMinutes(5));

    private AskHandler.Builder handler(FakeModelServer server) {
        return fixture.handler().siteName("Vitest")
                .model("openai:fake", Map.of("OPENAI_BASE_URL", server.baseUrl()));
    }

    @Test
    void sharedCache_sameModelNameOnAnotherServer_asksThatServer() {
        FakeModelServer groq = fixture.serve(new StreamTokens("From groq [1]."));
        FakeModelServer local = fixture.serve(new StreamTokens("From local [1]."));

        Answer a = fixture.build(handler(groq).answerCache(cache)).ask(ON_TOPIC);
        Answer b = fixture.build(handler(local).answerCache(cache)).ask(ON_TOPIC);

        assertThat(a.text()).isEqualTo("From groq [1].");
        assertThat(b.text()).isEqualTo("From local [1].");
        assertThat(local.requests()).isEqualTo(1);
    }

    @Test
    void timeouts_hugeTotal_streamingAnswerCompletes() throws InterruptedException {
        AskHandler handler = fixture.build(handler(fixture.serve(new StreamTokens("Use vi.mock [1].")))
                .timeouts(Duration.ofSeconds(20), Duration.ofSeconds(Long.MAX_VALUE))); // only the total is under test
        RecordingListener events = new RecordingListener();

        handler.ask(ON_TOPIC, List.of(), events);

        assertThat(events.awaitEnd(WAIT)).isTrue();
        assertThat(events.answer().text()).isEqualTo("Use vi.mock [1].");
        assertThat(fixture.errors()).isEmpty();
    }

    @Test
    void ask_onErrorThrowsOnModelFailure_errorEventStillSent() throws InterruptedException {
        AskHandler handler = fixture.build(handler(fixture.serve(new ServerError(500))).onError(e -> {
            throw new IllegalStateException("onError broke");
        }));
        RecordingListener events = new RecordingListener();

        handler.ask(ON_TOPIC, List.of(), events);

        assertThat(events.awaitEnd(WAIT)).isTrue();
        assertThat(events.names()).containsExactly("sources", "error");
    }
}
