package dev.docask.server;

import dev.docask.answer.internal.MicrometerMeters;
import dev.docask.mcp.DocsMcp;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.jvm.ClassLoaderMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.FileDescriptorMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.core.instrument.binder.system.UptimeMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;

import java.time.Duration;
import java.util.Locale;

/*
 * docask's meters (MicrometerMeters, shared with the Spring Boot starter) on the server's own
 * Prometheus registry, for /metrics, and the server's own: MCP tool calls, the request-duration
 * histogram (a few buckets, from a cache hit to a long answer stream, so replicas aggregate),
 * JVM and process meters, and docask_build_info. Every meter has a description: Prometheus shows
 * it as the HELP line operators read.
 */
final class ServerMetrics extends MicrometerMeters implements AutoCloseable {
    private static final Duration[] BUCKETS = {Duration.ofMillis(5), Duration.ofMillis(25), Duration.ofMillis(100),
            Duration.ofMillis(500), Duration.ofSeconds(2), Duration.ofSeconds(10), Duration.ofSeconds(30)};

    private final PrometheusMeterRegistry registry;
    private final JvmGcMetrics gc = new JvmGcMetrics();

    ServerMetrics() {
        this(new PrometheusMeterRegistry(PrometheusConfig.DEFAULT), "unknown");
    }

    ServerMetrics(String version) {
        this(new PrometheusMeterRegistry(PrometheusConfig.DEFAULT), version);
    }

    private ServerMetrics(PrometheusMeterRegistry registry, String version) {
        super(registry);
        this.registry = registry;
        new ClassLoaderMetrics().bindTo(registry);
        new JvmMemoryMetrics().bindTo(registry);
        gc.bindTo(registry);
        new JvmThreadMetrics().bindTo(registry);
        new ProcessorMetrics().bindTo(registry);
        new UptimeMetrics().bindTo(registry);
        new FileDescriptorMetrics().bindTo(registry);
        Gauge.builder("docask.build.info", () -> 1).tag("version", version)
                .description("The docask version running (always 1; the version is the label)").register(registry);
    }

    /** One HTTP request: counted by route and status, timed by method, route and status. */
    void request(String method, String route, int status, Duration took) {
        request(route, status);
        Timer.builder("docask.http.request.duration").description("Time to answer an HTTP request, to the end of its stream")
                .tag("method", method).tag("route", route).tag("status", Integer.toString(status))
                .serviceLevelObjectives(BUCKETS).register(registry).record(took);
    }

    /** One MCP tool call: counted by tool and outcome, timed by tool. */
    void mcpCall(String tool, DocsMcp.Outcome outcome, Duration took) {
        Counter.builder("docask.mcp.calls").description("MCP tool calls by tool and outcome").tag("tool", tool)
                .tag("outcome", outcome.name().toLowerCase(Locale.ROOT)).register(registry).increment();
        Timer.builder("docask.mcp.call").description("Time to run an MCP tool call").tag("tool", tool)
                .publishPercentileHistogram().register(registry).record(took);
    }

    /** The Prometheus text exposition. */
    String scrape() {
        return registry.scrape();
    }

    @Override
    public void close() {
        gc.close();
    }
}
