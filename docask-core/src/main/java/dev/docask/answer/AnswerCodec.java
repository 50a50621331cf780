package dev.docask.answer;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.docask.ingest.Chunk;
import dev.docask.retrieve.Hit;
import dev.docask.retrieve.Retrieval;
import dev.docask.retrieve.Source;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/*
 * A cache entry as JSON text, for a shared AnswerCache.Store: every field of the answer, its sources
 * with their hits and chunks, and the pieces the text was streamed in, so that a replica replaying
 * another's answer sends the same events. Text that does not read back (an older format, a damaged
 * value) is a miss, never a failed answer.
 */
final class AnswerCodec {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int VERSION = 1;

    private AnswerCodec() {
    }

    static String encode(AnswerCache.Entry entry) {
        Answer a = entry.answer();
        ObjectNode o = JSON.createObjectNode().put("v", VERSION);
        o.put("question", a.question()).put("standalone", a.standaloneQuestion()).put("text", a.text());
        ArrayNode sources = o.putArray("sources");
        a.sources().forEach(s -> sources.add(source(s)));
        ints(o.putArray("citations"), a.citations());
        ints(o.putArray("invalidCitations"), a.invalidCitations());
        o.put("refused", a.refused()).put("truncated", a.truncated()).put("mode", a.mode().name())
                .put("keywordFallback", a.keywordFallback()).put("model", a.model());
        Answer.Timings t = a.timings();
        o.putArray("timings").add(t.rewriteMillis()).add(t.retrievalMillis()).add(t.firstTokenMillis()).add(t.totalMillis());
        a.usage().ifPresent(u -> o.putArray("usage").add(u.inputTokens()).add(u.outputTokens()));
        ArrayNode deltas = o.putArray("deltas");
        entry.deltas().forEach(deltas::add);
        return o.toString();
    }

    static Optional<AnswerCache.Entry> decode(String text) {
        try {
            JsonNode o = JSON.readTree(text);
            if (o == null || o.path("v").asInt() != VERSION) {
                return Optional.empty();
            }
            List<Source> sources = new ArrayList<>();
            o.path("sources").forEach(s -> sources.add(source(s)));
            JsonNode t = o.path("timings");
            JsonNode u = o.path("usage");
            Answer a = new Answer(o.path("question").asText(), o.path("standalone").asText(), o.path("text").asText(),
                    sources, ints(o.path("citations")), ints(o.path("invalidCitations")), o.path("refused").asBoolean(),
                    false, o.path("truncated").asBoolean(), Retrieval.Mode.valueOf(o.path("mode").asText()),
                    o.path("keywordFallback").asBoolean(), o.path("model").asText(),
                    new Answer.Timings(t.path(0).asLong(), t.path(1).asLong(), t.path(2).asLong(), t.path(3).asLong()),
                    u.isArray() ? Optional.of(new Answer.Usage(u.path(0).asInt(), u.path(1).asInt())) : Optional.empty());
            List<String> deltas = new ArrayList<>();
            o.path("deltas").forEach(d -> deltas.add(d.asText()));
            return Optional.of(new AnswerCache.Entry(a, deltas));
        } catch (JsonProcessingException | RuntimeException unreadable) {
            return Optional.empty();
        }
    }

    private static ObjectNode source(Source s) {
        ObjectNode o = JSON.createObjectNode().put("n", s.n()).put("url", s.url()).put("title", s.title())
                .put("heading", s.heading()).put("source", s.source());
        ArrayNode hits = o.putArray("hits");
        for (Hit h : s.hits()) {
            ObjectNode hit = hits.addObject().put("chunkId", h.chunkId());
            Chunk c = h.chunk();
            ObjectNode chunk = hit.putObject("chunk").put("url", c.url()).put("title", c.title())
                    .put("heading", c.heading()).put("text", c.text()).put("source", c.source());
            ObjectNode meta = chunk.putObject("metadata");
            c.metadata().forEach(meta::put);
            ArrayNode copies = hit.putArray("copyUrls");
            h.copyUrls().forEach(copies::add);
            h.bm25Rank().ifPresent(r -> hit.put("bm25Rank", r).put("bm25Score", (float) h.bm25Score().orElse(0)));
            h.vectorRank().ifPresent(r -> hit.put("vectorRank", r));
            h.similarity().ifPresent(sim -> hit.put("similarity", (float) sim));
            hit.put("keywordCoverage", h.keywordCoverage()).put("score", h.score());
            h.gatedOut().ifPresent(g -> hit.put("gatedOut", g));
        }
        return o;
    }

    private static Source source(JsonNode o) {
        List<Hit> hits = new ArrayList<>();
        for (JsonNode h : o.path("hits")) {
            JsonNode c = h.path("chunk");
            Map<String, String> meta = new LinkedHashMap<>();
            c.path("metadata").properties().forEach(e -> meta.put(e.getKey(), e.getValue().asText()));
            Hit.Builder b = Hit.builder(h.path("chunkId").asInt(), new Chunk(c.path("url").asText(), c.path("title").asText(),
                    c.path("heading").asText(), c.path("text").asText(), c.path("source").asText(), meta));
            List<String> copies = new ArrayList<>();
            h.path("copyUrls").forEach(u -> copies.add(u.asText()));
            b.copyUrls(copies).keywordCoverage((float) h.path("keywordCoverage").asDouble()).score(h.path("score").asDouble());
            if (h.has("bm25Rank")) {
                b.bm25(h.path("bm25Rank").asInt(), (float) h.path("bm25Score").asDouble());
            }
            if (h.has("vectorRank")) {
                b.vectorRank(h.path("vectorRank").asInt());
            }
            if (h.has("similarity")) {
                b.similarity((float) h.path("similarity").asDouble());
            }
            if (h.has("gatedOut")) {
                b.gatedOut(h.path("gatedOut").asText());
            }
            hits.add(b.build());
        }
        return new Source(o.path("n").asInt(), o.path("url").asText(), o.path("title").asText(), o.path("heading").asText(),
                o.path("source").asText(), hits);
    }

    private static void ints(ArrayNode into, List<Integer> values) {
        values.forEach(into::add);
    }

    private static List<Integer> ints(JsonNode array) {
        List<Integer> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asInt()));
        return out;
    }
}
