package dev.docask.answer;

import org.jspecify.annotations.Nullable;

import dev.langchain4j.exception.AuthenticationException;
import dev.langchain4j.exception.HttpException;
import dev.langchain4j.exception.RateLimitException;

import java.io.IOException;
import java.net.ConnectException;
import java.net.http.HttpTimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/*
 * Turns a model failure into a sentence a user may see. Provider error bodies can echo part of the
 * API key ("Incorrect API key provided: sk-ab***yz") and exception messages can hold URLs with
 * credentials, so no text of the cause is passed on: only its kind and HTTP status, and the message of a
 * ModelReplyException, which its transport made safe (a server's error text with secrets masked). The whole
 * exception still goes to onError for the operator's logs.
 */
final class FailureText {
    private static final Pattern ERROR_TYPE = Pattern.compile("\"type\"\\s*:\\s*\"([a-z_]{1,40}_error)\"");

    private FailureText() {
    }

    static String of(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if ((t instanceof ModelCall.IncompleteReplyException || t instanceof dev.docask.answer.internal.ModelReplyException) && t.getMessage() != null) {
                return t.getMessage();
            }
            if (t instanceof AuthenticationException) {
                return "The language model rejected the request: check its API key.";
            }
            if (t instanceof RateLimitException) {
                return "The language model is rate-limited; try again shortly.";
            }
            if (t instanceof HttpException h) {
                return "The language model failed with HTTP status " + h.statusCode() + ".";
            }
            if (t instanceof HttpTimeoutException || t instanceof dev.langchain4j.exception.TimeoutException) {
                return "The language model did not respond in time.";
            }
            if (t instanceof ConnectException) {
                return "Could not connect to the language model server.";
            }
            if (t.getClass().getName().startsWith("com.fasterxml.jackson.")) {
                return "The language model sent a reply docask could not read.";
            }
            if (t instanceof IOException) {
                return "The connection to the language model broke off.";
            }
        }
        String type = errorType(failure);
        if (type != null) {
            return type.equals("overloaded_error") || type.equals("rate_limit_error")
                    ? "The language model is busy (" + type + "); try again shortly."
                    : "The language model reported an error (" + type + ").";
        }
        return "The language model failed (" + failure.getClass().getSimpleName() + ").";
    }

    /*
     * An error sent inside a stream (Anthropic's "event: error") reaches us as a bare exception whose
     * message is the provider's error body. Its error type ("overloaded_error") comes from a fixed
     * vocabulary and is safe to show; the rest of the body is not passed on.
     */
    private static @Nullable String errorType(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            Matcher m = t.getMessage() == null ? null : ERROR_TYPE.matcher(t.getMessage());
            if (m != null && m.find()) {
                return m.group(1);
            }
        }
        return null;
    }
}
