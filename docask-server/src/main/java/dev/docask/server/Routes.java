package dev.docask.server;

import dev.docask.answer.internal.LiveIndex;
import dev.docask.answer.internal.StrictUtf8;
import dev.docask.server.internal.SharedState;
import org.jspecify.annotations.Nullable;

import java.time.Duration;
import java.util.Locale;
import java.util.Optional;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.javalin.config.JavalinConfig;
import io.javalin.http.Context;

/*
 * The route table, in one place (Javalin's routes-as-data style): what each path does and which
 * checks run before it. Handlers stay thin; failures are thrown and Problems maps them.
 * With a shared store (--redis) the rate limits, the budget and the answer ids are the
 * deployment's, not this process's; /readyz then also says whether the store answers.
 */
final class Routes implements AutoCloseable {
    private final ServerSettings settings;
    private final LiveIndex live;
    private final @Nullable FeedbackLog feedbackLog; // null: none
    private final @Nullable QuestionLog questionLog; // null: none
    private final ServerMetrics metrics;
    private final Drain drain;
    private final ObjectMapper json;
    private final Optional<SharedState> shared;
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(Routes.class);
    private @Nullable McpRoute mcp;
    private static final String STARTED = "docask.started"; // request attribute: System.nanoTime() on arrival

    Routes(ServerSettings settings, LiveIndex live, @Nullable FeedbackLog feedbackLog, @Nullable QuestionLog questionLog,
           ServerMetrics metrics, Drain drain, ObjectMapper json, Optional<SharedState> shared) {
        this.questionLog = questionLog;
        this.settings = settings;
        this.live = live;
        this.feedbackLog = feedbackLog;
        this.metrics = metrics;
        this.drain = drain;
        this.json = json;
        this.shared = shared;
    }

    private Limiter limiter(String name, RateLimit limit) {
        boolean failOpen = settings.redisFailOpen();
        return shared.<Limiter>map(s -> new SharedLimiter(s, name, limit, failOpen))
                .orElseGet(() -> new RateLimiter(limit, System::nanoTime));
    }

    void install(JavalinConfig cfg, AllowedHosts hosts) {
        JsonBodies bodies = new JsonBodies(json, settings.maxBodyBytes());
        CorsPolicy cors = new CorsPolicy(settings.allowOrigins(), settings.trustProxyHeader() != null);
        Budget budget = shared.<Budget>map(s -> new SharedBudget(s, settings.dailyRequests(), settings.dailyTokens(),
                settings.clock(), settings.redisFailOpen()))
                .orElseGet(() -> new DailyBudget(settings.dailyRequests(), settings.dailyTokens(), settings.clock()));
        Guards guards = new Guards(new ClientKeys(settings.trustProxyHeader()), limiter("api", settings.rateLimit()), budget);
        GivenAnswers recent = shared.<GivenAnswers>map(SharedAnswers::new).orElseGet(RecentAnswers::new);
        StaticAssets assets = new StaticAssets(settings.siteName() != null ? settings.siteName() : siteNameOfIndex(),
                settings.maxQuestionChars());
        AskRoute ask = new AskRoute(live, guards, bodies, json, metrics, recent, drain, settings, questionLog);
        SearchRoute search = new SearchRoute(live, settings.retrieval(), json, metrics, settings.maxQuestionChars());
        FeedbackRoute feedback = new FeedbackRoute(bodies, recent, feedbackLog, questionLog, settings.onFeedback(),
                settings.clock());

        Problems problems = new Problems(json);
        problems.register(cfg.routes);
        // first of all: a Host this server does not answer to is refused before any other work (DNS rebinding)
        cfg.routes.before(ctx -> hosts.require(ctx.header("Host")));
        cfg.jetty.modifyServer(server -> server.setErrorHandler(new JettyProblems(problems)));
        cfg.http.prefer405over404 = true; // a known path with the wrong method: 405 with Allow, not "nothing at"
        McpRoute agents = new McpRoute(settings, live, metrics, drain, cors, hosts, problems,
                limiter("mcp", settings.mcpRateLimit()));
        agents.install(cfg);
        mcp = agents;
        LlmsRoute llms = new LlmsRoute(live, settings.siteName());
        cfg.routes.before(ctx -> ctx.attribute(STARTED, System.nanoTime()));
        cfg.routes.after(ctx -> {
            guards.refundRejected(ctx);
            Long started = ctx.attribute(STARTED);
            Duration took = Duration.ofNanos(started == null ? 0 : System.nanoTime() - started);
            int status = AskRoute.recordedStatus(ctx);
            metrics.request(ctx.method().name(), routeName(ctx), status, took);
            if (status == AskRoute.CLIENT_CLOSED_REQUEST) {
                LOG.info("{} {} 499: the client left before the answer ended ({} ms)", ctx.method().name(), ctx.path(),
                        took.toMillis());
            }
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
        getAndHead(cfg, "/healthz", this::health);
        getAndHead(cfg, "/livez", ctx -> ctx.contentType(Problems.JSON).result(Problems.utf8(json.createObjectNode().put("status", "ok"))));
        getAndHead(cfg, "/readyz", this::ready);
        if (settings.metricsPort().isEmpty()) {
            cfg.routes.get("/metrics", ctx -> ctx.contentType(MetricsPort.CONTENT_TYPE).result(metrics.scrape()));
        }
        getAndHead(cfg, "/llms.txt", llms::index);
        getAndHead(cfg, "/llms-full.txt", llms::full);
        getAndHead(cfg, "/widget.js", assets::widget);
        getAndHead(cfg, "/widget.css", assets::css);
        getAndHead(cfg, "/", assets::demo);
    }

    /*
     * A HEAD (a probe, a link checker, a CDN revalidating the widget) gets the status and headers a GET would, the body
     * left out by Jetty; without its own route Javalin answered every HEAD 200 text/plain, a draining server included.
     */
    private static void getAndHead(JavalinConfig cfg, String path, io.javalin.http.Handler handler) {
        cfg.routes.get(path, handler);
        cfg.routes.head(path, handler);
    }

    private void health(Context ctx) {
        ctx.status(drain.draining() ? 503 : 200).contentType(Problems.JSON).result(Problems.utf8(json.createObjectNode()
                .put("status", drain.draining() ? "draining" : "ok")
                .put("generation", live.generation())
                .put("openStreams", metrics.openStreams())));
    }

    /* Ready for traffic: the index is loaded (it is once the server started) and answers, not draining, the shared store answers. */
    private void ready(Context ctx) {
        SharedState.Health store = shared.map(SharedState::health).orElse(SharedState.Health.UP);
        boolean storeUp = store == SharedState.Health.UP;
        boolean indexUp = drain.draining() || live.ready(); // a search service's site may be unreachable (docs/solr.md)
        boolean ready = !drain.draining() && storeUp && indexUp;
        var body = json.createObjectNode().put("status", ready ? "ready" : "not ready")
                .put("generation", live.generation()).put("draining", drain.draining());
        if (!indexUp) {
            body.put("index", "down");
        }
        shared.ifPresent(s -> body.put("redis", store.name().toLowerCase(Locale.ROOT)));
        ctx.status(ready ? 200 : 503).contentType(Problems.JSON).result(Problems.utf8(body));
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
            case "/api/ask", "/api/search", "/api/feedback", "/healthz", "/livez", "/readyz", "/metrics", "/llms.txt", "/llms-full.txt",
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
