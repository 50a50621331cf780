package dev.docask.cli;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

class EnvironmentDefaultsTest {
    /** A value for every option of docask serve, as a container would set it. */
    private static final Map<String, String> SERVE_ENV = Map.ofEntries(
            Map.entry("DOCASK_INDEX", "/index"),
            Map.entry("DOCASK_BACKEND", "solr://solr1:8983/solr/docs"),
            Map.entry("DOCASK_SITE", "vitest"),
            Map.entry("DOCASK_QUESTION_LOG", "/var/log/docask"),
            Map.entry("DOCASK_QUESTION_LOG_RETENTION_DAYS", "30"),
            Map.entry("DOCASK_PORT", "9000"),
            Map.entry("DOCASK_HOST", "0.0.0.0"),
            Map.entry("DOCASK_MODEL", "openai:gpt-4o-mini"),
            Map.entry("DOCASK_SITE_NAME", "Example"),
            Map.entry("DOCASK_ALLOW_ORIGIN", "https://a.example,https://b.example"),
            Map.entry("DOCASK_RATE_LIMIT", "30/min"),
            Map.entry("DOCASK_MCP_RATE_LIMIT", "120/min"),
            Map.entry("DOCASK_ALLOWED_HOST", "docs.example.com,ask.example.com"),
            Map.entry("DOCASK_MAX_OUTPUT_TOKENS", "500"),
            Map.entry("DOCASK_TRUST_PROXY_HEADER", "X-Forwarded-For"),
            Map.entry("DOCASK_MAX_QUESTION_CHARS", "300"),
            Map.entry("DOCASK_DAILY_REQUESTS", "1000"),
            Map.entry("DOCASK_DAILY_TOKENS", "200000"),
            Map.entry("DOCASK_FEEDBACK_LOG", "/index/feedback.jsonl"),
            Map.entry("DOCASK_SHUTDOWN_GRACE", "5"),
            Map.entry("DOCASK_REDIS", "redis://redis:6379"),
            Map.entry("DOCASK_REDIS_PREFIX", "docs-prod"),
            Map.entry("DOCASK_REDIS_FAIL_OPEN", "true"),
            Map.entry("DOCASK_METRICS_PORT", "9090"),
            Map.entry("DOCASK_TOP_K", "4"),
            Map.entry("DOCASK_VERSION_OF_DOCS", "next"),
            Map.entry("DOCASK_FILTER", "url=https://x.dev/guide/,tags=a,b"),
            Map.entry("DOCASK_SET", "minSimilarity=0.8,gateMode=filter"));

    private static ServeCommand parse(Map<String, String> env, String... args) {
        ServeCommand serve = new ServeCommand();
        CommandLine cli = new CommandLine(serve);
        EnvironmentDefaults.install(cli, env);
        cli.parseArgs(args);
        return serve;
    }

    @Test
    void unread_aMisspeltVariable_isNamedWithTheOneItMostLikelyMeant_andEveryOptionsOwnIsRead() {
        CommandLine all = new CommandLine(new ServeCommand());
        EnvironmentDefaults every = new EnvironmentDefaults(SERVE_ENV);
        assertThat(every.unread(all.getCommandSpec())).as("every variable of the container above is read").isEmpty();

        Map<String, String> typos = Map.of("DOCASK_RATE_LIMT", "1/min", "DOCASK_DEBUG", "1", "DOCASK_ZZZ", "x", "HOME", "/root",
                "DOCASK_REDIS_URL", "redis://r:6379", "DOCASK_MODLE", "");
        assertThat(new EnvironmentDefaults(typos).unread(all.getCommandSpec())).containsExactly(
                "DOCASK_RATE_LIMT is set, but no option of docask serve reads it; did you mean DOCASK_RATE_LIMIT?",
                "DOCASK_ZZZ is set, but no option of docask serve reads it");
    }

    @Test
    void variable_isThePrefixAndTheLongestNameInCapitals() {
        OptionSpec option = OptionSpec.builder("-m", "--max-question-chars").type(int.class).build();
        assertThat(EnvironmentDefaults.variable(option)).isEqualTo("DOCASK_MAX_QUESTION_CHARS");
    }

    @Test
    void serve_everyOption_hasAVariable() {
        Set<String> variables = new CommandLine(new ServeCommand()).getCommandSpec().options().stream()
                .filter(o -> !o.usageHelp() && !o.versionHelp())
                .map(EnvironmentDefaults::variable).collect(Collectors.toSet());
        assertThat(variables).isEqualTo(SERVE_ENV.keySet());
    }

