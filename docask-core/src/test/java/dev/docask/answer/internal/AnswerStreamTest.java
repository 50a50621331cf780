package dev.docask.answer.internal;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.docask.answer.AskHandler;
import dev.docask.testsupport.AskFixture;
import dev.docask.testsupport.FakeModelServer;
import dev.docask.testsupport.StreamEnd;
import dev.docask.testsupport.TestIndexes;
import dev.docask.testsupport.TestSites;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.IOException;
import java.io.OutputStream;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/** The streamed answer's buffer between the model and a client that does not read. */
class AnswerStreamTest {
    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final ObjectMapper JSON = new ObjectMapper();

    @RegisterExtension
    static final TestIndexes.Shared INDEX = TestIndexes.shared("mock", TestSites.VITEST);
    @RegisterExtension
    final AskFixture fixture = AskFixture.over(INDEX);

    /** A client that never reads: after the first bytes every write blocks, until the connection is cut. */
    private static final class NeverReads extends OutputStream {
        private final CountDownLatch cut = new CountDownLatch(1);
        private int written;

        @Override
        public void write(int b) throws IOException {
            write(new byte[]{(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            if (written > 4096) {
                try {
                    cut.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                throw new IOException("connection cut off");
            }
            written += len;
        }

        void cutOff() {
            cut.countDown();
        }
    }

    @Test
    void writeTo_clientNeverReadsTenMegabyteAnswer_queueStaysBoundedAndModelIsStopped() throws Exception {
        AtomicInteger sent = new AtomicInteger();
        FakeModelServer server = fixture.serve(exchange -> {
            exchange.startAnswer();
            String piece = "z".repeat(999) + " ";
            for (int i = 0; i < 10_000; i++) { // 10 MB, whatever max_tokens said
                exchange.sendToken(piece);
                sent.incrementAndGet();
            }
            exchange.endAnswer(StreamEnd.COMPLETE);
        });
        AskHandler handler = fixture.build(fixture.handler().model(fixture.model(), "openai:fake")
                .maxOutputTokens(10_000_000)); // only the stream's buffer stands in the way
        AnswerStream stream = new AnswerStream(JSON, AnswerMeters.NONE, (id, a) -> { }, Duration.ofMillis(200));
        NeverReads client = new NeverReads();
        int limit = 64 * 1024;

        AnswerStream.Run run = stream.start(handler, AskRequest.from(JSON.readTree(
                "{\"question\":\"mock a module with vi.mock\"}"), 500), "gen", client::cutOff, limit, ending -> { }, tokens -> { });
        Thread writer = Thread.ofVirtual().start(() -> {
            try {
                run.writeTo(client);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });

        assertThat(writer.join(WAIT)).as("the writer ended once the client was cut off").isTrue();
        assertThat(server.awaitClientAbort(WAIT)).as("the model stream was stopped").isTrue();
        assertThat(run.peakQueuedChars()).isPositive().isLessThanOrEqualTo(limit);
        assertThat(sent.get()).as("pieces the model got out of 10,000").isLessThan(10_000);
        assertThat(fixture.errors()).anySatisfy(e -> assertThat(e).hasMessageContaining("stopped reading"));
    }
}
