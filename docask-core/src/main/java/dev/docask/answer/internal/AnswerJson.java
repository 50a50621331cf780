package dev.docask.answer.internal;

import dev.docask.answer.Answer;
import dev.docask.retrieve.internal.RetrievalJson;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The one JSON shape of an answer, served by {@code docask ask --json}, the JSON form of
 * {@code POST /api/ask} and (its facts) the metadata that ends an answer stream.
 *
 * <pre>{@code
 * String json = new ObjectMapper().writeValueAsString(AnswerJson.of(handler.ask("how do I mock a module?")));
 * System.out.println(json);  // writeValue(System.out, ...) would close System.out
 * }</pre>
 */
public final class AnswerJson {
    private AnswerJson() {
    }

    /** {@code {"question", "answer", "sources": [{"n","url","title","heading","source"}], ...facts}}. */
    public static Map<String, Object> of(Answer a) {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("question", a.question());
        o.put("answer", a.text().strip());
        o.put("sources", RetrievalJson.sources(a.sources()));
        o.putAll(facts(a));
        return o;
    }

    /**
     * Everything but the text and the sources: {@code refused, cached, truncated, mode, keywordFallback,
     * model, citations, invalidCitations, timings} and {@code usage} when the model reported it.
     */
    public static Map<String, Object> facts(Answer a) {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("refused", a.refused());
        o.put("cached", a.cached());
        o.put("truncated", a.truncated());
        o.put("mode", a.mode().name().toLowerCase(Locale.ROOT));
        o.put("keywordFallback", a.keywordFallback());
        o.put("model", a.model());
        o.put("citations", a.citations());
        o.put("invalidCitations", a.invalidCitations());
        Map<String, Object> timings = new LinkedHashMap<>();
        timings.put("rewriteMillis", a.timings().rewriteMillis());
        timings.put("retrievalMillis", a.timings().retrievalMillis());
        timings.put("firstTokenMillis", a.timings().firstTokenMillis());
        timings.put("totalMillis", a.timings().totalMillis());
        o.put("timings", timings);
        a.usage().ifPresent(u -> o.put("usage", Map.of("inputTokens", u.inputTokens(), "outputTokens", u.outputTokens())));
        return o;
    }
}
