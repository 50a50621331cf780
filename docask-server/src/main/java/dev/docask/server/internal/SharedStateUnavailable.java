package dev.docask.server.internal;

/** The shared store did not answer in time (down, unreachable, restarting); the message names no password. */
public final class SharedStateUnavailable extends RuntimeException {
    public SharedStateUnavailable(String message, Throwable cause) {
        super(message, cause);
    }
}
