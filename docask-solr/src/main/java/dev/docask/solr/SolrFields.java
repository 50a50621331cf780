package dev.docask.solr;

import java.util.regex.Pattern;

/** The fields of docask's configset (src/main/configset/conf/managed-schema.xml) and the site names they allow. */
final class SolrFields {
    static final String ID = "id";
    static final String KIND = "kind";
    static final String SITE = "site";
    static final String ORD = "ord";
    static final String CANONICAL = "canonical";
    static final String GROUP = "group";
    static final String META = "meta";
    static final String URL = "url";
    static final String SOURCE = "source";
    static final String URL_SEGMENT = "url_segment";
    /** On the manifest document: the site's chunk count (its ordinals are 0 … count-1) and its publish generation. */
    static final String CHUNKS = "chunks";
    static final String GENERATION = "generation";
    /** On a chunk document: the generation that wrote it and the one that retired it (SolrGenerations). */
    static final String GEN = "gen";
    static final String RETIRED = "retired";
    static final String CHUNK = "chunk";
    static final String MANIFEST = "manifest";
    static final String VECTOR_BYTES = "vector_bytes";
    static final String VECTOR_SCALE = "vector_scale";
    static final String KIND_CHUNK = "chunk";
    static final String KIND_MANIFEST = "manifest";
    /** A site's publish lease (SolrLease): its holder as JSON in the stored text field a manifest document uses. */
    static final String KIND_LEASE = "lease";
    static final String VERSION = "_version_";
    /** The embedding sizes the configset has a kNN field for. */
    static final int[] VECTOR_SIZES = {256, 384, 512, 768, 1024};

    private static final Pattern SITE_NAME = Pattern.compile("[a-z0-9][a-z0-9_]{0,63}");

    private SolrFields() {
    }

    /**
     * {@code site} when it can name a site (it becomes part of a field name).
     *
     * @throws IllegalArgumentException naming it otherwise
     */
    static String requireSite(String site) {
        if (site == null || !SITE_NAME.matcher(site).matches()) {
            throw new IllegalArgumentException("--site '" + site + "' is not a site name: use 1 to 64 lower-case letters,"
                    + " digits and _, starting with a letter or digit (it names the site's Solr field)");
        }
        return site;
    }

    /** The site's own token field: Lucene keeps BM25 statistics per field, so they are the site's alone. */
    static String tokens(String site) {
        return "bm25_" + site;
    }

    /** The site's written words, for close-word matching (an older configset has no such field). */
    static String words(String site) {
        return "words_" + site;
    }

    static String vector(int dimensions) {
        return "vector_" + dimensions;
    }

    static String manifestId(String site) {
        return site + "/manifest";
    }

    /** The id of the site's publish lease: a chunk key's hash is hex, so no chunk's id can be it. */
    static String leaseId(String site) {
        return site + "/lease";
    }
}
