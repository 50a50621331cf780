package dev.docask.answer.internal;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.docask.retrieve.Source;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/*
 * Writes the Vercel AI SDK "UI message stream" (protocol v1) as Server-Sent Events, so a front end
 * built on useChat can read /api/ask unchanged: `start` (message id and metadata), one
 * `source-url` per numbered source, `text-start` / `text-delta`… / `text-end`, `finish`, then the
 * literal `[DONE]`. The SDK validates parts strictly, so each carries only the fields the protocol
 * defines; docask's own extras (source number, heading) ride in providerMetadata.docask and the
 * answer's details in messageMetadata. Every write is flushed: a failed write means the client
 * has gone, and the caller cancels the model. Checked by hand against the `ai` npm package
 * (5.0.277): its DefaultChatTransport and readUIMessageStream, which validate every part with
 * strict schemas, read an answer, a refusal and an error stream from this class without complaint.
 */
public final class UiMessageStream {
    public static final String HEADER = "x-vercel-ai-ui-message-stream";
    public static final String VERSION = "v1";
    private static final String TEXT_ID = "text-1";

    private final OutputStream out;
    private final ObjectMapper json;
    private boolean textOpen;

    public UiMessageStream(OutputStream out, ObjectMapper json) {
        this.out = out;
        this.json = json;
    }

    public void start(String messageId, ObjectNode metadata) throws IOException {
        ObjectNode p = part("start");
        p.put("messageId", messageId);
        p.set("messageMetadata", metadata);
        write(p);
    }

    public void source(Source s) throws IOException {
        ObjectNode p = part("source-url");
        p.put("sourceId", Integer.toString(s.n()));
        p.put("url", s.url());
        p.put("title", s.heading().isEmpty() || s.heading().equals(s.title()) ? s.title()
                : s.heading().startsWith(s.title()) ? s.heading() : s.title() + " › " + s.heading());
        ObjectNode meta = p.putObject("providerMetadata").putObject("docask");
        meta.put("n", s.n());
        meta.put("title", s.title());
        meta.put("heading", s.heading());
        write(p);
    }

    public void delta(String text) throws IOException {
        if (text.isEmpty()) {
            return;
        }
        if (!textOpen) {
            textOpen = true;
            write(part("text-start").put("id", TEXT_ID));
        }
        write(part("text-delta").put("id", TEXT_ID).put("delta", text));
    }

    public void finish(ObjectNode metadata) throws IOException {
        endText();
        ObjectNode p = part("finish");
        p.set("messageMetadata", metadata);
        write(p);
        done();
    }

    /** The answer failed; {@code message} is shown to the reader and must be safe. */
    public void error(String message) throws IOException {
        endText();
        write(part("error").put("errorText", message));
        done();
    }

    /** An SSE comment: keeps proxies from timing out and shows whether the client is still there. */
    public void ping() throws IOException {
        raw(": ping\n\n");
    }

    private void endText() throws IOException {
        if (textOpen) {
            textOpen = false;
            write(part("text-end").put("id", TEXT_ID));
        }
    }

    private void done() throws IOException {
        raw("data: [DONE]\n\n");
    }

    private ObjectNode part(String type) {
        return json.createObjectNode().put("type", type);
    }

    private void write(ObjectNode part) throws IOException {
        raw("data: " + json.writeValueAsString(part) + "\n\n");
    }

    private void raw(String s) throws IOException {
        out.write(s.getBytes(StandardCharsets.UTF_8));
        out.flush();
    }
}
