package dev.docask.answer.providers;

import dev.docask.answer.internal.ModelReplyException;
import dev.docask.answer.internal.SecretMask;
import dev.langchain4j.exception.HttpException;
import dev.langchain4j.http.client.HttpClient;
import dev.langchain4j.http.client.HttpClientBuilder;
import dev.langchain4j.http.client.HttpClientBuilderLoader;
import dev.langchain4j.http.client.HttpRequest;
import dev.langchain4j.http.client.SuccessfulHttpResponse;
import dev.langchain4j.http.client.sse.ServerSentEvent;
import dev.langchain4j.http.client.sse.ServerSentEventContext;
import dev.langchain4j.http.client.sse.ServerSentEventListener;
import dev.langchain4j.http.client.sse.ServerSentEventParser;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.jspecify.annotations.Nullable;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.Map;
import java.util.regex.Pattern;

/*
 * The HTTP transport of every provider's streaming model, wrapped around LangChain4j's own client: it says
 * at once what LangChain4j 1.11 leaves to docask's watch for a quiet stream (20 s) or gets wrong.
 * - An event the provider's client cannot parse (bad JSON, a garbage line) throws inside LangChain4j's
 *   listener, which logs a WARN stack trace per event and goes on; here the first one fails the call as
 *   "could not read" and stops reading, with no trace.
 * - A body that ends without the protocol's last event (Anthropic message_stop, Ollama "done": true)
 *   reaches no callback of those clients; here it fails as "ended before it was complete", or "returned no
 *   answer" when no event came, or "could not read" when bytes came but no event (an HTML page, junk).
 *   OpenAI's client completes on any end of the body and ModelCall tells a cut one by its finish_reason.
 * - An error object inside a 200 stream (OpenAI data: {"error": {...}}, Ollama {"error": "..."}) fails with
 *   the server's text, secrets masked. Anthropic's "event: error" its own client already reports.
 * - OpenAI only: some local servers end a finished answer with [DONE] and never send a finish_reason; a
 *   "stop" finish event is passed on before a [DONE] that had none, so ModelCall takes it as whole.
 */
final class CheckedStream implements HttpClientBuilder {
    static final String DONE = "[DONE]";
    static final String STOP_EVENT = "{\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}]}";
    private static final Pattern FINISH_REASON = Pattern.compile("\"finish_reason\"\\s*:\\s*\"[^\"]");
    private static final Pattern ERROR_KEY = Pattern.compile("\"error\"\\s*:");
    private static final Pattern OLLAMA_DONE = Pattern.compile("\"done\"\\s*:\\s*true");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final SecretMask SECRETS = SecretMask.of(Map.of());

    /** What tells one API's stream apart. */
    enum Protocol {
        OPENAI, ANTHROPIC, OLLAMA;

        /** Whether the event is the stream's last, for clients that complete only on it. */
        boolean ends(ServerSentEvent event, String data) {
            return switch (this) {
                case OPENAI -> true; // its client completes on any end of the body
                case ANTHROPIC -> "message_stop".equals(event.event()) || data.contains("\"message_stop\"");
                case OLLAMA -> OLLAMA_DONE.matcher(data).find();
            };
        }
    }

    private final Protocol protocol;
    private final HttpClientBuilder inner = HttpClientBuilderLoader.loadHttpClientBuilder();

    CheckedStream(Protocol protocol) {
        this.protocol = protocol;
    }

    @Override
    public Duration connectTimeout() {
        return inner.connectTimeout();
    }

    @Override
    public HttpClientBuilder connectTimeout(Duration timeout) {
        inner.connectTimeout(timeout);
        return this;
    }

    @Override
    public Duration readTimeout() {
        return inner.readTimeout();
    }

    @Override
    public HttpClientBuilder readTimeout(Duration timeout) {
        inner.readTimeout(timeout);
        return this;
    }

    @Override
    public HttpClient build() {
        HttpClient client = inner.build();
        return new HttpClient() {
            @Override
            public SuccessfulHttpResponse execute(HttpRequest request) throws HttpException {
                return client.execute(request);
            }

            @Override
            public void execute(HttpRequest request, ServerSentEventParser parser, ServerSentEventListener listener) {
                Listener checked = new Listener(listener, protocol);
                client.execute(request, (body, l) -> parser.parse(checked.counting(body), l), checked);
            }
        };
    }

