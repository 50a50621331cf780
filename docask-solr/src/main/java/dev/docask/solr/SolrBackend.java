package dev.docask.solr;

import dev.docask.index.DocIndex;
import dev.docask.index.IndexException;
import dev.docask.index.Manifest;
import dev.docask.index.internal.IndexAccess;
import dev.docask.ingest.Chunk;
import org.apache.solr.common.SolrDocumentList;
import org.apache.solr.common.params.ModifiableSolrParams;

import java.time.Duration;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * docask on SolrCloud: one collection holds many sites, each chunk tagged with its site; Solr does
 * BM25 and kNN, docask does the gate, fusion, copies, filters, hooks and answers exactly as on a local
 * index (docs/solr.md).
 *
 * <pre>{@code
 * String solr = "solr://127.0.0.1:8983/solr/docs";
 * try (DocIndex built = DocIndex.open(Path.of("docs-index"))) {
 *     SolrBackend.publish(built, solr, "vitest");          // incremental
 * }
 * try (DocIndex index = SolrBackend.open(solr, "vitest")) { // then as any DocIndex
 *     HybridRetriever r = HybridRetriever.create(index, Embedders.create(index.manifest().embedderSpec()));
 * }
 * }</pre>
 */
public final class SolrBackend {
    private SolrBackend() {
    }

    /** What a publish did: chunks written (new or changed), kept as they were, and deleted. */
    public record Published(int written, int kept, int deleted) {
    }

    /**
     * Checks an address and a site name before any work, e.g. before an index is built to publish.
     *
     * @throws IllegalArgumentException naming what is malformed
     */
    public static void requireAddress(String backend, String site) {
        SolrLocation.parse(Objects.requireNonNull(backend, "backend"));
        SolrFields.requireSite(site);
    }

    /** Whether {@code backend} names a Solr collection ({@code solr://…} or {@code solr+zk://…}). */
    public static boolean isSolr(String backend) {
        return backend != null && (backend.startsWith(SolrLocation.SCHEME) || backend.startsWith(SolrLocation.ZK_SCHEME));
    }

    /**
     * Writes the chunks, vectors and manifest of {@code built} to site {@code site} of the collection,
     * incrementally: unchanged chunks are not rewritten, chunks no longer built are deleted.
     *
     * @throws IllegalArgumentException for a malformed address or site name
     * @throws IndexException           when Solr is unreachable, the collection is missing or lacks docask's schema
     */
    public static Published publish(DocIndex built, String backend, String site) {
        Objects.requireNonNull(built, "built");
        SolrLocation at = SolrLocation.parse(backend);
        SolrFields.requireSite(site);
        try (SolrConnection solr = new SolrConnection(at, Duration.ofMinutes(2))) {
            return SolrPublisher.publish(solr, built, site);
        }
    }

    /** {@link #open(String, String, Duration)} with a 30 s timeout per request. */
    public static DocIndex open(String backend, String site) {
        return open(backend, site, SolrConnection.DEFAULT_TIMEOUT);
    }

    /**
     * Site {@code site} of the collection at {@code backend}, as an index: its manifest and chunk ids
     * are read now; every search goes to Solr, and a chunk's text and metadata are read from Solr
     * when they are needed (a question's candidates in one request), into a bounded cache. Close it to close the client.
     *
     * @throws IllegalArgumentException for a malformed address or site name
     * @throws IndexException           when Solr is unreachable, the collection or the site is missing
     */
    public static DocIndex open(String backend, String site, Duration timeout) {
        return openSite(backend, site, timeout).index();
    }

    /** An opened site and its chunk list, whose counters say what has been read from Solr. */
    record Site(DocIndex index, SolrChunks chunks) {
    }

    static Site openSite(String backend, String site, Duration timeout) {
        SolrLocation at = SolrLocation.parse(backend);
        SolrFields.requireSite(site);
        SolrConnection solr = new SolrConnection(at, timeout);
        try {
            Manifest manifest = manifest(solr, site);
            List<String> idList = new ArrayList<>();
            List<String> copyOfIds = new ArrayList<>();
            readIds(solr, site, idList, copyOfIds);
            String[] ids = idList.toArray(String[]::new);
            Map<String, Integer> ord = new HashMap<>(ids.length * 2);
            for (int i = 0; i < ids.length; i++) {
                ord.put(ids[i], i);
            }
            int[] copyOf = new int[ids.length];
            BitSet canonical = new BitSet(ids.length);
            for (int i = 0; i < copyOf.length; i++) {
                String c = copyOfIds.get(i);
                Integer o = c.isEmpty() ? null : ord.get(c);
                copyOf[i] = o == null ? -1 : o;
                if (copyOf[i] < 0) {
                    canonical.set(i);
                }
            }
            SolrChunks chunks = new SolrChunks(solr, site, ids, ord);
            SolrSearch search = new SolrSearch(solr, site, manifest.dimensions(), ids, ord, canonical, chunks);
            return new Site(IndexAccess.open(new IndexAccess.Remote(at.uri() + "#" + site, manifest, chunks, copyOf, search)), chunks);
        } catch (RuntimeException e) {
            solr.close();
            throw e;
        }
    }

    private static Manifest manifest(SolrConnection solr, String site) {
        ModifiableSolrParams p = new ModifiableSolrParams();
        p.set("q", "{!term f=" + SolrFields.ID + "}" + SolrFields.manifestId(site));
        p.set("fl", SolrFields.MANIFEST);
        SolrDocumentList found = solr.query("reading the site's manifest", p).getResults();
        if (found.isEmpty()) {
            throw new IndexException("the Solr collection '" + solr.location().collection() + "' has no site '" + site
                    + "'; index it there first: docask index <folder> --backend " + solr.location().uri() + " --site " + site,
                    "site", null);
        }
        return IndexAccess.manifest(String.valueOf(found.get(0).getFieldValue(SolrFields.MANIFEST)));
    }

    /**
     * The site's chunk ids in their stored order and what each is a copy of: the ordinals the index
     * numbers chunks by. Not their text or metadata, which {@link SolrChunks} reads when asked.
     */
    private static void readIds(SolrConnection solr, String site, List<String> ids, List<String> copyOf) {
        solr.forEachChunk("reading the site's chunk ids", site, SolrFields.ID + "," + SolrFields.COPY_OF,
                SolrFields.ORD + " asc," + SolrFields.ID + " asc", d -> {
                    ids.add((String) d.getFieldValue(SolrFields.ID));
                    Object c = d.getFieldValue(SolrFields.COPY_OF);
                    copyOf.add(c == null ? "" : c.toString());
                });
    }
}
