package dev.docask.index;

import dev.docask.embed.Embedders;
import dev.docask.ingest.Chunk;
import dev.docask.ingest.Corpus;
import dev.docask.ingest.Framework;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static dev.docask.testsupport.TestIndexes.chunk;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class FolderLockTest {
    @TempDir
    Path dir;

    @Test
    void lock_heldByAnotherThread_aSecondWriterGivesUpNamingTheFolderAndThePid() throws Exception {
        try (ExecutorService other = Executors.newSingleThreadExecutor()) {
            CountDownLatch held = new CountDownLatch(1);
            CountDownLatch done = new CountDownLatch(1);
            Future<?> holder = other.submit(() -> {
                try (IndexBuilder.WriteLock lock = IndexBuilder.lock(dir, Duration.ZERO)) {
                    held.countDown();
                    done.await();
                }
                return null;
            });
            assertThat(held.await(10, TimeUnit.SECONDS)).isTrue();
            assertThatThrownBy(() -> IndexBuilder.lock(dir, Duration.ofMillis(200))).isInstanceOf(IndexException.class)
                    .hasMessageContaining("another docask index is writing " + dir)
                    .hasMessageContaining("(pid " + ProcessHandle.current().pid() + ")")
                    .satisfies(e -> assertThat(((IndexException) e).parameter()).contains("out"));
            assertThatThrownBy(() -> build(List.of(chunk("https://x.dev/a", "A", "", "alpha")), Duration.ZERO))
                    .hasMessageContaining("another docask index is writing");
            done.countDown();
            holder.get(10, TimeUnit.SECONDS);
        }
        IndexBuilder.lock(dir, Duration.ZERO).close(); // released: free at once
    }

    @Test
    void lock_releasedWhileASecondWriterWaits_theWaiterGetsIt() throws Exception {
        IndexBuilder.WriteLock first = IndexBuilder.lock(dir, Duration.ZERO);
        try (ExecutorService other = Executors.newSingleThreadExecutor()) {
            Future<?> waiter = other.submit(() -> {
                IndexBuilder.lock(dir, Duration.ofSeconds(20)).close();
                return null;
            });
            Thread.sleep(200);
            assertThat(waiter).isNotDone();
            first.close();
            waiter.get(20, TimeUnit.SECONDS);
        }
    }

    @Test
    void lock_heldByThisThread_aBuildIntoTheFolderRunsInsideIt() {
        try (IndexBuilder.WriteLock lock = IndexBuilder.lock(dir, Duration.ZERO)) {
            build(List.of(chunk("https://x.dev/a", "A", "", "alpha")), Duration.ZERO);
        }
        try (DocIndex index = DocIndex.open(dir)) {
            assertThat(index.size()).isEqualTo(1);
        }
    }

    @Test
    void lock_takenAgainByItsThreadAndThatHoldClosedTwice_theOuterHoldStillKeepsOthersOut() throws Exception {
        try (IndexBuilder.WriteLock outer = IndexBuilder.lock(dir, Duration.ZERO)) {
            IndexBuilder.WriteLock inner = IndexBuilder.lock(dir, Duration.ZERO);
            inner.close();
            inner.close();
            try (ExecutorService other = Executors.newSingleThreadExecutor()) {
                Future<?> tryIt = other.submit(() -> IndexBuilder.lock(dir, Duration.ZERO).close());
                assertThatThrownBy(() -> tryIt.get(10, TimeUnit.SECONDS))
                        .hasCauseInstanceOf(IndexException.class).hasMessageContaining("another docask index is writing");
            }
        }
    }

    @Test
    void lock_theLockFile_isNotAForeignFileForTheNextBuild() {
        IndexBuilder.lock(dir, Duration.ZERO).close();
        assertThat(dir.resolve(FolderLock.FILE)).exists();
        IndexBuilder.requireIndexFolder(dir);
    }

    @Test
    void lock_outputIsAFile_isRefusedBeforeLocking() throws Exception {
        Path file = Files.writeString(dir.resolve("notes.txt"), "keep");
        assertThatThrownBy(() -> IndexBuilder.lock(file, Duration.ZERO)).isInstanceOf(IndexException.class)
                .hasMessageContaining("is a file");
        assertThat(file).hasContent("keep");
    }

    @Test
    void build_threeConcurrentWritersForTwentyRounds_theFolderAlwaysOpens_andEachPublishesItsOwn() throws Exception {
        try (ExecutorService pool = Executors.newFixedThreadPool(3)) {
            for (int round = 0; round < 20; round++) {
                List<Future<IndexBuilder.BuildReport>> runs = new ArrayList<>();
                for (int w = 0; w < 3; w++) {
                    List<Chunk> chunks = List.of(chunk("https://x.dev/a", "A", "", "alpha round " + round + " writer " + w),
                            chunk("https://x.dev/b", "B", "", "beta " + w));
                    runs.add(pool.submit(() -> build(chunks, Duration.ofSeconds(60))));
                }
                for (Future<IndexBuilder.BuildReport> r : runs) {
                    assertThat(r.get(120, TimeUnit.SECONDS).manifest().chunks()).isEqualTo(2);
                }
                try (DocIndex index = DocIndex.open(dir)) {
                    assertThat(index.fallback()).isEmpty();
                    assertThat(index.chunk(0).text()).contains("alpha round " + round);
                }
            }
        }
    }

    private IndexBuilder.BuildReport build(List<Chunk> chunks, Duration wait) {
        try (IndexBuilder.WriteLock lock = IndexBuilder.lock(dir, wait)) {
            return IndexBuilder.build(new Corpus(Framework.MARKDOWN, chunks.size(), chunks, List.of()),
                    Embedders.fromSpec("mock"), IndexBuilder.Settings.defaults("mock"), dir, n -> { });
        }
    }
}
