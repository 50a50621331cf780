/**
 * docask on SolrCloud: {@link dev.docask.solr.SolrBackend} publishes a built index to a Solr
 * collection (many sites per collection) and opens a site of it as a {@link dev.docask.index.DocIndex}
 * that retrieval, answers and the server use unchanged.
 */
@NullMarked
package dev.docask.solr;

import org.jspecify.annotations.NullMarked;
