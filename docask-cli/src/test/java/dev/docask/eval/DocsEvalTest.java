package dev.docask.eval;

import dev.docask.index.DocIndex;
import dev.docask.ingest.Chunk;
import dev.docask.retrieve.HybridRetriever;
import dev.docask.embed.Embedders;
import dev.docask.testsupport.TestIndexes;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static dev.docask.testsupport.TestIndexes.chunk;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class DocsEvalTest {
    @TempDir
    Path dir;
    DocIndex index;
    HybridRetriever retriever;

    static final List<Chunk> SITE = List.of(
            chunk("https://t.dev/config/retry#retry", "retry", "retry",
                    "Retry the test a given number of times when it fails. Useful for flaky tests in CI."),
            chunk("https://t.dev/guide/mocking#modules", "Mocking", "Mocking › Modules",
                    "Use vi.mock to replace a module with a factory that returns fake exports."),
            chunk("https://t.dev/guide/snapshot#update", "Snapshot", "Snapshot › Updating snapshots",
                    "Obsolete snapshots are reported; run with update to rewrite snapshot files."),
            chunk("https://t.dev/config/timeout#testtimeout", "testTimeout", "testTimeout",
                    "Default timeout of a test in milliseconds; set it with the CLI flag or in the config."));

    @BeforeEach
    void build() {
        index = TestIndexes.build(dir.resolve("idx"), "mock", SITE);
        retriever = HybridRetriever.create(index, Embedders.fromSpec("mock"));
    }

    @AfterEach
    void close() {
        index.close();
    }

    static Question q(String id, String text, String url) {
        return Question.answerable(id, text, List.of(url), List.of());
    }

    @Test
    void run_realIndex_findsExpectedPagesAndTurnsAwayOfftopic() {
        List<Question> qs = List.of(
                q("a1", "how do I retry flaky tests", "https://t.dev/config/retry"),
                q("a2", "mock a module with vi.mock", "https://t.dev/guide/mocking"),
                Question.answerable("a3", "obsolete snapshots", List.of(), List.of("docs/guide/snapshot.md")),
                Question.offTopic("o1", "what is the capital of Canada"));
        DocsReport r = DocsEval.run(retriever::retrieve, qs, Strategies.select(List.of("hybrid", "topn"), List.of()),
                6, false);
        DocsMetrics hybrid = r.strategies().get("hybrid");
        assertThat(r.answerable()).isEqualTo(3);
        assertThat(r.offtopic()).isEqualTo(1);
        assertThat(hybrid.recallAtK()).isEqualTo(1.0);
        assertThat(hybrid.hitAt1()).isEqualTo(1.0);
        assertThat(hybrid.offtopicPassed()).isZero();
        assertThat(r.missesOf()).isEqualTo("hybrid");
        assertThat(r.misses()).isEmpty();
    }

    @Test
    void run_topn_letsOfftopicThroughAndListsItAsMiss() {
        List<Question> qs = List.of(Question.offTopic("o1", "timeout of my pizza delivery"));
        DocsReport r = DocsEval.run(retriever::retrieve, qs, Strategies.select(List.of("topn"), List.of()), 6, false);
        assertThat(r.strategies().get("topn").offtopicPassed()).isEqualTo(1.0);
        assertThat(r.misses()).singleElement().satisfies(m -> assertThat(m.got()).isNotEmpty());
    }

    @Test
    void run_wrongExpectation_isMissWithWhatWasFound() {
        List<Question> qs = List.of(q("a1", "how do I retry flaky tests", "https://t.dev/elsewhere"));
        DocsReport r = DocsEval.run(retriever::retrieve, qs, Strategies.select(List.of("hybrid"), List.of()), 6, false);
        assertThat(r.strategies().get("hybrid").recallAtK()).isZero();
        assertThat(r.misses()).singleElement().satisfies(m -> {
            assertThat(m.expected()).containsExactly("https://t.dev/elsewhere");
            assertThat(m.got()).contains("https://t.dev/config/retry#retry");
        });
    }

    @Test
    void run_long_asksLongQuestion() {
        Question q = Question.answerable("a1", "zzz", List.of("https://t.dev/config/retry"), List.of())
                .withLongQuestion("how do I retry flaky tests");
        List<Strategy> hybrid = Strategies.select(List.of("hybrid"), List.of());
        assertThat(DocsEval.run(retriever::retrieve, List.of(q), hybrid, 6, true).strategies().get("hybrid").recallAtK())
                .isEqualTo(1.0);
        assertThat(DocsEval.run(retriever::retrieve, List.of(q), hybrid, 6, false).strategies().get("hybrid").recallAtK())
                .isZero();
    }

    @Test
    void run_kBelowOne_rejected() {
        assertThatThrownBy(() -> DocsEval.run(retriever::retrieve, List.of(), Strategies.select(List.of(), List.of()),
                0, false)).hasMessageContaining("--k");
    }
}
