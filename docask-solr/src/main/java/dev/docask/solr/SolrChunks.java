package dev.docask.solr;

import dev.docask.index.IndexException;
import dev.docask.index.internal.CopyGroups;
import dev.docask.ingest.Chunk;
import org.apache.solr.common.SolrDocument;
import org.apache.solr.common.params.ModifiableSolrParams;

import java.util.AbstractList;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.RandomAccess;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicLong;

/*
 * A site's chunks as the index sees them (ordinal → chunk) and their groups of copies, read from
 * Solr when they are asked for, never when the site is opened: the ordinals and groups are fields
 * of the chunk documents (SolrPublisher), so what stays in memory is bounded caches, and a site of
 * ten million chunks opens as a small one does (docs/solr.md, "Limits").
 *
 * Two ways in, so a question costs one request for its chunks:
 * - the candidates SolrSearch returned for the current question (with their groups) are "pending";
 *   the first of them the retriever reads fetches every pending group not cached yet — the
 *   candidates and all their copies, text included — in one request;
 * - any other chunk (a walk over the site, such as calibration) fetches a block of ordinals from it on,
 *   so a walk costs one request per BLOCK chunks.
 */
final class SolrChunks extends AbstractList<Chunk> implements RandomAccess, CopyGroups {
    static final int CACHE = 20_000;
    static final int BLOCK = 500;

    private final SolrConnection solr;
    private final String site;
    private final java.util.OptionalLong generation;
    private final int size;
    /** The groups of the candidates announced and not yet read. */
    private final TreeSet<Integer> pending = new TreeSet<>();
    private final AtomicLong read = new AtomicLong();
    private final AtomicLong requests = new AtomicLong();
    private final AtomicLong blocks = new AtomicLong();
    private final Map<Integer, Chunk> cache = lru(CACHE);
    /** Chunk ordinal → its group (the canonical chunk's ordinal). */
    private final Map<Integer, Integer> groupOf = lru(CACHE);
    /** Group → its members, canonical first, when all of them have been read. */
    private final Map<Integer, int[]> members = lru(CACHE);
    /** Chunk ordinal → the Solr id it had when read: a publish may give the ordinal to another chunk. */
    private final Map<Integer, String> idOf = lru(CACHE);

    SolrChunks(SolrConnection solr, String site, int size, java.util.OptionalLong generation) {
        this.solr = solr;
        this.site = site;
        this.generation = generation;
        this.size = size;
    }

    private static <V> Map<Integer, V> lru(int max) {
        return new LinkedHashMap<>(1024, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Integer, V> e) {
                return size() > max;
            }
        };
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public Chunk get(int id) {
        check(id);
        List<Integer> groups;
        synchronized (this) {
            Chunk c = cache.get(id);
            if (c != null) {
                return c;
            }
            Integer g = groupOf.get(id);
            groups = g != null && pending.contains(g) ? drainPending() : null;
        }
        if (groups != null) {
            readGroups(groups);
        } else {
            readBlock(id);
        }
        synchronized (this) {
            Chunk c = cache.get(id);
            if (c == null) {
                throw gone(id);
            }
            return c;
        }
    }

    private List<Integer> drainPending() {
        List<Integer> out = new ArrayList<>();
        for (int g : pending) {
            if (!members.containsKey(g)) {
                out.add(g);
            }
        }
        pending.clear();
        return out;
    }

    @Override
    public int canonicalOf(int id) {
        check(id);
        Integer g;
        synchronized (this) {
            g = groupOf.get(id);
        }
        if (g == null) {
            get(id);
            synchronized (this) {
                g = groupOf.get(id);
            }
        }
        if (g == null) {
            throw gone(id);
        }
        return g;
    }

    @Override
    public int[] group(int id) {
        int g = canonicalOf(id);
        List<Integer> groups;
        synchronized (this) {
            int[] m = members.get(g);
            if (m != null) {
                return m.clone();
            }
            groups = pending.contains(g) ? drainPending() : List.of(g); // with the question's other candidates
        }
        readGroups(groups);
        synchronized (this) {
            int[] m = members.get(g);
            if (m == null) {
                throw gone(id);
            }
            return m.clone();
        }
    }

    /** A search hit's place: its copy group and its Solr id. */
    record Placed(int group, String id) {
    }

