package dev.docask.server;

import dev.docask.answer.internal.ApiException;
import dev.docask.server.internal.SharedState;
import dev.docask.server.internal.SharedStateUnavailable;

import java.time.Clock;
import java.time.LocalDate;

/*
 * The daily budget every replica shares, reserved and settled atomically in the store. When the
 * store is lost the budget fails closed (503 with Retry-After: a lost budget must not mean
 * unlimited spending) unless the operator chose --redis-fail-open; a settlement that cannot be
 * written is lost, which errs on the side of the reservation already counted.
 */
final class SharedBudget implements Budget {
    static final long RETRY_SECONDS = 5;

    private final SharedState state;
    private final long maxRequests;
    private final long maxTokens;
    private final Clock clock;
    private final boolean failOpen;

    SharedBudget(SharedState state, long maxRequests, long maxTokens, Clock clock, boolean failOpen) {
        this.state = state;
        this.maxRequests = maxRequests;
        this.maxTokens = maxTokens;
        this.clock = clock;
        this.failOpen = failOpen;
    }

    @Override
    public Reservation reserve(long tokens) {
        LocalDate day = Budget.today(clock);
        try {
            if (!state.reserve(day.toString(), maxRequests, maxTokens, tokens)) {
                throw Budget.spent(clock);
            }
            return new Reservation(day, tokens);
        } catch (SharedStateUnavailable e) {
            if (failOpen) {
                return new Reservation(day, 0);
            }
            throw unavailable();
        }
    }

    @Override
    public void settle(Reservation reservation, long spentTokens) {
        try {
            state.settle(reservation.day().toString(), Math.max(0, spentTokens) - reservation.tokens());
        } catch (SharedStateUnavailable e) {
            // the store logs its outage; the reservation stands as the charge
        }
    }

    static ApiException.Unavailable unavailable() {
        return new ApiException.Unavailable("The service cannot check its limits right now; please try again in a few seconds.",
                RETRY_SECONDS);
    }
}
