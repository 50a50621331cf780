/**
 * Reads a deployed documentation site over HTTP into the chunks a folder of its built HTML gives.
 * Start at {@link dev.docask.crawl.SiteCrawler}: it takes the site's URL and returns a
 * {@link dev.docask.ingest.Corpus} for {@link dev.docask.index.IndexBuilder}, with each page that
 * could not be read reported as a {@link dev.docask.ingest.Corpus.Problem} (its URL and why). Nothing
 * here is {@code null} unless it is marked {@link org.jspecify.annotations.Nullable}.
 */
@NullMarked
package dev.docask.crawl;

import org.jspecify.annotations.NullMarked;
