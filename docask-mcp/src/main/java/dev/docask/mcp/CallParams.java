package dev.docask.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/*
 * A "tools/call" request whose params are missing or not an object (no tool name) reaches the SDK as a null request,
 * which it does not check: a NullPointerException on stdio (its stack trace on stderr, its message to the agent) and
 * no answer at all over HTTP. Such a call is given params that name no tool, so the SDK answers it as it answers any
 * unknown tool: a JSON-RPC "invalid params" error for that id. Both transports read each message through here.
 */
final class CallParams {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** The tool name such a call is given: one no tool has, that says what was wrong. */
    static final String MISSING = "(tools/call without params: give {\"name\": …, \"arguments\": {…}})";

    private CallParams() {
    }

    /** {@code message} with params naming {@link #MISSING} when it is a tools/call without a tool name; else itself. */
    static String checked(String message) {
        if (!message.contains("tools/call")) {
            return message; // the common case costs no parse
        }
        JsonNode m;
        try {
            m = JSON.readTree(message);
        } catch (java.io.IOException | RuntimeException e) {
            return message; // not JSON: the transport reports it as it does today
        }
        if (m instanceof ObjectNode o && "tools/call".equals(o.path("method").asText(null))
                && !(o.get("params") instanceof ObjectNode p && p.path("name").isTextual())) {
            ObjectNode params = o.putObject("params");
            params.put("name", MISSING);
            params.putObject("arguments");
            return o.toString();
        }
        return message;
    }
}
