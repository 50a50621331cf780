package dev.docask.server;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RateLimitTest {
    @Test
    void parse_permitsPerUnit() {
        assertThat(RateLimit.parse("10/min")).isEqualTo(new RateLimit(10, Duration.ofMinutes(1)));
        assertThat(RateLimit.parse(" 2/s ")).isEqualTo(new RateLimit(2, Duration.ofSeconds(1)));
        assertThat(RateLimit.parse("500/day").period()).isEqualTo(Duration.ofDays(1));
    }

    @Test
    void parse_off_disablesTheLimit() {
        assertThat(RateLimit.parse("off").enabled()).isFalse();
    }

    @Test
    void parse_badInput_quotesIt() {
        assertThatThrownBy(() -> RateLimit.parse("ten per minute")).hasMessageContaining("'ten per minute'");
        assertThatThrownBy(() -> RateLimit.parse("10/fortnight")).hasMessageContaining("fortnight");
    }

    @Test
    void parse_zeroPerUnit_isRefusedPointingToOff() {
        assertThatThrownBy(() -> RateLimit.parse("0/min")).hasMessageContaining("'0/min'").hasMessageContaining("off");
    }
}
