package dev.docask.cli;

import dev.docask.testsupport.TestIndexes;
import dev.docask.testsupport.TestSites;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static dev.docask.cli.CliRun.run;
import static org.assertj.core.api.Assertions.assertThat;

/** {@code docask mcp} in a child process, driven by the SDK's own stdio client; and {@code index --llms-txt}. */
class McpCommandTest {
    @TempDir
    static Path tmp;
    static Path index;
    static Path site;

    @BeforeAll
    static void buildIndex() {
        index = tmp.resolve("idx");
        site = tmp.resolve("static");
        CliRun r = run("index", TestSites.samples().toString(), "--out", index.toString(), "--base-url",
                TestSites.SAMPLES_BASE_URL, "--embedder", "mock", "--llms-txt", site.toString(), "-q");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("Wrote " + site.resolve("llms.txt") + " and " + site.resolve("llms-full.txt"));
    }

    /** The command line that starts {@code docask mcp} on this test's class path. */
    static List<String> docaskMcp(String... extra) {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "-Xmx256m", "-XX:TieredStopAtLevel=1", Main.class.getName(), "mcp", "--index",
                index.toString()));
        cmd.addAll(List.of(extra));
        return cmd;
    }

    static String text(CallToolResult r) {
        return ((McpSchema.TextContent) r.content().get(0)).text();
    }

    @Test
    void mcpOverStdio_initializeListAndCallEachTool() {
        List<String> cmd = docaskMcp();
        ServerParameters params = ServerParameters.builder(cmd.get(0)).args(cmd.subList(1, cmd.size())).build();
        StdioClientTransport transport = new StdioClientTransport(params, new JacksonMcpJsonMapper(new ObjectMapper()));
        try (McpSyncClient client = McpClient.sync(transport).requestTimeout(Duration.ofSeconds(20))
                .initializationTimeout(Duration.ofSeconds(30)).build()) {
            client.initialize();
            assertThat(client.listTools().tools()).extracting(McpSchema.Tool::name)
                    .containsExactlyInAnyOrder("search_docs", "fetch_page", "list_pages");

            CallToolResult found = client.callTool(new McpSchema.CallToolRequest("search_docs",
                    Map.of("query", "What options does createRelayHandler accept?", "topK", 2)));
            assertThat(text(found)).contains("[1] ", "https://docs.quayside.dev/api/create-relay-handler");

            // not "best …": the mock embedder's hashed words put "best" next to the now separately cited
            // "quayside send-test" section (cosine 0.218 over its 0.2 floor), a mock artifact (docs/quality.md)
            CallToolResult offTopic = client.callTool(new McpSchema.CallToolRequest("search_docs",
                    Map.of("query", "sourdough bread recipe")));
            assertThat(text(offTopic)).startsWith("Nothing on Quayside is relevant to that.");

            CallToolResult page = client.callTool(new McpSchema.CallToolRequest("fetch_page",
                    Map.of("url", "https://docs.quayside.dev/guides/retries#anything")));
            assertThat(text(page)).startsWith("# ").contains("Source: https://docs.quayside.dev/guides/retries\n");

            CallToolResult unknown = client.callTool(new McpSchema.CallToolRequest("fetch_page", Map.of("url", "/guides/retry")));
            assertThat(unknown.isError()).isTrue();
            assertThat(text(unknown)).contains("The closest known pages:\n- ").contains("https://docs.quayside.dev/guides/retries");

            CallToolResult pages = client.callTool(new McpSchema.CallToolRequest("list_pages", Map.of("prefix", "/guides/")));
            assertThat(text(pages)).startsWith("Pages 1–5 of 5 under https://docs.quayside.dev/guides/:");

            CallToolResult bad = client.callTool(new McpSchema.CallToolRequest("list_pages", Map.of("cursor", "nonsense!")));
            assertThat(bad.isError()).isTrue();
            assertThat(text(bad)).startsWith("list_pages: the cursor is not one list_pages gave");
        }
    }

    @Test
    void bareJava_withTheVectorModule_writesNoLuceneInfoLinesToStderr() throws Exception {
        // as 'java --add-modules jdk.incubator.vector -jar docask.jar', without the launcher's logging file
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--add-modules", "jdk.incubator.vector", "--enable-native-access=ALL-UNNAMED", // as the jar's manifest
                "-cp", System.getProperty("java.class.path"), "-Xmx256m", Main.class.getName(), "search", "--index", index.toString(),
                "What options does createRelayHandler accept?"));
        Process p = new ProcessBuilder(cmd).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(err).isZero();
        assertThat(err).doesNotContain("INFO").doesNotContain("org.apache.lucene");
        assertThat(err.strip()).as("the JVM's own note on incubator modules alone").isEqualTo(
                "WARNING: Using incubator modules: jdk.incubator.vector");
    }

    @Test
    void mcpOverStdio_writesOnlyProtocolToStdout_answersGarbageWithAnError_andAnswersBeforeExitingWhenStdinCloses() throws Exception {
        Process p = new ProcessBuilder(docaskMcp()).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        try {
            OutputStream in = p.getOutputStream();
            in.write(("not json at all\n{\"jsonrpc\":\"2.0\",\"id\":7,\"params\":{}}\n{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                    + "\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}\n"
                    + "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n"
                    + "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"list_pages\",\"arguments\":{}}}\n")
                    .getBytes(StandardCharsets.UTF_8));
            in.close(); // everything sent, then the agent goes away: the call is still answered
            BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
            assertThat(out.readLine()).as("JSON-RPC's parse error, with a null id").isEqualTo(
                    "{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32700,\"message\":\"Parse error: the line is not JSON\"}}");
            assertThat(out.readLine()).as("JSON that is not a message: invalid request, with its id").startsWith(
                    "{\"jsonrpc\":\"2.0\",\"id\":7,\"error\":{\"code\":-32600,");
            assertThat(out.readLine()).startsWith("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{").contains("\"name\":\"docask\"");
            assertThat(out.readLine()).startsWith("{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{").contains("Pages 1–16 of 16");
            assertThat(p.waitFor(30, TimeUnit.SECONDS)).as("docask mcp exits when stdin closes").isTrue();
            assertThat(p.exitValue()).isZero();
            assertThat(out.readLine()).isNull();
        } finally {
            p.destroyForcibly();
        }
    }

    @Test
    void mcpOverStdio_toolsCallWithoutParams_isAnInvalidParamsError_withNoStackTrace() throws Exception {
        Path err = tmp.resolve("mcp-stderr.txt");
        Process p = new ProcessBuilder(docaskMcp()).redirectError(err.toFile()).start();
        try {
            OutputStream in = p.getOutputStream();
            in.write(("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                    + "\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}\n"
                    + "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n"
                    + "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\"}\n"
                    + "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":\"x\"}\n"
                    + "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"tools/call\",\"params\":{\"name\":\"search_docs\",\"arguments\":[1]}}\n")
                    .getBytes(StandardCharsets.UTF_8));
            in.close();
            BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
            assertThat(out.readLine()).startsWith("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{");
            for (int id = 2; id <= 4; id++) {
                assertThat(out.readLine()).startsWith("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"error\":{\"code\":-32602")
                        .doesNotContain("NullPointerException").doesNotContain("LinkedHashMap");
            }
            assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
            assertThat(Files.readString(err)).doesNotContain("NullPointerException").doesNotContain("\tat ");
        } finally {
            p.destroyForcibly();
        }
    }

    @Test
    void mcp_missingIndex_saysSoOnStderrAndExits1() {
        CliRun r = run("mcp", "--index", tmp.resolve("nope").toString());
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.out()).isEmpty();
        assertThat(r.err()).startsWith("docask mcp: ");
    }

    @Test
    void mcp_maxQueryCharsOutOfRange_isAUsageErrorNamingTheFlag_beforeTheIndexIsRead() {
        for (String bad : new String[] {"0", "8001"}) {
            CliRun r = run("mcp", "--index", tmp.resolve("nope").toString(), "--max-query-chars", bad);
            assertThat(r.code()).as(bad).isEqualTo(2);
            assertThat(r.err()).as(bad).startsWith("docask mcp: --max-query-chars must be between 1 and 8000, got " + bad + "\n");
        }
    }

    @Test
    void indexLlmsTxt_writesBothFilesFromTheNewIndex() throws Exception {
        String llms = Files.readString(site.resolve("llms.txt"));
        assertThat(llms).startsWith("# Quayside\n\n> ").contains("\n## ", "- [", "](https://docs.quayside.dev/guides/retries)");
        assertThat(Files.readString(site.resolve("llms-full.txt"))).contains("Source: https://docs.quayside.dev/guides/retries\n");
    }

    @Test
    void indexLlmsTxt_withCheck_isAUsageError() {
        CliRun r = run("index", TestSites.samples().toString(), "--out", index.toString(), "--check", "--llms-txt",
                tmp.resolve("x").toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("--llms-txt writes files and --check writes nothing");
    }

    @Test
    void mcpOverStdio_aClientThatSkipsInitialized_isAnswered_aPingBeforeInitializeToo_andARequestBeforeItIsRefusedWithoutAWait()
            throws Exception {
        Path err = tmp.resolve("mcp-stderr-lifecycle.txt");
        Process p = new ProcessBuilder(docaskMcp()).redirectError(err.toFile()).start();
        try {
            OutputStream in = p.getOutputStream();
            in.write(("{\"jsonrpc\":\"2.0\",\"id\":\"p\",\"method\":\"ping\"}\n"
                    + "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"tools/list\"}\n"
                    + "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                    + "\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}\n"
                    + "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}\n").getBytes(StandardCharsets.UTF_8));
            in.close();
            BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
            assertThat(out.readLine()).as("MCP allows a ping at any time").isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":\"p\",\"result\":{}}");
            assertThat(out.readLine()).as("an error, not silence").startsWith("{\"jsonrpc\":\"2.0\",\"id\":0,\"error\":{\"code\":-32600,")
                    .contains("came before 'initialize'");
            assertThat(out.readLine()).startsWith("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{");
            assertThat(out.readLine()).startsWith("{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{").contains("search_docs");
            assertThat(out.readLine()).as("the refused request is not waited for").isNull();
            assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
            assertThat(Files.readString(err)).contains("refused request 0 (tools/list): it came before 'initialize'");
        } finally {
            p.destroyForcibly();
        }
    }

    /** {@code docask mcp} run in this process, its stdin and stdout pipes of the test's, checking its index every 20 ms. */
    private record InProcess(Thread thread, OutputStream in, java.util.concurrent.BlockingQueue<String> out) implements AutoCloseable {
        static InProcess start(Path dir) throws Exception {
            java.util.concurrent.BlockingQueue<byte[]> sent = new java.util.concurrent.LinkedBlockingQueue<>();
            byte[] end = new byte[0];
            OutputStream in = new OutputStream() { // what the test writes, a line per write; close() is the end of input
                @Override
                public void write(int b) {
                    sent.add(new byte[] {(byte) b});
                }

                @Override
                public void write(byte[] b, int off, int len) {
                    sent.add(java.util.Arrays.copyOfRange(b, off, off + len));
                }

                @Override
                public void close() {
                    sent.add(end);
                }
            };
            InputStream stdin = new InputStream() {
                private byte[] chunk = new byte[0];
                private int pos;

                @Override
                public int read() throws java.io.IOException {
                    byte[] one = new byte[1];
                    return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
                }

                @Override
                public int read(byte[] b, int off, int len) throws java.io.IOException {
                    while (pos >= chunk.length) {
                        if (chunk == end) {
                            return -1;
                        }
                        try {
                            chunk = sent.take();
                        } catch (InterruptedException e) {
                            throw new java.io.InterruptedIOException();
                        }
                        pos = 0;
                    }
                    int n = Math.min(len, chunk.length - pos);
                    System.arraycopy(chunk, pos, b, off, n);
                    pos += n;
                    return n;
                }
            };
            java.util.concurrent.BlockingQueue<String> lines = new java.util.concurrent.LinkedBlockingQueue<>();
            McpCommand command = new McpCommand();
            command.stdin = stdin;
            command.stdout = new OutputStream() {
                private final java.io.ByteArrayOutputStream line = new java.io.ByteArrayOutputStream();

                @Override
                public synchronized void write(int b) {
                    if (b == '\n') {
                        lines.add(line.toString(StandardCharsets.UTF_8));
                        line.reset();
                    } else {
                        line.write(b);
                    }
                }
            };
            command.reloadInterval = Duration.ofMillis(20);
            Thread thread = Thread.ofVirtual().start(() -> CliRun.command(command, Map.of(), "--index", dir.toString()));
            return new InProcess(thread, in, lines);
        }

        /** Sends one line and waits (bounded) for the answer with that id. */
        String call(int id, String method, String params) throws Exception {
            in.write(("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"" + method + "\",\"params\":" + params + "}\n")
                    .getBytes(StandardCharsets.UTF_8));
            in.flush();
            String line = out.poll(30, TimeUnit.SECONDS);
            assertThat(line).as("the answer to request " + id).isNotNull().startsWith("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",");
            return line;
        }

        @Override
        public void close() throws Exception {
            in.close();
            thread.join(30_000);
        }
    }

    @Test
    void mcpOverStdio_aRebuiltIndex_isServedFromTheNextCall_withoutARestart() throws Exception {
        Path live = tmp.resolve("rebuilt");
        String retry = "https://x.dev/config/retry";
        TestIndexes.build(live, "mock", List.of(TestIndexes.chunk(retry, "Retry", "",
                "The retry option sets how many times a failing test is run again."))).close();
        try (InProcess mcp = InProcess.start(live)) {
            mcp.call(1, "initialize", "{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},"
                    + "\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}");
            String fetch = "{\"name\":\"fetch_page\",\"arguments\":{\"url\":\"" + retry + "\"}}";
            assertThat(mcp.call(2, "tools/call", fetch)).contains("how many times a failing test is run again")
                    .doesNotContain("flaky");

            TestIndexes.build(live, "mock", List.of(TestIndexes.chunk(retry, "Retry", "",
                    "The retry option reruns flaky tests; set it to 2 in CI."))).close(); // docask index into the folder

            // the command checks the folder every 20 ms; a busy machine may take longer, so ask until it has (bounded)
            String page = "";
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            for (int id = 3; !page.contains("flaky") && System.nanoTime() < deadline; id++) {
                if (id > 3) {
                    Thread.sleep(20); // paces the calls only: what ends the loop is the new generation, or the deadline
                }
                page = mcp.call(id, "tools/call", fetch);
            }
            assertThat(page).as("the new generation, without a restart").contains("reruns flaky tests")
                    .doesNotContain("how many times");
        }
    }
}
