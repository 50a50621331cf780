package dev.docask.server;

import dev.docask.answer.internal.MicrometerMeters;
import dev.docask.mcp.DocsMcp;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Timer;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;

import java.time.Duration;
import java.util.Locale;

/*
 * docask's meters (MicrometerMeters, shared with the Spring Boot starter) on the server's own
 * Prometheus registry, for /metrics, and the server's own: MCP tool calls.
 */
final class ServerMetrics extends MicrometerMeters {
    private final PrometheusMeterRegistry registry;

    ServerMetrics() {
        this(new PrometheusMeterRegistry(PrometheusConfig.DEFAULT));
    }

    private ServerMetrics(PrometheusMeterRegistry registry) {
        super(registry);
        this.registry = registry;
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
}
