package dev.docask.answer;

import dev.docask.testsupport.FakeModelServer;
import dev.docask.testsupport.ServerError;
import dev.docask.testsupport.StreamTokens;
import dev.docask.testsupport.TestIndexes;
import dev.docask.testsupport.TestSites;
import dev.docask.testsupport.Wire;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;

/** The handler with a model named by spec: the providers build it, the handler keys and times it. */
class AskHandlerModelSpecTest {
    private static final Duration WAIT = Duration.ofSeconds(10);
    private static final String ON_TOPIC = "mock a module with vi.mock";

    @RegisterExtension
    static final TestIndexes.Shared INDEX = TestIndexes.shared("mock",
            TestSites.VITEST);

    private final AnswerCache cache = AnswerCache.create(100, Duration.ofMinutes(5));
    private final List<AutoCloseable> open = new ArrayList<>();
    private final List<Throwable> errors = new CopyOnWriteArrayList<>();

    @AfterEach
    void stop() throws Exception {
        for (AutoCloseable c : open) {
            c.close();
        }
    }

    private FakeModelServer server(dev.docask.testsupport.Route route) {
        FakeModelServer s = FakeModelServer.start(Wire.OPENAI, route);
        open.add(s);
        return s;
    }

    private AskHandler build(AskHandler.Builder b) {
        AskHandler h = b.build();
        open.add(h);
        return h;
    }

    private AskHandler.Builder handler(FakeModelServer server) {
        return AskHandler.builder().retriever(INDEX.retriever()).siteName("Vitest")
                .model("openai:fake", Map.of("OPENAI_BASE_URL", server.baseUrl()));
    }

    @Test
    void sharedCache_sameModelNameOnAnotherServer_asksThatServer() {
        FakeModelServer groq = server(new StreamTokens("From groq [1]."));
        FakeModelServer local = server(new StreamTokens("From local [1]."));

        Answer a = build(handler(groq).answerCache(cache)).ask(ON_TOPIC);
        Answer b = build(handler(local).answerCache(cache)).ask(ON_TOPIC);

        assertThat(a.text()).isEqualTo("From groq [1].");
        assertThat(b.text()).isEqualTo("From local [1].");
        assertThat(local.requests()).isEqualTo(1);
    }

    @Test
    void timeouts_hugeTotal_streamingAnswerCompletes() throws InterruptedException {
        AskHandler handler = build(handler(server(new StreamTokens("Use vi.mock [1].")))
                .timeouts(Duration.ofSeconds(1), Duration.ofSeconds(Long.MAX_VALUE)).onError(errors::add));
        RecordingListener events = new RecordingListener();

        handler.ask(ON_TOPIC, List.of(), events);

        assertThat(events.awaitEnd(WAIT)).isTrue();
        assertThat(events.answer().text()).isEqualTo("Use vi.mock [1].");
        assertThat(errors).isEmpty();
    }

    @Test
    void ask_onErrorThrowsOnModelFailure_errorEventStillSent() throws InterruptedException {
        AskHandler handler = build(handler(server(new ServerError(500))).onError(e -> {
            throw new IllegalStateException("onError broke");
        }));
        RecordingListener events = new RecordingListener();

        handler.ask(ON_TOPIC, List.of(), events);

        assertThat(events.awaitEnd(WAIT)).isTrue();
        assertThat(events.names()).containsExactly("sources", "error");
    }
}
