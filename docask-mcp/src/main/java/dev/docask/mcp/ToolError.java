package dev.docask.mcp;

/*
 * A call the tool cannot serve as asked (a missing or bad argument, an unknown page): the agent gets
 * it as a tool result with isError set and this message, written for it to act on, never as a
 * protocol error, which most agents show as a broken server rather than reading it.
 */
final class ToolError extends RuntimeException {
    private final String message;

    ToolError(String message) {
        super(message, null, false, false);
        this.message = message;
    }

    /** The sentence for the agent. */
    String message() {
        return message;
    }
}
