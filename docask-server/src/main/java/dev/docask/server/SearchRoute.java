package dev.docask.server;

import org.jspecify.annotations.Nullable;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.docask.retrieve.internal.RetrievalJson;
import dev.docask.retrieve.Retrieval;
import dev.docask.retrieve.RetrievalOptions;
import io.javalin.http.Context;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/** {@code GET /api/search?q=…}: the retrieval result, with every score, as JSON. */
final class SearchRoute {
    private final LiveIndex live;
    private final RetrievalOptions options;
    private final ObjectMapper json;
    private final ServerMetrics metrics;
    private final int maxQuestionChars;

    SearchRoute(LiveIndex live, RetrievalOptions options, ObjectMapper json, ServerMetrics metrics, int maxQuestionChars) {
        this.live = live;
        this.options = options;
        this.json = json;
        this.metrics = metrics;
        this.maxQuestionChars = maxQuestionChars;
    }

    void handle(Context ctx) {
        requireWellFormed(ctx.queryString());
        String q = ctx.queryParam("q");
        if (q == null || q.isBlank()) {
            throw new ApiException.BadRequest("Add the question as ?q=…");
        }
        q = q.strip();
        if (q.codePointCount(0, q.length()) > maxQuestionChars) {
            throw new ApiException.BadRequest("The question is longer than " + maxQuestionChars + " characters.");
        }
        Fields.requirePlainText("The question", q);
        try (LiveIndex.Lease lease = live.lease()) {
            Retrieval r = lease.generation().retriever().retrieve(q, options);
            metrics.retrieval(Duration.ofNanos(r.micros() * 1_000));
            ctx.contentType(Problems.JSON).result(Problems.utf8(json.valueToTree(RetrievalJson.of(r))));
        }
    }

    /* Javalin drops a parameter it cannot decode, which would read as "no question given". */
    private static void requireWellFormed(@Nullable String query) {
        if (query == null) {
            return;
        }
        try {
            URLDecoder.decode(query, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw new ApiException.BadRequest("The query string is malformed: each % must be followed by two hex digits "
                    + "(write %25 for a % sign).");
        }
    }
}
