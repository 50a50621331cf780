package dev.docask.server;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.docask.answer.internal.ApiException;
import dev.docask.answer.internal.AskRequest;
import dev.docask.answer.internal.Fields;
import dev.docask.answer.internal.LiveIndex;
import dev.docask.retrieve.internal.RetrievalJson;
import dev.docask.retrieve.Retrieval;
import dev.docask.retrieve.RetrievalOptions;
import io.javalin.http.Context;

import java.time.Duration;
import java.util.Optional;

/** {@code GET /api/search?q=…[&version=…]}: the retrieval result, with every score, as JSON. */
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
        once(ctx, "q");
        once(ctx, "version");
        String q = Fields.requireSearchQuestion(ctx.queryString(), ctx.queryParam("q"), maxQuestionChars);
        try (LiveIndex.Lease lease = live.lease()) {
            Optional<String> version = AskRequest.docsVersion(ctx.queryParam("version"));
            RetrievalOptions o = version.isPresent() ? options.toBuilder().docsVersion(version.get()).build() : options;
            Retrieval r = lease.generation().retriever().retrieve(q, o);
            metrics.retrieval(Duration.ofNanos(r.micros() * 1_000));
            ctx.contentType(Problems.JSON).result(Problems.utf8(json.valueToTree(RetrievalJson.of(r))));
        }
    }

    /* a parameter given twice would silently count once, as a JSON body with a key twice is refused (JsonBodies) */
    private static void once(Context ctx, String name) {
        int n = ctx.queryParams(name).size();
        if (n > 1) {
            throw new ApiException.BadRequest("Give ?" + name + "= once; this request gives it " + n + " times.");
        }
    }
}
