package dev.docask.solr;

import dev.docask.index.internal.Allowed;
import dev.docask.index.internal.QuantizedVector;
import dev.docask.index.internal.QueryTerms;
import dev.docask.index.internal.Scored;
import dev.docask.index.internal.SearchBackend;
import dev.docask.index.internal.SiteValues;
import org.apache.solr.client.solrj.response.QueryResponse;
import org.apache.solr.common.SolrDocument;
import org.apache.solr.common.params.ModifiableSolrParams;
import org.jspecify.annotations.Nullable;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SortedSet;

/*
 * The search side of one site in a Solr collection. Ids are the site's ordinals, a field of each
 * chunk document (SolrPublisher keeps them), returned with every hit. The candidates each search
 * returns are announced to SolrChunks with their copy groups, which reads their text and their
 * copies in one request when the retriever first needs them.
 *
 * - BM25: one term query per analysed question term on the site's own token field, boosted as the
 *   local index boosts (repeats, close words). The collection's ExactStatsCache makes each shard
 *   score with the statistics of the whole field, i.e. of the site (its retired documents too, as a
 *   deleted one until a merge: docs/solr.md, "Generations").
 * - kNN: {!knn} over the BYTE cosine field with the question quantised as the chunks are. topK is
 *   per shard and rows cuts the merged list, so asking for a little more than n and re-ranking by
 *   the exact cosine (int8 chunk · float question, as the local scan reports it) keeps the local
 *   order even where the two int8 estimates disagree on a near-tie.
 * - Filters arrive as the metadata filter itself (Allowed.filter): each part a filter query (url and
 *   source as prefixes, other keys as "key=value" terms of the meta field); copy collapsing without a
 *   filter is canonical:true; with one, the hits are sorted score, canonical, ordinal and the first
 *   of each group kept (copies have the same text, so the same score: the first is the canonical
 *   chunk when the filter kept it, else its lowest kept copy, as HybridRetriever picks locally).
 *   The site filter is always there, and the generation filter (SolrGenerations) on a site published
 *   with generations: a reader sees the chunks of the publish it opened, whatever was sent since.
 * - What the site holds (metadata values, URL path segments) comes from facets, and whether a URL or
 *   source prefix exists from a count: no walk over the site (SiteValues).
 * - Cosines of BM25-only candidates come from the stored int8 vectors (one request per question,
 *   then from a bounded cache); term presence from each candidate's score for each term query
 *   (above 0 when it has the term: BM25's IDF is positive), one request.
 */
final class SolrSearch implements SearchBackend {
    /** Over-fetch for both lists, so the exact re-rank and the tie order can reorder the edge. */
    private static final int KNN_EXTRA = 10;
    private static final int VECTOR_CACHE = 50_000;

