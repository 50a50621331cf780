package dev.docask.index.internal;

import org.jspecify.annotations.Nullable;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Where a {@link dev.docask.index.DocIndex} finds its candidates: the local Lucene index and int8
 * scan, or a search service holding the same chunks (docask-solr). Chunk ids are the index's
 * ordinals ({@code 0 … size-1}; a search service keeps them on its documents); the index keeps the
 * chunks, copies and manifest, and everything above it (gate, fusion, copies, filters, hooks,
 * answers) is the same whichever backend serves it.
 */
public interface SearchBackend extends AutoCloseable {

    /** For each analysed term, on how many chunks of the site it is. */
    int[] docFreqs(List<String> terms);

    /** The {@code n} best chunks by BM25 among {@code allowed} (all when null), best first; {@code 1 <= n <= size}. */
    List<Scored> bm25(QueryTerms terms, int n, @Nullable Allowed allowed);

    /** The {@code n} chunks nearest to the normalised {@code query} among {@code allowed}, best first. */
    List<Scored> nearest(float[] query, int n, @Nullable Allowed allowed);

    /**
     * Whether this backend applies a metadata filter itself ({@link Allowed#filter}); false when it
     * is given the allowed ordinals ({@link Allowed#chunks}), as the local index is.
     */
    default boolean filtersItself() {
        return false;
    }

    /** Whether {@code allowed} keeps no chunk at all. */
    default boolean matchesNone(Allowed allowed) {
        return allowed.requireChunks().isEmpty();
    }

    /** What the site's chunks hold, when the backend counts it itself; empty to have docask walk the chunks. */
    default Optional<SiteValues> siteValues() {
        return Optional.empty();
    }

    /** The cosine between each chunk and the normalised {@code query}, as the int8 vectors give it. */
    float[] similarities(int[] chunkIds, float[] query);

    /** For each chunk, which of the terms it contains. */
    boolean[][] termPresence(QueryTerms terms, int[] chunkIds);

    /**
     * Whether one of the chunks {@code chunkIds} has the two terms of one of {@code pairs} written together: at most
     * {@link #PAIR_SLOP} positions apart, in either order (a Lucene phrase query's slop), for the gate's pair rule
     * (docs/retrieval.md §4, "Words the site writes together"); empty when the backend cannot tell, which leaves the
     * rule out. Only those chunks are read, so the cost is the candidates', whatever the site's size.
     */
    default Optional<Boolean> writesTogether(List<List<String>> pairs, int[] chunkIds) {
        return Optional.empty();
    }

    /**
     * Up to {@code max} chunks of the site, by id, that write {@code tokens} as a page's text gives them (each term at its
     * position increment after the one before: a Lucene phrase query), for the gate's rule on packages the site never
     * mentions (docs/retrieval.md §4, "A package the site never mentions"), which then reads how they write it; empty
     * when the backend cannot tell, which leaves the rule out.
     */
    default Optional<int[]> chunksInOrder(List<PageToken> tokens, int max) {
        return Optional.empty();
    }

    /**
     * How far apart two terms may be and still count as written together: the positions of up to two stop words
     * between them ("filtered from the sitemap", "pages of the blog"), not a clause.
     */
    int PAIR_SLOP = 2;

    /**
     * The site's written words (lower-case runs of letters, not stemmed: what close-word matching
     * compares a misspelt word with) and on how many chunks each is, when the service keeps them;
     * empty to have them gathered from the chunks' text, as the local index does for an index built
     * before it kept them.
     */
    default Optional<Map<String, Integer>> writtenWords() {
        return Optional.empty();
    }

    /** Whether the backend answers now (a search service may be down); a local index always does. */
    default boolean ready() {
        return true;
    }

    /**
     * The generation the service holds now, in the form the opened index names its own
     * ({@code DocIndex.openedGeneration()}), for a service another process publishes to while this one
     * reads; empty for a local index, whose folder's CURRENT file says it.
     */
    default Optional<String> publishedGeneration() {
        return Optional.empty();
    }

    @Override
    void close();
}
