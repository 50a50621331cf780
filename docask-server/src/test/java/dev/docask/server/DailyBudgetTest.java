package dev.docask.server;

import dev.docask.answer.internal.ApiException;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class DailyBudgetTest {
    private final HandClock clock = new HandClock(Instant.parse("2026-11-30T23:00:00Z"));

    @Test
    void reserve_requestsSpent_throws429UntilMidnightUtc() {
        DailyBudget budget = new DailyBudget(2, 0, clock);
        budget.reserve(0);
        budget.reserve(0);
        assertThatThrownBy(() -> budget.reserve(0)).isInstanceOfSatisfying(ApiException.TooManyRequests.class,
                e -> assertThat(e.retryAfterSeconds()).isEqualTo(3601));
    }

    @Test
    void reserve_tokensSpent_throws429() {
        DailyBudget budget = new DailyBudget(0, 1000, clock);
        budget.settle(budget.reserve(500), 1200);
        assertThatThrownBy(() -> budget.reserve(1)).isInstanceOf(ApiException.TooManyRequests.class);
    }

    @Test
    void reserve_wouldPassTheTokenCeilingWithReservationsRunning_throws429BeforeAnyModelCall() {
        DailyBudget budget = new DailyBudget(0, 2000, clock);
        budget.reserve(1500);
        assertThatThrownBy(() -> budget.reserve(1500)).isInstanceOf(ApiException.TooManyRequests.class);
        assertThat(budget.tokensToday()).isEqualTo(1500);
    }

    @Test
    void settle_replacesTheReservationWithWhatWasSpent() {
        DailyBudget budget = new DailyBudget(0, 2000, clock);
        budget.settle(budget.reserve(1500), 300);
        assertThat(budget.tokensToday()).isEqualTo(300);
        budget.reserve(1500);
        assertThat(budget.tokensToday()).isEqualTo(1800);
    }

    @Test
    void reserve_twentyConcurrentAnswersOf1050Tokens_neverSpendPastTheCeiling() throws Exception {
        DailyBudget budget = new DailyBudget(0, 2000, clock);
        AtomicInteger answered = new AtomicInteger();
        List<Future<?>> runs = new ArrayList<>();
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < 20; i++) {
                runs.add(pool.submit(() -> {
                    try {
                        Budget.Reservation r = budget.reserve(1200);
                        answered.incrementAndGet();
                        budget.settle(r, 1050);
                    } catch (ApiException.TooManyRequests refused) {
                        // the budget held
                    }
                }));
            }
        }
        for (Future<?> f : runs) {
            f.get();
        }
        assertThat(budget.tokensToday()).isLessThanOrEqualTo(2000).isEqualTo(answered.get() * 1050L);
        assertThat(answered.get()).isEqualTo(1);
    }

    @Test
    void reserve_nextDay_startsAfresh() {
        DailyBudget budget = new DailyBudget(1, 0, clock);
        budget.reserve(0);
        clock.now = Instant.parse("2026-12-01T00:00:01Z");
        budget.reserve(0);
        assertThat(budget.requestsToday()).isEqualTo(1);
    }
}
