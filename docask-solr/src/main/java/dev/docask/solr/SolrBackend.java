package dev.docask.solr;

import dev.docask.index.DocIndex;
import dev.docask.index.IndexException;
import dev.docask.index.Manifest;
import dev.docask.index.internal.IndexAccess;
import org.apache.solr.common.SolrDocument;
import org.apache.solr.common.SolrDocumentList;
import org.apache.solr.common.params.ModifiableSolrParams;

import java.time.Duration;
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
 *     HybridRetriever r = HybridRetriever.create(index);
 * }
 * }</pre>
 */
public final class SolrBackend {
    /** A publish's timeout per request: a batch of 1,000 chunks into a busy cluster takes time. */
    static final Duration PUBLISH_TIMEOUT = Duration.ofMinutes(2);

    private SolrBackend() {
    }

    /**
     * What a publish did: chunks written (new or changed), kept as they were, and deleted (no longer built: their
     * documents are retired, and removed by the next publish).
     */
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

    /** {@link #publish(DocIndex, String, String, Duration)} waiting up to 10 s for another publish of the site. */
    public static Published publish(DocIndex built, String backend, String site) {
        return publish(built, backend, site, SolrLease.WAIT);
    }

    /**
     * Writes the chunks, vectors and manifest of {@code built} to site {@code site} of the collection,
     * incrementally: unchanged chunks are not rewritten, chunks no longer built are deleted. Readers see the site's
     * previous build until the publish's one commit, and keep seeing it if the publish fails, whatever commits later.
     * One publish of a site runs at a time: this one waits up to {@code wait} for another to end (docs/solr.md).
     *
     * <pre>{@code
     * SolrBackend.publish(built, "solr://solr1:8983/solr/docs", "vitest", Duration.ofMinutes(5));
     * }</pre>
     *
     * @throws IllegalArgumentException for a malformed address or site name
     * @throws IndexException           when Solr is unreachable, the collection is missing or lacks docask's schema, or
     *                                  another publish of the site still runs after {@code wait} (its parameter is
     *                                  {@code wait}; the message names that publish's host and pid, since when, and
     *                                  when its lease expires)
     */
    public static Published publish(DocIndex built, String backend, String site, Duration wait) {
        Objects.requireNonNull(built, "built");
        if (Objects.requireNonNull(wait, "wait").isNegative()) {
            throw new IllegalArgumentException("wait must be 0 or more, got " + wait);
        }
        SolrLocation at = SolrLocation.parse(backend);
        SolrFields.requireSite(site);
        try (SolrConnection solr = new SolrConnection(at, PUBLISH_TIMEOUT)) {
            return SolrPublisher.publish(solr, built, site, wait, SolrLease.PERIOD);
        }
    }

    /**
     * Why site {@code site} of the collection at {@code backend} does not serve the build that {@code local} holds, or
     * empty when it does. {@code docask index --backend} keeps the two together (the site first, then the local
     * index; docs/solr.md), so they part only when the site is published from elsewhere or the local index changes
     * on its own ({@code docask calibrate --auto}, a build without {@code --backend}). The manifests are compared, one
     * request.
     *
     * <pre>{@code
     * SolrBackend.differsFrom(DocIndex.open(dir), "solr://host:8983/solr/docs", "relay").ifPresent(System.out::println);
     * }</pre>
     */
    public static java.util.Optional<String> differsFrom(DocIndex local, String backend, String site) {
        Objects.requireNonNull(local, "local");
        try (DocIndex published = open(backend, site)) {
            return IndexAccess.manifestJson(published.manifest()).equals(IndexAccess.manifestJson(local.manifest()))
                    ? java.util.Optional.empty()
                    : java.util.Optional.of("Solr site " + site + " at " + backend + " serves another build than this index "
                    + "(a build published there from elsewhere since, or this index changed without --backend, e.g. by 'docask calibrate --auto')");
        } catch (IndexException e) {
            return java.util.Optional.of("Solr site " + site + " at " + backend + " cannot be compared with this index: "
                    + e.getMessage());
        }
    }

    /** {@link #open(String, String, Duration)} with a 30 s timeout per request. */
    public static DocIndex open(String backend, String site) {
        return open(backend, site, SolrConnection.DEFAULT_TIMEOUT);
    }

    /**
     * Site {@code site} of the collection at {@code backend}, as an index: its manifest document is
     * read now (one request, whatever the site's size); every search and filter goes to Solr, and a
     * chunk's text and metadata are read from Solr when they are needed (a question's candidates and
     * their copies in one request), into a bounded cache. Close it to close the client.
     *
     * @throws IllegalArgumentException for a malformed address or site name
     * @throws IndexException           when Solr is unreachable, the collection or the site is missing, or the
     *                                  site was published by an earlier docask (publish it again)
     */
    public static DocIndex open(String backend, String site, Duration timeout) {
        return openSite(backend, site, timeout).index();
    }

