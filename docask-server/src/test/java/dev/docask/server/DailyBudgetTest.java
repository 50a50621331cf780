package dev.docask.server;

import dev.docask.answer.internal.ApiException;
import org.junit.jupiter.api.Test;

import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class DailyBudgetTest {
    private final HandClock clock = new HandClock(Instant.parse("2026-11-30T23:00:00Z"));

    @Test
    void acquire_requestsSpent_throws429UntilMidnightUtc() {
        DailyBudget budget = new DailyBudget(2, 0, clock);
        budget.acquire();
        budget.acquire();
        assertThatThrownBy(budget::acquire).isInstanceOfSatisfying(ApiException.TooManyRequests.class,
                e -> assertThat(e.retryAfterSeconds()).isEqualTo(3601));
    }

    @Test
    void acquire_tokensSpent_throws429() {
        DailyBudget budget = new DailyBudget(0, 1000, clock);
        budget.acquire();
        budget.spend(1200);
        assertThatThrownBy(budget::acquire).isInstanceOf(ApiException.TooManyRequests.class);
    }

    @Test
    void acquire_nextDay_startsAfresh() {
        DailyBudget budget = new DailyBudget(1, 0, clock);
        budget.acquire();
        clock.now = Instant.parse("2026-12-01T00:00:01Z");
        budget.acquire();
        assertThat(budget.requestsToday()).isEqualTo(1);
    }
}
