package dev.docask.server;

import dev.docask.answer.internal.LiveIndex;
import dev.docask.answer.internal.Generation;
import dev.docask.answer.internal.SecretMask;
import org.jspecify.annotations.Nullable;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.docask.answer.AnswerCache;
import dev.docask.answer.AskHandler;
import dev.docask.answer.ModelSpec;
import dev.docask.embed.Embedder;
import dev.docask.embed.EmbedderSpec;
import dev.docask.embed.Embedders;
import dev.docask.index.DocIndex;
import dev.docask.retrieve.HybridRetriever;
import dev.docask.retrieve.RetrievalOptions;
import dev.docask.server.internal.SharedState;
import dev.docask.server.internal.SharedStateProvider;
import dev.docask.server.internal.SharedStateSettings;
import dev.docask.server.internal.SharedStateUnavailable;
import io.javalin.Javalin;
import io.javalin.compression.CompressionStrategy;
import io.javalin.config.JavalinConfig;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.NetworkConnector;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.component.LifeCycle;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.ServiceLoader;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The docask HTTP server (docs/design.md#server): {@code POST /api/ask} (a Vercel AI SDK UI message stream, or
 * one JSON object), {@code GET /api/search}, {@code POST /api/feedback}, {@code GET /healthz},
 * {@code GET /livez}, {@code GET /readyz}, {@code GET /metrics} (or on a port of its own),
 * {@code GET /widget.js} and a demo page at {@code /}; for coding agents, MCP over
 * Streamable HTTP at {@code /mcp} and {@code GET /llms.txt}, {@code /llms-full.txt}. Safe to put on the
 * public internet: body and question limits, per-client rate limits, a daily budget, a CORS
 * allow-list, and errors as JSON problem bodies. The index is reloaded when a new generation is
 * published into its folder. Replicas behind a load balancer share their answer cache, rate limits,
 * budget and answer ids through Redis ({@link Builder#redis(String)}, with docask-redis on the class path).
 *
 * <pre>{@code
 * try (DocaskServer server = DocaskServer.builder()
 *         .indexDir(Path.of("docs-index"))
 *         .model("openai:gpt-4o-mini")
 *         .allowOrigins(List.of("https://docs.example.com"))
 *         .rateLimit(RateLimit.parse("10/min"))
 *         .build().start()) {
 *     System.out.println("listening on " + server.url());
 *     server.awaitStop();
 * }
 * }</pre>
 */
public final class DocaskServer implements AutoCloseable {
    /** The distinct /search failures logged per index at most: a bound on what an odd stream of messages can hold. */
    private static final int MAX_SAID = 100;
    private static final Logger LOG = LoggerFactory.getLogger(DocaskServer.class);
    private static final Duration STOP_NOW_WAIT = Duration.ofSeconds(2);
    /*
     * Connections waiting to be accepted. Jetty leaves it to the JDK's default of 50: when more clients
     * connect at once (a page of readers asking together), Linux drops the handshakes past it and
     * they retry 1, 3, 7 s later, or give up, which ServerLoadCheck showed at 1000 streams as 10 s
     * before the sources and 4% of the requests failing (docs/benchmarks.md, "Server load").
     */
    static final int ACCEPT_QUEUE = 1024;
    private static final SecretMask SECRETS = SecretMask.of(System.getenv()); // the keys models are built with
    private static final Duration SHARED_CACHE_TTL = Duration.ofHours(1);
    /* An answer with its sources is 5-30 KB of JSON; far more means something to keep out of a shared memory. */
    private static final int MAX_SHARED_ANSWER_CHARS = 256 * 1024;

    private final ServerSettings settings;
    private final ObjectMapper json = new ObjectMapper();
    private final ServerMetrics metrics;
    private final Drain drain = new Drain();
    private final Map<EmbedderSpec, Optional<Embedder>> embedders = new ConcurrentHashMap<>();
    private final CountDownLatch stopped = new CountDownLatch(1);
    private @Nullable LiveIndex live;
    private @Nullable Javalin app;
    private @Nullable Routes routes;
    private @Nullable SharedState shared;
    private @Nullable MetricsPort metricsPort;
    private int boundPort;
    private final @Nullable Supplier<DocIndex> opener;

    DocaskServer(ServerSettings settings) {
        this(settings, null, settings.indexDir().toString());
    }

    /** The index as the operator gave it: a folder, or a search service's address. */
    private final String shownIndex;

    private DocaskServer(ServerSettings settings, @Nullable Supplier<DocIndex> opener, String shownIndex) {
        this.settings = settings;
        this.opener = opener;
        this.shownIndex = shownIndex;
        this.metrics = new ServerMetrics(settings.version());
    }

    public static Builder builder() {
        return new Builder();
    }

    /**
     * Loads the index and starts listening.
     *
     * @throws dev.docask.index.IndexException when the index cannot be loaded
     * @throws IllegalArgumentException when the host is not an address of this machine or the feedback log
     *                                  or the question log folder cannot be appended to
     * @throws IllegalStateException    when the port is already in use, or Redis cannot be reached (naming its URL)
     */
    public synchronized DocaskServer start() {
        if (app != null) {
            throw new IllegalStateException("the server is already started");
        }
        ListenAddress.requireLocal(settings.host());
        Path feedbackFile = settings.feedbackLog();
        FeedbackLog feedbackLog = feedbackFile == null ? null : FeedbackLog.open(feedbackFile, json);
        SharedState state = settings.redis().map(DocaskServer::connect).orElse(null);
        shared = state;
        Path questionDir = settings.questionLog();
        QuestionLog questionLog;
        LiveIndex index;
        try {
            questionLog = questionDir == null ? null : JsonLinesQuestionLog.open(questionDir,
                    settings.questionLogRetentionDays(), settings.clock(), json,
                    salt -> state == null ? salt : sharedSalt(state, salt));
            Supplier<DocIndex> open = opener;
            index = open != null ? LiveIndex.of(open, this::load, settings.reloadInterval())
                    : new LiveIndex(settings.indexDir(), this::load, settings.reloadInterval());
        } catch (RuntimeException e) {
            closeShared();
            throw e;
        }
        Javalin started;
        try {
            started = Javalin.create(cfg -> configure(cfg, index, feedbackLog, questionLog)).start(settings.host(), settings.port());
        } catch (RuntimeException e) {
            index.close();
            closeShared();
            throw ListenAddress.explain(e, settings.host(), settings.port());
        }
        try {
            if (settings.metricsPort().isPresent()) {
                metricsPort = MetricsPort.start(settings.host(), settings.metricsPort().getAsInt(), metrics::scrape);
            }
        } catch (RuntimeException e) { // MetricsPort names the port
            started.stop();
            index.close();
            closeShared();
            throw e;
        }
        app = started;
        live = index;
        boundPort = started.port();
        LOG.info("docask serving {} on {}{}", shownIndex, url(),
                settings.redis().map(r -> ", sharing state through " + r.safeUrl()).orElse(""));
        return this;
    }

    private static SharedState connect(SharedStateSettings redis) {
        for (SharedStateProvider p : ServiceLoader.load(SharedStateProvider.class, DocaskServer.class.getClassLoader())) {
            if (p.accepts(redis.url())) {
                return p.connect(redis);
            }
        }
        throw new IllegalStateException("--redis " + redis.safeUrl() + " needs the docask-redis module on the class path "
                + "(it is in the docask command's jar)");
    }

    /* The first replica to start publishes its folder's salt; later ones, whatever their folder, take it. */
    private static String sharedSalt(SharedState state, String folderSalt) {
        try {
            return state.questionLogSalt(folderSalt);
        } catch (SharedStateUnavailable e) {
            throw new IllegalStateException("the question log's salt cannot be read from Redis: " + e.getMessage(), e);
        }
    }

    private void closeShared() {
        SharedState s = shared;
        shared = null;
        if (s != null) {
            s.close();
        }
    }

    /** The port {@code /metrics} is served on: its own when {@link Builder#metricsPort(int)} was set, else {@link #port()}. */
    public int metricsPort() {
        MetricsPort m = metricsPort;
        return m == null ? port() : m.port();
    }

    private Generation load(String name, DocIndex index) {
        EmbedderSpec spec = index.manifest().embedderSpec();
        Optional<Embedder> embedder = embedders.computeIfAbsent(spec, Embedders::create); // reused across reloads
        HybridRetriever retriever = HybridRetriever.create(index, embedder);
        // A mistyped --filter would make every answer "I don't know": say so once per index, not per request.
        List<String> problems = retriever.filterProblems(settings.retrieval().filter());
        problems.forEach(p -> LOG.warn("index {}: {}", name, p));
        // /search and MCP: what retrieval survived (an embedder that fails, a hook), each message once per index, so
        // that neither a filter said above nor an embedder down floods the log with a line per request
        java.util.Set<String> said = java.util.concurrent.ConcurrentHashMap.newKeySet();
        said.addAll(problems);
        HybridRetriever searching = retriever.toBuilder().onError(e -> {
            String message = String.valueOf(e.getMessage());
            if (said.size() < MAX_SAID && said.add(message)) {
                LOG.warn("search (index {}): {}", name, message);
            }
        }).build();
        SharedState s = shared;
        Optional<AnswerCache> sharedCache = s == null ? Optional.empty()
                : Optional.of(AnswerCache.shared(s.answers(), SHARED_CACHE_TTL, MAX_SHARED_ANSWER_CHARS));
        return new Generation(name, index, searching, settings.answers().apply(retriever, sharedCache));
    }

    private void configure(JavalinConfig cfg, LiveIndex live, @Nullable FeedbackLog feedbackLog,
                           @Nullable QuestionLog questionLog) {
        cfg.concurrency.useVirtualThreads = true;
        cfg.startup.showJavalinBanner = false;
        cfg.startup.showOldJavalinVersionWarning = false;
        cfg.http.compressionStrategy = CompressionStrategy.NONE; // streams must reach the reader as written
        cfg.http.maxRequestSize = settings.maxBodyBytes();
        cfg.jetty.modifyServer(server -> server.addEventListener(new LifeCycle.Listener() {
            @Override
            public void lifeCycleStarting(LifeCycle event) { // Javalin has made its connector; it opens after this
                for (Connector c : server.getConnectors()) {
                    if (c instanceof ServerConnector sc) {
                        sc.setAcceptQueueSize(ACCEPT_QUEUE);
                    }
                }
            }
        }));
        Routes r = new Routes(settings, live, feedbackLog, questionLog, metrics, drain, json, Optional.ofNullable(shared));
        AllowedHosts hosts = AllowedHosts.of(settings.allowHosts(), settings.host(), settings.allowOrigins());
        if (hosts.anyName()) {
            LOG.warn("listening on {} with no --allowed-host: requests for any host name are answered; name the "
                    + "server's public host with --allowed-host to refuse others (DNS rebinding)", settings.host());
        }
        r.install(cfg, hosts);
        routes = r;
    }

    /** The port the server listens on (the real one when it was started on port 0). */
    public int port() {
        return boundPort;
    }

    /** How many connections may wait for Jetty to accept them (0 before start); see ACCEPT_QUEUE. */
    synchronized int acceptQueueSize() {
        Javalin a = app;
        if (a != null) {
            for (Connector c : a.jettyServer().server().getConnectors()) {
                if (c instanceof ServerConnector sc) {
                    return sc.getAcceptQueueSize();
                }
            }
        }
        return 0;
    }

    /** The server's base URL, e.g. {@code http://127.0.0.1:8080}. */
    public String url() {
        String host = settings.host().contains(":") ? "[" + settings.host() + "]" : settings.host();
        return "http://" + host + ":" + port();
    }

    /** The index generation new requests are answered from. */
    public String generation() {
        return requireStarted().generation();
    }

    /** Checks the index folder for a new generation now; true when the server swapped to it. */
    public boolean reloadNow() {
        return requireStarted().reloadIfChanged();
    }

    private synchronized LiveIndex requireStarted() {
        LiveIndex live = this.live;
        if (live == null) {
            throw new IllegalStateException("the server is not started: call start() first");
        }
        return live;
    }

    /** Blocks until {@link #close()} has stopped the server. */
    public void awaitStop() throws InterruptedException {
        stopped.await();
    }

    /**
     * Stops gracefully: new connections are refused and new API requests get 503 at once, while
     * requests and answer streams already running may finish until the shutdown grace period
     * ends; then the server stops and the index is closed.
     */
    @Override
    public synchronized void close() {
        Javalin app = this.app;
        LiveIndex live = this.live;
        if (app == null || live == null || stopped.getCount() == 0) {
            return;
        }
        drain.start();
        LOG.info("shutting down: no new connections; {} request(s) running get up to {} s to finish", drain.inFlight(),
                settings.shutdownGrace().toSeconds());
        for (Connector c : app.jettyServer().server().getConnectors()) {
            if (c instanceof NetworkConnector n) {
                n.close(); // stop accepting; open connections carry on
            }
        }
        boolean interrupted = Thread.interrupted(); // stopping Jetty must not be cut short by a pending interrupt
        if (!interrupted) {
            interrupted = !drain.awaitIdle(System.nanoTime() + settings.shutdownGrace().toNanos());
        }
        if (!interrupted && drain.inFlight() > 0) {
            drain.stopNow(); // streams end with an error event, which takes a moment, not a grace period
            interrupted = !drain.awaitIdle(System.nanoTime() + STOP_NOW_WAIT.toNanos());
        }
        if (drain.inFlight() > 0) {
            LOG.warn("{} request(s) still running at shutdown; stopping anyway", drain.inFlight());
        }
        try {
            Routes r = routes;
            if (r != null) {
                r.close(); // MCP sessions hold event streams open; end them before Jetty waits for its requests
            }
            app.stop();
            MetricsPort m = metricsPort;
            if (m != null) {
                m.close();
            }
            live.close();
            closeShared();
            metrics.close();
            stopped.countDown();
            LOG.info("stopped");
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** A failure as the server logs it: one line, API keys and key-shaped tokens masked. */
    static String logLine(Throwable failure) {
        return SECRETS.describe(failure);
    }

    /** Collects the server's options; only {@link #indexDir(Path)} is required. */
    public static final class Builder {
        private @Nullable Path indexDir;
        private @Nullable Supplier<DocIndex> index;
        private @Nullable String indexName;
        private @Nullable Function<HybridRetriever, AskHandler> answers;
        private String model = ModelSpec.DEFAULT_SPEC;
        private int maxOutputTokens = AskHandler.Builder.DEFAULT_MAX_OUTPUT_TOKENS;
        private AnswerCache answerCache = AnswerCache.create(10_000, Duration.ofHours(1));
        private Duration pingInterval = Duration.ofSeconds(1);
        private String host = "127.0.0.1";
        private int port = 8080;
        private @Nullable String siteName;
        private RetrievalOptions retrieval = RetrievalOptions.defaults();
        private List<String> allowOrigins = List.of();
        private RateLimit rateLimit = RateLimit.parse("10/min");
        private RateLimit mcpRateLimit = RateLimit.parse("60/min");
        private List<String> allowHosts = List.of();
        private @Nullable String trustProxyHeader;
        private int maxBodyBytes = ServerSettings.DEFAULT_MAX_BODY_BYTES;
        private int maxQuestionChars = ServerSettings.DEFAULT_MAX_QUESTION_CHARS;
        private long dailyRequests;
        private long dailyTokens;
        private @Nullable Path feedbackLog;
        private Consumer<Feedback> onFeedback = f -> { };
        private Duration reloadInterval = Duration.ofSeconds(2);
        private Duration shutdownGrace = Duration.ofSeconds(20);
        private Clock clock = Clock.systemUTC();
        private @Nullable Path questionLog;
        private int questionLogRetentionDays;
        private @Nullable String redisUrl;
        private String redisPrefix = "docask";
        private boolean redisFailOpen;
        private Duration redisTimeout = Duration.ofSeconds(1);
        private OptionalInt metricsPort = OptionalInt.empty();
        private String version = "unknown";

        private Builder() {
        }

        /** The folder written by {@code docask index}; watched for new generations. */
        public Builder indexDir(Path dir) {
            this.indexDir = dir;
            return this;
        }

        /**
         * Instead of {@link #indexDir(Path)}: serves the one index {@code opener} opens at {@link #start()},
         * never reloaded, e.g. a site on SolrCloud (docs/solr.md) whose service keeps it current.
         * {@code /readyz} then also says whether that index answers.
         *
         * @param name what the index is called in logs, e.g. its address
         */
        public Builder index(String name, Supplier<DocIndex> opener) {
            this.indexName = Objects.requireNonNull(name, "name");
            this.index = Objects.requireNonNull(opener, "opener");
            return this;
        }

        /**
         * The model answers are written with: {@code openai:<name>}, {@code anthropic:<name>},
         * {@code ollama:<name>} or {@code extractive} (the default: quoted passages, no model).
         */
        public Builder model(String spec) {
            this.model = spec;
            return this;
        }

        /**
         * The most tokens the model may write per answer (800), sent with every request; see
         * {@link AskHandler.Builder#maxOutputTokens(int)}. Not used with {@link #answers(Function)}.
         */
        public Builder maxOutputTokens(int tokens) {
            if (tokens < 1) {
                throw new IllegalArgumentException("maxOutputTokens must be at least 1, got " + tokens);
            }
            this.maxOutputTokens = tokens;
            return this;
        }

        /**
         * Identical questions on the same index are answered from this cache (10,000 answers or
         * {@link AnswerCache#DEFAULT_MAX_BYTES}, for an hour; null for none).
         */
        public Builder answerCache(AnswerCache cache) {
            this.answerCache = cache;
            return this;
        }

        /**
         * Builds the ask handler for each loaded index generation yourself (any model, hooks,
         * timeouts); replaces {@link #model(String)}, {@link #answerCache(AnswerCache)} and the
         * retrieval options for answers.
         */
        public Builder answers(Function<HybridRetriever, AskHandler> factory) {
            this.answers = factory;
            return this;
        }

        /** How often an idle answer stream is pinged, which is also how soon a gone reader is noticed (1 s). */
        Builder pingInterval(Duration interval) {
            this.pingInterval = interval;
            return this;
        }

        /** Address to listen on (127.0.0.1; {@code 0.0.0.0} for all interfaces). */
        public Builder host(String host) {
            this.host = host;
            return this;
        }

        /** Port to listen on (8080; 0 picks a free one). */
        public Builder port(int port) {
            this.port = port;
            return this;
        }

        /** The name shown on the demo page and in "I don't know" answers (default: the index's). */
        public Builder siteName(String siteName) {
            this.siteName = siteName;
            return this;
        }

        public Builder retrieval(RetrievalOptions options) {
            this.retrieval = options;
            return this;
        }

        /** Origins whose pages may call the API from a browser, e.g. {@code https://docs.example.com}; {@code *} for any. */
        public Builder allowOrigins(List<String> origins) {
            this.allowOrigins = origins;
            return this;
        }

        /** Questions per client (10/min); {@link RateLimit#OFF} for none. */
        public Builder rateLimit(RateLimit limit) {
            this.rateLimit = limit;
            return this;
        }

        /** Requests per client to {@code /mcp}, an allowance of its own (60/min); {@link RateLimit#OFF} for none. */
        public Builder mcpRateLimit(RateLimit limit) {
            this.mcpRateLimit = limit;
            return this;
        }

        /**
         * The Host names every route answers to, e.g. {@code docs.example.com} (a port may follow).
         * IP literals and {@code localhost} are always answered. Empty (the default): the hosts of
         * {@link #allowOrigins(List)}, or any name when listening on every address ({@code 0.0.0.0}).
         * Other names are refused with 403 before any work, so a page cannot reach the server by DNS rebinding.
         */
        public Builder allowedHosts(List<String> hosts) {
            this.allowHosts = hosts;
            return this;
        }

        /** The same as {@link #allowedHosts(List)}, its earlier name. */
        public Builder allowHosts(List<String> hosts) {
            return allowedHosts(hosts);
        }

        /** The header one trusted reverse proxy puts the client address in, e.g. {@code X-Forwarded-For}. */
        public Builder trustProxyHeader(String header) {
            this.trustProxyHeader = header;
            return this;
        }

        /** Largest request body (1 MiB: a useChat front end sends the whole chat, sources and all, with each question). */
        public Builder maxBodyBytes(int bytes) {
            this.maxBodyBytes = bytes;
            return this;
        }

        /** Longest question (500 characters). */
        public Builder maxQuestionChars(int chars) {
            this.maxQuestionChars = chars;
            return this;
        }

        /** Questions and model tokens allowed per UTC day across all clients (0: no ceiling). */
        public Builder dailyBudget(long requests, long tokens) {
            this.dailyRequests = requests;
            this.dailyTokens = tokens;
            return this;
        }

        /** A JSON Lines file that feedback is appended to. */
        public Builder feedbackLog(Path file) {
            this.feedbackLog = file;
            return this;
        }

        /**
         * A folder where one record per question is appended (docs/design.md#question-log): what was asked,
         * whether it was answered, refused, cached, failed or cancelled, or turned away as limited (429) or unavailable
         * (503, Redis lost), the gate's scores, sources, tokens
         * and latencies, a salted hash of the client, and the feedback given. It holds readers' questions
         * (e-mail addresses and key-shaped strings are redacted): treat it as personal data. Off by default.
         */
        public Builder questionLog(Path dir) {
            this.questionLog = dir;
            return this;
        }

        /** Days of question log files kept; older ones are deleted (0, the default: all kept). */
        public Builder questionLogRetentionDays(int days) {
            this.questionLogRetentionDays = days;
            return this;
        }

        /** Receives every piece of feedback. */
        public Builder onFeedback(Consumer<Feedback> onFeedback) {
            this.onFeedback = onFeedback;
            return this;
        }

        /** How often the index folder is checked for a new generation (2 s). */
        public Builder reloadInterval(Duration interval) {
            this.reloadInterval = interval;
            return this;
        }

        /** How long running answers may take to finish on shutdown (20 s). */
        public Builder shutdownGrace(Duration grace) {
            this.shutdownGrace = grace;
            return this;
        }

        /** The clock the daily budget and feedback times use. */
        public Builder clock(Clock clock) {
            this.clock = clock;
            return this;
        }

        /**
         * Shares the answer cache, the rate limits, the daily budget, the answer ids for feedback and the question
         * log's client hash salt with every replica using the same Redis, e.g. {@code redis://redis:6379}, {@code rediss://:password@host:6380/1}
         * (TLS and password through the URL). Needs docask-redis on the class path.
         */
        public Builder redis(String url) {
            this.redisUrl = url;
            return this;
        }

        /** The first part of every Redis key ({@code docask}): one per deployment sharing a Redis. */
        public Builder redisPrefix(String prefix) {
            this.redisPrefix = prefix;
            return this;
        }

        /**
         * What the rate limits and the budget do while Redis is lost: refuse with 503 and Retry-After
         * (false, the default: a lost limiter must not mean unlimited spending), or let requests through (true).
         */
        public Builder redisFailOpen(boolean failOpen) {
            this.redisFailOpen = failOpen;
            return this;
        }

        /** How long one Redis command may take before it counts as Redis being lost (1 s). */
        public Builder redisTimeout(Duration timeout) {
            this.redisTimeout = timeout;
            return this;
        }

        /** Serves {@code /metrics} on this port instead of the public one (0 picks a free one; see {@link DocaskServer#metricsPort()}). */
        public Builder metricsPort(int port) {
            this.metricsPort = OptionalInt.of(port);
            return this;
        }

        /** The version {@code docask_build_info} reports. */
        public Builder version(String version) {
            this.version = version;
            return this;
        }

        /** @throws IllegalArgumentException for a bad option, naming it */
        public DocaskServer build() {
            if (indexDir != null && index != null) {
                throw new IllegalArgumentException("give indexDir or index, not both");
            }
            String name = indexName;
            Path dir = indexDir != null ? indexDir : name != null ? Path.of(name) : null;
            if (dir == null) {
                throw new IllegalArgumentException("indexDir is required: the folder written by 'docask index'");
            }
            if (answers == null) {
                requireModelSpec(model);
            }
            Function<HybridRetriever, AskHandler> own = answers;
            BiFunction<HybridRetriever, Optional<AnswerCache>, AskHandler> factory = own != null
                    ? (r, sharedCache) -> own.apply(r) : defaultAnswers();
            Optional<SharedStateSettings> redis = redisUrl == null || redisUrl.isBlank() ? Optional.empty()
                    : Optional.of(new SharedStateSettings(redisUrl.strip(), redisPrefix, redisTimeout));
            boolean callsModel = own != null || !model.strip().equals(ModelSpec.DEFAULT_SPEC);
            long worstCase = AskRoute.worstCase(retrieval.maxContextChars(), maxQuestionChars, maxOutputTokens);
            if (callsModel && dailyTokens > 0 && dailyTokens < worstCase) {
                throw new IllegalArgumentException("daily tokens " + dailyTokens + " cannot pay for even one answer, which "
                        + "reserves up to " + worstCase + " tokens (its largest prompt plus " + maxOutputTokens
                        + " output tokens); raise it, or lower maxContextChars");
            }
            return new DocaskServer(new ServerSettings(dir, host, port, siteName, retrieval, factory, allowOrigins,
                    rateLimit, trustProxyHeader, maxBodyBytes, maxQuestionChars, dailyRequests, dailyTokens, feedbackLog,
                    onFeedback, reloadInterval, shutdownGrace, pingInterval, clock, mcpRateLimit, allowHosts,
                    questionLog, questionLogRetentionDays, redis, redisFailOpen, metricsPort, maxOutputTokens, version), index,
                    name != null ? name : dir.toString()); // a Solr address as given: as a Path, "solr://" read "solr:/"
        }

        /* A mistyped model fails here, not at start(); a missing API key is the environment's, reported at start(). */
        private static void requireModelSpec(String spec) {
            if (spec == null || spec.isBlank()) {
                throw new IllegalArgumentException("model is required: openai:<name>, anthropic:<name>, ollama:<name> "
                        + "or extractive");
            }
            try {
                ModelSpec.parse(spec).create(System.getenv(), Duration.ofSeconds(60));
            } catch (IllegalStateException missingKey) {
                // the spec is well formed
            }
        }

        private BiFunction<HybridRetriever, Optional<AnswerCache>, AskHandler> defaultAnswers() {
            String spec = model;
            String site = siteName;
            RetrievalOptions options = retrieval;
            AnswerCache local = answerCache;
            int maxTokens = maxOutputTokens;
            return (r, sharedCache) -> {
                AskHandler.Builder b = AskHandler.builder().retriever(r).model(spec).retrieval(options)
                        .answerCache(sharedCache.orElse(local)).maxOutputTokens(maxTokens)
                        .onError(e -> LOG.warn("answer (model {}): {}", spec, logLine(e))); // which model failed, for the operator
                return (site == null ? b : b.siteName(site)).build();
            };
        }
    }
}
