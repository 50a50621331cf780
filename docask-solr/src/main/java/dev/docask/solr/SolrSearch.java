package dev.docask.solr;

import dev.docask.index.internal.QuantizedVector;
import dev.docask.index.internal.QueryTerms;
import dev.docask.index.internal.Scored;
import dev.docask.index.internal.SearchBackend;
import org.apache.solr.client.solrj.response.QueryResponse;
import org.apache.solr.common.SolrDocument;
import org.apache.solr.common.params.ModifiableSolrParams;
import org.jspecify.annotations.Nullable;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/*
 * The search side of one site in a Solr collection. Ids are the site's ordinals (SolrBackend reads
 * the chunks' Solr ids in their stored order); Solr's document ids map to them. The candidates each
 * search returns are announced to SolrChunks, which reads their text in one request when the
 * retriever first needs it.
 *
 * - BM25: one term query per analysed question term on the site's own token field, boosted as the
 *   local index boosts (repeats, close words). The collection's ExactStatsCache makes each shard
 *   score with the statistics of the whole field, i.e. of the site.
 * - kNN: {!knn} over the BYTE cosine field with the question quantised as the chunks are. topK is
 *   per shard and rows cuts the merged list, so asking for a little more than n and re-ranking by
 *   the exact cosine (int8 chunk · float question, as the local scan reports it) keeps the local
 *   order even where the two int8 estimates disagree on a near-tie.
 * - Filters (metadata, copies) arrive as a set of ordinals: the canonical set becomes canonical:true,
 *   anything else a {!terms} list of ids; the site filter is always there.
 * - Cosines of BM25-only candidates come from the stored int8 vectors (one request per question,
 *   then from a bounded cache); term presence from each candidate's score for each term query
 *   (above 0 when it has the term: BM25's IDF is positive), one request.
 */
final class SolrSearch implements SearchBackend {
    /** Over-fetch for both lists, so the exact re-rank and the tie order can reorder the edge. */
    private static final int KNN_EXTRA = 10;
    private static final int VECTOR_CACHE = 50_000;
    /**
     * kNN asks HNSW for this many times the candidates wanted: HNSW is approximate, and a wider
     * search (its beam grows with topK) finds the true nearest n far more often. On the three real
     * sites (3k chunks each, 2 shards) topK = n + 10 gave the local sources for 90% of the questions;
     * the misses were nearest chunks HNSW had not found (SolrRealSitesIT).
     */
    private static final int KNN_BEAM = 4;