    private final SolrConnection solr;
    private final String site;
    private final java.util.OptionalLong generation;
    private final String tokens;
    private final @Nullable String vectorField;
    private final int size;
    private final SolrChunks chunks;
    private volatile @Nullable Map<String, SortedSet<String>> metadata;
    private final Map<Integer, QuantizedVector> vectors = new LinkedHashMap<>(1024, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Integer, QuantizedVector> e) {
            return size() > VECTOR_CACHE;
        }
    };

    SolrSearch(SolrConnection solr, String site, int dimensions, int size, SolrChunks chunks, java.util.OptionalLong generation) {
        this.solr = solr;
        this.site = site;
        this.generation = generation;
        this.tokens = SolrFields.tokens(site);
        this.vectorField = dimensions > 0 ? SolrFields.vector(dimensions) : null;
        this.size = size;
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
    public List<Scored> bm25(QueryTerms terms, int n, @Nullable Allowed allowed) {
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
        p.set("fl", SolrFields.ID + "," + SolrFields.ORD + "," + SolrFields.GROUP + ",score");
        return best(hits("a BM25 search", p, Math.min(size, n + KNN_EXTRA), allowed,
                d -> ((Number) d.getFieldValue("score")).floatValue()), n);
    }

    @Override
    public List<Scored> nearest(float[] query, int n, @Nullable Allowed allowed) {
        String field = requireVectorField();
        QuantizedVector q = QuantizedVector.of(query);
        byte[] qb = q.values();
        StringBuilder v = new StringBuilder(qb.length * 4).append('[');
        for (int i = 0; i < qb.length; i++) {
            v.append(i == 0 ? "" : ",").append(qb[i]);
        }
        v.append(']');
        // HNSW is approximate and its search widens with topK: ask for knnBeam × n (SolrLocation; 4 by default: on the
        // real sites n + 10 gave the local sources for 90% of the questions, 4n for all; docs/benchmarks.md "topK sweep")
        int k = Math.min(size, Math.max(solr.location().knnBeam() * n, n + KNN_EXTRA));
        ModifiableSolrParams p = filtered(allowed);
        p.set("q", "{!knn f=" + field + " topK=" + k + "}" + v);
        p.set("fl", SolrFields.ID + "," + SolrFields.ORD + "," + SolrFields.GROUP + "," + SolrFields.VECTOR_BYTES + ","
                + SolrFields.VECTOR_SCALE);
        return best(hits("a vector search", p, k, allowed, d -> cache(ord(d), d).dot(query)), n);
    }

    /**
     * The hits of a search, {@code rows} of them, each scored by {@code score}, announced to the
     * chunk list with their groups. With a metadata filter and copy collapsing, one hit per group of
     * copies: the first in the order score, canonical, ordinal (see the comment at the top); more
     * rows are asked for while groups take the places of the ones dropped.
     */
    private Hits hits(String what, ModifiableSolrParams p, int rows, @Nullable Allowed allowed,
                              java.util.function.ToDoubleFunction<SolrDocument> score) {
        boolean oneEach = allowed != null && allowed.oneCopyEach() && !allowed.filter().isEmpty();
        // equal scores in ordinal order, as the local index's doc ids order them (and a group's kept member first)
        p.set("sort", "score desc," + (oneEach ? SolrFields.CANONICAL + " desc," : "") + SolrFields.ORD + " asc");
        for (int ask = rows; ; ask *= 2) {
            p.set("rows", ask);
            org.apache.solr.common.SolrDocumentList docs = solr.query(what, p).getResults();
            List<Scored> out = new ArrayList<>(docs.size());
            Map<Integer, SolrChunks.Placed> groups = new LinkedHashMap<>();
            java.util.Set<Integer> seenGroups = new java.util.HashSet<>();
            for (SolrDocument d : docs) {
                int g = ((Number) d.getFieldValue(SolrFields.GROUP)).intValue();
                int ord = ord(d);
                if (ord >= size || oneEach && !seenGroups.add(g)) {
                    continue; // (a chunk published after the site was opened is not in this reader's numbering)
                }
                groups.put(ord, new SolrChunks.Placed(g, (String) d.getFieldValue(SolrFields.ID)));
                out.add(new Scored(ord, (float) score.applyAsDouble(d)));
            }
            if (!oneEach || out.size() >= rows || docs.size() >= docs.getNumFound() || ask >= size) {
                return new Hits(out, groups);
            }
        }
    }

    /** A search's hits and each one's copy group. */
    private record Hits(List<Scored> scored, Map<Integer, SolrChunks.Placed> groups) {
    }

    private static int ord(SolrDocument d) {
        return ((Number) d.getFieldValue(SolrFields.ORD)).intValue();
    }

    /**
     * The {@code n} best, equal scores in ordinal order as the local index breaks ties (Lucene's
     * doc id there; here the shards' merge order would decide), from a list fetched a little longer.
     */
    private List<Scored> best(Hits hits, int n) {
        List<Scored> out = hits.scored();
        out.sort((a, b) -> a.score() != b.score() ? Float.compare(b.score(), a.score()) : Integer.compare(a.chunkId(), b.chunkId()));
        List<Scored> kept = out.size() > n ? List.copyOf(out.subList(0, n)) : out;
        Map<Integer, SolrChunks.Placed> groups = new LinkedHashMap<>();
        kept.forEach(s -> groups.put(s.chunkId(), hits.groups().get(s.chunkId())));
        List<Integer> changed = chunks.expect(groups); // their text and copies in one request, when first read
        synchronized (vectors) {
            changed.forEach(vectors::remove);
        }
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
            p.add("fq", intsFilter(SolrFields.ORD, missing));
            p.set("rows", missing.size());
            p.set("fl", SolrFields.ORD + "," + SolrFields.VECTOR_BYTES + "," + SolrFields.VECTOR_SCALE);
            for (SolrDocument d : solr.query("the candidates' vectors", p).getResults()) {
                cache(ord(d), d);
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

    /*
     * The pair rule's question (docs/retrieval.md §4, "Words the site writes together") as the local index asks it: a
     * Lucene phrase query of two terms with slop 2 matches where the second term is one to three positions after the
     * first (nW: an ordered span with slop n - 1), at the same position or right before it (N, surround's "1N":
     * unordered, slop 0).
     * Solr's surround parser takes the analysed terms as they are; quoted, a joiner in an identifier is no operator.
     */
    @Override
    public java.util.Optional<Boolean> writesTogether(List<List<String>> pairs, int[] chunkIds) {
        if (pairs.isEmpty() || chunkIds.length == 0) {
            return java.util.Optional.of(false);
        }
        StringBuilder q = new StringBuilder();
        for (List<String> pair : pairs) {
            String a = quoted(pair.get(0));
            String b = quoted(pair.get(1));
            q.append(q.isEmpty() ? "" : " OR ").append(PAIR_SLOP + 1).append("W(").append(a).append(", ").append(b)
                    .append(") OR N(").append(a).append(", ").append(b).append(")");
        }
        List<Integer> ids = new ArrayList<>(chunkIds.length);
        for (int id : chunkIds) {
            ids.add(id);
        }
        ModifiableSolrParams p = base();
        p.add("fq", intsFilter(SolrFields.ORD, ids));
        p.set("q", "{!surround df=" + tokens + " maxBasicQueries=" + Math.max(1000, 4 * pairs.size()) + "}" + q);
        p.set("rows", 0);
        return java.util.Optional.of(solr.query("a search for word pairs", p).getResults().getNumFound() > 0);
    }

    @Override
    public java.util.Optional<int[]> chunksInOrder(List<dev.docask.index.internal.PageToken> written, int max) {
        if (written.isEmpty()) {
            return java.util.Optional.of(new int[0]);
        }
        ModifiableSolrParams p = base();
        if (written.size() == 1) {
            p.set("q", termQuery(written.get(0).term()));
        } else {
            // the surround parser's ordered distance: each term at most the largest position step after the one before
            int step = 1;
            StringBuilder q = new StringBuilder();
            for (int i = 0; i < written.size(); i++) {
                step = Math.max(step, i == 0 ? 1 : written.get(i).positionIncrement());
                q.append(i == 0 ? "" : ", ").append(quoted(written.get(i).term()));
            }
            p.set("q", "{!surround df=" + tokens + "}" + (step == 1 ? "" : String.valueOf(step)) + "W(" + q + ")"); // "W": adjacent
        }
        p.set("fl", SolrFields.ORD);
        p.set("sort", SolrFields.ORD + " asc");
        p.set("rows", max);
        List<Integer> ords = new ArrayList<>();
        for (SolrDocument d : solr.query("a search for a written word", p).getResults()) {
            int ord = ord(d);
            if (ord < size) { // (a chunk published after the site was opened is not in this reader's numbering)
                ords.add(ord);
            }
        }
        return java.util.Optional.of(ords.stream().mapToInt(Integer::intValue).toArray());
    }

    /** A term for the surround parser: quoted, a quote inside doubled (the analyser never makes one). */
    private static String quoted(String term) {
        return '"' + term.replace("\"", "\"\"") + '"';
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
        p.add("fq", intsFilter(SolrFields.ORD, idList));
        p.set("rows", chunkIds.length);
        StringBuilder fl = new StringBuilder(SolrFields.ORD);
        for (int t = 0; t < terms.terms().size(); t++) {
            // query() of a term query, not termfreq(): the function parser reads a "--flag" term as a number
            p.set("present" + t, termQuery(terms.terms().get(t)));
            fl.append(",t").append(t).append(":query($present").append(t).append(",0)");
        }
        p.set("fl", fl.toString());
        Map<Integer, SolrDocument> byOrd = new java.util.HashMap<>();
        for (SolrDocument d : solr.query("term presence", p).getResults()) {
            byOrd.put(ord(d), d);
        }
        for (int i = 0; i < chunkIds.length; i++) {
            SolrDocument d = byOrd.get(chunkIds[i]);
            for (int t = 0; d != null && t < terms.terms().size(); t++) {
                present[i][t] = d.getFieldValue("t" + t) instanceof Number c && c.floatValue() > 0;
            }
        }
        return present;
    }

    /** Every request: this site's chunks of the generation opened only. */
    private ModifiableSolrParams base() {
        return siteOnly(site, generation);
    }

    /**
     * A request's filters to the chunks of {@code site} that {@code generation} sees (SolrGenerations), or all of
     * them for a site published by an earlier docask (no generation).
     */
    static ModifiableSolrParams siteOnly(String site, java.util.OptionalLong generation) {
        ModifiableSolrParams p = new ModifiableSolrParams();
        p.add("fq", "{!term f=" + SolrFields.SITE + "}" + site);
        p.add("fq", "{!term f=" + SolrFields.KIND + "}" + SolrFields.KIND_CHUNK);
        generation.ifPresent(g -> p.add("fq", SolrGenerations.visibleAt(g)));
        return p;
    }

    /** The site filter and {@code allowed} as filter queries. */
    private ModifiableSolrParams filtered(@Nullable Allowed allowed) {
        ModifiableSolrParams p = base();
        if (allowed == null) {
            return p;
        }
        if (allowed.chunks() != null) {
            throw new IllegalStateException("a Solr site takes the filter itself, not a set of chunks");
        }
        new java.util.TreeMap<>(allowed.filter()).forEach((key, value) -> p.add("fq", switch (key) {
            case "url" -> "{!prefix f=" + SolrFields.URL + "}" + value;
            case "source" -> "{!prefix f=" + SolrFields.SOURCE + "}" + value;
            default -> "{!term f=" + SolrFields.META + "}" + key + "=" + value;
        }));
        if (allowed.oneCopyEach() && allowed.filter().isEmpty()) {
            p.add("fq", SolrFields.CANONICAL + ":true");
        }
        return p;
    }

    /** A filter on an int field to the given values. */
    static String intsFilter(String field, List<Integer> values) {
        StringBuilder f = new StringBuilder("{!terms f=" + field + "}");
        for (int i = 0; i < values.size(); i++) {
            f.append(i == 0 ? "" : ",").append(values.get(i));
        }
        return f.toString();
    }

    @Override
    public boolean filtersItself() {
        return true;
    }

    @Override
    public boolean matchesNone(Allowed allowed) {
        ModifiableSolrParams p = filtered(allowed);
        p.set("q", "*:*");
        p.set("rows", 0);
        return solr.query("counting a filter's chunks", p).getResults().getNumFound() == 0;
    }

    @Override
    public java.util.Optional<SiteValues> siteValues() {
        return java.util.Optional.of(new Values());
    }

    /** What the site holds, from facets and counts (docs/solr.md, "How it matches"). */
    private final class Values implements SiteValues {
        @Override
        public Map<String, SortedSet<String>> metadata() {
            Map<String, SortedSet<String>> m = metadata;
            if (m == null) {
                m = new java.util.TreeMap<>();
                for (String pair : facet(SolrFields.META, null)) {
                    int eq = pair.indexOf('=');
                    if (eq > 0) {
                        m.computeIfAbsent(pair.substring(0, eq), k -> new java.util.TreeSet<>()).add(pair.substring(eq + 1));
                    }
                }
                metadata = m;
            }
            return m;
        }

        @Override
        public boolean anyStartsWith(String field, String prefix) {
            ModifiableSolrParams p = base();
            p.set("q", "*:*");
            p.set("rows", 0);
            p.add("fq", "{!prefix f=" + prefixField(field) + "}" + prefix);
            return solr.query("counting a prefix's chunks", p).getResults().getNumFound() > 0;
        }

        @Override
        public java.util.NavigableSet<String> all(String field) {
            return new java.util.TreeSet<>(facet(prefixField(field), null));
        }

        @Override
        public java.util.Set<String> pathSegments(java.util.regex.Pattern segment) {
            java.util.Set<String> out = new java.util.TreeSet<>();
            for (String s : facet(SolrFields.URL_SEGMENT, segment.pattern())) {
                if (segment.matcher(s).matches()) { // Solr's facet.matches is the same Java regex; kept exact here
                    out.add(s);
                }
            }
            return out;
        }

        private String prefixField(String field) {
            return switch (field) {
                case "url" -> SolrFields.URL;
                case "source" -> SolrFields.SOURCE;
                default -> throw new IllegalArgumentException(field);
            };
        }

        /** The distinct values of {@code field} on the site's chunks (those matching {@code matches} when given). */
        private List<String> facet(String field, @Nullable String matches) {
            ModifiableSolrParams p = base();
            p.set("q", "*:*");
            p.set("rows", 0);
            p.set("facet", true);
            p.set("facet.field", field);
            p.set("facet.limit", -1);
            p.set("facet.mincount", 1);
            p.set("facet.sort", "index");
            if (matches != null) {
                p.set("facet.matches", matches);
            }
            org.apache.solr.client.solrj.response.FacetField f = solr.query("the site's " + field + " values", p).getFacetField(field);
            List<String> out = new ArrayList<>();
            if (f != null && f.getValues() != null) {
                f.getValues().forEach(c -> out.add(c.getName()));
            }
            return out;
        }
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
    public java.util.Optional<String> publishedGeneration() {
        return SolrBackend.generation(solr, site).map(g -> SolrBackend.generationName(solr, site, g));
    }

    /* A probe must answer within a load balancer's probe timeout, whatever the search timeout is. */
    private static final java.time.Duration READY_DEADLINE = java.time.Duration.ofSeconds(3);

    @Override
    public boolean ready() {
        try {
            ModifiableSolrParams p = base();
            p.set("q", "*:*");
            p.set("rows", 0);
            solr.query("a readiness check", p, 0, READY_DEADLINE.compareTo(solr.timeout()) < 0 ? READY_DEADLINE : solr.timeout());
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