    /**
     * The candidates of the question being answered: read together the first time one is needed.
     * A candidate whose ordinal now names another chunk than the one cached (a site published without
     * generations, by an earlier docask, published again while open: ordinals of removed chunks go to
     * new ones) is dropped from the caches first;
     * its ordinal is returned, for the caller's caches too.
     */
    List<Integer> expect(Map<Integer, Placed> candidates) {
        List<Integer> changed = new ArrayList<>();
        synchronized (this) {
            candidates.forEach((ord, at) -> {
                String was = idOf.get(ord);
                Integer oldGroup = groupOf.get(ord);
                if (was != null && !was.equals(at.id())) {
                    changed.add(ord);
                    cache.remove(ord);
                    idOf.remove(ord);
                    if (oldGroup != null) {
                        members.remove(oldGroup);
                    }
                    members.remove(at.group());
                }
                groupOf.put(ord, at.group());
                if (!members.containsKey(at.group())) {
                    pending.add(at.group());
                }
            });
        }
        return changed;
    }

    /** Every member of {@code groups}, text included, in one request (paged when a group is very large). */
    private void readGroups(List<Integer> groups) {
        if (groups.isEmpty()) {
            return;
        }
        ModifiableSolrParams p = SolrSearch.siteOnly(site, generation);
        p.set("q", "*:*");
        p.add("fq", SolrSearch.intsFilter(SolrFields.GROUP, groups));
        Map<Integer, List<Integer>> found = new java.util.HashMap<>();
        read(p, groups.size() * 4 + 16, d -> {
            int ord = ((Number) d.getFieldValue(SolrFields.ORD)).intValue();
            int g = ((Number) d.getFieldValue(SolrFields.GROUP)).intValue();
            found.computeIfAbsent(g, x -> new ArrayList<>()).add(ord);
        });
        synchronized (this) {
            found.forEach((g, ords) -> {
                ords.sort(null);
                ords.remove(g);
                int[] m = new int[ords.size() + 1];
                m[0] = g;
                for (int i = 0; i < ords.size(); i++) {
                    m[i + 1] = ords.get(i);
                }
                members.put(g, m);
            });
        }
    }

    /** Ordinals {@code id} … {@code id + BLOCK - 1}, for a walk over the site. */
    private void readBlock(int id) {
        blocks.incrementAndGet();
        ModifiableSolrParams p = SolrSearch.siteOnly(site, generation);
        p.set("q", "*:*");
        p.add("fq", SolrFields.ORD + ":[" + id + " TO " + (Math.min(size, id + BLOCK) - 1) + "]");
        read(p, BLOCK, d -> {
        });
    }

    /** Reads the matching chunk documents into the caches, page by page. */
    private void read(ModifiableSolrParams p, int rows, java.util.function.Consumer<SolrDocument> each) {
        p.set("fl", SolrFields.ID + "," + SolrFields.ORD + "," + SolrFields.GROUP + "," + SolrFields.CHUNK);
        p.set("sort", SolrFields.ORD + " asc");
        p.set("rows", rows);
        for (int start = 0; ; start += rows) {
            p.set("start", start);
            requests.incrementAndGet();
            org.apache.solr.common.SolrDocumentList docs = solr.query("the chunks' text", p).getResults();
            synchronized (this) {
                for (SolrDocument d : docs) {
                    int ord = ((Number) d.getFieldValue(SolrFields.ORD)).intValue();
                    cache.put(ord, SolrPublisher.chunk(String.valueOf(d.getFieldValue(SolrFields.CHUNK))));
                    idOf.put(ord, (String) d.getFieldValue(SolrFields.ID));
                    groupOf.put(ord, ((Number) d.getFieldValue(SolrFields.GROUP)).intValue());
                }
            }
            docs.forEach(each);
            read.addAndGet(docs.size());
            if (start + docs.size() >= docs.getNumFound() || docs.isEmpty()) {
                return;
            }
        }
    }

    private void check(int id) {
        if (id < 0 || id >= size) {
            throw new IndexOutOfBoundsException(id);
        }
    }

    private IndexException gone(int id) {
        return new IndexException("chunk " + id + " of site '" + site + "' is no longer in the Solr collection '"
                + solr.location().collection() + "' (the site was re-published); open it again");
    }

    /** How many chunks have been read from Solr since the site was opened. */
    long chunksRead() {
        return read.get();
    }

    /** How many blocks of ordinals have been read (a walk over the site) since the site was opened. */
    long blockReads() {
        return blocks.get();
    }

    /** How many requests reading chunks have cost since the site was opened. */
    long chunkRequests() {
        return requests.get();
    }
}