    private final SolrConnection solr;
    private final String site;
    private final String tokens;
    private final @Nullable String vectorField;
    private final String[] ids;
    private final Map<String, Integer> ordinals;
    private final BitSet canonical;
    private final SolrChunks chunks;
    private final Map<Integer, QuantizedVector> vectors = new LinkedHashMap<>(1024, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Integer, QuantizedVector> e) {
            return size() > VECTOR_CACHE;
        }
    };

    SolrSearch(SolrConnection solr, String site, int dimensions, String[] ids, Map<String, Integer> ordinals, BitSet canonical,
               SolrChunks chunks) {
        this.solr = solr;
        this.site = site;
        this.tokens = SolrFields.tokens(site);
        this.vectorField = dimensions > 0 ? SolrFields.vector(dimensions) : null;
        this.ids = ids;
        this.ordinals = ordinals;
        this.canonical = (BitSet) canonical.clone();
        this.chunks = chunks;
    }

    @Override
    public int[] docFreqs(List<String> terms) {
        int[] df = new int[terms.size()];
        if (terms.isEmpty()) {
            return df;
        }
        ModifiableSolrParams p = base();
        p.set("q", "*:*");
        p.set("rows", 0);
        p.set("facet", true);
        for (String t : terms) {
            p.add("facet.query", termQuery(t));
        }
        QueryResponse r = solr.query("term statistics", p);
        Map<String, Integer> counts = r.getFacetQuery();
        for (int i = 0; i < df.length; i++) {
            Integer c = counts == null ? null : counts.get(termQuery(terms.get(i)));
            df[i] = c == null ? 0 : c;
        }
        return df;
    }

    private String termQuery(String term) {
        return "{!term f=" + tokens + "}" + term;
    }

    @Override
    public List<Scored> bm25(QueryTerms terms, int n, @Nullable BitSet allowed) {
        ModifiableSolrParams p = filtered(allowed);
        StringBuilder q = new StringBuilder();
        for (int i = 0; i < terms.terms().size(); i++) {
            float boost = terms.counts()[i] * terms.weights()[i];
            p.set("t" + i, terms.terms().get(i));
            q.append(i == 0 ? "" : " ").append("_query_:\"{!term f=").append(tokens).append(" v=$t").append(i).append("}\"");
            if (boost != 1f) {
                q.append('^').append(String.format(Locale.ROOT, "%.6f", boost));
            }
        }
        p.set("q", q.toString());
        p.set("q.op", "OR");
        p.set("rows", Math.min(ids.length, n + KNN_EXTRA));
        p.set("fl", SolrFields.ID + ",score");
        QueryResponse r = solr.query("a BM25 search", p);
        List<Scored> out = new ArrayList<>(r.getResults().size());
        for (SolrDocument d : r.getResults()) {
            Integer ord = ordinals.get((String) d.getFieldValue(SolrFields.ID));
            if (ord != null) { // a chunk written after this site was opened: not ours yet
                out.add(new Scored(ord, ((Number) d.getFieldValue("score")).floatValue()));
            }
        }
        return best(out, n);
    }

    @Override
    public List<Scored> nearest(float[] query, int n, @Nullable BitSet allowed) {
        String field = requireVectorField();
        QuantizedVector q = QuantizedVector.of(query);
        byte[] qb = q.values();
        StringBuilder v = new StringBuilder(qb.length * 4).append('[');
        for (int i = 0; i < qb.length; i++) {
            v.append(i == 0 ? "" : ",").append(qb[i]);
        }
        v.append(']');
        int k = Math.min(ids.length, Math.max(KNN_BEAM * n, n + KNN_EXTRA));
        ModifiableSolrParams p = filtered(allowed);
        p.set("q", "{!knn f=" + field + " topK=" + k + "}" + v);
        p.set("rows", k);
        p.set("fl", SolrFields.ID + "," + SolrFields.VECTOR_BYTES + "," + SolrFields.VECTOR_SCALE);
        QueryResponse r = solr.query("a vector search", p);
        List<Scored> out = new ArrayList<>(r.getResults().size());
        for (SolrDocument d : r.getResults()) {
            Integer ord = ordinals.get((String) d.getFieldValue(SolrFields.ID));
            if (ord != null) {
                QuantizedVector stored = cache(ord, d);
                out.add(new Scored(ord, stored.dot(query)));
            }
        }
        return best(out, n);
    }

    /**
     * The {@code n} best, equal scores in ordinal order as the local index breaks ties (Lucene's
     * doc id there; here the shards' merge order would decide), from a list fetched a little longer.
     */
    private List<Scored> best(List<Scored> out, int n) {
        out.sort((a, b) -> a.score() != b.score() ? Float.compare(b.score(), a.score()) : Integer.compare(a.chunkId(), b.chunkId()));
        List<Scored> kept = out.size() > n ? List.copyOf(out.subList(0, n)) : out;
        chunks.expect(kept.stream().map(Scored::chunkId).toList()); // their text in one request, when first read
        return kept;
    }

    @Override
    public float[] similarities(int[] chunkIds, float[] query) {
        requireVectorField();
        List<Integer> missing = new ArrayList<>();
        synchronized (vectors) {
            for (int id : chunkIds) {
                if (!vectors.containsKey(id)) {
                    missing.add(id);
                }
            }
        }
        if (!missing.isEmpty()) {
            ModifiableSolrParams p = base();
            p.set("q", "*:*");
            p.add("fq", idsFilter(missing));
            p.set("rows", missing.size());
            p.set("fl", SolrFields.ID + "," + SolrFields.VECTOR_BYTES + "," + SolrFields.VECTOR_SCALE);
            for (SolrDocument d : solr.query("the candidates' vectors", p).getResults()) {
                Integer ord = ordinals.get((String) d.getFieldValue(SolrFields.ID));
                if (ord != null) {
                    cache(ord, d);
                }
            }
        }
        float[] out = new float[chunkIds.length];
        synchronized (vectors) {
            for (int i = 0; i < out.length; i++) {
                QuantizedVector v = vectors.get(chunkIds[i]);
                out[i] = v == null ? Float.NaN : v.dot(query);
            }
        }
        return out;
    }

    private QuantizedVector cache(int ord, SolrDocument d) {
        Object bytes = d.getFieldValue(SolrFields.VECTOR_BYTES);
        Object scale = d.getFieldValue(SolrFields.VECTOR_SCALE);
        byte[] b = bytes instanceof byte[] raw ? raw
                : bytes instanceof java.nio.ByteBuffer buf ? toArray(buf)
                : bytes instanceof String s ? java.util.Base64.getDecoder().decode(s) : new byte[0];
        QuantizedVector v = new QuantizedVector(b, scale instanceof Number f ? f.floatValue() : 0f);
        synchronized (vectors) {
            vectors.put(ord, v);
        }
        return v;
    }

    private static byte[] toArray(java.nio.ByteBuffer buf) {
        byte[] b = new byte[buf.remaining()];
        buf.duplicate().get(b);
        return b;
    }

    @Override
    public boolean[][] termPresence(QueryTerms terms, int[] chunkIds) {
        boolean[][] present = new boolean[chunkIds.length][terms.terms().size()];
        if (chunkIds.length == 0 || terms.isEmpty()) {
            return present;
        }
        List<Integer> idList = new ArrayList<>(chunkIds.length);
        for (int id : chunkIds) {
            idList.add(id);
        }
        ModifiableSolrParams p = base();
        p.set("q", "*:*");
        p.add("fq", idsFilter(idList));
        p.set("rows", chunkIds.length);
        StringBuilder fl = new StringBuilder(SolrFields.ID);
        for (int t = 0; t < terms.terms().size(); t++) {
            // query() of a term query, not termfreq(): the function parser reads a "--flag" term as a number
            p.set("present" + t, termQuery(terms.terms().get(t)));
            fl.append(",t").append(t).append(":query($present").append(t).append(",0)");
        }
        p.set("fl", fl.toString());
        Map<Integer, SolrDocument> byOrd = new java.util.HashMap<>();
        for (SolrDocument d : solr.query("term presence", p).getResults()) {
            Integer ord = ordinals.get((String) d.getFieldValue(SolrFields.ID));
            if (ord != null) {
                byOrd.put(ord, d);
            }
        }
        for (int i = 0; i < chunkIds.length; i++) {
            SolrDocument d = byOrd.get(chunkIds[i]);
            for (int t = 0; d != null && t < terms.terms().size(); t++) {
                present[i][t] = d.getFieldValue("t" + t) instanceof Number c && c.floatValue() > 0;
            }
        }
        return present;
    }

    /** Every request: this site's chunks only. */
    private ModifiableSolrParams base() {
        return siteOnly(site);
    }

    /** A request's filters to the chunks of {@code site}. */
    static ModifiableSolrParams siteOnly(String site) {
        ModifiableSolrParams p = new ModifiableSolrParams();
        p.add("fq", "{!term f=" + SolrFields.SITE + "}" + site);
        p.add("fq", "{!term f=" + SolrFields.KIND + "}" + SolrFields.KIND_CHUNK);
        return p;
    }

    private ModifiableSolrParams filtered(@Nullable BitSet allowed) {
        ModifiableSolrParams p = base();
        if (allowed == null) {
            return p;
        }
        if (allowed.equals(canonical)) {
            p.add("fq", SolrFields.CANONICAL + ":true");
            return p;
        }
        List<Integer> kept = new ArrayList<>(allowed.cardinality());
        for (int i = allowed.nextSetBit(0); i >= 0 && i < ids.length; i = allowed.nextSetBit(i + 1)) {
            kept.add(i);
        }
        p.add("fq", kept.isEmpty() ? "-*:*" : idsFilter(kept));
        return p;
    }

    private String idsFilter(List<Integer> ords) {
        return chunks.idsFilter(ords);
    }

    private String requireVectorField() {
        if (vectorField == null) {
            throw new IllegalStateException("site '" + site + "' has no vectors (a keyword-only index)");
        }
        return vectorField;
    }

    /**
     * The site's written words with the number of its chunks each is on: one facet request over the
     * site's words field, made the first time a question has a word on no page. Empty (gather them
     * from the chunks) for a site published before the field existed or to a collection without it.
     */
    @Override
    public java.util.Optional<Map<String, Integer>> writtenWords() {
        ModifiableSolrParams p = base();
        p.set("q", "*:*");
        p.set("rows", 0);
        p.set("facet", true);
        p.set("facet.field", SolrFields.words(site));
        p.set("facet.limit", -1);
        p.set("facet.mincount", 1);
        p.set("facet.sort", "index");
        QueryResponse r;
        try {
            r = solr.query("the site's written words", p);
        } catch (dev.docask.index.IndexException e) {
            if (String.valueOf(e.getMessage()).contains("undefined field")) {
                return java.util.Optional.empty();
            }
            throw e;
        }
        org.apache.solr.client.solrj.response.FacetField f = r.getFacetField(SolrFields.words(site));
        if (f == null || f.getValues() == null || f.getValues().isEmpty()) {
            return java.util.Optional.empty();
        }
        Map<String, Integer> out = new java.util.HashMap<>(f.getValues().size() * 2);
        for (org.apache.solr.client.solrj.response.FacetField.Count c : f.getValues()) {
            out.put(c.getName(), (int) c.getCount());
        }
        return java.util.Optional.of(out);
    }

    @Override
    public boolean ready() {
        try {
            ModifiableSolrParams p = base();
            p.set("q", "*:*");
            p.set("rows", 0);
            solr.query("a readiness check", p, 0);
            return true;
        } catch (RuntimeException e) {
            return false;
        }
    }

    @Override
    public void close() {
        solr.close();
    }
}
