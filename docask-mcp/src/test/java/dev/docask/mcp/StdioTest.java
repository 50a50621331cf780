package dev.docask.mcp;

import dev.docask.testsupport.TestIndexes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static dev.docask.testsupport.TestIndexes.chunk;
import static org.assertj.core.api.Assertions.assertThat;

/** {@link DocsMcp#serveStdio} in this process: what a client writes, and the lines it gets back. */
@Timeout(60)
class StdioTest {
    @RegisterExtension
    static final TestIndexes.Shared INDEX = TestIndexes.shared("mock",
            List.of(chunk("https://x.dev/guide/intro", "Intro", "Intro", "The intro explains gizmos.")));

    private static List<String> serve(byte[] input) throws InterruptedException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        DocsMcp.builder(INDEX.retriever()).siteName("X").build().serveStdio(new ByteArrayInputStream(input), out);
        return out.toString(StandardCharsets.UTF_8).lines().toList();
    }

    private static final String INITIALIZE = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{"
            + "\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}";

    /** serveStdio on pipes the test keeps open, as an agent keeps stdin open: lines sent, and the lines answered. */
    private static final class Session implements AutoCloseable {
        private final PipedOutputStream in;
        private final BlockingQueue<String> out = new LinkedBlockingQueue<>();
        private final Thread serving;

        Session() throws IOException {
            PipedInputStream stdin = new PipedInputStream(1 << 16);
            in = new PipedOutputStream(stdin);
            OutputStream stdout = new OutputStream() {
                private final ByteArrayOutputStream line = new ByteArrayOutputStream();

                @Override
                public synchronized void write(int b) {
                    if (b == '\n') {
                        out.add(line.toString(StandardCharsets.UTF_8));
                        line.reset();
                    } else {
                        line.write(b);
                    }
                }
            };
            DocsMcp mcp = DocsMcp.builder(INDEX.retriever()).siteName("X").build();
            serving = Thread.ofPlatform().daemon().start(() -> {
                try {
                    mcp.serveStdio(stdin, stdout);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
        }

        void send(String line) throws IOException {
            in.write((line + "\n").getBytes(StandardCharsets.UTF_8));
            in.flush();
        }

        /** The next line written, or null when none comes within 10 s. */
        String next() throws InterruptedException {
            return out.poll(10, TimeUnit.SECONDS);
        }

        @Override
        public void close() throws Exception {
            in.close();
            serving.join(60_000);
        }
    }

    @Test
    void serveStdio_aPingBeforeInitialize_isAnsweredWithAnEmptyResult_asMcpAllowsAPingAtAnyTime() throws Exception {
        try (Session s = new Session()) {
            s.send("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"ping\"}");
            assertThat(s.next()).isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":7,\"result\":{}}");

            s.send(INITIALIZE);
            assertThat(s.next()).startsWith("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{");
            s.send("{\"jsonrpc\":\"2.0\",\"id\":\"p\",\"method\":\"ping\",\"params\":{}}");
            assertThat(s.next()).as("before notifications/initialized").isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":\"p\",\"result\":{}}");

            s.send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
            s.send("{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"ping\"}");
            assertThat(s.next()).as("the SDK's, once initialized").isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":8,\"result\":{}}");
        }
    }

    @Test
    void serveStdio_aRequestBeforeInitialize_isAnInvalidRequestSayingToInitializeFirst_andNotificationsGetNoAnswer() throws Exception {
        try (Session s = new Session()) {
            s.send("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/list\"}");
            assertThat(s.next()).isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":3,\"error\":{\"code\":-32600,\"message\":\"Invalid"
                    + " Request: 'tools/list' came before 'initialize': send initialize first, then notifications/initialized,"
                    + " then the other requests.\"}}");

            s.send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
            s.send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":3}}");
            s.send("{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"ping\"}");
            assertThat(s.next()).as("nothing for the notifications: the next line is the ping's")
                    .isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":4,\"result\":{}}");

            s.send(INITIALIZE);
            assertThat(s.next()).startsWith("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{");
            s.send("{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"tools/list\"}");
            assertThat(s.next()).startsWith("{\"jsonrpc\":\"2.0\",\"id\":5,\"result\":{").contains("search_docs");
        }
    }

    @Test
    void serveStdio_aByteOrderMarkBeforeTheFirstLine_andCrLfLineEnds_areRead() throws Exception {
        String lines = "\uFEFF{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\","
                + "\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}\r\n"
                + "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\r\n"
                + "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"list_pages\",\"arguments\":{}}}\r\n";

        List<String> answers = serve(lines.getBytes(StandardCharsets.UTF_8));

        assertThat(answers).hasSize(2);
        assertThat(answers.get(0)).startsWith("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{").contains("\"name\":\"docask\"");
        assertThat(answers.get(1)).startsWith("{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{").contains("https://x.dev/guide/intro");
    }

    @Test
    void serveStdio_aLineOverOneMebibyte_isAnsweredWithAnInvalidRequest_andTheNextLineIsRead() throws Exception {
        // a well-formed ping, 2 MiB long: without the cap it would be read whole and answered as a ping
        String huge = "{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"ping\",\"params\":{\"pad\":\"" + "x".repeat(2 << 20) + "\"}}\n";
        String lines = huge + "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\","
                + "\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}\n";

        List<String> answers = serve(lines.getBytes(StandardCharsets.UTF_8));

        assertThat(answers).hasSize(2);
        assertThat(answers.get(0)).as("the id was never kept: null, as for a line that cannot be read").isEqualTo(
                "{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32600,\"message\":\"Invalid Request: the line is over "
                        + StdioLines.MAX_LINE_BYTES + " bytes (1 MiB), the longest message this server reads; it was skipped\"}}");
        assertThat(answers.get(1)).startsWith("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{").contains("\"name\":\"docask\"");
    }

    @Test
    void maxLineBytes_isTheDefaultLimitOfAnHttpBody() {
        assertThat(StdioLines.MAX_LINE_BYTES).isEqualTo(dev.docask.answer.internal.JsonBodies.DEFAULT_MAX_BYTES);
    }

    @Test
    void serveStdio_aLineAtTheLimit_isRead() throws Exception {
        String head = "{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"tools/list\",\"params\":{\"pad\":\"";
        String tail = "\"}}";
        String line = head + "x".repeat(StdioLines.MAX_LINE_BYTES - head.length() - tail.length()) + tail;

        String initialize = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\","
                + "\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}\r\n";

        List<String> answers = serve((initialize + line + "\r\n").getBytes(StandardCharsets.UTF_8));

        assertThat(answers).hasSize(2);
        assertThat(answers.get(1)).startsWith("{\"jsonrpc\":\"2.0\",\"id\":9,\"result\":{").contains("search_docs");
    }
}
