package dev.docask.testsupport;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;

/**
 * The gate of a fake API that answers one path, and there only a {@code POST} whose JSON body asks to
 * stream ({@link Wire#ANTHROPIC}, {@link Wire#OLLAMA}). Anything else gets the refusal the real API
 * would send, so a client that builds the wrong URL or request fails visibly instead of reaching the route.
 *
 * @param path             the one path answered, e.g. {@code /v1/messages}
 * @param streamsByDefault whether a body without a {@code "stream"} field asks to stream
 * @param notFound         the API's 404, for any other method or path
 * @param badRequest       the API's 400, for a body that is not JSON or does not ask to stream
 */
record StreamingEndpoint(String path, boolean streamsByDefault, Refusal notFound, Refusal badRequest) {
    /** How the API answers a request it refuses, given why in words. */
    @FunctionalInterface
    interface Refusal {
        void send(Exchange exchange, String why) throws IOException;
    }

    /** True to pass {@code exchange} on to the route; false once the refusal is sent. */
    boolean admits(Exchange exchange) throws IOException {
        RecordedRequest r = exchange.request();
        if (!r.method().equals("POST") || !r.path().equals(path)) {
            notFound.send(exchange, "Not found: " + r.method() + " " + r.path());
            return false;
        }
        JsonNode body;
        try {
            body = WireFormat.JSON.readTree(r.body());
        } catch (IOException e) {
            badRequest.send(exchange, "body is not JSON");
            return false;
        }
        if (!body.path("stream").asBoolean(streamsByDefault)) {
            badRequest.send(exchange, "this fake answers streaming requests only (\"stream\": true)");
            return false;
        }
        return true;
    }
}
