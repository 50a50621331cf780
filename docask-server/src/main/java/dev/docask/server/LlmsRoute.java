package dev.docask.server;

import dev.docask.answer.internal.Generation;
import dev.docask.answer.internal.LiveIndex;
import dev.docask.mcp.LlmsTxt;
import io.javalin.http.Context;
import org.jspecify.annotations.Nullable;

import java.util.concurrent.atomic.AtomicReference;

/*
 * GET /llms.txt and /llms-full.txt (docs/design.md, "For coding agents"), built from the generation
 * being served the first time either is asked for, and again after a reload: the same bytes
 * `docask index --llms-txt` writes for a static site.
 */
final class LlmsRoute {
    private static final String TEXT = "text/plain; charset=utf-8";

    private record Built(String generation, LlmsTxt files) {
    }

    private final LiveIndex live;
    private final @Nullable String siteName;
    private final AtomicReference<@Nullable Built> built = new AtomicReference<>();

    LlmsRoute(LiveIndex live, @Nullable String siteName) {
        this.live = live;
        this.siteName = siteName;
    }

    void index(Context ctx) {
        ctx.contentType(TEXT).result(files().index());
    }

    void full(Context ctx) {
        ctx.contentType(TEXT).result(files().full());
    }

    private LlmsTxt files() {
        try (LiveIndex.Lease lease = live.lease()) {
            Generation g = lease.generation();
            Built b = built.get();
            if (b == null || !b.generation().equals(g.name())) {
                b = new Built(g.name(), siteName == null ? LlmsTxt.of(g.index()) : LlmsTxt.of(g.index(), siteName));
                built.set(b);
            }
            return b.files();
        }
    }
}
