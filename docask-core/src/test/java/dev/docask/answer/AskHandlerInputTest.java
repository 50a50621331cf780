package dev.docask.answer;

import dev.docask.index.DocIndex;
import dev.docask.retrieve.HybridRetriever;
import dev.docask.retrieve.RetrievalOptions;
import dev.docask.testsupport.AskFixture;
import dev.docask.testsupport.CapturedLog;
import dev.docask.testsupport.FailingEmbedder;
import dev.docask.testsupport.TestIndexes;
import dev.docask.testsupport.TestSites;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Level;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** What ask accepts (questions, conversations), follow-ups without a model, onError that fails or is not set, and a closed index. */
class AskHandlerInputTest {
    private static final String ON_TOPIC = "mock a module with vi.mock";

    @RegisterExtension
    static final TestIndexes.Shared INDEX = TestIndexes.shared("mock", TestSites.VITEST);
    @RegisterExtension
    final AskFixture fixture = AskFixture.over(INDEX);

    private final List<String> retrieved = new CopyOnWriteArrayList<>();
    private AskHandler handler;

    private AskHandler.Builder handler() {
        return fixture.handler().siteName("Vitest")
                .retriever(INDEX.retriever().toBuilder().rerankHook((q, hits) -> {
                    retrieved.add(q);
                    return hits;
                }).build());
    }

    @Test
    void ask_questionPaddedPastTheLimit_isStrippedFirst() {
        handler = fixture.build(handler());

        Answer a = handler.ask(" ".repeat(HybridRetriever.MAX_QUESTION_CHARS) + ON_TOPIC + "\n");

        assertThat(a.question()).isEqualTo(ON_TOPIC);
        assertThat(a.refused()).isFalse();
    }

    @Test
    void ask_nullHistoryOrTurn_namesWhatIsMissing() {
        handler = fixture.build(handler());

        assertThatThrownBy(() -> handler.ask(ON_TOPIC, null)).isInstanceOf(NullPointerException.class)
                .hasMessageContaining("history");
        assertThatThrownBy(() -> handler.ask(ON_TOPIC, Arrays.asList(Turn.user("x"), null)))
                .isInstanceOf(NullPointerException.class).hasMessageContaining("null turn");
        assertThatThrownBy(() -> handler.ask(ON_TOPIC, List.of(), null)).isInstanceOf(NullPointerException.class)
                .hasMessageContaining("listener");
        assertThatThrownBy(() -> Turn.user(null)).isInstanceOf(NullPointerException.class).hasMessageContaining("text");
    }

    @Test
    void ask_ellipticalFollowUpWithoutModel_searchesWithThePreviousQuestion() {
        handler = fixture.build(handler());
        List<Turn> history = List.of(Turn.user("how do I mock a module?"), Turn.assistant("Use vi.mock [1]."));

        Answer alone = handler.ask("and a default export?");
        retrieved.clear();
        Answer followUp = handler.ask("and a default export?", history);

        assertThat(alone.refused()).as("the follow-up alone names no subject").isTrue();
        assertThat(retrieved).containsExactly("how do I mock a module? and a default export?");
        assertThat(followUp.standaloneQuestion()).isEqualTo("how do I mock a module? and a default export?");
        assertThat(followUp.question()).isEqualTo("and a default export?");
        assertThat(followUp.sources().getFirst().url()).isEqualTo(TestSites.MOCKING.url());
    }

    @Test
    void ask_standaloneFollowUpWithoutModel_searchedAsAsked() {
        handler = fixture.build(handler());

        handler.ask("how do I control time with vi.useFakeTimers?", List.of(Turn.user(ON_TOPIC)));

        assertThat(retrieved).containsExactly("how do I control time with vi.useFakeTimers?");
    }

    /** The index's embedder, failing on every question with {@code message}. */
    private static HybridRetriever failingOnQuestions(String message) {
        return HybridRetriever.create(INDEX.index(), Optional.of(FailingEmbedder.onQuestions(() -> new IllegalStateException(message))));
    }

