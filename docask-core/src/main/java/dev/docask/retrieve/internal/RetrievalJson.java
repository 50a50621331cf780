package dev.docask.retrieve.internal;

import org.jspecify.annotations.Nullable;

import dev.docask.retrieve.Hit;
import dev.docask.retrieve.Retrieval;
import dev.docask.retrieve.Source;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * The one JSON shape of a retrieval, served by {@code docask search --json} and {@code GET /api/search}:
 * plain maps and lists that any JSON library writes as they are.
 *
 * <pre>{@code
 * Map<String, Object> json = RetrievalJson.of(retriever.retrieve("how do I mock a module?", RetrievalOptions.defaults()));
 * System.out.println(new ObjectMapper().writeValueAsString(json));  // writeValue(System.out, ...) would close it
 * }</pre>
 *
 * <p>{@code {"question", "opening" (only when the opening sentence was searched too), "answerable", "mode", "best": {"similarity", "keywordCoverage"}, "sources": [{"n",
 * "url", "title", "heading", "source", "bm25Rank", "vectorRank", "similarity", "keywordCoverage", "score"}],
 * "gatedOut": [{"url", "source", ..., "reason"}], "notSearched" (only for a question refused before any search: why), "respelt" (only when a word no page has was
 * searched as the site's closest word: {"sidbar": "sidebar"}),
 * "docsVersion" (only when the sources were ranked for a version folder: which), "micros"}}; a number that does not apply (no vectors,
 * not in a retriever's list) is {@code null}.
 */
public final class RetrievalJson {
    private RetrievalJson() {
    }

    /** The whole retrieval; each source carries the numbers of its best hit. */
    public static Map<String, Object> of(Retrieval r) {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("question", r.question());
        if (r.opening().isPresent()) {
            o.put("opening", r.opening().get());
        }
        o.put("answerable", r.answerable());
        o.put("mode", r.mode().name().toLowerCase(Locale.ROOT));
        Map<String, Object> best = new LinkedHashMap<>();
        best.put("similarity", single(r.bestSimilarity()));
        best.put("keywordCoverage", r.bestCoverage());
        o.put("best", best);
        o.put("sources", sources(r.sources(), SCORES));
        List<Map<String, Object>> gated = new ArrayList<>();
        for (Hit h : r.gatedOut()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("url", h.chunk().url());
            m.put("source", h.chunk().source());
            putScores(m, h);
            m.put("reason", h.gatedOut().orElseThrow());
            gated.add(m);
        }
        o.put("gatedOut", gated);
        r.notSearched().ifPresent(why -> o.put("notSearched", why));
        r.docsVersion().ifPresent(folder -> o.put("docsVersion", folder));
        if (!r.respelt().isEmpty()) {
            o.put("respelt", r.respelt()); // absent when no word was respelt, so such a result reads as before
        }
        o.put("micros", r.micros());
        return o;
    }

    private static final boolean SCORES = true;

    /** Numbered sources: number, URL, title, heading and file, as an answer lists them. */
    public static List<Map<String, Object>> sources(List<Source> sources) {
        return sources(sources, !SCORES);
    }

    /** Numbered sources, each with the numbers of its best hit too when {@code scores}. */
    private static List<Map<String, Object>> sources(List<Source> sources, boolean scores) {
        List<Map<String, Object>> out = new ArrayList<>(sources.size());
        for (Source s : sources) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("n", s.n());
            m.put("url", s.url());
            m.put("title", s.title());
            m.put("heading", s.heading());
            m.put("source", s.source());
            if (scores) {
                putScores(m, s.hits().get(0));
            }
            out.add(m);
        }
        return out;
    }

    private static void putScores(Map<String, Object> m, Hit h) {
        m.put("bm25Rank", h.bm25Rank().isPresent() ? h.bm25Rank().getAsInt() : null);
        m.put("bm25Score", single(h.bm25Score()));
        m.put("vectorRank", h.vectorRank().isPresent() ? h.vectorRank().getAsInt() : null);
        m.put("similarity", single(h.similarity()));
        m.put("keywordCoverage", h.keywordCoverage());
        m.put("score", h.score());
    }

    /** The score as the float it was computed in (so JSON shows 0.73, not 0.7300000190734863), or null. */
    private static @Nullable Float single(OptionalDouble v) {
        return v.isPresent() ? (float) v.getAsDouble() : null;
    }
}
