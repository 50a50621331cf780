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
}