    @Test
    void ask_noOnError_eachFailureIsLoggedOnceAtWarning_keysMasked_andNotByTheRetrieverToo() {
        String key = "sk-proj-Abc123Def456Ghi789";
        handler = fixture.build(AskHandler.builder().retriever(failingOnQuestions("401 Incorrect API key provided: " + key)));
        try (CapturedLog answers = CapturedLog.of(AskHandler.class); CapturedLog retrieval = CapturedLog.of(HybridRetriever.class)) {
            Answer a = handler.ask(ON_TOPIC);

            assertThat(a.keywordFallback()).isTrue();
            assertThat(answers.at(Level.WARNING)).singleElement().satisfies(w -> {
                assertThat(w.getMessage()).startsWith("the embedder failed on the question; answering from keywords alone: "
                        + "401 Incorrect API key provided: ").doesNotContain(key).doesNotContain("\n");
                assertThat(w.getThrown()).isNull();
            });
            assertThat(answers.at(Level.FINE)).singleElement().satisfies(d -> assertThat(d.getThrown()).isNotNull());
            assertThat(retrieval.all()).isEmpty();
        }
    }

    @Test
    void ask_onErrorSet_replacesTheLog() {
        List<Throwable> heard = new CopyOnWriteArrayList<>();
        handler = fixture.build(AskHandler.builder().retriever(failingOnQuestions("model down")).onError(heard::add));
        try (CapturedLog answers = CapturedLog.of(AskHandler.class); CapturedLog retrieval = CapturedLog.of(HybridRetriever.class)) {
            handler.ask(ON_TOPIC);

            assertThat(heard).singleElement().satisfies(e -> assertThat(e).hasMessageContaining("model down"));
            assertThat(answers.all()).isEmpty();
            assertThat(retrieval.all()).isEmpty();
        }
    }

    @Test
    void ask_onErrorOnTheRetrieverOnly_isHeardThere_andNotLoggedAgainByTheHandler() {
        List<Throwable> heard = new CopyOnWriteArrayList<>();
        handler = fixture.build(AskHandler.builder().retriever(failingOnQuestions("model down").toBuilder().onError(heard::add).build()));
        try (CapturedLog answers = CapturedLog.of(AskHandler.class); CapturedLog retrieval = CapturedLog.of(HybridRetriever.class)) {
            assertThat(handler.ask(ON_TOPIC).keywordFallback()).isTrue();

            assertThat(heard).singleElement().satisfies(e -> assertThat(e).hasMessageContaining("model down"));
            assertThat(answers.all()).as("the program handles retrieval's failures: no second line in the log").isEmpty();
            assertThat(retrieval.all()).isEmpty();
        }
    }

    @Test
    void build_closedIndex_failsAtOnceSayingTheIndexIsClosed(@TempDir Path dir) {
        DocIndex closed = TestIndexes.build(dir.resolve("idx"), "mock", TestSites.VITEST);
        HybridRetriever retriever = HybridRetriever.create(closed);
        closed.close();

        for (AskHandler.Builder b : List.of(AskHandler.builder().index(closed), AskHandler.builder().retriever(retriever))) {
            assertThatThrownBy(b::build).isInstanceOf(IllegalStateException.class)
                    .hasMessage("the index in " + dir.resolve("idx") + " is closed");
        }
    }

    @Test
    void ask_onErrorThrowsOnRetrievalProblem_answerStillEnds() {
        List<Throwable> heard = new CopyOnWriteArrayList<>();
        handler = fixture.build(handler().retrieval(RetrievalOptions.builder().filter(Map.of("nope", "x")).build())
                .retriever(INDEX.retriever().toBuilder().onError(e -> {
                    heard.add(e);
                    throw new IllegalStateException("retrieval onError broke");
                }).build())
                .onError(e -> {
                    throw new IllegalStateException("onError broke");
                }));

        Answer a = handler.ask(ON_TOPIC);

        assertThat(a.refused()).isTrue();
        assertThat(heard).isNotEmpty();
    }
}
