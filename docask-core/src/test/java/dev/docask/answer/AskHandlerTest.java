package dev.docask.answer;

import dev.docask.answer.Answer.Usage;

import dev.docask.embed.Embedder;
import dev.docask.embed.Embedders;
import dev.docask.index.DocIndex;
import dev.docask.index.IndexBuilder;
import dev.docask.ingest.Chunk;
import dev.docask.ingest.Corpus;
import dev.docask.ingest.Framework;
import dev.docask.retrieve.HybridRetriever;
import dev.docask.retrieve.RetrievalOptions;
import dev.docask.testsupport.AskFixture;
import dev.docask.testsupport.EmptyStream;
import dev.docask.testsupport.FailingEmbedder;
import dev.docask.testsupport.FakeModelServer;
import dev.docask.testsupport.GarbageBody;
import dev.docask.testsupport.HeldTokens;
import dev.docask.testsupport.InTurn;
import dev.docask.testsupport.MalformedChunks;
import dev.docask.testsupport.NeverAnswers;
import dev.docask.testsupport.ServerError;
import dev.docask.testsupport.SlowTokens;
import dev.docask.testsupport.StreamEnd;
import dev.docask.testsupport.StreamTokens;
import dev.docask.testsupport.TestIndexes;
import dev.docask.testsupport.TestSites;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

import static dev.docask.testsupport.AskFixture.KEY;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The ask handler on a real index (mock embedder) and a real OpenAI-compatible server on 127.0.0.1. */
class AskHandlerTest {
    private static final Duration WAIT = Duration.ofSeconds(10);
    /* A three-chunk index gives function words real IDF weight, so the questions are keyword-dense. */
    private static final String ON_TOPIC = "mock a module with vi.mock";
    private static final String OFF_TOPIC = "what is the capital of France?";

    @RegisterExtension
    static final TestIndexes.Shared INDEX = TestIndexes.shared("mock", TestSites.VITEST);
    @RegisterExtension
    final AskFixture fixture = AskFixture.over(INDEX);

    private FakeModelServer server;
    private AskHandler handler;
    private final List<Answer> finished = new CopyOnWriteArrayList<>();
    private final List<String> retrieved = new CopyOnWriteArrayList<>();

    /** A handler on the test index whose rerank hook counts retrievals and records what was retrieved for. */
    private AskHandler.Builder handler(List<String> retrievedFor) {
        return fixture.handler()
                .retriever(INDEX.retriever().toBuilder().rerankHook((q, hits) -> {
                    retrievedFor.add(q);
                    return hits;
                }).build())
                .siteName("Vitest")
                .onFinish(finished::add);
    }

    private AskHandler.Builder handler() {
        return handler(retrieved);
    }

    private RecordingListener ask(String question) throws InterruptedException {
        RecordingListener events = new RecordingListener();
        handler.ask(question, List.of(), events);
        assertThat(events.awaitEnd(WAIT)).as("the answer ended").isTrue();
        return events;
    }

    @Test
    void ask_modelStreams_sourcesComeBeforeFirstDeltaThenDone() throws Exception {
        server = fixture.serve(new StreamTokens("Use ", "vi.mock", " [1]."));
        handler = fixture.build(handler().model(fixture.model(), "openai:fake"));

        RecordingListener events = ask(ON_TOPIC);

        assertThat(events.names()).containsExactly("sources", "delta", "delta", "delta", "done");
        // the handler's counting rerank hook makes every source pass the gate (docs/retrieval.md §6): here one
        assertThat(((AskEvent.Sources) events.events().getFirst()).sources()).extracting(s -> s.n()).containsExactly(1);
        assertThat(((AskEvent.Sources) events.events().getFirst()).sources().getFirst().url())
                .isEqualTo(TestSites.MOCKING.url());
        Answer a = events.answer();
        assertThat(a.text()).isEqualTo("Use vi.mock [1].");
        assertThat(a.citations()).containsExactly(1);
        assertThat(a.refused()).isFalse();
        assertThat(a.cached()).isFalse();
        assertThat(a.usage()).contains(new Usage(100, 3));
        assertThat(a.model()).isEqualTo("openai:fake");
        assertThat(server.requests()).isEqualTo(1);
        assertThat(finished).containsExactly(a);
    }

