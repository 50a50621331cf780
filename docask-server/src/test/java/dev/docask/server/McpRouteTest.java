package dev.docask.server;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** MCP over Streamable HTTP at /mcp: the SDK's own client against a real server on loopback. */
class McpRouteTest {
    @TempDir
    static Path dir;
    static DocaskServer server;
    static Http http;

    @BeforeAll
    static void start() {
        server = DocaskServer.builder().indexDir(Docs.build(dir.resolve("idx"))).port(0).siteName("X")
                .rateLimit(RateLimit.OFF).mcpRateLimit(RateLimit.OFF).build().start();
        http = new Http(server.url());
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    static McpSyncClient client(String url) {
        McpSyncClient client = McpClient.sync(HttpClientStreamableHttpTransport.builder(url).endpoint("/mcp").build())
                .requestTimeout(Duration.ofSeconds(10)).initializationTimeout(Duration.ofSeconds(10)).build();
        client.initialize();
        return client;
    }

    static final String ACCEPT = "application/json, text/event-stream";
    static final String INITIALIZE = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
            + "\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}";

    /** A new session's id, from a raw initialize. */
    static String newSession() {
        return http.post("/mcp", "application/json", INITIALIZE, "Accept", ACCEPT).headers().firstValue("Mcp-Session-Id").orElseThrow();
    }

    static String text(CallToolResult r) {
        return ((McpSchema.TextContent) r.content().get(0)).text();
    }

    @Test
    void mcp_requestTheTransportRefuses_getsAJsonRpcError_neverAStackTrace() {
        for (HttpResponse<String> r : List.of(http.get("/mcp", "Accept", "text/event-stream"),
                http.post("/mcp", "application/json", "zzz", "Accept", "application/json, text/event-stream"))) {
            assertThat(r.statusCode()).isEqualTo(400);
            assertThat(r.body()).startsWith("{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":")
                    .doesNotContain("stackTrace").doesNotContain("StreamReadFeature").hasSizeLessThan(400);
        }
    }

    @Test
    void mcp_bodyThatIsNotOneJsonRpcMessage_isAParseErrorOrAnInvalidRequest_asOverStdio_withoutJacksonsWords() {
        String session = newSession();
        String invalid = "{\"jsonrpc\":\"2.0\",\"id\":%s,\"error\":{\"code\":-32600,\"message\":\"Invalid Request: not a"
                + " JSON-RPC 2.0 request, notification or response\"}}";
        Map<String, String> answers = Map.of(
                "not json", "{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32700,\"message\":\"Parse error: the body"
                        + " is not JSON\"}}",
                "", "{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32700,\"message\":\"Parse error: the body is not JSON\"}}",
                "[{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"ping\"}]", invalid.formatted("null"),
                "{\"jsonrpc\":\"2.0\",\"id\":15}", invalid.formatted("15"));
        for (Map.Entry<String, String> e : answers.entrySet()) {
            HttpResponse<String> r = http.post("/mcp", "application/json", e.getKey(), "Accept", ACCEPT, "Mcp-Session-Id", session);
            assertThat(r.statusCode()).as(e.getKey()).isEqualTo(400);
            assertThat(r.body()).as(e.getKey()).isEqualTo(e.getValue());
        }
    }

    @Test
    void mcp_postWithoutTheAcceptTypes_is406NamingWhatIsMissing_notMethodNotFound() {
        String list = "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/list\"}";
        HttpResponse<String> none = http.post("/mcp", "application/json", list);
        HttpResponse<String> jsonOnly = http.post("/mcp", "application/json", list, "Accept", "application/json");

        assertThat(none.statusCode()).isEqualTo(406);
        assertThat(none.body()).isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":3,\"error\":{\"code\":-32600,\"message\":\"The Accept header"
                + " lacks application/json and text/event-stream (it was absent): MCP's Streamable HTTP asks for Accept:"
                + " application/json, text/event-stream.\"}}");
        assertThat(jsonOnly.statusCode()).isEqualTo(406);
        assertThat(jsonOnly.body()).contains("lacks text/event-stream (it was 'application/json')").doesNotContain("-32601");
    }

    @Test
    void mcp_postWithoutASession_is400SayingToInitializeFirst_notMethodNotFound() {
        HttpResponse<String> r = http.post("/mcp", "application/json", "{\"jsonrpc\":\"2.0\",\"id\":\"a\",\"method\":\"tools/list\"}",
                "Accept", "application/json, text/event-stream");

        assertThat(r.statusCode()).isEqualTo(400);
        assertThat(r.body()).isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":\"a\",\"error\":{\"code\":-32600,\"message\":\"The Mcp-Session-Id"
                + " header is missing: send initialize first, then the Mcp-Session-Id header of its answer with every later request.\"}}");
    }

