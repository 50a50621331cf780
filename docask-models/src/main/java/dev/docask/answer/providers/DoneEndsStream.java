package dev.docask.answer.providers;

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

import java.time.Duration;
import java.util.regex.Pattern;

/*
 * Some OpenAI-compatible servers (local ones mostly) end a finished answer with "data: [DONE]" but
 * never send a finish_reason. docask's answer loop (ModelCall) tells a complete OpenAI stream from
 * one cut short by its finish_reason, because LangChain4j's OpenAI client completes whenever the
 * HTTP body ends, [DONE] or not. So this transport, wrapped around LangChain4j's own HTTP client,
 * says what [DONE] means: when it arrives and no event of the stream carried a finish_reason, a
 * "stop" finish event is passed on just before it. A stream that closes with neither is left as it
 * is, and is still reported as cut short.
 */
final class DoneEndsStream implements HttpClientBuilder {
    static final String DONE = "[DONE]";
    static final String STOP_EVENT = "{\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}]}";
    private static final Pattern FINISH_REASON = Pattern.compile("\"finish_reason\"\\s*:\\s*\"[^\"]");

    private final HttpClientBuilder inner = HttpClientBuilderLoader.loadHttpClientBuilder();

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
                client.execute(request, parser, new Listener(listener));
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

    /** One stream's events, with the finish event added before a [DONE] that had none. */
    private static final class Listener implements ServerSentEventListener {
        private final ServerSentEventListener inner;
        private boolean finished; // events of one stream arrive on one thread, in order

        Listener(ServerSentEventListener inner) {
            this.inner = inner;
        }

        @Override
        public void onOpen(SuccessfulHttpResponse response) {
            inner.onOpen(response);
        }

        @Override
        public void onEvent(ServerSentEvent event, ServerSentEventContext context) {
            if (needsStop(event)) {
                inner.onEvent(new ServerSentEvent(event.event(), STOP_EVENT), context);
            }
            inner.onEvent(event, context);
        }

        @Override
        public void onEvent(ServerSentEvent event) {
            if (needsStop(event)) {
                inner.onEvent(new ServerSentEvent(event.event(), STOP_EVENT));
            }
            inner.onEvent(event);
        }

        private boolean needsStop(ServerSentEvent event) {
            String data = event.data();
            if (data == null) {
                return false;
            }
            if (DONE.equals(data.strip())) {
                return !finished;
            }
            finished |= hasFinishReason(data);
            return false;
        }

        @Override
        public void onError(Throwable error) {
            inner.onError(error);
        }

        @Override
        public void onClose() {
            inner.onClose();
        }
    }
}
