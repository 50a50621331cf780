package dev.docask.server;

import java.time.Clock;
import java.time.LocalDate;

/*
 * A ceiling on what the public endpoint may cost per UTC day, across all clients: questions
 * answered and model tokens spent. Rate limits stop one client; this stops a crowd (or a botnet)
 * from running up the model bill. Refusals ("I don't know") spend no tokens but count as requests.
 * This process's own count; SharedBudget is the one replicas share.
 */
final class DailyBudget implements Budget {
    private final long maxRequests; // 0: no ceiling
    private final long maxTokens;   // 0: no ceiling
    private final Clock clock;
    private LocalDate day;
    private long requests;
    private long tokens;

    DailyBudget(long maxRequests, long maxTokens, Clock clock) {
        if (maxRequests < 0 || maxTokens < 0) {
            throw new IllegalArgumentException("daily budgets cannot be negative: requests " + maxRequests
                    + ", tokens " + maxTokens);
        }
        this.maxRequests = maxRequests;
        this.maxTokens = maxTokens;
        this.clock = clock;
        this.day = Budget.today(clock);
    }

    @Override
    public synchronized Reservation reserve(long reserved) {
        rollOver();
        boolean spent = (maxRequests > 0 && requests >= maxRequests) || (maxTokens > 0 && tokens + reserved > maxTokens);
        if (spent) {
            throw Budget.spent(clock);
        }
        requests++;
        tokens += reserved;
        return new Reservation(day, reserved);
    }

    @Override
    public synchronized void settle(Reservation reservation, long spentTokens) {
        rollOver();
        if (reservation.day().equals(day)) { // yesterday's reservation went with yesterday's count
            tokens = Math.max(0, tokens + Math.max(0, spentTokens) - reservation.tokens());
        } else {
            tokens += Math.max(0, spentTokens);
        }
    }

    synchronized long requestsToday() {
        rollOver();
        return requests;
    }

    synchronized long tokensToday() {
        rollOver();
        return tokens;
    }

    private void rollOver() {
        LocalDate today = Budget.today(clock);
        if (!today.equals(day)) {
            day = today;
            requests = 0;
            tokens = 0;
        }
    }
}
