package dev.docask.mcp;

import dev.docask.testsupport.TestIndexes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

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
