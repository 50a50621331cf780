package dev.docask.index.internal;

import dev.docask.index.DocIndex;
import org.jspecify.annotations.Nullable;

import java.util.BitSet;
import java.util.List;

/**
 * The calls retrieval makes on an index (analysed terms, BM25, the vector scan, term presence),
 * kept out of {@link DocIndex}'s public surface: this package is docask's own, not part of the API
 * (docs/api.md).
 *
 * <pre>{@code
 * IndexEngine engine = IndexEngine.of(index);
 * List<Scored> top = engine.bm25(engine.queryTerms("vi.mock"), 40, null);
 * }</pre>
 */
public interface IndexEngine {

    /** The engine of {@code index}. */
    static IndexEngine of(DocIndex index) {
        return IndexAccess.engine(index);
    }

    /**
     * The distinct search terms of {@code text}, analysed as a question is: identifiers whole and
     * split, lower case, stop words (question words too) removed, plain words stemmed.
     */
    static List<String> terms(String text) {
        return IndexAccess.terms(text);
    }

    /**
     * The question's distinct analysed terms, their IDF in this index and how often the question
     * repeats each; with {@code closeWords}, an unknown word is replaced by the closest one the index has.
     */
    QueryTerms queryTerms(String question, boolean closeWords);

    /** The {@code n} best chunks by BM25 among {@code allowed} (all when null), best first. */
    List<Scored> bm25(QueryTerms terms, int n, @Nullable Allowed allowed);

    /** The {@code n} chunks nearest to {@code query} among {@code allowed} (all when null), by the int8 scan. */
    List<Scored> nearest(float[] query, int n, @Nullable Allowed allowed);

    /** Whether the backend applies a metadata filter itself ({@link SearchBackend#filtersItself()}). */
    boolean filtersItself();

    /** Whether {@code allowed} keeps no chunk at all. */
    boolean matchesNone(Allowed allowed);

    /** What the site's chunks hold, when the backend counts it ({@link SearchBackend#siteValues()}). */
    java.util.Optional<SiteValues> siteValues();

    /** The cosine between chunk {@code id} and {@code query}. */
    float similarity(int id, float[] query);

    /** The cosine between each chunk and {@code query}, in one call (one round trip on a search service). */
    float[] similarities(int[] ids, float[] query);

    /** For each chunk, which of the terms it contains. */
    boolean[][] termPresence(QueryTerms terms, int[] chunkIds);

    /**
     * Whether one of the chunks {@code chunkIds} has the two terms of one of {@code pairs} written together
     * ({@link SearchBackend#writesTogether}); empty when the backend cannot tell.
     */
    java.util.Optional<Boolean> writesTogether(List<List<String>> pairs, int[] chunkIds);

    /**
     * Whether some chunk writes {@code word} as it is written, in any case, between characters that cannot be part of it
     * ("dead-letter" in "a dead-letter queue", not in "_dead/letter.png"), read on the chunks that write its parts in their
     * order ({@link SearchBackend#chunksInOrder}); empty when the backend cannot tell.
     */
    java.util.Optional<Boolean> writesAsWritten(String word);

    /** Whether some page writes {@code word} (lower case, letters only), in any case: the site's written words. */
    boolean writes(String word);

    /** A fresh set of the canonical chunks (one per group of copies). */
    BitSet canonicalChunks();

    /** The chunks of {@code id}'s group of word-for-word copies: its canonical chunk first, then the copies. */
    int[] copyGroup(int id);

    /** Whether {@link DocIndex#close()} was called: every read fails from then on. */
    boolean closed();

    /** Whether the index answers now: a search service may be down or lack the collection; a local index always does. */
    default boolean ready() {
        return true;
    }

    /**
     * The failure for {@code fault}, an {@link InternalError} a read of the index threw: a memory-mapped file
     * was cut or rewritten under the running process (a copy tool writing into the live folder). A local
     * index refuses every later use, so readiness reports it down until a good generation is loaded.
     */
    default dev.docask.index.IndexException damagedWhileRead(InternalError fault) {
        return new dev.docask.index.IndexException("the index could not be read (" + fault.getMessage() + ")", fault);
    }

    /** What a search service holds now ({@link SearchBackend#publishedGeneration()}); empty for a local index. */
    default java.util.Optional<String> publishedGeneration() {
        return java.util.Optional.empty();
    }
}
