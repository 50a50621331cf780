package dev.docask.server;

import dev.docask.answer.internal.ApiException;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;

/*
 * A ceiling on what the public endpoint may cost per UTC day, across all clients: questions
 * answered and model tokens spent. Rate limits stop one client; this stops a crowd (or a botnet)
 * from running up the model bill. Refusals ("I don't know") spend no tokens but count as requests.
 */
final class DailyBudget {
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
        this.day = LocalDate.now(clock.withZone(ZoneOffset.UTC));
    }

    /** Counts one request, or throws 429 until midnight UTC when today's budget is spent. */
    synchronized void acquire() {
        rollOver();
        boolean spent = (maxRequests > 0 && requests >= maxRequests) || (maxTokens > 0 && tokens >= maxTokens);
        if (spent) {
            long seconds = Duration.between(clock.instant(), day.plusDays(1).atStartOfDay(ZoneOffset.UTC).toInstant()).toSeconds();
            throw new ApiException.TooManyRequests("Today's question budget for this site is used up; please try again tomorrow.",
                    seconds + 1);
        }
        requests++;
    }

    /** Adds the tokens an answer spent. */
    synchronized void spend(long answerTokens) {
        rollOver();
        tokens += Math.max(0, answerTokens);
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
        LocalDate today = LocalDate.now(clock.withZone(ZoneOffset.UTC));
        if (!today.equals(day)) {
            day = today;
            requests = 0;
            tokens = 0;
        }
    }
}
