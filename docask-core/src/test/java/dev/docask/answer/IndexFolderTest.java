package dev.docask.answer;

import dev.docask.index.IndexException;
import dev.docask.ingest.Chunk;
import dev.docask.testsupport.TestIndexes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static dev.docask.testsupport.TestIndexes.chunk;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** An index folder followed across rebuilds, as a long-running program uses it without Spring. */
class IndexFolderTest {
    @TempDir
    Path dir;

    private static final List<Chunk> FIRST = List.of(
            chunk("https://x.dev/retry", "Retry", "", "The retry option sets how many times a failing test is run again."),
            chunk("https://x.dev/watch", "Watch", "", "Run the runner with --watch to rerun tests when files change."));
    private static final List<Chunk> SECOND = List.of(
            chunk("https://x.dev/retry", "Retry", "", "The retry option sets how many times a failing test is run again."),
            chunk("https://x.dev/timeout", "Timeout", "", "The testTimeout option sets how long one test may run."));

    private void publish(List<Chunk> chunks) {
        TestIndexes.build(dir, "mock", chunks).close();
    }

    @Test
    void open_answersFromTheFolder_andARebuildIsAnsweredFrom_withoutReopening() {
        publish(FIRST);
        try (IndexFolder docs = IndexFolder.builder(dir).reloadInterval(Duration.ofHours(1)).build()) {
            String first = docs.generation();
            assertThat(docs.chunks()).isEqualTo(2);
            assertThat(docs.ask("How long may one test run with testTimeout?").sources()).extracting(s -> s.url())
                    .doesNotContain("https://x.dev/timeout");

            publish(SECOND);
            assertThat(docs.reloadNow()).isTrue();

            assertThat(docs.generation()).isNotEqualTo(first);
            Answer a = docs.ask("How long may one test run with testTimeout?");
            assertThat(a.refused()).isFalse();
            assertThat(a.sources().getFirst().url()).isEqualTo("https://x.dev/timeout");
            assertThat(docs.retrieve("testTimeout").sources()).extracting(s -> s.url()).contains("https://x.dev/timeout");
        }
    }

    @Test
    void aStreamedAnswer_keepsTheGenerationItStartedOn_whileARebuildIsSwappedIn() throws Exception {
        publish(FIRST);
        try (IndexFolder docs = IndexFolder.builder(dir).reloadInterval(Duration.ofHours(1)).build()) {
            CountDownLatch sourcesSeen = new CountDownLatch(1);
            CountDownLatch goOn = new CountDownLatch(1);
            AskHandler.Handle handle = docs.ask("How do I retry a failing test?", List.of(), event -> {
                if (event instanceof AskEvent.Sources) {
                    sourcesSeen.countDown();
                    try {
                        goOn.await(10, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
            });
            assertThat(sourcesSeen.await(10, TimeUnit.SECONDS)).isTrue();
            publish(SECOND);
            assertThat(docs.reloadNow()).isTrue(); // the old generation stays open for the running answer
            goOn.countDown();
            Answer a = handle.completion().get(10, TimeUnit.SECONDS);
            assertThat(a.refused()).isFalse();
            assertThat(a.text()).contains("retry option");
        }
    }

    @Test
    void aFolderWithoutAnIndex_isAnIndexExceptionNamingIt_andANegativeIntervalIsRefused() {
        assertThatThrownBy(() -> IndexFolder.open(dir.resolve("none"))).isInstanceOf(IndexException.class)
                .hasMessageContaining(dir.resolve("none").toString());
        assertThatThrownBy(() -> IndexFolder.builder(dir).reloadInterval(Duration.ofSeconds(-1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("reloadInterval");
    }

    @Test
    void useAfterClose_isAnIllegalStateNamingTheFolder_andCloseTwiceIsQuiet() {
        publish(FIRST);
        IndexFolder docs = IndexFolder.builder(dir).reloadInterval(Duration.ofHours(1)).build();
        docs.close();
        docs.close();

        for (org.assertj.core.api.ThrowableAssert.ThrowingCallable call : List.<org.assertj.core.api.ThrowableAssert.ThrowingCallable>of(
                () -> docs.ask("How do I retry a test?"), () -> docs.retrieve("retry"), docs::chunks, docs::manifest,
                docs::generation, docs::reloadNow,
                () -> docs.ask("How do I retry a test?", List.of(), event -> { }))) {
            assertThatThrownBy(call).isInstanceOf(IllegalStateException.class)
                    .hasMessage("the index folder " + dir + " is closed");
        }
    }

    @Test
    void theBuildersFactories_makeEachGenerationsHandler() {
        publish(FIRST);
        try (IndexFolder docs = IndexFolder.builder(dir).reloadInterval(Duration.ofHours(1))
                .answers(r -> AskHandler.builder().retriever(r).noAnswerMessage("Not in our docs.").build()).build()) {
            assertThat(docs.ask("What is the capital of Canada?").text()).isEqualTo("Not in our docs.");
            publish(SECOND);
            docs.reloadNow();
            assertThat(docs.ask("What is the capital of Canada?").text()).isEqualTo("Not in our docs.");
        }
    }
}
