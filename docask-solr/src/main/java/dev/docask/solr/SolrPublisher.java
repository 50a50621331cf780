package dev.docask.solr;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.docask.index.DocIndex;
import dev.docask.index.IndexException;
import dev.docask.index.Manifest;
import dev.docask.index.internal.Allowed;
import dev.docask.index.internal.IndexAccess;
import dev.docask.index.internal.PageToken;
import dev.docask.index.internal.QuantizedVector;
import dev.docask.index.internal.SiteValues;
import dev.docask.ingest.Chunk;
import org.apache.solr.client.solrj.request.UpdateRequest;
import org.apache.solr.common.SolrInputDocument;
import org.jspecify.annotations.Nullable;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/*
 * Writes a built index's chunks to a site of a collection, incrementally. A chunk's key is the site
 * and a hash of everything the chunk holds, so an unchanged chunk keeps its document. Each chunk
 * document carries the site-local ordinal docask numbers it by and its copy group (the canonical
 * chunk's ordinal), so opening a site reads only the manifest document (docs/solr.md).
 *
 * Ordinals stay 0 … n-1 and stay put: an unchanged chunk keeps its ordinal; a removed chunk's
 * ordinal goes to a new chunk (the lowest free first, in the built order, so a first publish numbers
 * chunks exactly as the local index does); only when a publish removes more than it adds do the
 * chunks above the new count move down into the holes. A chunk is written when it is new or its
 * ordinal or group changed, as a new document of the publish's generation; the document it replaces,
 * and those of chunks no longer built, are marked retired, and the manifest document (with the count
 * and the generation) is replaced last, with one commit. Readers see only their generation's
 * documents, so they see the old set or the new, even when the publish fails part-way and a later
 * commit makes what it sent durable and searchable (SolrGenerations).
 *
 * A site published before ordinals were kept (its manifest has no count) is migrated: all its chunks
 * are written again and its documents retired.
 *
 * A publish holds the site's lease while it writes (SolrLease): one publish of a site at a time, else each would take
 * the other's documents for a failed publish's and delete them.
 *
 * The vectors are the built index's int8 ones (the embedder ran once, in IndexBuilder, which re-embeds
 * only changed text) and the tokens are docask's own analysis with position increments.
 */
final class SolrPublisher {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Documents per update request: large enough that a request's overhead is small, small enough to stream. */
    private static final int BATCH = 1000;
    /**
     * Update requests in flight at once: Solr indexes a request's documents on one thread per replica,
     * so one request at a time leaves the other cores idle (docs/benchmarks.md, "SolrCloud").
     */
    private static final int SENDERS = Math.max(2, Runtime.getRuntime().availableProcessors());

    private SolrPublisher() {
    }

    /** Where a chunk sits in the site: its ordinal and its group (the canonical chunk's ordinal). */
    record Place(int ord, int group) {
    }

    static SolrBackend.Published publish(SolrConnection solr, DocIndex built, String site) {
        return publish(solr, built, site, SolrLease.WAIT, SolrLease.PERIOD);
    }

    /**
     * Publishes {@code built} holding the site's lease (SolrLease), waiting up to {@code wait} for another publish of
     * the site; {@code leasePeriod} is the lease's (tests make it short).
     */
    static SolrBackend.Published publish(SolrConnection solr, DocIndex built, String site, Duration wait, Duration leasePeriod) {
        Manifest m = built.manifest();
        if (m.bm25K1() != 1.2f || m.bm25B() != 0.75f) {
            throw new IndexException("docask's Solr configset scores with BM25 k1 = 1.2, b = 0.75; this index was built with k1 = "
                    + m.bm25K1() + ", b = " + m.bm25B() + " (change the configset's docask_tokens similarity to match)");
        }
        SolrSchema.require(solr, m);
        boolean words = SolrSchema.hasDynamicField(solr, SolrFields.words("*"));
        try (SolrLease lease = SolrLease.take(solr, site, wait, leasePeriod)) {
            SolrBackend.Published done;
            try {
                done = write(solr, built, site, words, lease);
            } catch (RuntimeException e) {
                throw lease.failed(e);
            }
            lease.release();
            return done;
        }
    }

