package dev.docask.eval;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

import java.util.LinkedHashMap;
import java.util.Map;

/** Renders reports in the JSON shapes of issue 5; a rate over an empty group is {@code null}. */
final class JsonReport {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private JsonReport() {
    }

    static String docs(DocsReport r) {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("k", r.k());
        root.put("questions", r.questions());
        root.put("answerable", r.answerable());
        root.put("offtopic", r.offtopic());
        Map<String, Object> strategies = new LinkedHashMap<>();
        r.strategies().forEach((name, m) -> {
            Map<String, Object> s = new LinkedHashMap<>();
            s.put("recall_at_k", rate(m.recallAtK()));
            s.put("hit_at_1", rate(m.hitAt1()));
            s.put("mrr", rate(m.mrr()));
            s.put("turned_away", rate(m.turnedAway()));
            s.put("offtopic_passed", rate(m.offtopicPassed()));
            s.put("latency_ms", Map.of("p50", m.latency().p50(), "p95", m.latency().p95()));
            strategies.put(name, s);
        });
        root.put("strategies", strategies);
        root.put("misses_of", r.missesOf());
        root.put("misses", r.misses().stream().map(m -> {
            Map<String, Object> o = new LinkedHashMap<>();
            o.put("id", m.id());
            o.put("question", m.question());
            o.put("expected", m.expected());
            o.put("got", m.got());
            return o;
        }).toList());
        return write(root);
    }

    static String beir(BeirReport r) {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("dataset", r.dataset());
        root.put("split", r.split());
        root.put("queries", r.queries());
        Map<String, Object> strategies = new LinkedHashMap<>();
        r.strategies().forEach((name, m) -> {
            Map<String, Object> s = new LinkedHashMap<>();
            s.put("ndcg_at_10", round(m.ndcgAt10()));
            s.put("recall_at_100", round(m.recallAt100()));
            s.put("refused", m.refused());
            strategies.put(name, s);
        });
        root.put("strategies", strategies);
        return write(root);
    }

    private static Double rate(double v) {
        return Double.isNaN(v) ? null : round(v);
    }

    private static double round(double v) {
        return Math.round(v * 10_000) / 10_000.0;
    }

    private static String write(Object root) {
        try {
            return JSON.writeValueAsString(root) + System.lineSeparator();
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write the report as JSON", e);
        }
    }
}
