package dev.docask.testsupport;

import java.io.IOException;

/** Starts a normal answer, then sends an event whose data is not JSON (on any wire), then ends as if nothing happened. */
public record MalformedChunks() implements Route {
    @Override
    public void respond(Exchange exchange) throws IOException {
        exchange.startAnswer();
        exchange.sendToken("Partial ");
        exchange.sendData("{\"choices\": [ this is not json");
        exchange.sendToken("answer.");
        exchange.endAnswer(StreamEnd.COMPLETE);
    }
}