    private static SolrBackend.Published write(SolrConnection solr, DocIndex built, String site, boolean words, SolrLease lease) {
        Manifest m = built.manifest();
        int n = built.size();
        String[] keys = new String[n];
        Map<String, Integer> seen = new HashMap<>();
        for (int i = 0; i < n; i++) {
            String key = site + "/" + hash(built.chunk(i));
            int dup = seen.merge(key, 1, Integer::sum);
            keys[i] = dup == 1 ? key : key + "-" + dup; // the same chunk twice in a site: both kept, as locally
        }
        java.util.Optional<SolrBackend.Previous> previous = SolrBackend.previous(solr, site);
        long live = previous.map(SolrBackend.Previous::generation).orElse(0L);
        // the same text embedded by another model (or of another size) is another document: keep none; a site of the
        // layout before ordinals is written again whole
        boolean rewriteAll = previous.filter(was -> !was.ordinals() || !sameDocuments(was.manifest(), m)).isPresent();
        // what a failed publish sent may still be uncommitted: the walk must see it to clean it (readers never do)
        UpdateRequest open = new UpdateRequest();
        open.setAction(UpdateRequest.ACTION.COMMIT, true, true, true);
        solr.update("making what an earlier publish left visible to this one", open);
        SolrGenerations.Site found = existing(solr, site, live);
        long g = SolrGenerations.next(live, System.currentTimeMillis(), found.highest());
        int[] ord = ordinals(keys, found.places());
        Map<String, SolrGenerations.Found> left = new HashMap<>(found.live());
        List<Integer> writes = new ArrayList<>();
        List<String> retire = new ArrayList<>(found.surplus());
        List<String> unmark = new ArrayList<>();
        int kept = 0;
        for (int i = 0; i < n; i++) {
            SolrGenerations.Found was = left.remove(keys[i]);
            if (was != null && !rewriteAll && new Place(ord[i], ord[built.canonicalOf(i)]).equals(was.place())) {
                kept++;
                if (was.retired() != SolrGenerations.NOT_RETIRED) {
                    unmark.add(was.id()); // marked by a publish that failed
                }
            } else {
                writes.add(i);
                if (was != null) {
                    retire.add(was.id());
                }
            }
        }
        left.values().forEach(f -> retire.add(f.id()));
        try (Senders senders = new Senders(solr, lease, SENDERS)) {
            for (int from = 0; from < writes.size(); from += BATCH) {
                int to = Math.min(writes.size(), from + BATCH);
                // docask's analysis of a batch on all cores while the senders' batches are in Solr
                List<SolrInputDocument> docs = java.util.stream.IntStream.range(from, to).parallel()
                        .mapToObj(k -> {
                            int i = writes.get(k);
                            return document(built, site, i, SolrGenerations.id(keys[i], g), g,
                                    new Place(ord[i], ord[built.canonicalOf(i)]), words);
                        })
                        .toList();
                UpdateRequest batch = new UpdateRequest();
                batch.add(docs);
                senders.send(batch, "writing chunks");
            }
            mark(senders, retire, g, "retiring removed and replaced chunks");
            mark(senders, unmark, SolrGenerations.NOT_RETIRED, "clearing the marks of a failed publish");
            List<String> deletes = found.leftovers();
            for (int i = 0; i < deletes.size(); i += BATCH) {
                UpdateRequest batch = new UpdateRequest();
                batch.deleteById(deletes.subList(i, Math.min(deletes.size(), i + BATCH)));
                senders.send(batch, "deleting retired chunks and a failed publish's");
            }
        }
        UpdateRequest batch = new UpdateRequest();
        SolrInputDocument manifest = new SolrInputDocument();
        manifest.setField(SolrFields.ID, SolrFields.manifestId(site));
        manifest.setField(SolrFields.KIND, SolrFields.KIND_MANIFEST);
        manifest.setField(SolrFields.SITE, site);
        manifest.setField(SolrFields.MANIFEST, IndexAccess.manifestJson(m));
        manifest.setField(SolrFields.CHUNKS, n);
        manifest.setField(SolrFields.GENERATION, g);
        manifest.setField(SolrFields.GEN, g); // its chunks carry generations: readers filter by them
        batch.add(manifest);
        batch.setAction(UpdateRequest.ACTION.COMMIT, true, true);
        lease.renew(); // still this publish's, for a period from now: no other publish has walked the site meanwhile
        solr.update("committing", batch);
        return new SolrBackend.Published(writes.size(), kept, left.size());
    }

