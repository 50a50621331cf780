package dev.docask.testsupport;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;

/** What one {@link Wire} writes; {@link Exchange} calls it, routes never do. */
interface WireFormat {
    ObjectMapper JSON = new ObjectMapper();

    /**
     * True to pass {@code exchange} on to the route; false once the refusal the real API would send is
     * sent. By default every request reaches the route.
     */
    default boolean admits(Exchange exchange) throws IOException {
        return true;
    }

    /** The base URL a client of the API is given, from {@code http://127.0.0.1:<port>}; by default the origin. */
    default String baseUrl(String origin) {
        return origin;
    }

    /** The status line, headers and opening events of a streamed answer. */
    void start(Exchange exchange) throws IOException;

    /** The event carrying the next piece of the answer. */
    void token(Exchange exchange, String text) throws IOException;

    /** The closing events (stop reason, usage), then a clean end of the body. */
    void finish(Exchange exchange, boolean tokenLimit, int completionTokens) throws IOException;

    /** The API's error event inside a stream, then a clean end of the body. */
    void fail(Exchange exchange) throws IOException;

    /** The API's JSON error body for HTTP {@code status}. */
    String errorBody(int status, String message);

    /** The {@code model} field of the request, or {@code fallback}. */
    static String requestedModel(Exchange exchange, String fallback) throws IOException {
        return JSON.readTree(exchange.body()).path("model").asText(fallback);
    }

    static String json(Object value) {
        try {
            return JSON.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
