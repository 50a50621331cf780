package dev.docask.testsupport;

/**
 * A route that streams an answer's tokens in one model API's protocol ({@link AnthropicStream},
 * {@link OllamaStream}), with the variations every such protocol has, so that one test can run against
 * either.
 */
public sealed interface ModelStream extends Route permits AnthropicStream, OllamaStream {
    /** The same tokens, ending as if the model hit its token limit. */
    ModelStream truncated();

    /** The same tokens, ending as {@code newEnd} says, e.g. {@link StreamEnd#DROP}. */
    ModelStream ending(StreamEnd newEnd);
}
