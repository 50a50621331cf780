package dev.docask.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.javalin.http.Context;
import org.jspecify.annotations.Nullable;

import java.io.IOException;
import java.io.InputStream;

/** Javalin's side of {@link dev.docask.answer.internal.JsonBodies}: the body of a request, strictly and within the limit. */
final class JsonBodies {
    private final dev.docask.answer.internal.JsonBodies bodies;

    JsonBodies(ObjectMapper json, int maxBytes) {
        this.bodies = new dev.docask.answer.internal.JsonBodies(json, maxBytes);
    }

    /** The body as a JSON object. */
    JsonNode readObject(Context ctx) {
        return bodies.readObject(new dev.docask.answer.internal.JsonBodies.Request() {
            @Override
            public @Nullable String contentType() {
                return ctx.header("Content-Type");
            }

            @Override
            public long contentLength() {
                return ctx.req().getContentLengthLong();
            }

            @Override
            public InputStream body() throws IOException {
                return ctx.req().getInputStream();
            }

            @Override
            public void closeConnection() {
                ctx.header("Connection", "close");
            }
        });
    }
}
