package dev.docask.solr;

import dev.docask.index.IndexException;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SolrLeaseHolderTest {
    private static final Instant SINCE = Instant.parse("2025-06-01T10:00:00.250Z");
    private static final SolrLeaseHolder CI = new SolrLeaseHolder("ci-7", 4242, "t-1", SINCE, SINCE.plusSeconds(180), false);

    @Test
    void json_parsedBack_theSameHolder() {
        assertThat(SolrLeaseHolder.parse("vitest", CI.json())).isEqualTo(CI);
        SolrLeaseHolder failed = CI.until(SINCE.plusSeconds(400), true);
        assertThat(SolrLeaseHolder.parse("vitest", failed.json())).isEqualTo(failed);
    }

    @Test
    void parse_damagedDocument_refusedNamingTheDocumentAndHowToClearIt() {
        assertThatThrownBy(() -> SolrLeaseHolder.parse("vitest", "{\"host\":\"x\"}")).isInstanceOf(IndexException.class)
                .hasMessageStartingWith("the publish lease of site 'vitest' (document vitest/lease) is damaged")
                .hasMessageEndingWith("delete that document if no publish of the site is running");
    }

    @Test
    void expired_fromItsExpiryOn() {
        assertThat(CI.expired(SINCE.plusSeconds(179))).isFalse();
        assertThat(CI.expired(SINCE.plusSeconds(180))).isTrue();
        assertThat(CI.expired(SINCE.plusSeconds(500))).isTrue();
    }

    @Test
    void until_keepsTheHolderAndItsStart() {
        SolrLeaseHolder renewed = CI.until(SINCE.plusSeconds(300), false);
        assertThat(renewed.token()).isEqualTo(CI.token());
        assertThat(renewed.since()).isEqualTo(SINCE);
        assertThat(renewed.expires()).isEqualTo(SINCE.plusSeconds(300));
    }

    @Test
    void busy_runningPublish_namesHostPidSinceAndExpiryInOneLine() {
        assertThat(CI.busy("vitest", SINCE.plusSeconds(10), Duration.ofSeconds(10))).isEqualTo("site 'vitest' is being published by host"
                + " ci-7 (pid 4242) since 2025-06-01T10:00:00Z; its publish lease expires at 2025-06-01T10:03:00Z (in 2 min 50 s)"
                + " unless that publish renews it; waited 10 s");
    }

    @Test
    void busy_failedPublishInItsGrace_saysWhenTheSiteMayBePublishedAgain() {
        String m = CI.until(SINCE.plusSeconds(240), true).busy("vitest", SINCE.plusSeconds(200), Duration.ZERO);
        assertThat(m).isEqualTo("site 'vitest' cannot be published before 2025-06-01T10:04:00Z (in 40 s): the publish by host ci-7"
                + " (pid 4242) since 2025-06-01T10:00:00Z failed on a request Solr may still apply, and holds the site's publish"
                + " lease until then; waited 0 s");
    }

    @Test
    void lost_takenOverOrDeleted_saysByWhomAndThatThePublishStopped() {
        SolrLeaseHolder other = new SolrLeaseHolder("laptop", 77, "t-2", SINCE.plusSeconds(200), SINCE.plusSeconds(380), false);
        assertThat(SolrLeaseHolder.lost("vitest", CI, Optional.of(other))).startsWith("the publish lease of site 'vitest' held since"
                + " 2025-06-01T10:00:00Z was taken over by host laptop (pid 77) at 2025-06-01T10:03:20Z, so this publish stopped");
        assertThat(SolrLeaseHolder.lost("vitest", CI, Optional.empty())).contains("was deleted by someone else");
    }

    @Test
    void span_secondsThenMinutes_roundedUpNeverNegative() {
        assertThat(SolrLeaseHolder.span(Duration.ofMillis(1))).isEqualTo("1 s");
        assertThat(SolrLeaseHolder.span(Duration.ofSeconds(59))).isEqualTo("59 s");
        assertThat(SolrLeaseHolder.span(Duration.ofMinutes(2))).isEqualTo("2 min");
        assertThat(SolrLeaseHolder.span(Duration.ofSeconds(170))).isEqualTo("2 min 50 s");
        assertThat(SolrLeaseHolder.span(Duration.ofSeconds(-5))).isEqualTo("0 s");
    }

    @Test
    void newToken_differsEachTime() {
        assertThat(SolrLeaseHolder.newToken()).isNotEqualTo(SolrLeaseHolder.newToken());
    }
}
