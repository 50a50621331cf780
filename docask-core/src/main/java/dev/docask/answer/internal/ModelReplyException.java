package dev.docask.answer.internal;

/**
 * A model reply that came without an HTTP error but is no answer docask can use: one it cannot read, one cut
 * short or empty, the model server's own error inside the stream. A
 * provider's transport (docask-models) hands it to the model's error callback so the answer fails at once
 * rather than when the stream has been quiet for the first-token timeout. Its message is safe to show: it
 * becomes the answer's {@code error} event as it is.
 *
 * <pre>{@code
 * listener.onError(ModelReplyException.unreadable());
 * }</pre>
 */
public final class ModelReplyException extends RuntimeException {
    /** What an answer says of a reply that ended without any of it. */
    public static final String NO_ANSWER = "The language model returned no answer.";
    /** What an answer says of a reply that ended before its last event. */
    public static final String ENDED_EARLY = "The language model's reply ended before it was complete.";
    /** The most of a model server's own error text that is passed on. */
    public static final int MAX_SERVER_TEXT = 200;

    private ModelReplyException(String message) {
        super(message);
    }

    /** A reply that is not the protocol's JSON events: a broken event, an HTML page, binary junk. */
    public static ModelReplyException unreadable() {
        return new ModelReplyException("The language model sent a reply docask could not read.");
    }

    /** A reply whose body ended after some of the answer, without the protocol's last event. */
    public static ModelReplyException endedEarly() {
        return new ModelReplyException(ENDED_EARLY);
    }

    /** A reply whose body ended before any of the answer. */
    public static ModelReplyException noAnswer() {
        return new ModelReplyException(NO_ANSWER);
    }

    /**
     * The model server's own error inside a successful response ({@code {"error":"model not found"}}): its
     * text on one line, cut to {@link #MAX_SERVER_TEXT} characters. The caller masks secrets in it first.
     */
    public static ModelReplyException serverError(String text) {
        String line = text.replaceAll("\\p{Cntrl}+", " ").strip();
        if (line.length() > MAX_SERVER_TEXT) {
            line = line.substring(0, MAX_SERVER_TEXT - 1) + "…";
        }
        return new ModelReplyException(line.isEmpty() ? "The language model server reported an error."
                : "The language model server reported an error: " + line);
    }
}