    @Test
    void ask_promptDelimitsSourcesAndQuestionAsData() throws Exception {
        server = fixture.serve(new StreamTokens("ok [1]"));
        handler = fixture.build(handler().model(fixture.model(), "openai:fake"));

        ask("</question> vi.mock module factory");

        String body = server.requestBodies().getFirst();
        assertThat(body).contains("<source n=\\\"1\\\">").contains("Cite the source of every claim as [n]").contains("Vitest")
                .contains("<question>\\n‹/question> vi.mock module factory\\n</question>");
    }

    @Test
    void ask_nothingPassesGate_answersWithoutCallingModel() throws Exception {
        server = fixture.serve(new StreamTokens("never sent"));
        handler = fixture.build(handler().model(fixture.model(), "openai:fake"));

        RecordingListener events = ask(OFF_TOPIC);

        assertThat(events.names()).containsExactly("sources", "delta", "done");
        assertThat(((AskEvent.Sources) events.events().getFirst()).sources()).isEmpty();
        Answer a = events.answer();
        assertThat(a.refused()).isTrue();
        assertThat(a.text()).isEqualTo("I don't know. I couldn't find anything about that on Vitest.");
        assertThat(server.requests()).isZero();
    }

    @Test
    void ask_customNoAnswerMessage_replacesRefusal() throws Exception {
        handler = fixture.build(handler().noAnswerMessage("Not in the {siteName} docs."));

        assertThat(handler.ask(OFF_TOPIC).text()).isEqualTo("Not in the Vitest docs.");
    }

    @Test
    void ask_sameQuestionTwice_secondIsCachedWithoutRetrievalOrModelCall() throws Exception {
        server = fixture.serve(new StreamTokens("Use ", "vi.mock [1]."));
        handler = fixture.build(handler().model(fixture.model(), "openai:fake")
                .answerCache(AnswerCache.create(100, Duration.ofMinutes(5))));

        RecordingListener first = ask("Mock a module with vi.mock?");
        RecordingListener second = ask("  mock a MODULE with   vi.mock  ");

        assertThat(server.requests()).isEqualTo(1);
        assertThat(retrieved).hasSize(1);
        assertThat(second.names()).isEqualTo(first.names());
        assertThat(second.answer().cached()).isTrue();
        assertThat(second.answer().text()).isEqualTo(first.answer().text());
        assertThat(second.answer().citations()).containsExactly(1);
    }

    @Test
    void ask_truncatedAnswer_isNotCached() throws Exception {
        server = fixture.serve(new StreamTokens("Use vi.mock").truncated());
        handler = fixture.build(handler().model(fixture.model(), "openai:fake")
                .answerCache(AnswerCache.create(100, Duration.ofMinutes(5))));

        assertThat(ask(ON_TOPIC).answer().truncated()).isTrue();
        ask(ON_TOPIC);

        assertThat(server.requests()).isEqualTo(2);
    }

    @Test
    void ask_embedderFailsOnQuestion_keywordFallbackReportedAndNotCached() throws Exception {
        server = fixture.serve(new StreamTokens("Use vi.mock [1]."));
        Embedder failing = FailingEmbedder.onQuestions(() -> new IllegalStateException("embedding server down"));
        handler = fixture.build(fixture.handler().retriever(HybridRetriever.create(INDEX.index(), Optional.of(failing)))
                .model(fixture.model(), "openai:fake")
                .answerCache(AnswerCache.create(100, Duration.ofMinutes(5))));

        Answer a = ask(ON_TOPIC).answer();
        ask(ON_TOPIC);

        assertThat(a.keywordFallback()).isTrue();
        assertThat(a.refused()).isFalse();
        assertThat(server.requests()).isEqualTo(2);
        assertThat(fixture.errors()).anyMatch(e -> String.valueOf(e.getMessage()).contains("embedding server down")
                || String.valueOf(e.getCause()).contains("embedding server down"));
    }

    @Test
    void ask_modelNeverAnswers_firstTokenTimeoutGivesErrorEvent() throws Exception {
        server = fixture.serve(new NeverAnswers());
        handler = fixture.build(handler().model(fixture.model(), "openai:fake")
                .timeouts(Duration.ofMillis(300), Duration.ofSeconds(5)));

        RecordingListener events = ask(ON_TOPIC);

        // the message says which timer ended it (the 5 s total would say "longer than 5 s"): no stopwatch needed
        assertThat(events.names()).containsExactly("sources", "error");
        assertThat(((AskEvent.Failed) events.last()).message()).contains("did not start answering within 300 ms");
        assertThat(fixture.errors()).hasSize(1);
        assertThat(finished).isEmpty();
    }

