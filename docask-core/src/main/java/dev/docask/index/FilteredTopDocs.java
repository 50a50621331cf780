package dev.docask.index;

import dev.docask.index.internal.Scored;

import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.search.CollectorManager;
import org.apache.lucene.search.Scorable;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.search.SimpleCollector;
import org.jspecify.annotations.Nullable;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collection;
import java.util.List;
import java.util.PriorityQueue;

/** Collects the top BM25 hits among allowed chunks (metadata filter, copies removed) before ranking. */
final class FilteredTopDocs implements CollectorManager<FilteredTopDocs.Top, List<Scored>> {
    private final int n;
    private final @Nullable BitSet allowed;
    private final int[] docToChunk;

    FilteredTopDocs(int n, @Nullable BitSet allowed, int[] docToChunk) {
        this.n = n;
        this.allowed = allowed;
        this.docToChunk = docToChunk;
    }

    @Override
    public Top newCollector() {
        return new Top();
    }

    @Override
    public List<Scored> reduce(Collection<Top> collectors) {
        PriorityQueue<Scored> merged = new PriorityQueue<>(FilteredTopDocs::worstFirst);
        for (Top t : collectors) {
            for (Scored s : t.heap) {
                offer(merged, s);
            }
        }
        List<Scored> out = new ArrayList<>(merged);
        out.sort((a, b) -> worstFirst(b, a));
        return out;
    }

    private void offer(PriorityQueue<Scored> heap, Scored s) {
        if (heap.size() < n) {
            heap.add(s);
        } else if (worstFirst(s, heap.peek()) > 0) {
            heap.poll();
            heap.add(s);
        }
    }

    /** Lower score first; on ties the higher chunk id counts as worse, so ranks are deterministic. */
    private static int worstFirst(Scored a, Scored b) {
        int c = Float.compare(a.score(), b.score());
        return c != 0 ? c : Integer.compare(b.chunkId(), a.chunkId());
    }

    final class Top extends SimpleCollector {
        final PriorityQueue<Scored> heap = new PriorityQueue<>(FilteredTopDocs::worstFirst);
        @SuppressWarnings("NullAway.Init") // Lucene calls setScorer before collect
        private Scorable scorer;
        private int docBase;

        @Override
        protected void doSetNextReader(LeafReaderContext context) {
            docBase = context.docBase;
        }

        @Override
        public void setScorer(Scorable scorer) {
            this.scorer = scorer;
        }

        @Override
        public void collect(int doc) throws java.io.IOException {
            int chunk = docToChunk[docBase + doc];
            if (allowed == null || allowed.get(chunk)) {
                offer(heap, new Scored(chunk, scorer.score()));
            }
        }

        @Override
        public ScoreMode scoreMode() {
            return ScoreMode.COMPLETE;
        }
    }
}
