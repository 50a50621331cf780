package dev.docask.testsupport;

import java.io.IOException;

/** Starts a normal stream, then sends an event whose data is not JSON, then ends as if nothing happened. */
public record MalformedChunks() implements Route {
    @Override
    public void respond(Exchange exchange) throws IOException {
        exchange.startStream();
        exchange.sendData(OpenAiChunks.content("Partial "));
        exchange.sendData("{\"choices\": [ this is not json");
        exchange.sendData(OpenAiChunks.content("answer."));
        exchange.sendData(OpenAiChunks.finish("stop"));
        exchange.finishStream();
    }
}