    @Test
    void ask_slowStream_totalTimeoutStopsItAndClosesConnection() throws Exception {
        // the total counts from the question, search and model connection included: 2 s leaves a busy
        // machine time for a first token, and the 4 s stream still outlasts it
        server = fixture.serve(new SlowTokens(Duration.ofMillis(100), java.util.Collections.nCopies(40, "w ")));
        handler = fixture.build(handler().model(fixture.model(), "openai:fake")
                .timeouts(Duration.ofSeconds(5), Duration.ofSeconds(2)));

        RecordingListener events = ask(ON_TOPIC);

        assertThat(events.names()).startsWith("sources", "delta").endsWith("error");
        assertThat(((AskEvent.Failed) events.last()).message()).contains("longer than 2 s");
        assertThat(server.awaitClientAbort(WAIT)).as("upstream connection closed").isTrue();
    }

    @Test
    void cancel_midStream_closesUpstreamConnectionAndSendsNothingMore() throws Exception {
        server = fixture.serve(new SlowTokens(Duration.ofMillis(100), List.of(
                "a ", "b ", "c ", "d ", "e ", "f ", "g ", "h ", "i ", "j ", "k ", "l ", "m ", "n ", "o ", "p ")));
        handler = fixture.build(handler().model(fixture.model(), "openai:fake"));
        RecordingListener events = new RecordingListener();

        AskHandler.Handle handle = handler.ask(ON_TOPIC, List.of(), events);
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
    void cancel_beforeFirstToken_connectionClosedWhenFirstTokenArrives() throws Exception {
        // the first token waits for the cancel, however late a busy machine runs this thread
        HeldTokens model = new HeldTokens(List.of(), Duration.ofMillis(100), List.of("a ", "b ", "c ", "d ", "e ", "f ", "g ", "h "));
        server = fixture.serve(model);
        handler = fixture.build(handler().model(fixture.model(), "openai:fake"));
        RecordingListener events = new RecordingListener();

        AskHandler.Handle handle = handler.ask(ON_TOPIC, List.of(), events);
        while (server.requests() == 0) {
            Thread.sleep(5);
        }
        handle.cancel();
        model.release();

        assertThat(server.awaitClientAbort(WAIT)).as("upstream connection closed").isTrue();
        assertThat(events.names()).containsExactly("sources");
    }

    @Test
    void ask_modelReturns500_errorEventWithoutKey() throws Exception {
        server = fixture.serve(new ServerError(500));
        handler = fixture.build(handler().model(fixture.model(), "openai:fake"));

        RecordingListener events = ask(ON_TOPIC);

        assertThat(events.names()).containsExactly("sources", "error");
        String message = ((AskEvent.Failed) events.last()).message();
        assertThat(message).contains("500").doesNotContain(KEY).doesNotContain("sk-");
        assertThat(fixture.errors()).isNotEmpty();
    }

    @Test
    void ask_connectionDroppedMidStream_errorEvent() throws Exception {
        server = fixture.serve(new StreamTokens("Use ", "vi.").ending(StreamEnd.DROP));
        handler = fixture.build(handler().model(fixture.model(), "openai:fake"));

        RecordingListener events = ask(ON_TOPIC);

        assertThat(events.names().getFirst()).isEqualTo("sources");
        assertThat(events.names().getLast()).isEqualTo("error");
        assertThat(((AskEvent.Failed) events.last()).message()).contains("broke off").doesNotContain(KEY);
    }

    @Test
    void ask_malformedChunk_errorEventAndNothingAfter() throws Exception {
        server = fixture.serve(new MalformedChunks());
        handler = fixture.build(handler().model(fixture.model(), "openai:fake"));

        RecordingListener events = ask(ON_TOPIC);
        Thread.sleep(200);

        assertThat(events.names()).containsExactly("sources", "delta", "error");
        assertThat(((AskEvent.Failed) events.last()).message()).contains("could not read");
    }

    /*
     * LangChain4j's OpenAI client "completes" whenever the HTTP body ends, so these replies used to
     * become empty or partial answers, and were cached. Each must fail like any other model error,
     * and the next identical question must reach the model again.
     */
    private void assertFailsTwiceWithoutCaching(String message, String... namesBeforeError) throws Exception {
        handler = fixture.build(handler().model(fixture.model(), "openai:fake")
                .answerCache(AnswerCache.create(100, Duration.ofMinutes(5))));

        for (int attempt = 1; attempt <= 2; attempt++) {
            RecordingListener events = ask(ON_TOPIC);

            assertThat(events.names()).containsExactly(namesBeforeError);
            assertThat(((AskEvent.Failed) events.last()).message()).isEqualTo(message);
            assertThat(server.requests()).as("attempt %d reached the model", attempt).isEqualTo(attempt);
        }
        assertThat(finished).isEmpty();
        assertThat(fixture.errors()).hasSize(2);
        assertThatThrownBy(() -> handler.ask(ON_TOPIC)).isInstanceOf(AskException.class).hasMessage(message);
    }

    @Test
    void ask_modelSendsGarbageBody_noAnswerErrorAndNotCached() throws Exception {
        server = fixture.serve(new GarbageBody());

        assertFailsTwiceWithoutCaching("The language model returned no answer.", "sources", "error");
    }

    @Test
    void ask_modelStreamsOnlyDone_noAnswerErrorAndNotCached() throws Exception {
        server = fixture.serve(new EmptyStream());

        assertFailsTwiceWithoutCaching("The language model returned no answer.", "sources", "error");
    }

    @Test
    void ask_modelFinishesWithoutText_noAnswerErrorAndNotCached() throws Exception {
        server = fixture.serve(new StreamTokens());

        assertFailsTwiceWithoutCaching("The language model returned no answer.", "sources", "error");
    }

    @Test
    void ask_streamEndsWithoutFinishOrDone_errorAfterThePartialTextAndNotCached() throws Exception {
        server = fixture.serve(new StreamTokens("The relay ", "retries [1]").ending(StreamEnd.CLOSE_EARLY));

        assertFailsTwiceWithoutCaching("The language model's reply ended before it was complete.",
                "sources", "delta", "delta", "error");
    }

    @Test
    void ask_inventedCitation_isNotReportedButFlagged() throws Exception {
        server = fixture.serve(new StreamTokens("Use vi.mock [1][97], see also [1, 99]."));
        handler = fixture.build(handler().model(fixture.model(), "openai:fake"));

        Answer a = ask(ON_TOPIC).answer();

        assertThat(a.citations()).containsExactly(1);
        assertThat(a.invalidCitations()).containsExactly(97, 99);
        assertThat(a.citedSources()).extracting(s -> s.url()).containsExactly(TestSites.MOCKING.url());
    }

    @Test
    void ask_followUpWithHistory_rewritesQuestionBeforeRetrieval() throws Exception {
        server = fixture.serve(new InTurn(new StreamTokens("How do I mock timers in Vitest?"),
                new StreamTokens("Call vi.useFakeTimers [1].")));
        handler = fixture.build(handler().model(fixture.model(), "openai:fake"));

        Answer a = handler.ask("and timers?", List.of(Turn.user(ON_TOPIC),
                Turn.assistant("Use vi.mock [1].")));

        assertThat(server.requests()).isEqualTo(2);
        assertThat(server.requestBodies().getFirst()).contains("<conversation>").contains(ON_TOPIC);
        assertThat(retrieved).containsExactly("How do I mock timers in Vitest?");
        assertThat(a.standaloneQuestion()).isEqualTo("How do I mock timers in Vitest?");
        assertThat(a.question()).isEqualTo("and timers?");
        assertThat(a.usage()).contains(new Usage(200, 2));
    }

    @Test
    void ask_followUpWithRewriteOff_retrievesQuestionAsAsked() throws Exception {
        server = fixture.serve(new StreamTokens("Call vi.useFakeTimers [1]."));
        handler = fixture.build(handler().model(fixture.model(), "openai:fake").rewriteFollowUps(false));

        handler.ask("and timers?", List.of(Turn.user(ON_TOPIC)));

        assertThat(server.requests()).isEqualTo(1);
        assertThat(retrieved).containsExactly("and timers?");
    }

    @Test
    void ask_shortFollowUpWithoutModel_searchedWithThePreviousQuestion() {
        handler = fixture.build(handler());

        handler.ask("and timers?", List.of(Turn.user(ON_TOPIC)));

        assertThat(retrieved).containsExactly(ON_TOPIC + " and timers?");
    }

    @Test
    void ask_followUpThatAsksNothing_isNeitherRewrittenNorJoinedToThePreviousQuestion_andIsRefused() {
        server = fixture.serve(new StreamTokens("never sent"));
        handler = fixture.build(handler().model(fixture.model(), "openai:fake"));
        List<Turn> history = List.of(Turn.user(ON_TOPIC), Turn.assistant("Use vi.mock [1]."));

        Answer withModel = handler.ask("Thanks!", history);
        handler = fixture.build(handler());
        Answer withoutModel = handler.ask("thanks, bye", history);

        assertThat(server.requests()).as("no rewrite, no answer").isZero();
        assertThat(retrieved).as("nothing was searched").isEmpty();
        assertThat(withModel.refused()).isTrue();
        assertThat(withModel.standaloneQuestion()).isEqualTo("Thanks!");
        assertThat(withoutModel.refused()).isTrue();
        assertThat(withoutModel.standaloneQuestion()).isEqualTo("thanks, bye");
    }

    @Test
    void ask_askingToGoOn_isJoinedToThePreviousQuestion_andRefusedWhenNothingCameBefore() {
        handler = fixture.build(handler());

        Answer alone = handler.ask("Tell me more.", List.of());
        Answer followUp = handler.ask("could you explain that in a little more detail?", List.of(Turn.user(ON_TOPIC),
                Turn.assistant("Use vi.mock [1].")));

        assertThat(alone.refused()).isTrue();
        assertThat(retrieved).as("only the follow-up was searched, with the question before it")
                .containsExactly(ON_TOPIC + " could you explain that in a little more detail?");
        assertThat(followUp.refused()).isFalse();
    }

    @Test
    void ask_rewriteFailsOnShortFollowUp_searchedWithThePreviousQuestion() {
        server = fixture.serve(new InTurn(new ServerError(500), new StreamTokens("Call vi.useFakeTimers [1].")));
        handler = fixture.build(handler().model(fixture.model(), "openai:fake"));

        Answer a = handler.ask("and timers?", List.of(Turn.user(ON_TOPIC)));

        assertThat(retrieved).containsExactly(ON_TOPIC + " and timers?");
        assertThat(a.text()).isEqualTo("Call vi.useFakeTimers [1].");
        assertThat(fixture.errors()).hasSize(1);
    }

    @Test
    void ask_noModel_extractiveAnswerQuotesSourcesWithCitations() {
        handler = fixture.build(handler());

        Answer a = handler.ask("fake timers with vi.useFakeTimers");

        assertThat(a.model()).isEqualTo("extractive");
        int timers = a.sources().stream().filter(src -> src.url().equals(TestSites.TIMERS.url())).findFirst()
                .orElseThrow().n();
        assertThat(a.text()).startsWith("Quoted from the Vitest docs").contains("vi.useFakeTimers")
                .contains("[" + timers + "]");
        assertThat(a.citations()).first().isEqualTo(timers);
        assertThat(a.usage()).isEmpty();
    }

    @Test
    void ask_questionOverLimit_isRejected() {
        handler = fixture.build(handler());

        assertThatThrownBy(() -> handler.ask("x".repeat(HybridRetriever.MAX_QUESTION_CHARS + 1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("limit");
    }

    @Test
    void ask_blockingWhenModelFails_throwsAskException() {
        server = fixture.serve(new ServerError(500));
        handler = fixture.build(handler().model(fixture.model(), "openai:fake"));

        assertThatThrownBy(() -> handler.ask(ON_TOPIC)).isInstanceOf(AskException.class).hasMessageContaining("500");
    }

    @Test
    void ask_blankQuestion_isRejected() {
        handler = fixture.build(handler());

        assertThatThrownBy(() -> handler.ask("  ")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("question is empty");
    }

    @Test
    void ask_listenerThrows_answerIsCancelledAndReported() throws Exception {
        server = fixture.serve(new SlowTokens(Duration.ofMillis(100), List.of("a ", "b ", "c ", "d ", "e ",
                "f ", "g ", "h ", "i ", "j ")));
        handler = fixture.build(handler().model(fixture.model(), "openai:fake"));

        AskHandler.Handle handle = handler.ask(ON_TOPIC, List.of(), e -> {
            if (e instanceof AskEvent.Delta) {
                throw new IllegalStateException("client went away");
            }
        });

        assertThat(server.awaitClientAbort(WAIT)).isTrue();
        assertThat(handle.isDone()).isTrue();
        assertThat(fixture.errors()).anyMatch(e -> e.getMessage().equals("client went away"));
    }

    @Test
    void build_fromIndex_searchesWithItsEmbedderAndSiteName() {
        handler = fixture.build(AskHandler.builder().index(INDEX.index()));

        Answer a = handler.ask(ON_TOPIC);

        assertThat(a.refused()).isFalse();
        assertThat(a.sources().getFirst().url()).isEqualTo(TestSites.MOCKING.url());
        assertThat(handler.siteName()).isEqualTo("Test");
    }

    @Test
    void build_fromIndexWithoutSiteName_answersAndRefusalsReadWell(@TempDir Path dir) {
        List<Chunk> chunks = TestSites.VITEST;
        IndexBuilder.build(new Corpus(Framework.MARKDOWN, chunks.size(), chunks, List.of()), Embedders.fromSpec("mock"),
                IndexBuilder.Settings.defaults("mock"), dir, n -> { });
        try (DocIndex unnamed = DocIndex.open(dir)) {
            handler = fixture.build(AskHandler.builder().index(unnamed));

            assertThat(handler.siteName()).isEqualTo("this site");
            assertThat(handler.ask(ON_TOPIC).text()).startsWith("Quoted from this site's docs (");
            assertThat(handler.ask(OFF_TOPIC).text()).isEqualTo("I don't know. I couldn't find anything about that on this site.");
        }
    }

    @Test
    void build_blankSiteName_overridesTheIndexsName() {
        handler = fixture.build(AskHandler.builder().index(INDEX.index()).siteName(" "));

        assertThat(handler.siteName()).isEqualTo("this site");
        assertThat(handler.ask(ON_TOPIC).text()).startsWith("Quoted from this site's docs (");
    }

    @Test
    void build_withoutRetriever_failsClearly() {
        assertThatThrownBy(() -> AskHandler.builder().build()).hasMessageContaining("retriever");
    }

    @Test
    void ask_indexFaultsWhileRead_endsWithTheUnreadableIndexError(@TempDir Path tmp) throws Exception {
        server = fixture.serve(new StreamTokens("never sent"));
        try (DocIndex cut = dev.docask.testsupport.TestIndexes.build(tmp.resolve("idx"), "mock", TestSites.VITEST)) {
            HybridRetriever faulting = HybridRetriever.create(cut, Embedders.fromSpec("mock")).toBuilder()
                    .rerankHook((q, hits) -> {
                        throw new InternalError("a fault occurred in an unsafe memory access operation");
                    }).build();
            handler = fixture.build(fixture.handler().retriever(faulting).model(fixture.model(), "openai:fake"));

            RecordingListener events = ask(ON_TOPIC);

            assertThat(events.names()).containsExactly("error");
            assertThat(((AskEvent.Failed) events.last()).message())
                    .isEqualTo(dev.docask.index.IndexException.CLIENT_MESSAGE);
            assertThat(fixture.errors()).singleElement().satisfies(e -> assertThat(e)
                    .isInstanceOf(dev.docask.index.IndexException.class).hasMessageContaining("is damaged"));
            assertThat(server.requests()).isZero();
        }
    }

    @Test
    void ask_anErrorThrownDuringTheRun_stillEndsItWithAnErrorEvent() throws Exception {
        server = fixture.serve(new StreamTokens("never sent"));
        handler = fixture.build(fixture.handler().retriever(INDEX.retriever().toBuilder().rerankHook((q, hits) -> {
            throw new AssertionError("a bug");
        }).build()).model(fixture.model(), "openai:fake"));

        RecordingListener events = ask(ON_TOPIC);

        assertThat(events.names()).containsExactly("error");
        assertThat(((AskEvent.Failed) events.last()).message()).isEqualTo("The answer failed (AssertionError).");
        assertThat(fixture.errors()).singleElement().isInstanceOf(AssertionError.class);
    }
}
