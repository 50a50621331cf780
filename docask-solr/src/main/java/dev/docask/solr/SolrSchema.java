package dev.docask.solr;

import dev.docask.index.IndexException;
import dev.docask.index.Manifest;
import org.apache.solr.client.solrj.request.schema.SchemaRequest;

import java.util.Map;

/** What a collection's schema must have before a publish writes to it, asked of Solr's schema API. */
final class SolrSchema {
    private SolrSchema() {
    }

    /** Refuses a collection without docask's fields, or without a kNN field of the embedder's size. */
    static void require(SolrConnection solr, Manifest m) {
        if (!hasField(solr, SolrFields.SITE) || !hasField(solr, SolrFields.VECTOR_BYTES)) {
            throw new IndexException("the Solr collection '" + solr.location().collection() + "' was not created with docask's"
                    + " configset (it has no field '" + SolrFields.SITE + "' or '" + SolrFields.VECTOR_BYTES + "'); see docs/solr.md");
        }
        requireField(solr, SolrFields.GROUP);
        requireField(solr, SolrFields.GEN);
        requireInPlace(solr, requireField(solr, SolrFields.RETIRED));
        if (m.dimensions() > 0 && !hasField(solr, SolrFields.vector(m.dimensions()))) {
            throw new IndexException("the Solr collection '" + solr.location().collection() + "' has no vector field for "
                    + m.dimensions() + " dimensions (embedder " + m.embedderId() + "); docask's configset has "
                    + java.util.Arrays.toString(SolrFields.VECTOR_SIZES) + " — add a field '" + SolrFields.vector(m.dimensions())
                    + "' of that size (docs/solr.md)");
        }
    }

    private static boolean hasField(SolrConnection solr, String name) {
        return field(solr, name).isPresent();
    }

    /** The declaration of a field this docask's configset added, or a refusal naming it. */
    private static Map<String, Object> requireField(SolrConnection solr, String name) {
        return field(solr, name).orElseThrow(() -> new IndexException("the Solr collection '" + solr.location().collection()
                + "' has an earlier docask configset (no field '" + name + "'): upload this docask's configset"
                + " (docask-solr/src/main/configset) to it and reload the collection, or create a new one (docs/solr.md)"));
    }

    /** The schema's declaration of field {@code name}; empty when there is none. */
    private static java.util.Optional<Map<String, Object>> field(SolrConnection solr, String name) {
        try {
            return java.util.Optional.of(solr.call("reading the schema",
                    () -> new SchemaRequest.Field(name).process(solr.client(), solr.location().collection())).getField());
        } catch (IndexException e) {
            if (String.valueOf(e.getMessage()).contains("No such field")) {
                return java.util.Optional.empty();
            }
            throw e;
        }
    }

    /**
     * Refuses a retired field Solr would not update in place: it would rebuild each retired chunk from its stored
     * fields, and the chunk would lose its tokens and vectors (not stored) while readers of the generation before
     * still search it.
     */
    private static void requireInPlace(SolrConnection solr, Map<String, Object> f) {
        if (!Boolean.FALSE.equals(f.get("indexed")) || !Boolean.FALSE.equals(f.get("stored")) || !Boolean.TRUE.equals(f.get("docValues"))
                || Boolean.TRUE.equals(f.get("multiValued"))) {
            throw new IndexException("the Solr collection '" + solr.location().collection() + "' declares the field '"
                    + SolrFields.RETIRED + "' as " + f + "; docask updates it in place, which needs indexed=\"false\" stored=\"false\""
                    + " docValues=\"true\" as in docask's configset (docs/solr.md)");
        }
    }

    /** Whether the collection's schema has dynamic field {@code name} (a configset older than it has not). */
    static boolean hasDynamicField(SolrConnection solr, String name) {
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
}
