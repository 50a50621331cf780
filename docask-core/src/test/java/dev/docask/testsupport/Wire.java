package dev.docask.testsupport;

/**
 * The wire format a {@link FakeModelServer} speaks: which requests it answers, the form of its base
 * URL, and how an answer, its end and an error look on the wire. Routes such as {@link StreamTokens}
 * and {@link ServerError} write in the format of the server they run on, so one route serves every API.
 */
public enum Wire {
    /**
     * OpenAI chat completions: {@code data: {...}} Server-Sent Events, a finish chunk, a usage chunk,
     * {@code data: [DONE]}. Every path is answered; the base URL ends in {@code /v1}.
     */
    OPENAI(new OpenAiFormat()),
    /**
     * The Anthropic Messages API: named events ({@code message_start} … {@code message_stop}) on
     * {@code POST /v1/messages} with {@code "stream": true}; anything else gets the API's 404 or 400.
     * The base URL is the origin without {@code /v1}, the form Anthropic's SDKs take.
     */
    ANTHROPIC(new AnthropicFormat()),
    /**
     * Ollama's chat API: one JSON object per line on {@code POST /api/chat}, the last one
     * {@code "done": true}; it refuses {@code "stream": false} and answers 404 elsewhere. The base URL
     * is the origin, as {@code OLLAMA_BASE_URL} takes it.
     */
    OLLAMA(new OllamaFormat());

    private final WireFormat format;

    Wire(WireFormat format) {
        this.format = format;
    }

    WireFormat format() {
        return format;
    }
}
