package dev.docask.mcp;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import io.modelcontextprotocol.spec.McpError;

import java.io.IOException;

/*
 * The SDK's HTTP transport answers a request it cannot take (no session, a body that is not JSON-RPC) with the McpError
 * serialised by docask's JSON mapper; as a bean that is the exception with its stack trace. Written here as the
 * JSON-RPC error object a client reads, its message cut before the parser's location details.
 */
final class McpErrorJson extends StdSerializer<McpError> {
    static final SimpleModule MODULE = new SimpleModule().addSerializer(McpError.class, new McpErrorJson());

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
}
