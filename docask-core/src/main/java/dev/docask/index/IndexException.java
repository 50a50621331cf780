package dev.docask.index;

import org.jspecify.annotations.Nullable;

import java.util.Optional;

/**
 * An index that cannot be built, opened or read: a missing or damaged index, an output folder that
 * holds something else. The message names the folder and what to do; {@link #parameter()} names the
 * argument it is about, so a caller can say it in its own words (the CLI names its flag).
 *
 * <pre>{@code
 * try {
 *     DocIndex.open(dir);
 * } catch (IndexException e) {
 *     System.err.println(e.getMessage() + e.parameter().map(p -> " (" + p + ")").orElse(""));
 * }
 * }</pre>
 */
public final class IndexException extends RuntimeException {
    /**
     * What to tell a client (a caller over HTTP, a coding agent) when the index cannot be read during its request, in
     * place of the message, which is for the operator (it names folders and files). docask's HTTP routes answer it with
     * 503, its MCP tools as a tool error.
     *
     * <pre>{@code
     * } catch (IndexException e) {
     *     log.warn("index unreadable", e);
     *     return ResponseEntity.status(503).body(IndexException.CLIENT_MESSAGE);
     * }
     * }</pre>
     */
    public static final String CLIENT_MESSAGE = "The documentation's index cannot be read right now. Please try again later.";

    private final @Nullable String parameter;

    public IndexException(String message) {
        this(message, null, null);
    }

    public IndexException(String message, Throwable cause) {
        this(message, null, cause);
    }

    /** A failure about one argument: {@code out} or {@code dir}, as the methods of this package name them. */
    public IndexException(String message, @Nullable String parameter, @Nullable Throwable cause) {
        super(message, cause);
        this.parameter = parameter;
    }

    /** The argument the failure is about ({@code out} of {@link IndexBuilder#build}, {@code dir} of {@link DocIndex#open}), if one. */
    public Optional<String> parameter() {
        return Optional.ofNullable(parameter);
    }
}
