package dev.docask.index;

import dev.docask.index.internal.Allowed;
import dev.docask.index.internal.PageToken;
import dev.docask.index.internal.QueryTerms;
import dev.docask.index.internal.Scored;
import dev.docask.index.internal.SearchBackend;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.NumericDocValues;
import org.apache.lucene.index.PostingsEnum;
import org.apache.lucene.index.Term;
import org.apache.lucene.index.TermsEnum;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.BoostQuery;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopScoreDocCollectorManager;
import org.apache.lucene.search.similarities.BM25Similarity;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.util.BytesRef;
import org.jspecify.annotations.Nullable;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/** The local backend: Lucene BM25 over the index folder's postings and the exact int8 scan in memory. */
final class LuceneSearch implements SearchBackend {
    private final FSDirectory luceneDir;
    private final DirectoryReader reader;
    private final IndexSearcher searcher;
    private final @Nullable VectorStore vectors; // null for a keyword-only index
    private final int[] docToChunk;
    private final int[] chunkToDoc;

    LuceneSearch(Manifest manifest, int n, @Nullable VectorStore vectors, FSDirectory luceneDir, DirectoryReader reader)
            throws IOException {
        this.luceneDir = luceneDir;
        this.reader = reader;
        this.vectors = vectors;
        searcher = new IndexSearcher(reader);
        searcher.setSimilarity(new BM25Similarity(manifest.bm25K1(), manifest.bm25B()));
        if (reader.maxDoc() != n) {
            throw new IOException("the Lucene index holds " + reader.maxDoc() + " documents, chunks.jsonl " + n);
        }
        docToChunk = new int[n];
        chunkToDoc = new int[n];
        for (LeafReaderContext leaf : reader.leaves()) {
            NumericDocValues ords = leaf.reader().getNumericDocValues(DocIndex.ORDINAL);
            for (int d = 0; d < leaf.reader().maxDoc(); d++) {
                if (ords == null || !ords.advanceExact(d)) {
                    throw new IOException("Lucene document " + (leaf.docBase + d) + " has no chunk ordinal");
                }
                int ord = (int) ords.longValue();
                docToChunk[leaf.docBase + d] = ord;
                chunkToDoc[ord] = leaf.docBase + d;
            }
        }
    }

    DirectoryReader reader() {
        return reader;
    }

    @Nullable VectorStore vectors() {
        return vectors;
    }

    @Override
    public int[] docFreqs(List<String> terms) {
        int[] df = new int[terms.size()];
        try {
            for (int i = 0; i < df.length; i++) {
                df[i] = reader.docFreq(new Term(DocIndex.FIELD, terms.get(i)));
            }
        } catch (IOException e) {
            throw new IndexException("could not read term statistics: " + e.getMessage(), e);
        }
        return df;
    }

    @Override
    public List<Scored> bm25(QueryTerms terms, int n, @Nullable Allowed allowed) {
        BooleanQuery.Builder q = new BooleanQuery.Builder();
        for (int i = 0; i < terms.terms().size(); i++) {
            Query tq = new TermQuery(new Term(DocIndex.FIELD, terms.terms().get(i)));
            float boost = terms.counts()[i] * terms.weights()[i];
            q.add(boost != 1f ? new BoostQuery(tq, boost) : tq, BooleanClause.Occur.SHOULD);
        }
        try {
            if (allowed == null) {
                // Nothing to filter: Lucene's own top-k collector can skip non-competitive documents.
                ScoreDoc[] docs = searcher.search(q.build(), new TopScoreDocCollectorManager(n, n)).scoreDocs;
                List<Scored> out = new ArrayList<>(docs.length);
                for (ScoreDoc d : docs) {
                    out.add(new Scored(docToChunk[d.doc], d.score));
                }
                return out;
            }
            return searcher.search(q.build(), new FilteredTopDocs(n, allowed.requireChunks(), docToChunk));
        } catch (IOException e) {
            throw new IndexException("BM25 search failed: " + e.getMessage(), e);
        }
    }

    @Override
    public List<Scored> nearest(float[] query, int n, @Nullable Allowed allowed) {
        return requireVectors().nearest(query, n, allowed == null ? null : allowed.requireChunks());
    }

    @Override
    public float[] similarities(int[] chunkIds, float[] query) {
        VectorStore v = requireVectors();
        if (query.length != v.dimensions()) {
            throw new IllegalArgumentException("query has " + query.length + " dimensions, index has " + v.dimensions());
        }
        float[] out = new float[chunkIds.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = v.similarity(chunkIds[i], query);
        }
        return out;
    }

    private VectorStore requireVectors() {
        if (vectors == null) {
            throw new IllegalStateException("the index has no vectors (a keyword-only index, built with the embedder none)");
        }
        return vectors;
    }

    /*
     * What a Lucene phrase query of the two terms with slop PAIR_SLOP accepts (the second term 1 - slop to 1 + slop
     * positions after the first), read from the postings of the candidates alone: building a phrase query's weight and
     * scorer cost more than the reading (docs/benchmarks.md, "The pair rule").
     */
    @Override
    public Optional<Boolean> writesTogether(List<List<String>> pairs, int[] chunkIds) {
        if (pairs.isEmpty() || chunkIds.length == 0) {
            return Optional.of(false);
        }
        int[] docs = new int[chunkIds.length];
        for (int i = 0; i < docs.length; i++) {
            docs[i] = chunkToDoc[chunkIds[i]];
        }
        Arrays.sort(docs);
        try {
            return Optional.of(anyLeaf((leaf, te) -> {
                for (List<String> pair : pairs) {
                    if (pair.get(0).equals(pair.get(1))) {
                        continue;
                    }
                    PostingsEnum first = positions(te, pair.get(0));
                    PostingsEnum second = first == null ? null : positions(te, pair.get(1));
                    if (first != null && second != null && together(first, second, docs, leaf)) {
                        return true;
                    }
                }
                return false;
            }));
        } catch (IOException e) {
            throw new IndexException("could not read positions: " + e.getMessage(), e);
        }
    }

