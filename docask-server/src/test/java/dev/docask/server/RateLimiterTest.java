package dev.docask.server;

import dev.docask.answer.internal.ApiException;
import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RateLimiterTest {
    private final AtomicLong now = new AtomicLong();
    private final RateLimiter limiter = new RateLimiter(RateLimit.parse("2/min"), now::get);

    @Test
    void acquire_overTheBurst_throws429WithSecondsUntilTheNextPermit() {
        limiter.acquire("a");
        limiter.acquire("a");
        assertThatThrownBy(() -> limiter.acquire("a"))
                .isInstanceOfSatisfying(ApiException.TooManyRequests.class, e -> {
                    assertThat(e.status()).isEqualTo(429);
                    assertThat(e.retryAfterSeconds()).isEqualTo(30);
                });
    }

    @Test
    void acquire_otherClient_hasItsOwnAllowance() {
        limiter.acquire("a");
        limiter.acquire("a");
        limiter.acquire("b");
    }

    @Test
    void acquire_afterTheRefill_isAllowedAgain() {
        limiter.acquire("a");
        limiter.acquire("a");
        now.addAndGet(30_000_000_000L);
        limiter.acquire("a");
        assertThatThrownBy(() -> limiter.acquire("a")).isInstanceOf(ApiException.TooManyRequests.class);
    }

    @Test
    void release_givesBackATakenPermit_butNeverAboveTheBurst() {
        limiter.acquire("a");
        limiter.acquire("a");
        limiter.release("a");
        limiter.acquire("a");
        assertThatThrownBy(() -> limiter.acquire("a")).isInstanceOf(ApiException.TooManyRequests.class);
        limiter.release("b"); // never charged: nothing to give back
        limiter.release("b");
        limiter.acquire("b");
        limiter.acquire("b");
        assertThatThrownBy(() -> limiter.acquire("b")).isInstanceOf(ApiException.TooManyRequests.class);
    }
}
