package dev.docask.cli;

import dev.docask.answer.ModelSpec;
import dev.docask.server.DocaskServer;
import dev.docask.server.RateLimit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code docask serve}: the HTTP API, the widget and a demo page over one index, reloaded when a
 * new {@code docask index} run publishes into the same folder. Stops gracefully on Ctrl-C / SIGTERM.
 */
@Command(name = "serve", mixinStandardHelpOptions = true, versionProvider = BuildVersion.class, defaultValueProvider = EnvironmentDefaults.class,
        description = "Serve /api/ask, /api/search, MCP at /mcp, llms.txt, the widget and a demo page over an index.",
        footer = {"", "Every option can also be set in the environment as DOCASK_<OPTION>, e.g.",
                "  DOCASK_INDEX=/index  DOCASK_PORT=8080  DOCASK_RATE_LIMIT=30/min",
                "  DOCASK_ALLOW_ORIGIN=https://a.dev,https://b.dev (a comma-separated list",
                "  for a repeatable option). PORT is read when neither --port nor",
                "  DOCASK_PORT is given, DOCASK_REDIS_URL for --redis, and OLLAMA_HOST",
                "  (host, host:port or URL) when OLLAMA_BASE_URL is not set. Options on",
                "  the command line win."})
final class ServeCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    IndexArgs.WithBackend index;

    @Mixin
    RetrievalArgs retrieval;

    @Option(names = "--port", defaultValue = "8080", paramLabel = "N", description = "Port (default 8080; 0 picks a free one).")
    int port;

    @Option(names = "--host", defaultValue = "127.0.0.1", paramLabel = "ADDR",
            description = "Address to listen on (default 127.0.0.1; 0.0.0.0 for all).")
    String host;

    @Option(names = "--model", defaultValue = ModelSpec.DEFAULT_SPEC, paramLabel = "SPEC",
            description = "openai:<name> (OPENAI_API_KEY, OPENAI_BASE_URL), anthropic:<name> (ANTHROPIC_API_KEY), "
                    + "ollama:<name> (OLLAMA_BASE_URL), or extractive: quoted passages, no model (default).")
    String model;

    @Option(names = "--site-name", paramLabel = "NAME", description = "Site name for the demo page and refusals (default: the index's).")
    String siteName;

    @Option(names = "--allow-origin", paramLabel = "ORIGIN", split = ",", splitSynopsisLabel = ",",
            description = "An origin whose pages may call the API, e.g. https://docs.example.com (repeatable or comma-separated; * for any).")
    List<String> allowOrigins = new ArrayList<>();

    @Option(names = "--rate-limit", defaultValue = "10/min", paramLabel = "N/UNIT",
            description = "Requests per client to /api/ask and /api/search, counted together, e.g. 10/min, "
                    + "100/hour, or off (default 10/min). A request refused for its input is not counted.")
    String rateLimit;

    @Option(names = "--mcp-rate-limit", defaultValue = "60/min", paramLabel = "N/UNIT",
            description = "Requests per client to /mcp, an allowance of its own (default 60/min; off for none).")
    String mcpRateLimit;

    @Option(names = {"--allowed-host", "--allow-host"}, paramLabel = "HOST", split = ",", splitSynopsisLabel = ",",
            description = "A Host name the server answers to, e.g. ask.example.com (repeatable). IP addresses and "
                    + "localhost always work; default: the --allow-origin hosts, or any name when listening on 0.0.0.0. "
                    + "Others get 403 (DNS rebinding). --allow-host is the same option.")
    List<String> allowHosts = new ArrayList<>();

    @Option(names = "--max-output-tokens", defaultValue = "800", paramLabel = "N",
            description = "Most tokens the model may write per answer, sent with every request (default 800).")
    int maxOutputTokens;

    @Option(names = "--trust-proxy-header", paramLabel = "NAME",
            description = "Take the client address from this header set by your one reverse proxy, e.g. X-Forwarded-For.")
    String trustProxyHeader;

    @Option(names = "--max-question-chars", defaultValue = "500", paramLabel = "N", description = "Longest question (default 500).")
    int maxQuestionChars;

    @Option(names = "--daily-requests", defaultValue = "0", paramLabel = "N", description = "Questions per UTC day, all clients (default: no ceiling).")
    long dailyRequests;

    @Option(names = "--daily-tokens", defaultValue = "0", paramLabel = "N", description = "Model tokens per UTC day (default: no ceiling).")
    long dailyTokens;

    @Option(names = "--feedback-log", paramLabel = "FILE", description = "Append thumbs up/down to this JSON Lines file.")
    Path feedbackLog;

    @Option(names = "--question-log", paramLabel = "DIR",
            description = "Append one record per question to JSON Lines files in this folder, for 'docask report'. "
                    + "It holds readers' questions (e-mail addresses and keys redacted): treat it as personal data.")
    Path questionLog;

    @Option(names = "--question-log-retention-days", defaultValue = "0", paramLabel = "N",
            description = "Delete question log files older than N days (default 0: keep all).")
    int questionLogRetentionDays;

    @Option(names = "--redis", paramLabel = "URL",
            description = "Share the answer cache, rate limits, daily budget and feedback ids with every replica using "
                    + "this Redis, e.g. redis://redis:6379 (password and TLS through the URL: rediss://:pw@host:6380/0).")
    String redis;

    private static final String DEFAULT_REDIS_PREFIX = "docask";

    @Option(names = "--redis-prefix", defaultValue = DEFAULT_REDIS_PREFIX, paramLabel = "WORD",
            description = "First part of every Redis key, one per deployment sharing a Redis (default docask).")
    String redisPrefix;

    @Option(names = "--redis-fail-open",
            description = "While Redis is lost, let requests through without rate limit or budget instead of "
                    + "refusing them with 503 (the default: a lost limiter must not mean unlimited spending).")
    boolean redisFailOpen;

    @Option(names = "--metrics-port", paramLabel = "N",
            description = "Serve /metrics on this port instead of the public one, so it need not be public.")
    Integer metricsPort;

    @Option(names = "--shutdown-grace", defaultValue = "20", paramLabel = "SECONDS",
            description = "How long running answers may finish on shutdown (default 20).")
    int shutdownGrace;

    /** Settings that would be silently ignored: a misspelt DOCASK_ variable, Redis options without --redis. */
    private java.util.List<String> warnings() {
        java.util.List<String> w = new java.util.ArrayList<>();
        if (spec.defaultValueProvider() instanceof EnvironmentDefaults env) {
            w.addAll(env.unread(spec));
        }
        if (redis == null && (redisFailOpen || !DEFAULT_REDIS_PREFIX.equals(redisPrefix))) {
            w.add((redisFailOpen ? "--redis-fail-open" : "--redis-prefix") + " has no effect without --redis");
        }
        return w;
    }

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        OptionCheck.convert(spec, () -> {
            IndexArgs.requireOne(index.dir, index.backend, index.site);
            if (index.backend != null) {
                dev.docask.solr.SolrBackend.requireAddress(index.backend, index.site);
            }
            return index;
        });
        // The server's own checks name its builder's fields; a command-line user gave flags.
        if (maxQuestionChars < 1) {
            throw OptionCheck.fail(spec, "--max-question-chars must be at least 1, got " + maxQuestionChars);
        }
        if (maxOutputTokens < 1) {
            throw OptionCheck.fail(spec, "--max-output-tokens must be at least 1, got " + maxOutputTokens);
        }
        if (shutdownGrace < 0) {
            throw OptionCheck.fail(spec, "--shutdown-grace cannot be negative, got " + shutdownGrace);
        }
        if (dailyRequests < 0 || dailyTokens < 0) {
            throw OptionCheck.fail(spec, "--daily-requests and --daily-tokens cannot be negative (0 means no ceiling)");
        }
        if (questionLogRetentionDays < 0) {
            throw OptionCheck.fail(spec, "--question-log-retention-days cannot be negative (0 keeps all), got "
                    + questionLogRetentionDays);
        }
        // build() only checks the options; start() loads the index. The model is made per index
        // generation, so its spec (and key) is checked here, as 'docask ask' checks it.
        if (metricsPort != null && (metricsPort < 0 || metricsPort > 65_535)) {
            throw OptionCheck.fail(spec, "--metrics-port must be between 0 and 65535, got " + metricsPort);
        }
        if (metricsPort != null && metricsPort != 0 && metricsPort == port) {
            throw OptionCheck.fail(spec, "--metrics-port " + metricsPort + " is --port too; give /metrics a port of its own, "
                    + "or leave --metrics-port out to serve it on --port");
        }
        warnings().forEach(w -> spec.commandLine().getErr().println("docask serve: warning: " + w));
        DocaskServer server = OptionCheck.convert(spec, () -> {
            ModelSpec.parse(model).create(System.getenv(), Duration.ofSeconds(1));
            DocaskServer.Builder b = DocaskServer.builder()
                    .host(host).port(port).model(model).siteName(siteName)
                    .retrieval(retrieval.options()).allowOrigins(allowOrigins).rateLimit(RateLimit.parse(rateLimit))
                    .mcpRateLimit(RateLimit.parse(mcpRateLimit)).allowedHosts(allowHosts).maxOutputTokens(maxOutputTokens)
                    .trustProxyHeader(trustProxyHeader).maxQuestionChars(maxQuestionChars)
                    .dailyBudget(dailyRequests, dailyTokens).feedbackLog(feedbackLog)
                    .shutdownGrace(Duration.ofSeconds(shutdownGrace)).version(BuildVersion.version())
                    .questionLog(questionLog).questionLogRetentionDays(questionLogRetentionDays)
                    .redisPrefix(redisPrefix).redisFailOpen(redisFailOpen);
            if (index.backend != null) { // one Solr site, kept current by Solr: nothing to reload (docs/solr.md)
                String backend = index.backend;
                String site = index.site;
                b.index(index.name(), () -> dev.docask.solr.SolrBackend.open(backend, site));
            } else {
                b.indexDir(index.dir);
            }
            if (redis != null && !redis.isBlank()) {
                b.redis(redis);
            }
            if (metricsPort != null) {
                b.metricsPort(metricsPort);
            }
            return b.build();
        }).start();
        Runtime.getRuntime().addShutdownHook(new Thread(server::close, "docask-shutdown"));
        out.println("docask serving " + index.name() + " (generation " + server.generation() + ") with " + model
                + " on " + server.url());
        out.println("  demo page  " + server.url() + "/");
        out.println("  MCP        " + server.url() + "/mcp   (llms.txt: " + server.url() + "/llms.txt)");
        if (questionLog != null) {
            out.println("  questions  logged in " + questionLog);
        }
        if (metricsPort != null) {
            out.println("  metrics    port " + server.metricsPort() + " (/metrics)");
        }
        out.println("  widget     <script src=\"" + server.url() + "/widget.js\" data-endpoint=\"" + server.url() + "\"></script>");
        out.flush();
        try {
            server.awaitStop();
        } catch (InterruptedException e) {
            server.close(); // asked to stop (embedded use, tests): as gracefully as on SIGTERM
            Thread.currentThread().interrupt();
        }
        return 0;
    }
}
