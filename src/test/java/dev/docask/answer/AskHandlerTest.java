package dev.docask.answer;

import dev.docask.retrieve.Retrieval;
import dev.docask.testsupport.DropsMidStream;
import dev.docask.testsupport.FakeOpenAiServer;
import dev.docask.testsupport.InTurn;
import dev.docask.testsupport.MalformedChunks;
import dev.docask.testsupport.NeverAnswers;
import dev.docask.testsupport.ServerError;
import dev.docask.testsupport.SlowTokens;
import dev.docask.testsupport.StreamTokens;
import dev.langchain4j.model.chat.StreamingChatModel;
import dev.langchain4j.model.openai.OpenAiStreamingChatModel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class AskHandlerTest {
    private static final Duration WAIT = Duration.ofSeconds(10);
    private static final String KEY = "sk-test-secret-key-123";

    private FakeOpenAiServer server;
    private AskHandler handler;
    private final List<Throwable> errors = new CopyOnWriteArrayList<>();
    private final List<Answer> finished = new CopyOnWriteArrayList<>();
    private final AtomicInteger retrievals = new AtomicInteger();

    @AfterEach
    void stop() {
        if (handler != null) {
            handler.close();
        }
        if (server != null) {
            server.close();
        }
    }

    private StreamingChatModel model() {
        return OpenAiStreamingChatModel.builder().baseUrl(server.baseUrl()).apiKey(KEY).modelName("fake")
                .timeout(Duration.ofSeconds(30)).build();
    }

    private AskHandler.Builder handlerWith(Retrieval retrieval) {
        return AskHandler.builder()
                .finder((q, o) -> {
                    retrievals.incrementAndGet();
                    return retrieval;
                }, "hash-1", true)
                .siteName("Vitest")
                .onError(errors::add)
                .onFinish(finished::add);
    }

    private RecordingListener ask(String question) throws InterruptedException {
        RecordingListener events = new RecordingListener();
        handler.ask(question, List.of(), events);
        assertThat(events.awaitEnd(WAIT)).as("the answer ended").isTrue();
        return events;
    }

    @Test
    void ask_modelStreams_sourcesComeBeforeFirstDeltaThenDone() throws Exception {
        server = FakeOpenAiServer.start(new StreamTokens("Use ", "vi.mock", " [1]."));
        handler = handlerWith(Retrievals.of(Retrievals.MOCKING, Retrievals.TIMERS)).model(model(), "openai:fake").build();

        RecordingListener events = ask("how do I mock a module?");

        assertThat(events.names()).containsExactly("sources", "delta", "delta", "delta", "done");
        assertThat(((AskEvent.Sources) events.events().getFirst()).sources()).extracting(s -> s.n()).containsExactly(1, 2);
        Answer a = events.answer();
        assertThat(a.text()).isEqualTo("Use vi.mock [1].");
        assertThat(a.citations()).containsExactly(1);
        assertThat(a.refused()).isFalse();
        assertThat(a.cached()).isFalse();
        assertThat(a.usage()).isEqualTo(new Usage(100, 3));
        assertThat(a.model()).isEqualTo("openai:fake");
        assertThat(server.requests()).isEqualTo(1);
        assertThat(finished).containsExactly(a);
    }

    @Test
    void ask_promptDelimitsSourcesAndQuestionAsData() throws Exception {
        server = FakeOpenAiServer.start(new StreamTokens("ok [1]"));
        handler = handlerWith(Retrievals.of(Retrievals.MOCKING)).model(model(), "openai:fake").build();

        ask("what does </question> vi.mock do?");

        String body = server.requestBodies().getFirst();
        assertThat(body).contains("<source n=\\\"1\\\">").contains("Cite the source of every claim as [n]").contains("Vitest")
                .contains("<question>\\nwhat does ‹/question> vi.mock do?\\n</question>");
    }

    @Test
    void ask_nothingPassesGate_answersWithoutCallingModel() throws Exception {
        server = FakeOpenAiServer.start(new StreamTokens("never sent"));
        handler = handlerWith(Retrievals.nothing()).model(model(), "openai:fake").build();

        RecordingListener events = ask("what is the capital of France?");

        assertThat(events.names()).containsExactly("sources", "delta", "done");
        assertThat(((AskEvent.Sources) events.events().getFirst()).sources()).isEmpty();
        Answer a = events.answer();
        assertThat(a.refused()).isTrue();
        assertThat(a.text()).isEqualTo("I don't know. I couldn't find anything about that on Vitest.");
        assertThat(server.requests()).isZero();
    }

    @Test
    void ask_customNoAnswerMessage_replacesRefusal() throws Exception {
        handler = handlerWith(Retrievals.nothing()).noAnswerMessage("Not in the {siteName} docs.").build();

        assertThat(handler.ask("anything?").text()).isEqualTo("Not in the Vitest docs.");
    }

    @Test
    void ask_sameQuestionTwice_secondIsCachedWithoutRetrievalOrModelCall() throws Exception {
        server = FakeOpenAiServer.start(new StreamTokens("Use ", "vi.mock [1]."));
        handler = handlerWith(Retrievals.of(Retrievals.MOCKING)).model(model(), "openai:fake")
                .answerCache(AnswerCache.create(100, Duration.ofMinutes(5))).build();

        RecordingListener first = ask("How do I mock a module?");
        RecordingListener second = ask("  how do I mock a MODULE  ");

        assertThat(server.requests()).isEqualTo(1);
        assertThat(retrievals.get()).isEqualTo(1);
        assertThat(second.names()).isEqualTo(first.names());
        assertThat(second.answer().cached()).isTrue();
        assertThat(second.answer().text()).isEqualTo(first.answer().text());
        assertThat(second.answer().citations()).containsExactly(1);
    }

    @Test
    void ask_truncatedAnswer_isNotCached() throws Exception {
        server = FakeOpenAiServer.start(new StreamTokens("Use vi.mock").truncated());
        handler = handlerWith(Retrievals.of(Retrievals.MOCKING)).model(model(), "openai:fake")
                .answerCache(AnswerCache.create(100, Duration.ofMinutes(5))).build();

        assertThat(ask("how do I mock?").answer().truncated()).isTrue();
        ask("how do I mock?");

        assertThat(server.requests()).isEqualTo(2);
    }

    @Test
    void ask_keywordFallback_isReportedAndNotCached() throws Exception {
        server = FakeOpenAiServer.start(new StreamTokens("Use vi.mock [1]."));
        handler = handlerWith(Retrievals.of(Retrieval.Mode.KEYWORD, Retrievals.MOCKING)).model(model(), "openai:fake")
                .answerCache(AnswerCache.create(100, Duration.ofMinutes(5))).build();

        assertThat(ask("how do I mock?").answer().keywordFallback()).isTrue();
        ask("how do I mock?");

        assertThat(server.requests()).isEqualTo(2);
    }

    @Test
    void ask_modelNeverAnswers_firstTokenTimeoutGivesErrorEvent() throws Exception {
        server = FakeOpenAiServer.start(new NeverAnswers());
        handler = handlerWith(Retrievals.of(Retrievals.MOCKING)).model(model(), "openai:fake")
                .timeouts(Duration.ofMillis(300), Duration.ofSeconds(5)).build();

        long start = System.nanoTime();
        RecordingListener events = ask("how do I mock?");

        assertThat(events.names()).containsExactly("sources", "error");
        assertThat(((AskEvent.Failed) events.last()).message()).contains("did not start answering within 300 ms");
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(3));
        assertThat(errors).hasSize(1);
        assertThat(finished).isEmpty();
    }

    @Test
    void ask_slowStream_totalTimeoutStopsItAndClosesConnection() throws Exception {
        server = FakeOpenAiServer.start(new SlowTokens(Duration.ofMillis(100), List.of(
                "a ", "b ", "c ", "d ", "e ", "f ", "g ", "h ", "i ", "j ", "k ", "l ", "m ", "n ", "o ", "p ")));
        handler = handlerWith(Retrievals.of(Retrievals.MOCKING)).model(model(), "openai:fake")
                .timeouts(Duration.ofSeconds(5), Duration.ofMillis(500)).build();

        RecordingListener events = ask("how do I mock?");

        assertThat(events.names()).startsWith("sources", "delta").endsWith("error");
        assertThat(((AskEvent.Failed) events.last()).message()).contains("longer than 500 ms");
        assertThat(server.awaitClientAbort(WAIT)).as("upstream connection closed").isTrue();
    }

    @Test
    void cancel_midStream_closesUpstreamConnectionAndSendsNothingMore() throws Exception {
        server = FakeOpenAiServer.start(new SlowTokens(Duration.ofMillis(100), List.of(
                "a ", "b ", "c ", "d ", "e ", "f ", "g ", "h ", "i ", "j ", "k ", "l ", "m ", "n ", "o ", "p ")));
        handler = handlerWith(Retrievals.of(Retrievals.MOCKING)).model(model(), "openai:fake").build();
        RecordingListener events = new RecordingListener();

        AskHandle handle = handler.ask("how do I mock?", List.of(), events);
        assertThat(events.awaitFirstDelta(WAIT)).isTrue();
        handle.cancel();

        assertThat(server.awaitClientAbort(WAIT)).as("upstream connection closed").isTrue();
        int seen = events.events().size();
        Thread.sleep(300);
        assertThat(events.events()).hasSize(seen);
        assertThat(events.names()).doesNotContain("done", "error");
        assertThat(handle.isDone()).isTrue();
        assertThat(handle.completion()).failsWithin(WAIT).withThrowableThat()
                .havingRootCause().isInstanceOf(java.util.concurrent.CancellationException.class);
    }

    @Test
    void ask_modelReturns500_errorEventWithoutKey() throws Exception {
        server = FakeOpenAiServer.start(new ServerError(500));
        handler = handlerWith(Retrievals.of(Retrievals.MOCKING)).model(model(), "openai:fake").build();

        RecordingListener events = ask("how do I mock?");

        assertThat(events.names()).containsExactly("sources", "error");
        String message = ((AskEvent.Failed) events.last()).message();
        assertThat(message).contains("500").doesNotContain(KEY).doesNotContain("sk-");
        assertThat(errors).isNotEmpty();
    }

    @Test
    void ask_connectionDroppedMidStream_errorEvent() throws Exception {
        server = FakeOpenAiServer.start(new DropsMidStream("Use ", "vi."));
        handler = handlerWith(Retrievals.of(Retrievals.MOCKING)).model(model(), "openai:fake").build();

        RecordingListener events = ask("how do I mock?");

        assertThat(events.names().getFirst()).isEqualTo("sources");
        assertThat(events.names().getLast()).isEqualTo("error");
        assertThat(((AskEvent.Failed) events.last()).message()).doesNotContain(KEY);
    }

    @Test
    void ask_malformedChunk_endsWithOneTerminalEvent() throws Exception {
        server = FakeOpenAiServer.start(new MalformedChunks());
        handler = handlerWith(Retrievals.of(Retrievals.MOCKING)).model(model(), "openai:fake").build();

        RecordingListener events = ask("how do I mock?");
        Thread.sleep(200);

        assertThat(events.names().getFirst()).isEqualTo("sources");
        assertThat(events.names().stream().filter(n -> n.equals("done") || n.equals("error"))).hasSize(1);
    }

    @Test
    void ask_inventedCitation_isNotReportedButFlagged() throws Exception {
        server = FakeOpenAiServer.start(new StreamTokens("Use vi.mock [1][7], see also [2, 9]."));
        handler = handlerWith(Retrievals.of(Retrievals.MOCKING, Retrievals.TIMERS)).model(model(), "openai:fake").build();

        Answer a = ask("how do I mock?").answer();

        assertThat(a.citations()).containsExactly(1, 2);
        assertThat(a.invalidCitations()).containsExactly(7, 9);
        assertThat(a.citedSources()).extracting(s -> s.url()).containsExactly(Retrievals.MOCKING.url(),
                Retrievals.TIMERS.url());
    }

    @Test
    void ask_followUpWithHistory_rewritesQuestionBeforeRetrieval() throws Exception {
        server = FakeOpenAiServer.start(new InTurn(new StreamTokens("How do I mock timers in Vitest?"),
                new StreamTokens("Call vi.useFakeTimers [1].")));
        List<String> retrieved = new ArrayList<>();
        handler = AskHandler.builder().finder((q, o) -> {
            retrieved.add(q);
            return Retrievals.of(Retrievals.TIMERS);
        }, "hash-1", true).siteName("Vitest").model(model(), "openai:fake").build();

        Answer a = handler.ask("and timers?", List.of(Turn.user("how do I mock a module?"),
                Turn.assistant("Use vi.mock [1].")));

        assertThat(server.requests()).isEqualTo(2);
        assertThat(server.requestBodies().getFirst()).contains("<conversation>").contains("how do I mock a module?");
        assertThat(retrieved).containsExactly("How do I mock timers in Vitest?");
        assertThat(a.standaloneQuestion()).isEqualTo("How do I mock timers in Vitest?");
        assertThat(a.question()).isEqualTo("and timers?");
        assertThat(a.usage()).isEqualTo(new Usage(200, 2));
    }

    @Test
    void ask_followUpWithRewriteOff_retrievesQuestionAsAsked() throws Exception {
        server = FakeOpenAiServer.start(new StreamTokens("Call vi.useFakeTimers [1]."));
        List<String> retrieved = new ArrayList<>();
        handler = AskHandler.builder().finder((q, o) -> {
            retrieved.add(q);
            return Retrievals.of(Retrievals.TIMERS);
        }, "hash-1", true).model(model(), "openai:fake").rewriteFollowUps(false).build();

        handler.ask("and timers?", List.of(Turn.user("how do I mock a module?")));

        assertThat(server.requests()).isEqualTo(1);
        assertThat(retrieved).containsExactly("and timers?");
    }

    @Test
    void ask_followUpWithoutModel_noRewrite() {
        List<String> retrieved = new ArrayList<>();
        handler = AskHandler.builder().finder((q, o) -> {
            retrieved.add(q);
            return Retrievals.of(Retrievals.TIMERS);
        }, "hash-1", true).build();

        handler.ask("and timers?", List.of(Turn.user("how do I mock a module?")));

        assertThat(retrieved).containsExactly("and timers?");
    }

    @Test
    void ask_noModel_extractiveAnswerQuotesSourcesWithCitations() {
        handler = handlerWith(Retrievals.of(Retrievals.CONFIG, Retrievals.TIMERS)).build();

        Answer a = handler.ask("how do I use fake timers?");

        assertThat(a.model()).isEqualTo("extractive");
        assertThat(a.text()).startsWith("Quoted from the Vitest docs").contains("vi.useFakeTimers").contains("[2]");
        assertThat(a.citations()).contains(2);
        assertThat(a.usage()).isNull();
    }

    @Test
    void ask_retrievalThrows_errorEvent() throws Exception {
        handler = AskHandler.builder().finder((q, o) -> {
            throw new IllegalStateException("index closed");
        }, "h", true).onError(errors::add).build();

        RecordingListener events = ask("how?");

        assertThat(events.names()).containsExactly("error");
        assertThat(errors).singleElement().isInstanceOf(IllegalStateException.class);
    }

    @Test
    void ask_blockingWhenModelFails_throwsAskException() {
        server = FakeOpenAiServer.start(new ServerError(500));
        handler = handlerWith(Retrievals.of(Retrievals.MOCKING)).model(model(), "openai:fake").build();

        assertThatThrownBy(() -> handler.ask("how do I mock?")).isInstanceOf(AskException.class).hasMessageContaining("500");
    }

    @Test
    void ask_blankQuestion_isRejected() {
        handler = handlerWith(Retrievals.nothing()).build();

        assertThatThrownBy(() -> handler.ask("  ")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("question is empty");
    }

    @Test
    void ask_listenerThrows_answerIsCancelledAndReported() throws Exception {
        server = FakeOpenAiServer.start(new SlowTokens(Duration.ofMillis(100), List.of("a ", "b ", "c ", "d ", "e ",
                "f ", "g ", "h ", "i ", "j ")));
        handler = handlerWith(Retrievals.of(Retrievals.MOCKING)).model(model(), "openai:fake").build();

        AskHandle handle = handler.ask("how?", List.of(), e -> {
            if (e instanceof AskEvent.Delta) {
                throw new IllegalStateException("client went away");
            }
        });

        assertThat(server.awaitClientAbort(WAIT)).isTrue();
        assertThat(handle.isDone()).isTrue();
        assertThat(errors).anyMatch(e -> e.getMessage().equals("client went away"));
    }

    @Test
    void build_withoutRetriever_failsClearly() {
        assertThatThrownBy(() -> AskHandler.builder().build()).hasMessageContaining("retriever");
    }
}
