package dev.docask.testsupport;

import java.io.IOException;
import java.util.List;

/**
 * Streams some tokens, then stops without a finish chunk or {@code [DONE]}: either the connection
 * is reset under the client, or the HTTP body simply ends (a proxy or server that gave up
 * mid-answer; the client sees no broken connection).
 *
 * <pre>{@code
 * FakeOpenAiServer.start(CutShort.dropped("Use ", "vi."));
 * FakeOpenAiServer.start(CutShort.endedCleanly("The relay retries [1]"));
 * }</pre>
 *
 * @param tokens what is sent before the stream stops
 * @param reset  reset the connection (true) or end the body cleanly (false)
 */
public record CutShort(List<String> tokens, boolean reset) implements Route {
    public CutShort {
        tokens = List.copyOf(tokens);
    }

    public static CutShort dropped(String... tokens) {
        return new CutShort(List.of(tokens), true);
    }

    public static CutShort endedCleanly(String... tokens) {
        return new CutShort(List.of(tokens), false);
    }

    @Override
    public void respond(Exchange exchange) throws IOException {
        exchange.startStream();
        for (String t : tokens) {
            exchange.sendData(OpenAiChunks.content(t));
        }
        if (reset) {
            exchange.drop();
        } else {
            exchange.endStream();
        }
    }
}
