/**
 * Reading a documentation site into chunks. Start at {@link dev.docask.ingest.SiteReader} with {@link dev.docask.ingest.IngestOptions}.
 */
package dev.docask.ingest;
