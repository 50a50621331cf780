package dev.docask.answer;

import dev.docask.testsupport.AskFixture;
import dev.docask.testsupport.FakeModelServer;
import dev.docask.testsupport.Route;
import dev.docask.testsupport.StreamTokens;
import dev.docask.testsupport.TestIndexes;
import dev.docask.testsupport.TestSites;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The output cap: sent with every model request, and held even against a model that ignores it. */
class AskHandlerOutputCapTest {
    private static final Duration WAIT = Duration.ofSeconds(20);
    private static final String ON_TOPIC = "mock a module with vi.mock";

    @RegisterExtension
    static final TestIndexes.Shared INDEX = TestIndexes.shared("mock", TestSites.VITEST);
    @RegisterExtension
    final AskFixture fixture = AskFixture.over(INDEX);

    /** A model that ignores max_tokens: 10,000 pieces of 1,000 characters (10 MB), counted as they go out. */
    static Route tenMegabytes(AtomicInteger sent) {
        return exchange -> {
            exchange.startAnswer();
            String piece = "y".repeat(999) + " ";
            for (int i = 0; i < 10_000; i++) {
                exchange.sendToken(piece);
                sent.incrementAndGet();
            }
            exchange.endAnswer(dev.docask.testsupport.StreamEnd.COMPLETE);
        };
    }

    private RecordingListener ask(AskHandler handler) throws InterruptedException {
        RecordingListener events = new RecordingListener();
        handler.ask(ON_TOPIC, List.of(), events);
        assertThat(events.awaitEnd(WAIT)).as("the answer ended").isTrue();
        return events;
    }

    @Test
    void ask_everyModelRequest_carriesTheOutputCapDefault800() throws Exception {
        FakeModelServer server = fixture.serve(new StreamTokens("Use vi.mock [1]."));
        ask(fixture.build(fixture.handler().model(fixture.model(), "openai:fake")));

        assertThat(server.lastRequest().body()).containsPattern("\"max_tokens\"\\s*:\\s*800\\b");
    }

    @Test
    void ask_maxOutputTokensSet_isSentAsMaxTokens() throws Exception {
        FakeModelServer server = fixture.serve(new StreamTokens("Use vi.mock [1]."));
        ask(fixture.build(fixture.handler().model(fixture.model(), "openai:fake").maxOutputTokens(123)));

        assertThat(server.lastRequest().body()).containsPattern("\"max_tokens\"\\s*:\\s*123\\b");
    }

    @Test
    void ask_modelIgnoresTheCap_answerStoppedTruncatedAtSixteenCharsPerToken() throws Exception {
        AtomicInteger sent = new AtomicInteger();
        FakeModelServer server = fixture.serve(tenMegabytes(sent));
        AnswerCache cache = AnswerCache.create(10, Duration.ofMinutes(1));
        AskHandler handler = fixture.build(fixture.handler().model(fixture.model(), "openai:fake")
                .maxOutputTokens(100).answerCache(cache));

        RecordingListener events = ask(handler);

        assertThat(events.names()).endsWith("done");
        assertThat(events.answer().text()).hasSize(100 * 16);
        assertThat(events.answer().truncated()).isTrue();
        assertThat(server.awaitClientAbort(WAIT)).as("the model stream was closed").isTrue();
        assertThat(sent.get()).as("pieces the model got out").isLessThan(10_000);
        assertThat(cache.size()).as("a truncated answer is not cached").isZero();
    }

    @Test
    void maxOutputTokens_belowOne_isRejected() {
        assertThatThrownBy(() -> AskHandler.builder().maxOutputTokens(0)).hasMessageContaining("maxOutputTokens");
    }

}
