package dev.docask.testsupport;

/** How an {@link AnthropicStream} or {@link OllamaStream} ends once its tokens are sent. */
public enum StreamEnd {
    /** The protocol's closing events (stop reason, usage), then a clean end of the HTTP body. */
    COMPLETE,
    /** A pause for the client to read the tokens, then a TCP reset: no closing events, no closing chunk. */
    DROP,
    /** A clean end of the HTTP body right after the tokens, without the protocol's closing events. */
    CLOSE_EARLY,
    /** The protocol's in-stream error (Anthropic {@code event: error}, Ollama {@code {"error": ...}}), then a clean end. */
    ERROR
}
