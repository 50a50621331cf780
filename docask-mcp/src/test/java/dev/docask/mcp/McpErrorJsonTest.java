package dev.docask.mcp;

import io.modelcontextprotocol.spec.McpSchema.JSONRPCResponse.JSONRPCError;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class McpErrorJsonTest {
    private static String json(JSONRPCError e) throws Exception {
        return DocsMcp.JSON.writeValueAsString(e);
    }

    @Test
    void unknownToolError_namesTheToolInItsMessage_withTheClosestAndTheToolsThereAre() throws Exception {
        // as the SDK writes it: the name only in data
        JSONRPCError sdk = new JSONRPCError(-32602, "Unknown tool: invalid_tool_name", "Tool not found: fetch_pages");

        assertThat(json(sdk)).isEqualTo("{\"code\":-32602,\"message\":\"Unknown tool: fetch_pages. Did you mean fetch_page?"
                + " The tools are search_docs, fetch_page, list_pages.\",\"data\":\"Tool not found: fetch_pages\"}");
        assertThat(json(new JSONRPCError(-32602, "Unknown tool: invalid_tool_name", "Tool not found: weather")))
                .contains("\"message\":\"Unknown tool: weather. The tools are");
    }

    @Test
    void unknownToolError_forACallWithoutAName_saysWhatWasWrong() throws Exception {
        assertThat(json(new JSONRPCError(-32602, "Unknown tool: invalid_tool_name", "Tool not found: " + CallParams.MISSING)))
                .contains("\"message\":\"tools/call without a tool name: give params {\\\"name\\\": …");
    }

    @Test
    void otherErrors_areWrittenAsTheyAre() throws Exception {
        assertThat(json(new JSONRPCError(-32601, "Method not found: x", null))).isEqualTo("{\"code\":-32601,\"message\":\"Method not found: x\"}");
    }
}