    private static final String SESSION_GONE = "\"error\":{\"code\":-32600,\"message\":\"The session '%s' in Mcp-Session-Id is"
            + " unknown or has expired: send initialize again, without Mcp-Session-Id, and use the new session's id.\"}}";

    @Test
    void mcp_unknownSession_is404SayingToInitializeAgain_notTheSdksInternalError() {
        HttpResponse<String> post = http.post("/mcp", "application/json", "{\"jsonrpc\":\"2.0\",\"id\":\"a\",\"method\":\"tools/list\"}",
                "Accept", ACCEPT, "Mcp-Session-Id", "nope");
        HttpResponse<String> get = http.get("/mcp", "Accept", "text/event-stream", "Mcp-Session-Id", "nope");
        HttpResponse<String> delete = http.send(http.request("/mcp", "Mcp-Session-Id", "nope").DELETE().build());

        assertThat(post.statusCode()).isEqualTo(404);
        assertThat(post.headers().firstValue("Content-Type")).hasValueSatisfying(t -> assertThat(t).startsWith("application/json"));
        assertThat(post.body()).isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":\"a\"," + SESSION_GONE.formatted("nope"));
        for (HttpResponse<String> r : List.of(get, delete)) {
            assertThat(r.statusCode()).as(r.request().method()).isEqualTo(404);
            assertThat(r.body()).as(r.request().method()).isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":null," + SESSION_GONE.formatted("nope"));
        }
    }

    @Test
    void mcp_sessionEnded_is404SayingToInitializeAgain_andANewSessionWorks() {
        String session = newSession();
        assertThat(http.send(http.request("/mcp", "Mcp-Session-Id", session).DELETE().build()).statusCode()).isEqualTo(200);

        HttpResponse<String> ended = http.post("/mcp", "application/json", "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}",
                "Accept", ACCEPT, "Mcp-Session-Id", session);

        assertThat(ended.statusCode()).isEqualTo(404);
        assertThat(ended.body()).isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":2," + SESSION_GONE.formatted(session));
        assertThat(http.post("/mcp", "application/json", INITIALIZE, "Accept", ACCEPT).headers().firstValue("Mcp-Session-Id"))
                .as("initialize again").isPresent().isNotEqualTo(java.util.Optional.of(session));
    }

    @Test
    void mcp_aResponseToNoRequestOfTheServers_is400WithAnInvalidRequestWithoutId_notAnInternalError() {
        String session = newSession();
        http.post("/mcp", "application/json", "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}",
                "Accept", ACCEPT, "Mcp-Session-Id", session);
        String refused = "{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32600,\"message\":\"Invalid Request: no"
                + " request with id %s was sent in this session, so this response answers nothing; a client sends a response"
                + " only to a request of the server's.\"}}";
        Map<String, String> answers = Map.of(
                "{\"jsonrpc\":\"2.0\",\"id\":5,\"result\":{}}", refused.formatted("5"),
                "{\"jsonrpc\":\"2.0\",\"id\":\"s-1\",\"error\":{\"code\":-1,\"message\":\"no\"}}",
                refused.formatted("\\\"s-1\\\""));
        for (Map.Entry<String, String> e : answers.entrySet()) {
            HttpResponse<String> r = http.post("/mcp", "application/json", e.getKey(), "Accept", ACCEPT, "Mcp-Session-Id", session);
            assertThat(r.statusCode()).as(e.getKey()).isEqualTo(400);
            assertThat(r.body()).as(e.getKey()).isEqualTo(e.getValue());
        }
        HttpResponse<String> notification = http.post("/mcp", "application/json",
                "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":9}}",
                "Accept", ACCEPT, "Mcp-Session-Id", session);
        assertThat(notification.statusCode()).as("a notification is still accepted").isEqualTo(202);
        assertThat(notification.body()).isEmpty();
        assertThat(http.post("/mcp", "application/json", "{\"jsonrpc\":\"2.0\",\"id\":5,\"result\":{}}", "Accept", ACCEPT,
                "Mcp-Session-Id", "nope").statusCode()).as("an unknown session is still 404").isEqualTo(404);
    }

    @Test
    void mcp_unknownTool_isNamedInTheErrorMessage() {
        try (McpSyncClient client = client(server.url())) {
            assertThatThrownBy(() -> client.callTool(new McpSchema.CallToolRequest("serch_docs", Map.of("query", "mock"))))
                    .hasMessageContaining("Unknown tool: serch_docs. Did you mean search_docs? The tools are search_docs,"
                            + " fetch_page, list_pages.");
        }
    }

    @Test
    void mcp_toolsCallWithoutParams_isAnInvalidParamsErrorForItsId() {
        String session = newSession();
        http.post("/mcp", "application/json", "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}",
                "Accept", ACCEPT, "Mcp-Session-Id", session);

        HttpResponse<String> call = http.post("/mcp", "application/json", "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\"}",
                "Accept", ACCEPT, "Mcp-Session-Id", session);

        assertThat(call.body()).contains("\"id\":7").contains("\"code\":-32602")
                .contains("\"message\":\"tools/call without a tool name");
        HttpResponse<String> notAnObject = http.post("/mcp", "application/json", "{\"jsonrpc\":\"2.0\",\"id\":8,"
                + "\"method\":\"tools/call\",\"params\":{\"name\":\"search_docs\",\"arguments\":\"q\"}}",
                "Accept", ACCEPT, "Mcp-Session-Id", session);
        assertThat(notAnObject.body()).contains("\"id\":8").contains("\"code\":-32602")
                .contains("tools/call arguments that are not an object").doesNotContain("LinkedHashMap");
    }

    @Test
    void initialize_listsTheThreeToolsNamingTheSite() {
        try (McpSyncClient client = client(server.url())) {
            assertThat(client.getServerInfo().name()).isEqualTo("docask");
            List<McpSchema.Tool> tools = client.listTools().tools();
            assertThat(tools).extracting(McpSchema.Tool::name).containsExactlyInAnyOrder("search_docs", "fetch_page", "list_pages");
            assertThat(tools).allSatisfy(t -> assertThat(t.description()).contains("the X docs (https://x.dev)"));
        }
    }

    @Test
    void searchDocs_onTopic_returnsNumberedSourcesWithTheirText() {
        try (McpSyncClient client = client(server.url())) {
            CallToolResult r = client.callTool(new McpSchema.CallToolRequest("search_docs", Map.of("query", "how do I mock a module")));
            assertThat(r.isError()).isNotEqualTo(Boolean.TRUE);
            assertThat(text(r)).contains("[1] Mocking › vi.mock", "https://x.dev/guide/mocking#vi-mock", "Use vi.mock");
            Map<?, ?> json = (Map<?, ?>) r.structuredContent();
            assertThat(json.get("answerable")).isEqualTo(true);
            Map<?, ?> first = (Map<?, ?>) ((List<?>) json.get("sources")).get(0);
            assertThat(first.get("n")).isEqualTo(1);
            assertThat(first.get("url")).isEqualTo("https://x.dev/guide/mocking#vi-mock");
            assertThat((String) first.get("text")).startsWith("Use vi.mock");
        }
    }

    @Test
    void searchDocs_offTopic_saysNothingRelevantInsteadOfReturningChunks() {
        try (McpSyncClient client = client(server.url())) {
            CallToolResult r = client.callTool(new McpSchema.CallToolRequest("search_docs",
                    Map.of("query", "what is the capital of France")));
            assertThat(r.isError()).isNotEqualTo(Boolean.TRUE);
            assertThat(text(r)).startsWith("Nothing on X is relevant to that.").contains("keyword coverage");
            @SuppressWarnings("unchecked")
            Map<String, Object> json = (Map<String, Object>) r.structuredContent();
            assertThat(json.get("answerable")).isEqualTo(false);
            assertThat(json).containsKeys("best", "floors").doesNotContainKey("sources");
        }
    }

    @Test
    void badArguments_areToolErrorsWithAClearMessage_andTheSessionGoesOn() {
        try (McpSyncClient client = client(server.url())) {
            CallToolResult missing = client.callTool(new McpSchema.CallToolRequest("search_docs", Map.of()));
            assertThat(missing.isError()).isTrue();
            assertThat(text(missing)).isEqualTo("search_docs needs 'query': the question or the words to look for in the X docs.");
            CallToolResult zero = client.callTool(new McpSchema.CallToolRequest("search_docs", Map.of("query", "mock", "topK", 0)));
            assertThat(text(zero)).isEqualTo("search_docs: 'topK' must be a whole number from 1 to 20, got 0.");
            CallToolResult huge = client.callTool(new McpSchema.CallToolRequest("search_docs",
                    Map.of("query", "a".repeat(1_000_000))));
            assertThat(huge.isError()).isTrue();
            assertThat(text(huge)).startsWith("search_docs: 'query' is 1000000 characters long; the limit is 500.");
            CallToolResult unknown = client.callTool(new McpSchema.CallToolRequest("fetch_page",
                    Map.of("url", "https://x.dev/guide/mockin")));
            assertThat(unknown.isError()).isTrue();
            assertThat(text(unknown)).startsWith("No page at https://x.dev/guide/mockin on X. The closest known pages:\n"
                    + "- Mocking: https://x.dev/guide/mocking");
            assertThat(client.callTool(new McpSchema.CallToolRequest("list_pages", Map.of())).isError()).isNotEqualTo(Boolean.TRUE);
        }
    }

    @Test
    void fetchPage_knownPath_returnsTheMarkdownWithItsSectionsUrls() {
        try (McpSyncClient client = client(server.url())) {
            CallToolResult r = client.callTool(new McpSchema.CallToolRequest("fetch_page", Map.of("url", "/guide/cli")));
            assertThat(text(r)).startsWith("# Command line\n\nSource: https://x.dev/guide/cli\n")
                    .contains("- Watch: https://x.dev/guide/cli#watch", "## Watch\n\nRun the runner with --watch");
        }
    }

    @Test
    void listPages_returnsTitlesAndUrls() {
        try (McpSyncClient client = client(server.url())) {
            CallToolResult r = client.callTool(new McpSchema.CallToolRequest("list_pages", Map.of("prefix", "/guide/")));
            assertThat(text(r)).isEqualTo("Pages 1–2 of 2 under https://x.dev/guide/:\n"
                    + "- Command line: https://x.dev/guide/cli\n- Mocking: https://x.dev/guide/mocking\n");
        }
    }

    @Test
    void toolCalls_areCountedPerToolInTheMetrics() {
        try (McpSyncClient client = client(server.url())) {
            client.callTool(new McpSchema.CallToolRequest("list_pages", Map.of()));
        }
        assertThat(http.get("/metrics").body())
                .contains("docask_mcp_calls_total{outcome=\"ok\",tool=\"list_pages\"}")
                .contains("docask_http_requests_total{route=\"/mcp\",status=\"200\"}");
    }

    @Test
    void llmsTxt_isServedAsPlainText() {
        HttpResponse<String> r = http.get("/llms.txt");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("Content-Type")).hasValue("text/plain;charset=utf-8");
        assertThat(r.body()).startsWith("# X\n\n> ").contains("- [Mocking](https://x.dev/guide/mocking)");
        assertThat(http.get("/llms-full.txt").body()).contains("# Retry\n\nSource: https://x.dev/config/retry\n");
    }

    @Test
    void mcp_fromAnotherOrigin_isRefusedWithAProblem() {
        HttpResponse<String> r = http.postJson("/mcp", "{}", "Origin", "https://evil.example",
                "Accept", "application/json, text/event-stream");
        assertThat(r.statusCode()).isEqualTo(403);
        assertThat(r.body()).contains("Requests from https://evil.example are not allowed.");
    }

    @Test
    void mcp_onLoopback_refusesAForeignHostName() throws Exception {
        String response = raw("POST /mcp HTTP/1.1\r\nHost: evil.example:" + server.port() + "\r\nOrigin: http://evil.example:"
                + server.port() + "\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\n"
                + "Content-Length: 2\r\nConnection: close\r\n\r\n{}");
        assertThat(response).startsWith("HTTP/1.1 403").contains("does not answer to the host evil.example");
    }

    @Test
    void mcp_clientGoneMidCall_leavesTheServerServing() throws Exception {
        HttpResponse<String> init = http.postJson("/mcp", "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":"
                + "{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}",
                "Accept", "application/json, text/event-stream");
        String session = init.headers().firstValue("Mcp-Session-Id").orElseThrow();
        String call = "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"search_docs\","
                + "\"arguments\":{\"query\":\"how do I mock a module\"}}}";
        try (Socket s = new Socket("127.0.0.1", server.port())) {
            OutputStream out = s.getOutputStream();
            out.write(("POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:" + server.port() + "\r\nContent-Type: application/json\r\n"
                    + "Accept: application/json, text/event-stream\r\nMcp-Session-Id: " + session + "\r\nContent-Length: "
                    + call.getBytes(StandardCharsets.UTF_8).length + "\r\n\r\n" + call).getBytes(StandardCharsets.UTF_8));
            out.flush();
        } // gone before the answer
        try (McpSyncClient client = client(server.url())) {
            assertThat(text(client.callTool(new McpSchema.CallToolRequest("list_pages", Map.of())))).startsWith("Pages 1–3 of 3");
        }
        assertThat(http.get("/healthz").statusCode()).isEqualTo(200);
    }

    @Test
    void mcp_overItsOwnAllowance_isRefusedWith429AndRetryAfter() {
        try (DocaskServer limited = DocaskServer.builder().indexDir(dir.resolve("idx")).port(0).mcpRateLimit(RateLimit.parse("2/min"))
                .build().start()) {
            Http h = new Http(limited.url());
            String ping = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                    + "\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}";
            for (int i = 0; i < 2; i++) {
                assertThat(h.postJson("/mcp", ping, "Accept", "application/json, text/event-stream").statusCode()).isEqualTo(200);
            }
            HttpResponse<String> refused = h.postJson("/mcp", ping, "Accept", "application/json, text/event-stream");
            assertThat(refused.statusCode()).isEqualTo(429);
            assertThat(refused.headers().firstValue("Retry-After")).isPresent();
            assertThat(refused.body()).contains("\"status\":429");
            assertThat(h.get("/api/search?q=mock").statusCode()).isEqualTo(200); // /api keeps its own allowance
        }
    }

    private static String raw(String request) throws Exception {
        try (Socket s = new Socket("127.0.0.1", server.port())) {
            s.setSoTimeout(5_000);
            s.getOutputStream().write(request.getBytes(StandardCharsets.UTF_8));
            InputStream in = s.getInputStream();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
