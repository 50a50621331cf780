package dev.docask.answer.internal;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.jspecify.annotations.Nullable;

/*
 * Handlers never build error responses themselves: they throw one of these and Problems turns it
 * into an RFC 9457 problem body with the status. The message is shown to the client, so it must
 * be written for a user and hold nothing internal (no provider message, no path, no key).
 * Shared by docask serve and the Spring Boot starter, so both refuse the same input with the same
 * status and body (docs/design.md#server).
 */
public abstract sealed class ApiException extends RuntimeException {
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

    /** The sentence shown to the client. */
    public String detail() {
        return detail;
    }

    public int status() {
        return status;
    }

    public String title() {
        return title;
    }

    /** The problem type, a short slug: {@code bad-request}, {@code rate-limited}, … */
    public String type() {
        return title.toLowerCase(java.util.Locale.ROOT).replace(' ', '-');
    }

    /** Malformed JSON, a missing or over-long field, a wrong type. */
    public static final class BadRequest extends ApiException {
        public BadRequest(String detail) {
            super(400, "Bad request", detail);
        }
    }

    /** An Origin that is not on the allow-list. */
    public static final class Forbidden extends ApiException {
        public Forbidden(String detail) {
            super(403, "Forbidden", detail);
        }
    }

    /** A path with no route. */
    public static final class NotFound extends ApiException {
        public NotFound(String detail) {
            super(404, "Not found", detail);
        }
    }

    /** A request that repeats one that was already taken (feedback on an answer that has some). */
    public static final class Conflict extends ApiException {
        public Conflict(String detail) {
            super(409, "Conflict", detail);
        }
    }

    /** A body over the limit, noticed from Content-Length or while reading. */
    public static final class PayloadTooLarge extends ApiException {
        public PayloadTooLarge(long limit) {
            super(413, "Payload too large", "The request body is larger than " + limit + " bytes.");
        }
    }

    /** A body that is not {@code application/json}. */
    public static final class UnsupportedMediaType extends ApiException {
        public UnsupportedMediaType(@Nullable String contentType) {
            super(415, "Unsupported media type", "Send the body as application/json, not "
                    + (contentType == null || contentType.isBlank() ? "without a content type" : "'" + contentType + "'") + ".");
        }

        private UnsupportedMediaType(String detail, boolean asIs) {
            super(415, "Unsupported media type", detail);
        }

        /** A body declared in {@code charset}, which is not UTF-8. */
        public static UnsupportedMediaType charset(String charset) {
            return new UnsupportedMediaType("Send the body as UTF-8; charset '" + charset + "' is not read.", true);
        }
    }

    /** Rate limit or daily budget spent; the client may retry after {@code retryAfterSeconds}. */
    public static final class TooManyRequests extends ApiException {
        private final long retryAfterSeconds;

        public TooManyRequests(String detail, long retryAfterSeconds) {
            super(429, "Too many requests", detail);
            this.retryAfterSeconds = Math.max(1, retryAfterSeconds);
        }

        public long retryAfterSeconds() {
            return retryAfterSeconds;
        }
    }

    /** The language model failed; the detail is docask's own safe sentence, never the provider's message. */
    public static final class UpstreamFailed extends ApiException {
        public UpstreamFailed(String detail) {
            super(502, "Bad gateway", detail);
        }
    }

    /** The server cannot answer right now (no index loaded, shutting down). */
    public static final class Unavailable extends ApiException {
        private final java.util.OptionalLong retryAfterSeconds;

        public Unavailable(String detail) {
            super(503, "Service unavailable", detail);
            this.retryAfterSeconds = java.util.OptionalLong.empty();
        }

        /** Unavailable for a while (a shared store unreachable): the client may retry after {@code retryAfterSeconds}. */
        public Unavailable(String detail, long retryAfterSeconds) {
            super(503, "Service unavailable", detail);
            this.retryAfterSeconds = java.util.OptionalLong.of(Math.max(1, retryAfterSeconds));
        }

        public java.util.OptionalLong retryAfterSeconds() {
            return retryAfterSeconds;
        }
    }

    /** This failure as an RFC 9457 problem body: type, title, status, detail. */
    public ObjectNode body(ObjectMapper json) {
        return body(json, status, title, type(), detail);
    }

    /** A problem body for any status, e.g. one a framework produced itself. */
    public static ObjectNode body(ObjectMapper json, int status, String title, String type, String detail) {
        ObjectNode body = json.createObjectNode();
        body.put("type", "https://docask.dev/problems/" + type);
        body.put("title", title);
        body.put("status", status);
        body.put("detail", detail);
        return body;
    }
}