    @Test
    void serve_everyVariable_setsItsOption() {
        ServeCommand s = parse(SERVE_ENV);

        assertThat(s.index.dir).isEqualTo(Path.of("/index"));
        assertThat(s.index.backend).isEqualTo("solr://solr1:8983/solr/docs");
        assertThat(s.index.site).isEqualTo("vitest");
        assertThat(s.port).isEqualTo(9000);
        assertThat(s.host).isEqualTo("0.0.0.0");
        assertThat(s.model).isEqualTo("openai:gpt-4o-mini");
        assertThat(s.siteName).isEqualTo("Example");
        assertThat(s.allowOrigins).containsExactly("https://a.example", "https://b.example");
        assertThat(s.rateLimit).isEqualTo("30/min");
        assertThat(s.mcpRateLimit).isEqualTo("120/min");
        assertThat(s.allowHosts).containsExactly("docs.example.com", "ask.example.com");
        assertThat(s.maxOutputTokens).isEqualTo(500);
        assertThat(s.trustProxyHeader).isEqualTo("X-Forwarded-For");
        assertThat(s.maxQuestionChars).isEqualTo(300);
        assertThat(s.dailyRequests).isEqualTo(1000);
        assertThat(s.dailyTokens).isEqualTo(200000);
        assertThat(s.feedbackLog).isEqualTo(Path.of("/index/feedback.jsonl"));
        assertThat(s.shutdownGrace).isEqualTo(5);
        assertThat(s.questionLog).isEqualTo(Path.of("/var/log/docask"));
        assertThat(s.questionLogRetentionDays).isEqualTo(30);
        assertThat(s.redis).isEqualTo("redis://redis:6379");
        assertThat(s.redisPrefix).isEqualTo("docs-prod");
        assertThat(s.redisFailOpen).isTrue();
        assertThat(s.metricsPort).isEqualTo(9090);
        assertThat(s.retrieval.topK).isEqualTo(4);
        assertThat(s.retrieval.docsVersion).isEqualTo("next");
        assertThat(s.retrieval.filter).containsExactly("url=https://x.dev/guide/", "tags=a,b");
        assertThat(s.retrieval.overrides).containsExactly("minSimilarity=0.8", "gateMode=filter");
    }

    @Test
    void serve_flagGiven_winsOverItsVariable() {
        ServeCommand s = parse(SERVE_ENV, "--port", "1234", "--allow-origin", "https://c.example", "--set", "topK=2");

        assertThat(s.port).isEqualTo(1234);
        assertThat(s.allowOrigins).containsExactly("https://c.example");
        assertThat(s.retrieval.overrides).containsExactly("topK=2");
        assertThat(s.host).isEqualTo("0.0.0.0");
    }

    @Test
    void serve_redis_fallsBackToDocaskRedisUrl() {
        assertThat(parse(Map.of("DOCASK_REDIS_URL", "redis://a:6379"), "--index", "i").redis).isEqualTo("redis://a:6379");
        assertThat(parse(Map.of("DOCASK_REDIS_URL", "redis://a:6379", "DOCASK_REDIS", "redis://b:6379"), "--index", "i").redis)
                .isEqualTo("redis://b:6379");
        assertThat(parse(Map.of(), "--index", "i").redis).isNull();
    }

    @Test
    void serve_port_fallsBackToPortThenToItsDefault() {
        assertThat(parse(Map.of("PORT", "7000"), "--index", "i").port).isEqualTo(7000);
        assertThat(parse(Map.of("PORT", "7000", "DOCASK_PORT", "7001"), "--index", "i").port).isEqualTo(7001);
        assertThat(parse(Map.of("PORT", ""), "--index", "i").port).isEqualTo(8080);
        assertThat(parse(Map.of(), "--index", "i").port).isEqualTo(8080);
    }

    @Test
    void otherCommands_doNotReadTheEnvironment() {
        SearchCommand search = new SearchCommand();
        CommandLine cli = new CommandLine(search);
        EnvironmentDefaults.install(cli, Map.of("DOCASK_TOP_K", "4", "DOCASK_INDEX", "/index"));
        cli.parseArgs("--index", "i", "question");
        assertThat(search.retrieval.topK).isNull();
        assertThat(search.index.dir).isEqualTo(Path.of("i"));
    }

    @Test
    void serve_earlierAllowHostVariable_stillSetsAllowedHosts() {
        ServeCommand s = parse(Map.of("DOCASK_INDEX", "/index", "DOCASK_ALLOW_HOST", "ask.example.com"));

        assertThat(s.allowHosts).containsExactly("ask.example.com");
    }

    @Test
    void serve_earlierAllowHostFlag_isTheSameOption() {
        ServeCommand s = parse(Map.of(), "--index", "/index", "--allow-host", "a.example", "--allowed-host", "b.example");

        assertThat(s.allowHosts).containsExactly("a.example", "b.example");
    }
}
