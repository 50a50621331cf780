package dev.docask.eval;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class BeirReportTest {
    final BeirReport r;

    BeirReportTest() {
        Map<String, BeirMetrics> m = new LinkedHashMap<>();
        m.put("bm25", new BeirMetrics(0.67891, 0.92531, 12, 300));
        m.put("hybrid", new BeirMetrics(0.72, 0.95, 3, 300));
        r = new BeirReport("scifact", "test", 300, 5183, m);
    }

    @Test
    void json_issueShape() throws Exception {
        JsonNode n = new ObjectMapper().readTree(r.json());
        assertThat(n.get("dataset").asText()).isEqualTo("scifact");
        assertThat(n.get("queries").asInt()).isEqualTo(300);
        assertThat(n.at("/strategies/bm25/ndcg_at_10").asDouble()).isEqualTo(0.6789);
        assertThat(n.at("/strategies/bm25/recall_at_100").asDouble()).isEqualTo(0.9253);
        assertThat(n.at("/strategies/hybrid/refused").asInt()).isEqualTo(3);
    }

    @Test
    void table_rowPerStrategy() {
        assertThat(r.table()).contains("scifact: 300 judged queries").contains("bm25").contains("0.6789")
                .contains("3 of 300");
    }
}
