package dev.docask.eval;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class DocsReportTest {
    final DocsReport r;

    DocsReportTest() {
        Map<String, DocsMetrics> m = new LinkedHashMap<>();
        m.put("hybrid", new DocsMetrics(0.9, 0.6, 0.7123456, 0.1, 0.2, new Latency(1.5, 4.25)));
        m.put("probes", new DocsMetrics(Double.NaN, Double.NaN, Double.NaN, Double.NaN, 0, new Latency(1, 1)));
        r = new DocsReport(6, 15, 10, 5, m, "hybrid", List.of(
                new Miss("v-3", "Exclude?", List.of("https://x/exclude"), List.of("https://x/a#b")),
                new Miss("v-off-1", "Mona Lisa?", List.of(), List.of("https://x/c"))));
    }

    @Test
    void json_issueShape() throws Exception {
        JsonNode n = new ObjectMapper().readTree(r.json());
        assertThat(n.get("k").asInt()).isEqualTo(6);
        assertThat(n.get("questions").asInt()).isEqualTo(15);
        assertThat(n.get("answerable").asInt()).isEqualTo(10);
        assertThat(n.get("offtopic").asInt()).isEqualTo(5);
        assertThat(n.at("/strategies/hybrid/recall_at_k").asDouble()).isEqualTo(0.9);
        assertThat(n.at("/strategies/hybrid/mrr").asDouble()).isEqualTo(0.7123);
        assertThat(n.at("/strategies/hybrid/offtopic_passed").asDouble()).isEqualTo(0.2);
        assertThat(n.at("/strategies/hybrid/latency_ms/p95").asDouble()).isEqualTo(4.25);
        assertThat(n.at("/strategies/probes/recall_at_k").isNull()).isTrue();
        assertThat(n.at("/misses/0/id").asText()).isEqualTo("v-3");
        assertThat(n.at("/misses/0/expected/0").asText()).isEqualTo("https://x/exclude");
        assertThat(n.at("/misses/1/got/0").asText()).isEqualTo("https://x/c");
    }

    @Test
    void table_showsRatesCountsAndMisses() {
        String t = r.table();
        assertThat(t).contains("15 questions: 10 answerable, 5 off-topic; k = 6").contains("recall@6")
                .contains("0.900").contains("0.100 (1)").contains("0.200 (1)").contains("misses of hybrid")
                .contains("v-3").contains("expected https://x/exclude");
        assertThat(t.lines().filter(l -> l.startsWith("probes")).findFirst().orElseThrow()).contains(" - ");
    }
}
