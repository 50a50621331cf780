package dev.docask.server;

import org.jspecify.annotations.Nullable;

/*
 * Handlers never build error responses themselves: they throw one of these and Problems turns it
 * into an RFC 9457 problem body with the status. The message is shown to the client, so it must
 * be written for a user and hold nothing internal (no provider message, no path, no key).
 */
abstract sealed class ApiException extends RuntimeException {
    private final int status;
    private final String title;
    private final String detail;

    private ApiException(int status, String title, String detail) {
        super(detail);
        this.status = status;
        this.title = title;
        this.detail = detail;
    }

    /** The detail shown to the client; never null. */
    @Override
    public String getMessage() {
        return detail;
    }

    int status() {
        return status;
    }

    String title() {
        return title;
    }

    /** The problem type, a short slug: {@code bad-request}, {@code rate-limited}, … */
    String type() {
        return title.toLowerCase(java.util.Locale.ROOT).replace(' ', '-');
    }

    /** Malformed JSON, a missing or over-long field, a wrong type. */
    static final class BadRequest extends ApiException {
        BadRequest(String detail) {
            super(400, "Bad request", detail);
        }
    }

    /** An Origin that is not on the allow-list. */
    static final class Forbidden extends ApiException {
        Forbidden(String detail) {
            super(403, "Forbidden", detail);
        }
    }

    /** A path with no route. */
    static final class NotFound extends ApiException {
        NotFound(String detail) {
            super(404, "Not found", detail);
        }
    }

    /** A request that repeats one that was already taken (feedback on an answer that has some). */
    static final class Conflict extends ApiException {
        Conflict(String detail) {
            super(409, "Conflict", detail);
        }
    }

    /** A body over the limit, noticed from Content-Length or while reading. */
    static final class PayloadTooLarge extends ApiException {
        PayloadTooLarge(long limit) {
            super(413, "Payload too large", "The request body is larger than " + limit + " bytes.");
        }
    }

    /** A body that is not {@code application/json}. */
    static final class UnsupportedMediaType extends ApiException {
        UnsupportedMediaType(@Nullable String contentType) {
            super(415, "Unsupported media type", "Send the body as application/json, not "
                    + (contentType == null || contentType.isBlank() ? "without a content type" : "'" + contentType + "'") + ".");
        }
    }

    /** Rate limit or daily budget spent; the client may retry after {@code retryAfterSeconds}. */
    static final class TooManyRequests extends ApiException {
        private final long retryAfterSeconds;

        TooManyRequests(String detail, long retryAfterSeconds) {
            super(429, "Too many requests", detail);
            this.retryAfterSeconds = Math.max(1, retryAfterSeconds);
        }

        long retryAfterSeconds() {
            return retryAfterSeconds;
        }
    }

    /** The language model failed; the detail is docask's own safe sentence, never the provider's message. */
    static final class UpstreamFailed extends ApiException {
        UpstreamFailed(String detail) {
            super(502, "Bad gateway", detail);
        }
    }

    /** The server cannot answer right now (no index loaded, shutting down). */
    static final class Unavailable extends ApiException {
        Unavailable(String detail) {
            super(503, "Service unavailable", detail);
        }
    }
}
