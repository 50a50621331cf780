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
import org.apache.solr.client.solrj.request.schema.SchemaRequest;
import org.apache.solr.common.SolrInputDocument;
import org.jspecify.annotations.Nullable;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/*
 * Writes a built index's chunks to a site of a collection, incrementally. A chunk's Solr id is the
 * site and a hash of everything the chunk holds, so an unchanged chunk keeps its id. Each chunk
 * document carries the site-local ordinal docask numbers it by and its copy group (the canonical
 * chunk's ordinal), so opening a site reads only the manifest document (docs/solr.md).
 *
 * Ordinals stay 0 … n-1 and stay put: an unchanged chunk keeps its ordinal; a removed chunk's
 * ordinal goes to a new chunk (the lowest free first, in the built order, so a first publish numbers
 * chunks exactly as the local index does); only when a publish removes more than it adds do the
 * chunks above the new count move down into the holes. A chunk is rewritten when it is new or its
 * ordinal or group changed. Chunks no longer built are deleted, and the manifest document (with the
 * count and a new generation) is replaced last, with one commit, so a reader sees the old set or the new.
 *
 * A site published before ordinals were kept (its manifest has no count) is migrated: its chunk
 * documents are deleted and all chunks written again, in the same commit.
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
        Manifest m = built.manifest();
        if (m.bm25K1() != 1.2f || m.bm25B() != 0.75f) {
            throw new IndexException("docask's Solr configset scores with BM25 k1 = 1.2, b = 0.75; this index was built with k1 = "
                    + m.bm25K1() + ", b = " + m.bm25B() + " (change the configset's docask_tokens similarity to match)");
        }
        requireSchema(solr, m);
        boolean words = hasDynamicField(solr, SolrFields.words("*"));
        int n = built.size();
        String[] ids = new String[n];
        Map<String, Integer> seen = new HashMap<>();
        for (int i = 0; i < n; i++) {
            String id = site + "/" + hash(built.chunk(i));
            int dup = seen.merge(id, 1, Integer::sum);
            ids[i] = dup == 1 ? id : id + "-" + dup; // the same chunk twice in a site: both kept, as locally
        }
        java.util.Optional<SolrBackend.Previous> previous = SolrBackend.previous(solr, site);
        boolean migrate = previous.filter(was -> !was.ordinals()).isPresent();
        // the same text embedded by another model (or of another size) is another document: keep none
        boolean reembedded = previous.filter(was -> !sameDocuments(was.manifest(), m)).isPresent();
        Map<String, Place> existing = migrate ? new HashMap<>() : existing(solr, site);
        int[] ord = ordinals(ids, existing);
        List<Integer> writes = new ArrayList<>();
        int kept = 0;
        for (int i = 0; i < n; i++) {
            Place was = existing.remove(ids[i]);
            if (!reembedded && new Place(ord[i], ord[built.canonicalOf(i)]).equals(was)) {
                kept++;
            } else {
                writes.add(i);
            }
        }
        List<String> deletes = new ArrayList<>(existing.keySet());
        try (Senders senders = new Senders(solr, SENDERS)) {
            if (migrate) {
                UpdateRequest clear = new UpdateRequest();
                clear.deleteByQuery("+" + SolrFields.SITE + ":\"" + site + "\" +" + SolrFields.KIND + ":" + SolrFields.KIND_CHUNK);
                send(solr, clear, "clearing the site's chunks of the earlier layout");
            }
            for (int from = 0; from < writes.size(); from += BATCH) {
                int to = Math.min(writes.size(), from + BATCH);
                // docask's analysis of a batch on all cores while the senders' batches are in Solr
                List<SolrInputDocument> docs = java.util.stream.IntStream.range(from, to).parallel()
                        .mapToObj(k -> {
                            int i = writes.get(k);
                            return document(built, site, i, ids[i], new Place(ord[i], ord[built.canonicalOf(i)]), words);
                        })
                        .toList();
                UpdateRequest batch = new UpdateRequest();
                batch.add(docs);
                senders.send(batch, "writing chunks");
            }
            for (int i = 0; i < deletes.size(); i += BATCH) {
                UpdateRequest batch = new UpdateRequest();
                batch.deleteById(deletes.subList(i, Math.min(deletes.size(), i + BATCH)));
                senders.send(batch, "deleting removed chunks");
            }
        }
        UpdateRequest batch = new UpdateRequest();
        SolrInputDocument manifest = new SolrInputDocument();
        manifest.setField(SolrFields.ID, SolrFields.manifestId(site));
        manifest.setField(SolrFields.KIND, SolrFields.KIND_MANIFEST);
        manifest.setField(SolrFields.SITE, site);
        manifest.setField(SolrFields.MANIFEST, IndexAccess.manifestJson(m));
        manifest.setField(SolrFields.CHUNKS, n);
        manifest.setField(SolrFields.GENERATION, System.currentTimeMillis());
        batch.add(manifest);
        batch.setAction(UpdateRequest.ACTION.COMMIT, true, true);
        send(solr, batch, "committing");
        return new SolrBackend.Published(writes.size(), kept, deletes.size());
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
     * failure, so the commit never makes half a publish visible as if it were whole.
     */
    private static final class Senders implements AutoCloseable {
        private final SolrConnection solr;
        private final java.util.concurrent.ExecutorService pool;
        private final java.util.concurrent.Semaphore inFlight;
        private final java.util.concurrent.atomic.AtomicReference<@Nullable RuntimeException> failed = new java.util.concurrent.atomic.AtomicReference<>();
        private volatile boolean stopped;

        Senders(SolrConnection solr, int threads) {
            this.solr = solr;
            this.pool = java.util.concurrent.Executors.newFixedThreadPool(threads, r -> {
                Thread t = new Thread(r, "docask-solr-publish");
                t.setDaemon(true);
                return t;
            });
            this.inFlight = new java.util.concurrent.Semaphore(threads);
        }

        void send(UpdateRequest r, String what) {
            rethrow();
            inFlight.acquireUninterruptibly();
            pool.execute(() -> {
                try {
                    if (!stopped) {
                        SolrPublisher.send(solr, r, what);
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

    private static void send(SolrConnection solr, UpdateRequest r, String what) {
        solr.retried(what, () -> r.process(solr.client(), solr.location().collection()));
    }

    /** Refuses a collection without docask's fields, or without a kNN field of the embedder's size. */
    private static void requireSchema(SolrConnection solr, Manifest m) {
        if (!hasField(solr, SolrFields.SITE) || !hasField(solr, SolrFields.VECTOR_BYTES)) {
            throw new IndexException("the Solr collection '" + solr.location().collection() + "' was not created with docask's"
                    + " configset (it has no field '" + SolrFields.SITE + "' or '" + SolrFields.VECTOR_BYTES + "'); see docs/solr.md");
        }
        if (!hasField(solr, SolrFields.GROUP)) {
            throw new IndexException("the Solr collection '" + solr.location().collection() + "' has an earlier docask configset"
                    + " (no field '" + SolrFields.GROUP + "'): upload this docask's configset (docask-solr/src/main/configset) to it"
                    + " and reload the collection, or create a new one (docs/solr.md)");
        }
        if (m.dimensions() > 0 && !hasField(solr, SolrFields.vector(m.dimensions()))) {
            throw new IndexException("the Solr collection '" + solr.location().collection() + "' has no vector field for "
                    + m.dimensions() + " dimensions (embedder " + m.embedderId() + "); docask's configset has "
                    + java.util.Arrays.toString(SolrFields.VECTOR_SIZES) + " — add a field '" + SolrFields.vector(m.dimensions())
                    + "' of that size (docs/solr.md)");
        }
    }

    private static boolean hasField(SolrConnection solr, String name) {
        try {
            solr.call("reading the schema", () -> new SchemaRequest.Field(name).process(solr.client(), solr.location().collection()));
            return true;
        } catch (IndexException e) {
            if (String.valueOf(e.getMessage()).contains("No such field")) {
                return false;
            }
            throw e;
        }
    }

    /** Whether the collection's schema has dynamic field {@code name} (a configset older than it has not). */
    private static boolean hasDynamicField(SolrConnection solr, String name) {
        try {
            solr.call("reading the schema", () -> new SchemaRequest.DynamicField(name).process(solr.client(), solr.location().collection()));
            return true;
        } catch (IndexException e) {
            if (String.valueOf(e.getMessage()).contains("No such") || String.valueOf(e.getMessage()).contains("not found")) {
                return false;
            }
            throw e;
        }
    }

    /** The site's chunk ids now in the collection and where each sits (a publish's one walk over the site). */
    private static Map<String, Place> existing(SolrConnection solr, String site) {
        Map<String, Place> out = new HashMap<>();
        solr.forEachChunk("listing the site's chunks", site, SolrFields.ID + "," + SolrFields.ORD + "," + SolrFields.GROUP,
                SolrFields.ID + " asc", d -> out.put((String) d.getFieldValue(SolrFields.ID),
                        new Place(number(d.getFieldValue(SolrFields.ORD)), number(d.getFieldValue(SolrFields.GROUP)))));
        return out;
    }

    private static int number(@Nullable Object o) {
        return o instanceof Number x ? x.intValue() : -1;
    }

    static SolrInputDocument document(DocIndex built, String site, int i, String id, Place place, boolean words) {
        Chunk c = built.chunk(i);
        SolrInputDocument d = new SolrInputDocument();
        d.setField(SolrFields.ID, id);
        d.setField(SolrFields.KIND, SolrFields.KIND_CHUNK);
        d.setField(SolrFields.SITE, site);
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

    private static String hash(Chunk c) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            md.update(chunkJson(c).getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(md.digest(), 0, 12);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