    /** An opened site, its chunk list and its connection, whose counters say what has been read from Solr. */
    record Site(DocIndex index, SolrChunks chunks, SolrConnection connection) {
    }

    /**
     * Opens a site with one request: its manifest document holds the manifest, the chunk count (the
     * ordinals are 0 … count-1, on the chunk documents) and the publish generation. Nothing is read
     * per chunk: candidates, their text and their copies come from Solr per question.
     */
    static Site openSite(String backend, String site, Duration timeout) {
        SolrLocation at = SolrLocation.parse(backend);
        SolrFields.requireSite(site);
        SolrConnection solr = new SolrConnection(at, timeout);
        try {
            SolrDocument doc = manifestDocument(solr, site).orElseThrow(() -> new IndexException("the Solr collection '"
                    + solr.location().collection() + "' has no site '" + site + "'; index it there first: docask index <folder> --backend "
                    + solr.location().uri() + " --site " + site, "site", null));
            if (!(doc.getFieldValue(SolrFields.CHUNKS) instanceof Number count)) {
                throw new IndexException("site '" + site + "' of the Solr collection '" + solr.location().collection()
                        + "' was published by an earlier docask, whose chunk documents do not carry their ordinals; publish it again"
                        + " (the next publish migrates it): docask index <folder> --backend " + solr.location().uri() + " --site " + site,
                        "site", null);
            }
            Manifest manifest = IndexAccess.manifest(String.valueOf(doc.getFieldValue(SolrFields.MANIFEST)));
            // the generation this reader sees (SolrGenerations); none for a site an earlier docask published
            java.util.OptionalLong seen = doc.getFieldValue(SolrFields.GEN) instanceof Number g
                    ? java.util.OptionalLong.of(g.longValue()) : java.util.OptionalLong.empty();
            SolrChunks chunks = new SolrChunks(solr, site, count.intValue(), seen);
            SolrSearch search = new SolrSearch(solr, site, manifest.dimensions(), count.intValue(), chunks, seen);
            String name = generationName(solr, site, doc.getFieldValue(SolrFields.GENERATION) instanceof Number g ? g.longValue() : 0L);
            return new Site(IndexAccess.open(new IndexAccess.Remote(name, manifest, chunks, chunks, search)), chunks, solr);
        } catch (RuntimeException e) {
            solr.close();
            throw e;
        }
    }

    /**
     * What the collection holds of a site before a publish, from one read of its manifest document: whether its
     * chunks carry their ordinals (a site published by an earlier docask's does not), the manifest it was published
     * with, and its generation (the live one).
     */
    record Previous(boolean ordinals, Manifest manifest, long generation) {
    }

    /** The site as last published; empty when the collection does not have it. */
    static java.util.Optional<Previous> previous(SolrConnection solr, String site) {
        return manifestDocument(solr, site).map(d -> new Previous(d.getFieldValue(SolrFields.CHUNKS) instanceof Number,
                IndexAccess.manifest(String.valueOf(d.getFieldValue(SolrFields.MANIFEST))),
                d.getFieldValue(SolrFields.GENERATION) instanceof Number g ? g.longValue() : 0L));
    }

    /**
     * How an opened site names its generation ({@code DocIndex.openedGeneration()}): the collection, the
     * site and the publish generation, so a reader can tell when another publish replaced what it opened.
     */
    static String generationName(SolrConnection solr, String site, long generation) {
        return solr.location().uri() + "#" + site + "@" + generation;
    }

    /** The publish generation of the site (changes with every publish); empty when the site is missing. */
    static java.util.Optional<Long> generation(SolrConnection solr, String site) {
        return manifestDocument(solr, site).map(d -> d.getFieldValue(SolrFields.GENERATION) instanceof Number g ? g.longValue() : 0L);
    }

    private static java.util.Optional<SolrDocument> manifestDocument(SolrConnection solr, String site) {
        ModifiableSolrParams p = new ModifiableSolrParams();
        p.set("q", "{!term f=" + SolrFields.ID + "}" + SolrFields.manifestId(site));
        p.set("fl", SolrFields.MANIFEST + "," + SolrFields.CHUNKS + "," + SolrFields.GENERATION + "," + SolrFields.GEN);
        SolrDocumentList found = solr.query("reading the site's manifest", p).getResults();
        return found.isEmpty() ? java.util.Optional.empty() : java.util.Optional.of(found.get(0));
    }
}
