package dev.docask.report;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * Everything {@code docask report} shows, in the HTML and as JSON alike.
 *
 * @param since       the first day counted, when {@code --since} was given
 * @param questions   questions in the log (from {@code since} on)
 * @param outcomes    questions per outcome: answered, refused, cached, failed, cancelled, limited (429: a rate limit
 *                    or the daily budget), unavailable (503: the limits could not be checked, Redis lost)
 * @param clients     distinct clients (salted hashes)
 * @param days        questions per UTC day and outcome, oldest first
 * @param latency     percentiles of the request latencies, in milliseconds
 * @param tokens      model tokens per UTC day, oldest first
 * @param thumbsUp    answers rated up (an answer rated twice counts by its last rating)
 * @param thumbsDownCount answers rated down, all of them
 * @param thumbsDown  the answers rated down, newest first: the latest {@code Report.THUMBS_DOWN} of them
 * @param mostCited   pages by how many answers cited them, most first
 * @param neverCited  pages of the index no answer in the log cited
 * @param gaps        refused questions grouped by meaning, largest group first
 * @param warnings    what was skipped or could not be read
 */
public record Figures(Optional<String> since, long questions, Map<String, Long> outcomes, long clients, List<Day> days,
                      Latency latency, List<Tokens> tokens, long thumbsUp, long thumbsDownCount, List<ThumbsDown> thumbsDown,
                      List<PageCount> mostCited, List<String> neverCited, List<Gap> gaps, List<String> warnings) {
    /** The outcomes, in the order charts and tables show them. */
    public static final List<String> OUTCOMES = List.of("answered", "cached", "refused", "failed", "cancelled", "limited",
            "unavailable");

    public Figures {
        outcomes = Map.copyOf(outcomes);
        days = List.copyOf(days);
        tokens = List.copyOf(tokens);
        thumbsDown = List.copyOf(thumbsDown);
        mostCited = List.copyOf(mostCited);
        neverCited = List.copyOf(neverCited);
        gaps = List.copyOf(gaps);
        warnings = List.copyOf(warnings);
    }

    public long count(String outcome) {
        return outcomes.getOrDefault(outcome, 0L);
    }

    /** One UTC day: its date and questions per outcome. */
    public record Day(String date, Map<String, Long> outcomes) {
        public Day {
            outcomes = Map.copyOf(outcomes);
        }

        public long total() {
            return outcomes.values().stream().mapToLong(Long::longValue).sum();
        }
    }

    /** p50 and p95, in milliseconds, of the time to sources, to the first token, and in total; answers from the cache left out. */
    public record Latency(OptionalDouble sourcesP50, OptionalDouble sourcesP95, OptionalDouble firstTokenP50,
                          OptionalDouble firstTokenP95, OptionalDouble totalP50, OptionalDouble totalP95) {
    }

    /** Model tokens of one UTC day. */
    public record Tokens(String date, long input, long output) {
    }

    /** An answer a reader rated down. */
    public record ThumbsDown(String id, String time, String question, String answer, List<String> sources,
                             String comment) {
        public ThumbsDown {
            sources = List.copyOf(sources);
        }
    }

    /** A page and how many answers cited it. */
    public record PageCount(String url, long count) {
    }

    /**
     * Refused questions that mean much the same: what the docs should say next.
     *
     * @param count       refused questions in the group
     * @param examples    the most asked of them, most first
     * @param closestPage the page the docs have that came closest, with its similarity
     */
    public record Gap(long count, List<String> examples, Optional<String> closestPage,
                      OptionalDouble closestSimilarity) {
        public Gap {
            examples = List.copyOf(examples);
        }
    }
}
