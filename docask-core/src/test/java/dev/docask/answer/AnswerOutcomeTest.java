package dev.docask.answer;

import dev.docask.answer.Answer.Timings;
import dev.docask.answer.internal.MicrometerMeters;
import dev.docask.retrieve.Retrieval;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/** The question log and /metrics count an answer's outcome alike. */
class AnswerOutcomeTest {
    private static Answer answer(boolean refused, boolean cached) {
        return new Answer("q", "q", refused ? "I don't know." : "text [1]", List.of(), List.of(), List.of(), refused,
                cached, false, Retrieval.Mode.HYBRID, false, "extractive", new Timings(0, 1, 2, 3), Optional.empty());
    }

    @Test
    void aRefusalTheCacheServed_isARefusal_inTheMetricsAsInTheQuestionLog() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        MicrometerMeters meters = new MicrometerMeters(registry);
        meters.answered(answer(true, true));
        meters.answered(answer(false, true));
        meters.answered(answer(false, false));
        for (String outcome : List.of("refused", "cached", "answered")) {
            assertThat(registry.get(dev.docask.answer.internal.AnswerMeters.ANSWERS).tag("outcome", outcome).counter().count()).as(outcome).isEqualTo(1);
        }
    }
}
