package dev.docask.answer;

import org.jspecify.annotations.Nullable;

import dev.docask.answer.Answer.Usage;

import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.ModelProvider;
import dev.langchain4j.model.chat.StreamingChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.chat.response.PartialResponse;
import dev.langchain4j.model.chat.response.PartialResponseContext;
import dev.langchain4j.model.chat.response.StreamingChatResponseHandler;
import dev.langchain4j.model.chat.response.StreamingHandle;
import dev.langchain4j.model.output.FinishReason;
import dev.langchain4j.model.output.TokenUsage;

/*
 * One streaming call to a LangChain4j chat model, cancellable. LangChain4j hands out the stream's
 * cancel handle with each token (it closes the HTTP response body, which drops the connection);
 * before the first token there is no handle, so a call cancelled that early is cut at its first
 * token, and the model's own HTTP timeout bounds a server that never answers at all.
 *
 * A reply with no text is a failure, not an empty answer. LangChain4j 1.11's OpenAI client calls
 * onCompleteResponse whenever the HTTP body ends, [DONE] or not, so a body that is not an event
 * stream at all, or one cut off cleanly, "completes"; only the missing finish_reason tells. Servers
 * that end with data: [DONE] but send no finish_reason are whole answers: the openai provider of
 * docask-models adds the finish event in its transport (a model of one's own does not). (The
 * Anthropic and Ollama clients complete only on the protocol's own last event; docask-models'
 * transport fails a body that ends without it with a ModelReplyException, and AskRun's watch for a
 * quiet stream ends those of a model of one's own.)
 */
final class ModelCall {

    /** Receives the call's outcome; exactly one of {@code complete} or {@code failed} is called, never after cancel. */
    interface Events {
        void token(String text);

        void complete(String text, @Nullable Usage usage, boolean truncated);

        void failed(Throwable failure);
    }

    /** A reply that arrived without error but is no answer; the message is safe to show. */
    static final class IncompleteReplyException extends RuntimeException {
        static final String NO_ANSWER = dev.docask.answer.internal.ModelReplyException.NO_ANSWER;
        static final String ENDED_EARLY = dev.docask.answer.internal.ModelReplyException.ENDED_EARLY;

        IncompleteReplyException(String message) {
            super(message);
        }
    }

    private final Events events;
    private volatile @Nullable StreamingHandle handle;
    private volatile boolean cancelled;

    private ModelCall(Events events) {
        this.events = events;
    }

    /**
     * A call that can be cancelled before it starts: callers publish it first, then {@link #run},
     * so a cancel that arrives while {@code chat()} is still reading the stream on this thread is
     * seen at the next token.
     */
    static ModelCall prepare(Events events) {
        return new ModelCall(events);
    }

    /** Sends the request, capped at {@code maxOutputTokens}, and streams the reply into the events (on this thread or the client's). */
    void run(StreamingChatModel model, String instructions, String userMessage, int maxOutputTokens) {
        if (cancelled) {
            return;
        }
        // LangChain4j sends it as each API's own cap: OpenAI and Anthropic max_tokens, Ollama num_predict
        ChatRequest request = ChatRequest.builder()
                .messages(SystemMessage.from(instructions), UserMessage.from(userMessage))
                .maxOutputTokens(maxOutputTokens).build();
        try {
            model.chat(request, new Handler(model.provider() == ModelProvider.OPEN_AI));
        } catch (RuntimeException e) {
            events.failed(e);
        }
    }

    /** Stops the stream; no event is delivered afterwards. */
    void cancel() {
        cancelled = true;
        StreamingHandle h = handle;
        if (h != null) {
            h.cancel();
        }
    }

    private final class Handler implements StreamingChatResponseHandler {
        /*
         * An OpenAI-compatible stream always ends with a finish reason; one without it was cut short
         * (a proxy dropped the last events). Other providers do not always send one, so the check is
         * theirs alone, told by the model's own ModelProvider (core does not depend on the OpenAI module).
         */
        private final boolean completesOnBodyEnd;

        Handler(boolean completesOnBodyEnd) {
            this.completesOnBodyEnd = completesOnBodyEnd;
        }

        @Override
        public void onPartialResponse(PartialResponse partial, PartialResponseContext context) {
            handle = context.streamingHandle();
            if (cancelled) {
                handle.cancel();
                return;
            }
            if (partial.text() != null && !partial.text().isEmpty()) {
                events.token(partial.text());
            }
        }

        @Override
        public void onCompleteResponse(ChatResponse response) {
            if (cancelled) {
                return;
            }
            String text = response.aiMessage() == null || response.aiMessage().text() == null
                    ? "" : response.aiMessage().text();
            if (text.isBlank()) {
                events.failed(new IncompleteReplyException(IncompleteReplyException.NO_ANSWER));
            } else if (response.finishReason() == null && completesOnBodyEnd) {
                events.failed(new IncompleteReplyException(IncompleteReplyException.ENDED_EARLY));
            } else {
                events.complete(text, usage(response.tokenUsage()), response.finishReason() == FinishReason.LENGTH);
            }
        }

        @Override
        public void onError(Throwable error) {
            if (!cancelled) {
                events.failed(error);
            }
        }
    }

    private static @Nullable Usage usage(@Nullable TokenUsage u) {
        if (u == null || (u.inputTokenCount() == null && u.outputTokenCount() == null)) {
            return null;
        }
        return new Usage(u.inputTokenCount() == null ? 0 : u.inputTokenCount(),
                u.outputTokenCount() == null ? 0 : u.outputTokenCount());
    }
}
