package dev.docask.answer;

import dev.langchain4j.exception.AuthenticationException;
import dev.langchain4j.exception.HttpException;
import dev.langchain4j.exception.RateLimitException;

import java.io.IOException;
import java.net.ConnectException;
import java.net.http.HttpTimeoutException;

/*
 * Turns a model failure into a sentence a user may see. Provider error bodies can echo part of the
 * API key ("Incorrect API key provided: sk-ab***yz") and exception messages can hold URLs with
 * credentials, so no text of the cause is passed on: only its kind and HTTP status. The whole
 * exception still goes to onError for the operator's logs.
 */
final class FailureText {
    private FailureText() {
    }

    static String of(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
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
        return "The language model failed (" + failure.getClass().getSimpleName() + ").";
    }
}