    /**
     * Sets the retired field of documents {@code ids} to {@code value} in place: an atomic "set" of a non-indexed,
     * non-stored docValues number, which Solr applies to the document's docValues alone (the configset's field; a
     * "set" of null would make Solr rebuild the document from its stored fields and lose its tokens and vectors).
     */
    private static void mark(Senders senders, List<String> ids, long value, String what) {
        for (int from = 0; from < ids.size(); from += BATCH) {
            List<SolrInputDocument> docs = new ArrayList<>();
            for (String id : ids.subList(from, Math.min(ids.size(), from + BATCH))) {
                SolrInputDocument d = new SolrInputDocument();
                d.setField(SolrFields.ID, id);
                d.setField(SolrFields.RETIRED, Map.of("set", value));
                docs.add(d);
            }
            UpdateRequest batch = new UpdateRequest();
            batch.add(docs);
            senders.send(batch, what);
        }
    }

    /**
     * Whether a chunk document written from {@code was} holds what one from {@code now} would for the
     * same chunk: a chunk's id is the hash of its text, so a vector from another embedder, or of
     * another size, would otherwise be kept beside the new model's question vectors.
     */
    static boolean sameDocuments(Manifest was, Manifest now) {
        return was.embedderId().equals(now.embedderId()) && was.dimensions() == now.dimensions()
                && was.formatVersion() == now.formatVersion();
    }

    /**
     * Each built chunk's ordinal: its old one when it is still there and below the new count; the free
     * ordinals below the count, lowest first in the built order, for the others.
     */
    static int[] ordinals(String[] ids, Map<String, Place> existing) {
        int n = ids.length;
        int[] ord = new int[n];
        java.util.BitSet taken = new java.util.BitSet(n);
        for (int i = 0; i < n; i++) {
            Place was = existing.get(ids[i]);
            ord[i] = was != null && was.ord() >= 0 && was.ord() < n && !taken.get(was.ord()) ? was.ord() : -1;
            if (ord[i] >= 0) {
                taken.set(ord[i]);
            }
        }
        int free = taken.nextClearBit(0);
        for (int i = 0; i < n; i++) {
            if (ord[i] < 0) {
                ord[i] = free;
                taken.set(free);
                free = taken.nextClearBit(free + 1);
            }
        }
        return ord;
    }

    /**
     * Sends update requests on a few threads; closing waits for all of them and rethrows the first
     * failure, so the commit never makes half a publish visible as if it were whole. Each request is sent
     * only while the lease is still this publish's and the process is not stopping (SolrLease.check).
     */
    private static final class Senders implements AutoCloseable {
        private final SolrConnection solr;
        private final SolrLease lease;
        private final java.util.concurrent.ExecutorService pool;
        private final java.util.concurrent.Semaphore inFlight;
        private final java.util.concurrent.atomic.AtomicReference<@Nullable RuntimeException> failed = new java.util.concurrent.atomic.AtomicReference<>();
        private volatile boolean stopped;

        Senders(SolrConnection solr, SolrLease lease, int threads) {
            this.solr = solr;
            this.lease = lease;
            this.pool = java.util.concurrent.Executors.newFixedThreadPool(threads, r -> {
                Thread t = new Thread(r, "docask-solr-publish");
                t.setDaemon(true);
                return t;
            });
            this.inFlight = new java.util.concurrent.Semaphore(threads);
        }

        void send(UpdateRequest r, String what) {
            rethrow();
            lease.check();
            inFlight.acquireUninterruptibly();
            pool.execute(() -> {
                try {
                    if (!stopped) {
                        solr.update(what, r);
                    }
                } catch (RuntimeException e) {
                    stopped = true;
                    failed.compareAndSet(null, e);
                } finally {
                    inFlight.release();
                }
            });
        }

        /** The first failure, once: close must not throw again what send threw (self-suppression). */
        private void rethrow() {
            RuntimeException e = failed.getAndSet(null);
            if (e != null) {
                throw e;
            }
        }

        @Override
        public void close() {
            pool.shutdown();
            try {
                while (!pool.awaitTermination(1, java.util.concurrent.TimeUnit.MINUTES)) {
                    // a slow Solr: each request has its own timeout, so this ends
                }
            } catch (InterruptedException e) {
                pool.shutdownNow();
                Thread.currentThread().interrupt();
                throw new IndexException("publishing was interrupted", e);
            }
            rethrow();
        }
    }


