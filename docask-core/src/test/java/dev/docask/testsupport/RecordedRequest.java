package dev.docask.testsupport;

import java.util.Locale;
import java.util.Map;

/**
 * One request a fake server received, as sent on the wire.
 *
 * @param method  e.g. {@code POST}
 * @param path    the request target, e.g. {@code /v1/messages}
 * @param headers header values by lower-case name (the last one wins when a name repeats)
 * @param body    the body, decoded as UTF-8
 */
public record RecordedRequest(String method, String path, Map<String, String> headers, String body) {
    public RecordedRequest {
        headers = Map.copyOf(headers);
    }

    /** The value of header {@code name} (any case), or null when it was not sent. */
    public String header(String name) {
        return headers.get(name.toLowerCase(Locale.ROOT));
    }
}
