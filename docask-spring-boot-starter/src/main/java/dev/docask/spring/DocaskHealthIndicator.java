package dev.docask.spring;

import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;

/**
 * Actuator's {@code docask} health: up, with the generation served, its chunk count and the folder.
 * The application does not start without a loadable index, and a generation that fails to load is
 * skipped while the previous one keeps serving, so a running application reports up.
 */
final class DocaskHealthIndicator implements HealthIndicator {
    private final DocaskIndex index;

    DocaskHealthIndicator(DocaskIndex index) {
        this.index = index;
    }

    @Override
    public Health health() {
        return Health.up().withDetail("loaded", true).withDetail("generation", index.generation())
                .withDetail("chunks", index.chunks()).withDetail("index", index.directory().toString()).build();
    }
}