    /**
     * Whether an event's data names a finish reason: a string, not the {@code null} every other
     * chunk carries. A pattern rather than a parse: it runs on every chunk of the stream.
     */
    static boolean hasFinishReason(String data) {
        return FINISH_REASON.matcher(data).find();
    }

    /** The server's error text when {@code data} is an error object ({@code {"error": "..."}} or {@code {"error": {"message": "..."}}}). */
    static @Nullable String errorText(String data) {
        if (!ERROR_KEY.matcher(data).find()) {
            return null; // the cheap test first: it runs on every event
        }
        try {
            JsonNode error = JSON.readTree(data).path("error");
            if (error.isTextual()) {
                return error.asText();
            }
            if (error.isObject()) {
                return error.path("message").isTextual() ? error.path("message").asText() : error.toString();
            }
        } catch (IOException | RuntimeException notJson) {
            // the client's own parse says so
        }
        return null;
    }

    /** One stream's events, checked; after the first failure nothing more reaches the client. */
    private static final class Listener implements ServerSentEventListener {
        private final ServerSentEventListener inner;
        private final Protocol protocol;
        // events of one stream arrive on one thread, in order; the flags are read at its end on that thread
        private boolean finished;
        private boolean sawEvent;
        private boolean ended;
        private volatile boolean sawBytes;
        private volatile boolean failed;

        Listener(ServerSentEventListener inner, Protocol protocol) {
            this.inner = inner;
            this.protocol = protocol;
        }

        InputStream counting(InputStream body) {
            return new FilterInputStream(body) {
                @Override
                public int read() throws IOException {
                    int b = super.read();
                    sawBytes |= b >= 0;
                    return b;
                }

                @Override
                public int read(byte[] buf, int off, int len) throws IOException {
                    int n = super.read(buf, off, len);
                    sawBytes |= n > 0;
                    return n;
                }
            };
        }

        @Override
        public void onOpen(SuccessfulHttpResponse response) {
            inner.onOpen(response);
        }

        @Override
        public void onEvent(ServerSentEvent event, ServerSentEventContext context) {
            deliver(event, context);
        }

        @Override
        public void onEvent(ServerSentEvent event) {
            deliver(event, null);
        }

        private void deliver(ServerSentEvent event, @Nullable ServerSentEventContext context) {
            if (failed) {
                return;
            }
            String data = event.data() == null ? "" : event.data();
            String error = errorText(data);
            if (error != null && protocol != Protocol.ANTHROPIC) {
                fail(ModelReplyException.serverError(SECRETS.mask(error)), context);
                return;
            }
            sawEvent = true;
            ended |= protocol.ends(event, data);
            try {
                if (protocol == Protocol.OPENAI && needsStop(data)) {
                    pass(new ServerSentEvent(event.event(), STOP_EVENT), context);
                }
                pass(event, context);
            } catch (RuntimeException e) {
                if (!fromJson(e)) {
                    throw e;
                }
                fail(ModelReplyException.unreadable(), context);
            }
        }

        private void pass(ServerSentEvent event, @Nullable ServerSentEventContext context) {
            if (context == null) {
                inner.onEvent(event);
            } else {
                inner.onEvent(event, context);
            }
        }

        private boolean needsStop(String data) {
            if (DONE.equals(data.strip())) {
                return !finished;
            }
            finished |= hasFinishReason(data);
            return false;
        }

        private void fail(ModelReplyException e, @Nullable ServerSentEventContext context) {
            failed = true;
            if (context != null) {
                context.parsingHandle().cancel(); // no more lines of junk are read
            }
            inner.onError(e);
        }

        @Override
        public void onError(Throwable error) {
            if (!failed) {
                failed = true;
                inner.onError(error);
            }
        }

        @Override
        public void onClose() {
            if (failed) {
                return;
            }
            if (!sawEvent && sawBytes) {
                fail(ModelReplyException.unreadable(), null);
            } else if (!ended) {
                fail(sawEvent ? ModelReplyException.endedEarly() : ModelReplyException.noAnswer(), null);
            } else {
                inner.onClose();
            }
        }

        private static boolean fromJson(Throwable e) {
            for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
                if (t.getClass().getName().startsWith("com.fasterxml.jackson.")) {
                    return true;
                }
            }
            return false;
        }
    }
}
