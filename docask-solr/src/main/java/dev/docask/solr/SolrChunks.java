package dev.docask.solr;

import dev.docask.ingest.Chunk;
import org.apache.solr.common.SolrDocument;
import org.apache.solr.common.params.ModifiableSolrParams;

import java.util.AbstractList;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.RandomAccess;
import java.util.concurrent.atomic.AtomicLong;

/*
 * A site's chunks as the index sees them (ordinal → chunk), read from Solr's stored fields when they
 * are asked for, not when the site is opened: what stays in memory is a bounded cache, so a site of a
 * million chunks opens as a small one does (docs/solr.md, "Limits (not done yet)", which says what
 * is still read whole).
 *
 * Two ways in, so a question costs one request for its chunks:
 * - the candidates SolrSearch returned for the current question are "pending"; the first of them the
 *   retriever reads fetches every pending one not cached yet, in one request;
 * - any other chunk (a copy's URL, a filter or the version preference walking the site) fetches a
 *   block of ordinals from it on, so a walk over the whole site costs one request per BLOCK chunks.
 */
final class SolrChunks extends AbstractList<Chunk> implements RandomAccess {
    static final int CACHE = 20_000;
    static final int BLOCK = 500;

    private final SolrConnection solr;
    private final String[] ids;
    private final Map<String, Integer> ordinals;
    private final String site;
    private final BitSet pending = new BitSet();
    private final AtomicLong read = new AtomicLong();
    private final AtomicLong requests = new AtomicLong();
    private final Map<Integer, Chunk> cache = new LinkedHashMap<>(1024, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Integer, Chunk> e) {
            return size() > CACHE;
        }
    };

    SolrChunks(SolrConnection solr, String site, String[] ids, Map<String, Integer> ordinals) {
        this.solr = solr;
        this.ids = ids;
        this.ordinals = ordinals;
        this.site = site;
    }

    @Override
    public int size() {
        return ids.length;
    }

    @Override
    public Chunk get(int id) {
        if (id < 0 || id >= ids.length) {
            throw new IndexOutOfBoundsException(id);
        }
        List<Integer> fetch = new ArrayList<>();
        synchronized (this) {
            Chunk c = cache.get(id);
            if (c != null) {
                return c;
            }
            if (pending.get(id)) {
                for (int i = pending.nextSetBit(0); i >= 0; i = pending.nextSetBit(i + 1)) {
                    if (!cache.containsKey(i)) {
                        fetch.add(i);
                    }
                }
                pending.clear();
            } else {
                for (int i = id; i < ids.length && fetch.size() < BLOCK; i++) {
                    if (!cache.containsKey(i)) {
                        fetch.add(i);
                    }
                }
            }
        }
        Map<Integer, Chunk> got = fetch(fetch);
        synchronized (this) {
            cache.putAll(got);
        }
        Chunk c = got.get(id);
        if (c == null) {
            throw new dev.docask.index.IndexException("chunk " + ids[id] + " is no longer in the Solr collection '"
                    + solr.location().collection() + "' (the site was re-published); open it again");
        }
        return c;
    }

    /** The candidates of the question being answered: read together the first time one is needed. */
    void expect(List<Integer> ords) {
        synchronized (this) {
            for (int o : ords) {
                if (!cache.containsKey(o)) {
                    pending.set(o);
                }
            }
        }
    }

    private Map<Integer, Chunk> fetch(List<Integer> ords) {
        ModifiableSolrParams p = SolrSearch.siteOnly(site);
        p.set("q", "*:*");
        p.add("fq", idsFilter(ords));
        p.set("rows", ords.size());
        p.set("fl", SolrFields.ID + "," + SolrFields.CHUNK);
        requests.incrementAndGet();
        Map<Integer, Chunk> out = new java.util.HashMap<>(ords.size() * 2);
        for (SolrDocument d : solr.query("the candidates' text", p).getResults()) {
            Integer ord = ordinals.get((String) d.getFieldValue(SolrFields.ID));
            if (ord != null) {
                out.put(ord, SolrPublisher.chunk(String.valueOf(d.getFieldValue(SolrFields.CHUNK))));
            }
        }
        read.addAndGet(out.size());
        return out;
    }

    String idsFilter(List<Integer> ords) {
        StringBuilder f = new StringBuilder("{!terms f=" + SolrFields.ID + "}");
        for (int i = 0; i < ords.size(); i++) {
            f.append(i == 0 ? "" : ",").append(ids[ords.get(i)]);
        }
        return f.toString();
    }

    /** How many chunks have been read from Solr since the site was opened. */
    long chunksRead() {
        return read.get();
    }

    /** How many requests reading chunks have cost since the site was opened. */
    long chunkRequests() {
        return requests.get();
    }
}
