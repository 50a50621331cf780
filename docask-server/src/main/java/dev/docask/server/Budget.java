package dev.docask.server;

import dev.docask.answer.internal.ApiException;

import java.time.Clock;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;

/*
 * The daily budget (docs/design.md#limits): a question reserves its worst case in tokens
 * (its prompt at the largest, plus the output cap) before the model is called, and settles with
 * what it really cost when it ends, so concurrent answers can never spend past the ceiling
 * together. Kept in this process (DailyBudget) or shared by every replica (SharedBudget).
 */
interface Budget {
    /** What one question reserved, on the UTC day it was asked. */
    record Reservation(LocalDate day, long tokens) {
    }

    /**
     * Counts one request and reserves {@code tokens}.
     *
     * @throws ApiException.TooManyRequests until midnight UTC when the day's budget would be passed
     * @throws ApiException.Unavailable     when a shared budget cannot be reached (and fails closed)
     */
    Reservation reserve(long tokens);

    /** Replaces the reservation with what the answer really spent. */
    void settle(Reservation reservation, long spentTokens);

    static LocalDate today(Clock clock) {
        return LocalDate.now(clock.withZone(ZoneOffset.UTC));
    }

    static ApiException.TooManyRequests spent(Clock clock) {
        LocalDate day = today(clock);
        long seconds = Duration.between(clock.instant(), day.plusDays(1).atStartOfDay(ZoneOffset.UTC).toInstant()).toSeconds();
        return new ApiException.TooManyRequests("Today's budget for answers on this site is used up; please try again tomorrow.",
                seconds + 1);
    }
}
