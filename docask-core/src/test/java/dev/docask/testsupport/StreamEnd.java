package dev.docask.testsupport;

/** How a streamed answer ({@link StreamTokens}, {@link Exchange#endAnswer(StreamEnd)}) ends once its tokens are sent. */
public enum StreamEnd {
    /** The protocol's closing events (stop reason, usage), then a clean end of the HTTP body. */
    COMPLETE,
    /**
     * The same, with the stop reason of a model that hit its token limit (OpenAI and Ollama
     * {@code length}, Anthropic {@code max_tokens}).
     */
    TOKEN_LIMIT,
    /** A pause for the client to read the tokens, then a TCP reset: no closing events, no closing chunk. */
    DROP,
    /** A clean end of the HTTP body right after the tokens, without the protocol's closing events. */
    CLOSE_EARLY,
    /**
     * The protocol's in-stream error (OpenAI {@code data: {"error": ...}}, Anthropic {@code event: error},
     * Ollama {@code {"error": ...}}), then a clean end.
     */
    ERROR
}
