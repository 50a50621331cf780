package dev.docask.mcp;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema.JSONRPCResponse.JSONRPCError;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Comparator;

/*
 * The SDK's HTTP transport answers a request it cannot take (no session, a body that is not JSON-RPC) with the McpError
 * serialised by docask's JSON mapper; as a bean that is the exception with its stack trace. Written here as the
 * JSON-RPC error object a client reads, its message cut before the parser's location details.
 * The SDK answers a call of an unknown tool with the message "Unknown tool: invalid_tool_name" and the name only in
 * `data`, which agents rarely show; both transports write that error through this mapper, so the message names the
 * tool here, with the tools there are (the closest first when it looks like a typo).
 */
final class McpErrorJson extends StdSerializer<McpError> {
    static final SimpleModule MODULE = new SimpleModule().addSerializer(McpError.class, new McpErrorJson())
            .addSerializer(JSONRPCError.class, new RpcError());
    /** JSON-RPC 2.0's code for a message that is not a valid request; here, an HTTP request MCP cannot take. */
    static final int INVALID_REQUEST = -32600;
    /** JSON-RPC 2.0's code for a message that is not JSON. */
    static final int PARSE_ERROR = -32700;
    private static final com.fasterxml.jackson.databind.ObjectMapper PLAIN = new com.fasterxml.jackson.databind.ObjectMapper();
    private static final String TOOL_NOT_FOUND = "Tool not found: ";

    private McpErrorJson() {
        super(McpError.class);
    }

    @Override
    public void serialize(McpError e, JsonGenerator g, SerializerProvider p) throws IOException {
        var rpc = e.getJsonRpcError();
        String message = rpc != null && rpc.message() != null ? rpc.message() : String.valueOf(e.getMessage());
        int cut = message.indexOf(" at [Source");
        g.writeStartObject();
        g.writeStringField("jsonrpc", "2.0");
        g.writeNullField("id");
        g.writeObjectFieldStart("error");
        g.writeNumberField("code", rpc != null && rpc.code() != null ? rpc.code() : -32603);
        g.writeStringField("message", (cut >= 0 ? message.substring(0, cut) : message).strip());
        g.writeEndObject();
        g.writeEndObject();
    }

    /** A JSON-RPC error response for {@code id} (null when the request has none or cannot be read), as UTF-8. */
    static byte[] response(JsonNode id, int code, String message) {
        ObjectNode body = JsonNodeFactory.instance.objectNode().put("jsonrpc", "2.0");
        body.set("id", id);
        body.putObject("error").put("code", code).put("message", message);
        return body.toString().getBytes(StandardCharsets.UTF_8);
    }

    /**
     * The JSON-RPC error that answers {@code text} (a stdio {@code what} "line", an HTTP "body"), which is not a message:
     * a parse error (-32700) when it is not JSON, else an invalid request (-32600), for its id when it has one.
     */
    static String notAMessage(String text, String what) {
        JsonNode read;
        try {
            read = PLAIN.readTree(text);
        } catch (IOException | RuntimeException e) {
            read = null;
        }
        if (read != null && read.isMissingNode()) {
            read = null; // no JSON at all (an empty body)
        }
        JsonNode id = read == null ? MissingNode.getInstance() : read.path("id");
        return new String(response(id.isTextual() || id.isIntegralNumber() ? id : NullNode.getInstance(), read == null ? PARSE_ERROR : INVALID_REQUEST,
                read == null ? "Parse error: the " + what + " is not JSON"
                        : "Invalid Request: not a JSON-RPC 2.0 request, notification or response"), StandardCharsets.UTF_8);
    }

    /** The message for a call of {@code name}, a tool this server does not have. */
    static String unknownTool(String name) {
        if (name.equals(CallParams.MISSING) || name.equals(CallParams.NOT_AN_OBJECT)) {
            return name.substring(1, name.length() - 1); // what was wrong with the call, as CallParams wrote it
        }
        String closest = DocsMcp.TOOLS.stream().min(Comparator.comparingInt(t -> EditDistance.between(t, name))).orElseThrow();
        String guess = EditDistance.between(closest, name) <= 3 ? " Did you mean " + closest + "?" : "";
        return "Unknown tool: " + (name.length() > 100 ? name.substring(0, 100) + "…" : name) + "." + guess + " The tools are " + String.join(", ", DocsMcp.TOOLS) + ".";
    }

    private static final class RpcError extends StdSerializer<JSONRPCError> {
        RpcError() {
            super(JSONRPCError.class);
        }

        @Override
        public void serialize(JSONRPCError e, JsonGenerator g, SerializerProvider p) throws IOException {
            String message = e.message();
            if (e.data() instanceof String data && data.startsWith(TOOL_NOT_FOUND) && message != null && message.startsWith("Unknown tool")) {
                message = unknownTool(data.substring(TOOL_NOT_FOUND.length()));
            }
            g.writeStartObject();
            if (e.code() != null) {
                g.writeNumberField("code", e.code());
            }
            if (message != null) {
                g.writeStringField("message", message);
            }
            if (e.data() != null) {
                p.defaultSerializeField("data", e.data(), g);
            }
            g.writeEndObject();
        }
    }
}
