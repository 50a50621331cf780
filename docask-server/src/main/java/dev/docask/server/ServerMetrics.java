package dev.docask.server;

import dev.docask.answer.internal.MicrometerMeters;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;

/* docask's meters (MicrometerMeters, shared with the Spring Boot starter) on the server's own Prometheus registry, for /metrics. */
final class ServerMetrics extends MicrometerMeters {
    private final PrometheusMeterRegistry registry;

    ServerMetrics() {
        this(new PrometheusMeterRegistry(PrometheusConfig.DEFAULT));
    }

    private ServerMetrics(PrometheusMeterRegistry registry) {
        super(registry);
        this.registry = registry;
    }

    /** The Prometheus text exposition. */
    String scrape() {
        return registry.scrape();
    }
}
