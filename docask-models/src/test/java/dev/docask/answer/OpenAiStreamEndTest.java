package dev.docask.answer;

import dev.docask.testsupport.AskFixture;
import dev.docask.testsupport.FakeModelServer;
import dev.docask.testsupport.GarbageBody;
import dev.docask.testsupport.Route;
import dev.docask.testsupport.StreamEnd;
import dev.docask.testsupport.StreamTokens;
import dev.docask.testsupport.TestIndexes;
import dev.docask.testsupport.TestSites;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * How an OpenAI-compatible stream built from {@code openai:<name>} ends: a finish reason or
 * {@code data: [DONE]} after the text is a whole answer; a body that closes with neither was cut short.
 */
class OpenAiStreamEndTest {
    private static final Duration WAIT = Duration.ofSeconds(10);
    private static final String ON_TOPIC = "mock a module with vi.mock";

    @RegisterExtension
    static final TestIndexes.Shared INDEX = TestIndexes.shared("mock", TestSites.VITEST);
    @RegisterExtension
    final AskFixture fixture = AskFixture.over(INDEX);

    /** Tokens, then [DONE], as some local servers send them: no finish_reason anywhere. */
    private static final Route DONE_WITHOUT_FINISH_REASON = exchange -> {
        exchange.startAnswer();
        exchange.sendToken("Use ");
        exchange.sendToken("vi.mock [1].");
        exchange.sendData("[DONE]");
        exchange.endStream();
    };

    private RecordingListener ask(Route route) throws InterruptedException {
        FakeModelServer server = fixture.serve(route);
        AskHandler handler = fixture.build(fixture.handler().siteName("Vitest")
                .model("openai:fake", Map.of("OPENAI_BASE_URL", server.baseUrl())));
        RecordingListener events = new RecordingListener();
        handler.ask(ON_TOPIC, List.of(), events);
        assertThat(events.awaitEnd(WAIT)).isTrue();
        return events;
    }

    @Test
    void openAiStream_doneWithoutFinishReason_isACompleteAnswer() throws InterruptedException {
        RecordingListener events = ask(DONE_WITHOUT_FINISH_REASON);

        assertThat(events.names()).endsWith("done");
        assertThat(events.answer().text()).isEqualTo("Use vi.mock [1].");
        assertThat(events.answer().truncated()).isFalse();
    }

    @Test
    void openAiStream_closedWithNeitherDoneNorFinishReason_isCutShort() throws InterruptedException {
        RecordingListener events = ask(new StreamTokens("Use ", "vi.mock [1].").ending(StreamEnd.CLOSE_EARLY));

        assertThat(events.names()).endsWith("error");
        assertThat(((AskEvent.Failed) events.last()).message()).contains("ended before it was complete");
    }

    @Test
    void openAiStream_finishReasonThenDone_isCompleteOnce() throws InterruptedException {
        RecordingListener events = ask(new StreamTokens("Use ", "vi.mock [1]."));

        assertThat(events.names()).endsWith("done");
        assertThat(events.answer().text()).isEqualTo("Use vi.mock [1].");
        assertThat(events.answer().usage()).isPresent();
    }

    @Test
    void openAiStream_errorObjectInAnOkStream_failsWithTheServersText() throws InterruptedException {
        RecordingListener events = ask(exchange -> {
            exchange.startStream();
            exchange.sendData("{\"error\": {\"message\": \"overloaded\", \"type\": \"server_error\"}}");
            exchange.endStream();
        });

        assertThat(events.names()).containsExactly("sources", "error");
        assertThat(((AskEvent.Failed) events.last()).message())
                .isEqualTo("The language model server reported an error: overloaded");
    }

    @Test
    void openAiStream_okStatusWithAPageOrJunkOrPlainJson_failsAsUnreadable() throws InterruptedException {
        for (Route route : List.<Route>of(new GarbageBody(),
                exchange -> exchange.respond(200, "text/html", "<html><body>Welcome to nginx</body></html>"),
                exchange -> exchange.respond(200, "{\"choices\":[{\"message\":{\"content\":\"hi [1]\"}}]}"))) {
            RecordingListener events = ask(route);

            assertThat(events.names()).containsExactly("sources", "error");
            assertThat(((AskEvent.Failed) events.last()).message())
                    .isEqualTo("The language model sent a reply docask could not read.");
        }
    }
}
