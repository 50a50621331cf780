package dev.docask.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/*
 * A "tools/call" request whose params are missing or not an object (no tool name) reaches the SDK as a null request,
 * which it does not check: a NullPointerException on stdio (its stack trace on stderr, its message to the agent) and
 * no answer at all over HTTP. One whose "arguments" are not an object fails the SDK's own reading of the request:
 * Jackson's class names to the agent on stdio, no answer over HTTP. Such a call is given params that name no tool,
 * named after what is wrong, so the SDK answers it as it answers any unknown tool: a JSON-RPC "invalid params" error
 * for that id. Both transports read each message through here.
 */
final class CallParams {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** The tool name such a call is given: one no tool has, that says what was wrong. */
    static final String MISSING = "(tools/call without a tool name: give params {\"name\": …, \"arguments\": {…}})";
    /** The tool name a call whose arguments are not an object is given. */
    static final String NOT_AN_OBJECT = "(tools/call arguments that are not an object: give params {\"name\": …, "
            + "\"arguments\": {…}})";

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
        if (!(m instanceof ObjectNode o) || !"tools/call".equals(o.path("method").asText(null))) {
            return message;
        }
        boolean named = o.get("params") instanceof ObjectNode p && p.path("name").isTextual();
        JsonNode arguments = o.path("params").path("arguments");
        boolean objectArguments = arguments.isMissingNode() || arguments.isNull() || arguments.isObject();
        if (named && objectArguments) {
            return message;
        }
        ObjectNode params = o.putObject("params");
        params.put("name", named ? NOT_AN_OBJECT : MISSING);
        params.putObject("arguments");
        return o.toString();
    }
}