    /** The site's chunk documents, written by any publish, live or not, sorted for this one (its one walk over the site). */
    private static SolrGenerations.Site existing(SolrConnection solr, String site, long live) {
        List<SolrGenerations.Found> out = new ArrayList<>();
        solr.forEachChunk("listing the site's chunks", site, String.join(",", SolrFields.ID, SolrFields.ORD, SolrFields.GROUP,
                SolrFields.GEN, SolrFields.RETIRED), SolrFields.ID + " asc", d -> out.add(new SolrGenerations.Found(
                (String) d.getFieldValue(SolrFields.ID),
                new Place(number(d.getFieldValue(SolrFields.ORD)), number(d.getFieldValue(SolrFields.GROUP))),
                d.getFieldValue(SolrFields.GEN) instanceof Number x ? x.longValue() : 0L,
                d.getFieldValue(SolrFields.RETIRED) instanceof Number x ? x.longValue() : SolrGenerations.NOT_RETIRED)));
        return SolrGenerations.sort(out, live);
    }

    private static int number(@Nullable Object o) {
        return o instanceof Number x ? x.intValue() : -1;
    }

    static SolrInputDocument document(DocIndex built, String site, int i, String id, long generation, Place place, boolean words) {
        Chunk c = built.chunk(i);
        SolrInputDocument d = new SolrInputDocument();
        d.setField(SolrFields.ID, id);
        d.setField(SolrFields.KIND, SolrFields.KIND_CHUNK);
        d.setField(SolrFields.SITE, site);
        d.setField(SolrFields.GEN, generation);
        d.setField(SolrFields.RETIRED, SolrGenerations.NOT_RETIRED);
        d.setField(SolrFields.ORD, place.ord());
        d.setField(SolrFields.GROUP, place.group());
        d.setField(SolrFields.CANONICAL, place.group() == place.ord());
        d.setField(SolrFields.URL, c.url());
        d.setField(SolrFields.SOURCE, c.source());
        List<String> meta = new ArrayList<>();
        c.metadata().forEach((k, v) -> Allowed.values(v).distinct().forEach(x -> meta.add(k + "=" + x)));
        if (!meta.isEmpty()) {
            d.setField(SolrFields.META, meta);
        }
        List<String> segments = SiteValues.segments(c.url());
        if (!segments.isEmpty()) {
            d.setField(SolrFields.URL_SEGMENT, segments.stream().distinct().toList());
        }
        d.setField(SolrFields.CHUNK, chunkJson(c));
        d.setField(SolrFields.tokens(site), tokens(c.searchText()));
        if (words) {
            d.setField(SolrFields.words(site), c.searchText());
        }
        IndexAccess.vector(built, i).ifPresent(v -> {
            d.setField(SolrFields.VECTOR_BYTES, v.values());
            d.setField(SolrFields.VECTOR_SCALE, v.scale());
            d.setField(SolrFields.vector(v.values().length), knnValues(v));
        });
        return d;
    }

    private static List<Integer> knnValues(QuantizedVector v) {
        byte[] b = v.values();
        List<Integer> out = new ArrayList<>(b.length);
        for (byte x : b) {
            out.add((int) x);
        }
        return out;
    }

    /** docask's tokens in Solr's JSON pre-analysed format: each term with its position increment. */
    static String tokens(String text) {
        List<Map<String, Object>> tokens = new ArrayList<>();
        for (PageToken t : IndexAccess.pageTokens(text)) {
            Map<String, Object> tok = new LinkedHashMap<>();
            tok.put("t", t.term());
            tok.put("i", t.positionIncrement());
            tokens.add(tok);
        }
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("v", "1");
        v.put("tokens", tokens);
        return write(v);
    }

    static String chunkJson(Chunk c) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("url", c.url());
        m.put("title", c.title());
        m.put("heading", c.heading());
        m.put("text", c.text());
        m.put("source", c.source());
        m.put("metadata", new TreeMap<>(c.metadata()));
        return write(m);
    }

    @SuppressWarnings("unchecked")
    static Chunk chunk(String json) {
        try {
            Map<String, Object> m = JSON.readValue(json, Map.class);
            return new Chunk(text(m, "url"), text(m, "title"), text(m, "heading"), text(m, "text"), text(m, "source"),
                    (Map<String, String>) m.getOrDefault("metadata", Map.of()));
        } catch (java.io.IOException | RuntimeException e) {
            throw new IndexException("a chunk stored in Solr is damaged: " + e.getMessage(), e);
        }
    }

    private static String text(Map<String, Object> m, String key) {
        return m.get(key) instanceof String s ? s : "";
    }

    private static String write(Object o) {
        try {
            return JSON.writeValueAsString(o);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    static String hash(Chunk c) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            md.update(chunkJson(c).getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(md.digest(), 0, 12);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
