package dev.docask.server;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.docask.retrieve.Hit;
import dev.docask.retrieve.Retrieval;
import dev.docask.retrieve.Source;

import java.util.List;
import java.util.Locale;

/** The JSON shapes of retrieval results, shared by /api/search and the JSON form of /api/ask. */
final class RetrievalJson {
    private final ObjectMapper json;

    RetrievalJson(ObjectMapper json) {
        this.json = json;
    }

    ObjectNode retrieval(Retrieval r) {
        ObjectNode o = json.createObjectNode();
        o.put("question", r.question());
        o.put("answerable", r.answerable());
        o.put("mode", r.mode().name().toLowerCase(Locale.ROOT));
        putFinite(o, "bestSimilarity", r.bestSimilarity());
        o.put("bestKeywordCoverage", r.bestCoverage());
        o.set("sources", sources(r.sources(), true));
        ArrayNode gated = o.putArray("gatedOut");
        for (Hit h : r.gatedOut()) {
            ObjectNode g = scores(h);
            g.put("url", h.chunk().url());
            g.put("reason", h.gatedOut());
            gated.add(g);
        }
        o.put("micros", r.micros());
        return o;
    }

    /** Numbered sources; with {@code scores}, the numbers of each source's best hit too. */
    ArrayNode sources(List<Source> sources, boolean scores) {
        ArrayNode a = json.createArrayNode();
        for (Source s : sources) {
            ObjectNode o = a.addObject();
            o.put("n", s.n());
            o.put("url", s.url());
            o.put("title", s.title());
            o.put("heading", s.heading());
            o.put("source", s.source());
            if (scores) {
                o.set("scores", scores(s.hits().get(0)));
            }
        }
        return a;
    }

    private ObjectNode scores(Hit h) {
        ObjectNode o = json.createObjectNode();
        if (h.bm25Rank() > 0) {
            o.put("bm25Rank", h.bm25Rank());
            o.put("bm25Score", h.bm25Score());
        }
        if (h.vectorRank() > 0) {
            o.put("vectorRank", h.vectorRank());
        }
        putFinite(o, "similarity", h.similarity());
        o.put("keywordCoverage", h.keywordCoverage());
        o.put("score", h.score());
        return o;
    }

    private static void putFinite(ObjectNode o, String name, float value) {
        if (Float.isNaN(value)) {
            o.putNull(name);
        } else {
            o.put(name, value);
        }
    }
}