    @Override
    public Optional<int[]> chunksInOrder(List<PageToken> tokens, int max) {
        if (tokens.isEmpty()) {
            return Optional.of(new int[0]);
        }
        org.apache.lucene.search.PhraseQuery.Builder q = new org.apache.lucene.search.PhraseQuery.Builder();
        int position = 0;
        for (int i = 0; i < tokens.size(); i++) {
            position += i == 0 ? 0 : Math.max(1, tokens.get(i).positionIncrement());
            q.add(new org.apache.lucene.index.Term(DocIndex.FIELD, tokens.get(i).term()), position);
        }
        try {
            ScoreDoc[] docs = searcher.search(q.build(), max).scoreDocs;
            int[] ids = new int[docs.length];
            for (int i = 0; i < docs.length; i++) {
                ids[i] = docToChunk[docs[i].doc];
            }
            return Optional.of(ids);
        } catch (IOException e) {
            throw new IndexException("could not search for a phrase: " + e.getMessage(), e);
        }
    }

    /** What {@link #anyLeaf} does with one segment and a terms enum of its search field; true to stop. */
    @FunctionalInterface
    private interface LeafVisit {
        boolean visit(LeafReaderContext leaf, TermsEnum terms) throws IOException;
    }

    /** Visits each segment that has the search field, until {@code visit} returns true; whether one did. */
    private boolean anyLeaf(LeafVisit visit) throws IOException {
        for (LeafReaderContext leaf : reader.leaves()) {
            var fieldTerms = leaf.reader().terms(DocIndex.FIELD);
            if (fieldTerms != null && visit.visit(leaf, fieldTerms.iterator())) {
                return true;
            }
        }
        return false;
    }

    private static @Nullable PostingsEnum positions(TermsEnum te, String term) throws IOException {
        return te.seekExact(new BytesRef(term)) ? te.postings(null, PostingsEnum.POSITIONS) : null;
    }

    /** Whether one of {@code docs} (sorted, index-wide) has the two terms within the slop, in this leaf. */
    private static boolean together(PostingsEnum first, PostingsEnum second, int[] docs, LeafReaderContext leaf)
            throws IOException {
        for (int doc : docs) {
            int d = doc - leaf.docBase;
            if (d < 0 || d >= leaf.reader().maxDoc()) {
                continue;
            }
            int a = first.docID() < d ? first.advance(d) : first.docID();
            int b = second.docID() < d ? second.advance(d) : second.docID();
            if (a == DocIdSetIterator.NO_MORE_DOCS || b == DocIdSetIterator.NO_MORE_DOCS) {
                return false;
            }
            if (a == d && b == d && near(first, second)) {
                return true;
            }
        }
        return false;
    }

    /** Whether, in the document both are on, the second term sits 1 - slop to 1 + slop positions after the first. */
    private static boolean near(PostingsEnum first, PostingsEnum second) throws IOException {
        int[] at = new int[first.freq()];
        for (int i = 0; i < at.length; i++) {
            at[i] = first.nextPosition();
        }
        for (int j = second.freq(); j > 0; j--) {
            int p = second.nextPosition();
            for (int q : at) {
                int gap = p - q;
                if (gap >= 1 - PAIR_SLOP && gap <= 1 + PAIR_SLOP) {
                    return true;
                }
            }
        }
        return false;
    }

    @Override
    public boolean[][] termPresence(QueryTerms terms, int[] chunkIds) {
        boolean[][] present = new boolean[chunkIds.length][terms.terms().size()];
        if (chunkIds.length == 0) {
            return present;
        }
        Integer[] byDoc = new Integer[chunkIds.length];
        for (int i = 0; i < byDoc.length; i++) {
            byDoc[i] = i;
        }
        Arrays.sort(byDoc, (a, b) -> Integer.compare(chunkToDoc[chunkIds[a]], chunkToDoc[chunkIds[b]]));
        try {
            anyLeaf((leaf, te) -> {
                for (int t = 0; t < terms.terms().size(); t++) {
                    if (!te.seekExact(new BytesRef(terms.terms().get(t)))) {
                        continue;
                    }
                    PostingsEnum postings = te.postings(null, PostingsEnum.NONE);
                    int current = -1;
                    for (Integer idx : byDoc) {
                        int doc = chunkToDoc[chunkIds[idx]] - leaf.docBase;
                        if (doc < 0 || doc >= leaf.reader().maxDoc()) {
                            continue;
                        }
                        if (current < doc) {
                            current = postings.advance(doc);
                        }
                        if (current == doc) {
                            present[idx][t] = true;
                        }
                    }
                }
                return false;
            });
        } catch (IOException e) {
            throw new IndexException("could not read postings: " + e.getMessage(), e);
        }
        return present;
    }

    @Override
    public void close() {
        try {
            reader.close();
        } catch (IOException ignored) {
            // closing a read-only index cannot lose data
        }
        try {
            luceneDir.close();
        } catch (IOException ignored) {
            // likewise
        }
    }
}
