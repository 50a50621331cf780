package dev.docask.testsupport;

import java.io.IOException;

/**
 * Answers with an HTTP error status and the wire's error body (OpenAI and Ollama {@code {"error": ...}},
 * Anthropic {@code {"type": "error", ...}} with the type the status has, e.g. 500 {@code api_error}).
 *
 * @param status e.g. 500, or 401 for a rejected key
 */
public record ServerError(int status) implements Route {
    @Override
    public void respond(Exchange exchange) throws IOException {
        exchange.respondError(status, "the fake model failed with " + status);
    }
}
