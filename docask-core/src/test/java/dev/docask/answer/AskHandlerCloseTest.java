package dev.docask.answer;

import dev.docask.testsupport.AskFixture;
import dev.docask.testsupport.FakeModelServer;
import dev.docask.testsupport.StreamTokens;
import dev.docask.testsupport.TestIndexes;
import dev.docask.testsupport.TestSites;
import dev.docask.testsupport.TokensThenSilence;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** How answers end: the handler closed under them, their future cancelled, timeouts of any size. */
class AskHandlerCloseTest {
    private static final Duration WAIT = Duration.ofSeconds(10);
    private static final String ON_TOPIC = "mock a module with vi.mock";

    @RegisterExtension
    static final TestIndexes.Shared INDEX = TestIndexes.shared("mock", TestSites.VITEST);
    @RegisterExtension
    final AskFixture fixture = AskFixture.over(INDEX);

    private FakeModelServer server;
    private AskHandler handler;

    private AskHandler.Builder handler() {
        return fixture.handler().model(fixture.model(), "openai:fake");
    }

    private RecordingListener streaming() throws InterruptedException {
        RecordingListener events = new RecordingListener();
        handler.ask(ON_TOPIC, List.of(), events);
        assertThat(events.awaitFirstDelta(WAIT)).isTrue();
        return events;
    }

    @Test
    void close_answerMidStream_endsWithErrorEventAndClosesUpstream() throws Exception {
        server = fixture.serve(new TokensThenSilence("Use vi.mock"));
        handler = fixture.build(handler());
        RecordingListener events = streaming();

        handler.close();

        assertThat(events.names()).containsExactly("sources", "delta", "error");
        assertThat(((AskEvent.Failed) events.last()).message()).isEqualTo(AskHandler.CLOSED_MESSAGE);
        assertThat(server.awaitClientAbort(WAIT)).as("upstream connection closed").isTrue();
        assertThat(fixture.errors()).as("closing is no failure").isEmpty();
    }

    @Test
    void close_blockingAskWaiting_throwsAskExceptionAtOnce() throws Exception {
        server = fixture.serve(new TokensThenSilence("Use vi.mock"));
        handler = fixture.build(handler());
        CompletableFuture<Answer> waiting = CompletableFuture.supplyAsync(() -> handler.ask(ON_TOPIC));
        while (server.requests() == 0) {
            Thread.sleep(5);
        }

        handler.close();

        assertThat(waiting).failsWithin(WAIT).withThrowableThat().havingRootCause()
                .isInstanceOf(CancellationException.class);
        assertThat(waiting.exceptionNow()).isInstanceOf(AskException.class).hasMessage(AskHandler.CLOSED_MESSAGE);
    }

    @Test
    void ask_afterClose_throwsIllegalStateException() {
        server = fixture.serve(new StreamTokens("Use vi.mock [1]."));
        handler = fixture.build(handler());
        handler.close();
        handler.close();

        assertThatThrownBy(() -> handler.ask(ON_TOPIC)).isInstanceOf(IllegalStateException.class)
                .hasMessage("the handler is closed");
        assertThatThrownBy(() -> handler.ask(ON_TOPIC, List.of(), e -> { }))
                .isInstanceOf(IllegalStateException.class).hasMessage("the handler is closed");
    }

    @Test
    void cancelCompletionFuture_midStream_closesUpstreamAndSendsNothingMore() throws Exception {
        server = fixture.serve(new TokensThenSilence("Use vi.mock"));
        handler = fixture.build(handler());
        RecordingListener events = new RecordingListener();
        AskHandler.Handle handle = handler.ask(ON_TOPIC, List.of(), events);
        assertThat(events.awaitFirstDelta(WAIT)).isTrue();

        assertThat(handle.completion().cancel(true)).isTrue();

        assertThat(server.awaitClientAbort(WAIT)).as("upstream connection closed").isTrue();
        assertThat(handle.isDone()).isTrue();
        assertThat(events.names()).doesNotContain("done", "error");
    }

    @Test
    void timeouts_longestMillis_blockingAskAnswers() {
        server = fixture.serve(new StreamTokens("Use vi.mock [1]."));
        handler = fixture.build(handler().timeouts(Duration.ofMillis(Long.MAX_VALUE), Duration.ofMillis(Long.MAX_VALUE)));

        assertThat(handler.ask(ON_TOPIC).text()).isEqualTo("Use vi.mock [1].");
    }

    @Test
    void timeouts_zeroOrNull_rejectedNamingTheOption() {
        assertThatThrownBy(() -> AskHandler.builder().timeouts(Duration.ZERO, Duration.ofSeconds(1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("firstTokenTimeout");
        assertThatThrownBy(() -> AskHandler.builder().timeouts(Duration.ofSeconds(1), null))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("totalTimeout");
    }

    @Test
    void build_manyHandlers_shareOneTimerThread() {
        List<AskHandler> handlers = new ArrayList<>();
        try {
            for (int i = 0; i < 20; i++) {
                AskHandler h = AskHandler.builder().retriever(INDEX.retriever()).build();
                h.ask(ON_TOPIC);
                handlers.add(h);
            }

            assertThat(Thread.getAllStackTraces().keySet())
                    .filteredOn(t -> t.getName().equals("docask-answer-timeouts")).hasSizeLessThanOrEqualTo(1);
        } finally {
            handlers.forEach(AskHandler::close);
        }
    }
}
