package dev.docask.server;

import dev.docask.answer.AskHandler;
import dev.docask.testsupport.FakeModelServer;
import dev.docask.testsupport.StreamEnd;
import dev.docask.testsupport.Wire;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A model writing 10 MB per answer to clients that never read: each stream's buffer stays bounded,
 * the model streams are stopped and the clients cut off, and the server keeps serving.
 */
class AskRouteBackpressureTest {
    private static final int CLIENTS = 5;
    private static final int PIECES = 10_000; // of 1,000 characters: 10 MB per answer

    @TempDir
    Path dir;

    @Test
    void ask_clientsNeverReadTenMegabyteAnswers_modelStreamsStoppedAndClientsCutOff() throws Exception {
        AtomicInteger sent = new AtomicInteger();
        try (FakeModelServer fake = FakeModelServer.start(Wire.OPENAI, exchange -> {
            exchange.startAnswer();
            String piece = "w".repeat(999) + " ";
            for (int i = 0; i < PIECES; i++) {
                exchange.sendToken(piece);
                sent.incrementAndGet();
            }
            exchange.endAnswer(StreamEnd.COMPLETE);
        });
             DocaskServer server = DocaskServer.builder().indexDir(Docs.build(dir.resolve("idx"))).port(0)
                     .rateLimit(RateLimit.OFF).answers(r -> AskHandler.builder().retriever(r)
                             .model(fake.openAiModel("sk-test"), "openai:fake")
                             .maxOutputTokens(10_000_000) // a model that ignores its cap: only the buffer bounds it
                             .timeouts(Duration.ofSeconds(20), Duration.ofSeconds(120)).build())
                     .build().start()) {
            URI base = URI.create(server.url());
            byte[] body = "{\"question\":\"how do I mock a module?\"}".getBytes(StandardCharsets.UTF_8);
            List<Socket> clients = new ArrayList<>();
            try {
                for (int i = 0; i < CLIENTS; i++) {
                    Socket s = new Socket(base.getHost(), base.getPort());
                    s.setReceiveBufferSize(4096);
                    OutputStream out = s.getOutputStream();
                    out.write(("POST /api/ask HTTP/1.1\r\nHost: " + base.getHost() + "\r\nContent-Type: application/json"
                            + "\r\nContent-Length: " + body.length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
                    out.write(body);
                    out.flush();
                    clients.add(s); // and never read
                }
                long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
                while (fake.clientAborts() < CLIENTS && System.nanoTime() < deadline) {
                    Thread.sleep(50);
                }

                assertThat(fake.clientAborts()).as("model streams stopped").isEqualTo(CLIENTS);
                assertThat(sent.get()).as("pieces the model got out, of " + CLIENTS * PIECES)
                        .isLessThan(CLIENTS * PIECES * 4 / 5); // the rest of 10 MB each was never written
                for (Socket s : clients) {
                    assertThat(cutOff(s)).as("the client's connection was closed").isTrue();
                }
                assertThat(new Http(server.url()).get("/healthz").statusCode()).isEqualTo(200);
            } finally {
                for (Socket s : clients) {
                    s.close();
                }
            }
        }
    }

    /** Whether the server closed the connection: reading what it did send ends in end of stream or a reset. */
    private static boolean cutOff(Socket s) throws IOException {
        s.setSoTimeout(30_000);
        InputStream in = s.getInputStream();
        byte[] buf = new byte[65_536];
        try {
            while (in.read(buf) >= 0) {
                // drain what was written before the cut
            }
            return true;
        } catch (java.net.SocketTimeoutException stillOpen) {
            return false;
        } catch (IOException reset) {
            return true;
        }
    }
}
