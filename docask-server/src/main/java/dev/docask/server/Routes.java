package dev.docask.server;

import dev.docask.answer.internal.LiveIndex;
import dev.docask.answer.internal.StrictUtf8;
import org.jspecify.annotations.Nullable;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.javalin.config.JavalinConfig;
import io.javalin.http.Context;

/*
 * The route table, in one place (Javalin's routes-as-data style): what each path does and which
 * checks run before it. Handlers stay thin; failures are thrown and Problems maps them.
 */
final class Routes implements AutoCloseable {
    private final ServerSettings settings;
    private final LiveIndex live;
    private final @Nullable FeedbackLog feedbackLog; // null: none
    private final @Nullable QuestionLog questionLog; // null: none
    private final ServerMetrics metrics;
    private final Drain drain;
    private final ObjectMapper json;
    private @Nullable McpRoute mcp;

    Routes(ServerSettings settings, LiveIndex live, @Nullable FeedbackLog feedbackLog, @Nullable QuestionLog questionLog,
           ServerMetrics metrics, Drain drain, ObjectMapper json) {
        this.questionLog = questionLog;
        this.settings = settings;
        this.live = live;
        this.feedbackLog = feedbackLog;
        this.metrics = metrics;
        this.drain = drain;
        this.json = json;
    }

    void install(JavalinConfig cfg, AllowedHosts hosts) {
        JsonBodies bodies = new JsonBodies(json, settings.maxBodyBytes());
        CorsPolicy cors = new CorsPolicy(settings.allowOrigins(), settings.trustProxyHeader() != null);
        Guards guards = new Guards(new ClientKeys(settings.trustProxyHeader()),
                new RateLimiter(settings.rateLimit(), System::nanoTime),
                new DailyBudget(settings.dailyRequests(), settings.dailyTokens(), settings.clock()));
        RecentAnswers recent = new RecentAnswers();
        StaticAssets assets = new StaticAssets(settings.siteName() != null ? settings.siteName() : siteNameOfIndex());
        AskRoute ask = new AskRoute(live, guards, bodies, json, metrics, recent, drain, settings.maxQuestionChars(),
                settings.pingInterval(), questionLog);
        SearchRoute search = new SearchRoute(live, settings.retrieval(), json, metrics, settings.maxQuestionChars());
        FeedbackRoute feedback = new FeedbackRoute(bodies, recent, feedbackLog, questionLog, settings.onFeedback(),
                settings.clock());

        Problems problems = new Problems(json);
        problems.register(cfg.routes);
        // first of all: a Host this server does not answer to is refused before any other work (DNS rebinding)
        cfg.routes.before(ctx -> hosts.require(ctx.header("Host")));
        cfg.jetty.modifyServer(server -> server.setErrorHandler(new JettyProblems(problems)));
        cfg.http.prefer405over404 = true; // a known path with the wrong method: 405 with Allow, not "nothing at"
        McpRoute agents = new McpRoute(settings, live, metrics, drain, cors, hosts, problems);
        agents.install(cfg);
        mcp = agents;
        LlmsRoute llms = new LlmsRoute(live, settings.siteName());
        cfg.routes.after(ctx -> {
            guards.refundRejected(ctx);
            metrics.request(routeName(ctx), ctx.statusCode());
        });
        cfg.routes.before("/api/*", ctx -> {
            drain.admit();
            cors.apply(ctx);
            StrictUtf8.requireQuery(ctx.queryString());
        });
        cfg.routes.options("/api/*", ctx -> ctx.status(204));
        cfg.routes.post("/api/ask", drain.tracked(ask::handle));
        cfg.routes.get("/api/search", drain.tracked(ctx -> {
            guards.rateLimit(ctx);
            search.handle(ctx);
        }));
        cfg.routes.post("/api/feedback", drain.tracked(feedback::handle));
        cfg.routes.get("/healthz", this::health);
        cfg.routes.get("/metrics", ctx -> ctx.contentType("text/plain; version=0.0.4; charset=utf-8").result(metrics.scrape()));
        cfg.routes.get("/llms.txt", llms::index);
        cfg.routes.get("/llms-full.txt", llms::full);
        cfg.routes.get("/widget.js", assets::widget);
        cfg.routes.get("/widget.css", assets::css);
        cfg.routes.get("/", assets::demo);
    }

    private void health(Context ctx) {
        ctx.status(drain.draining() ? 503 : 200).contentType(Problems.JSON).result(Problems.utf8(json.createObjectNode()
                .put("status", drain.draining() ? "draining" : "ok")
                .put("generation", live.generation())
                .put("openStreams", metrics.openStreams())));
    }

    private String siteNameOfIndex() {
        try (LiveIndex.Lease lease = live.lease()) {
            String name = lease.generation().index().manifest().siteName();
            return name == null ? "" : name;
        }
    }

    private static String routeName(Context ctx) {
        String p = ctx.path();
        return switch (p) {
            case "/api/ask", "/api/search", "/api/feedback", "/healthz", "/metrics", "/llms.txt", "/llms-full.txt",
                 "/widget.js", "/widget.css", "/" -> p;
            default -> "other";
        };
    }

    /** Ends the MCP sessions and their streams. */
    @Override
    public void close() {
        McpRoute m = mcp;
        if (m != null) {
            m.close();
        }
    }
}
