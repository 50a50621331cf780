package dev.docask.testsupport;

import dev.docask.answer.internal.JsonBodies;

import java.io.ByteArrayInputStream;
import java.io.InputStream;

/** A JSON request body in memory, declared with its length, for reading through {@link JsonBodies}. */
public record JsonRequest(byte[] bytes) implements JsonBodies.Request {
    @Override
    public String contentType() {
        return "application/json";
    }

    @Override
    public long contentLength() {
        return bytes.length;
    }

    @Override
    public InputStream body() {
        return new ByteArrayInputStream(bytes);
    }

    @Override
    public void closeConnection() {
    }
}
