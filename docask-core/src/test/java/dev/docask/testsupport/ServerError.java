package dev.docask.testsupport;

import java.io.IOException;

/**
 * Answers with an HTTP error status and an OpenAI-style error body.
 *
 * @param status e.g. 500, or 401 for a rejected key
 */
public record ServerError(int status) implements Route {
    @Override
    public void respond(Exchange exchange) throws IOException {
        exchange.respond(status, OpenAiChunks.error("the fake model failed with " + status));
    }
}
