package dev.docask.answer;

import dev.docask.ingest.Chunk;
import dev.docask.retrieve.Hit;
import dev.docask.retrieve.Retrieval;
import dev.docask.retrieve.Source;

import java.util.ArrayList;
import java.util.List;

/** Retrieval outcomes built from real chunks, for tests that need sources without an index. */
final class Retrievals {
    private Retrievals() {
    }

    /** An answerable retrieval whose sources are the chunks, numbered in order. */
    static Retrieval of(Retrieval.Mode mode, Chunk... chunks) {
        List<Source> sources = new ArrayList<>();
        List<Hit> hits = new ArrayList<>();
        for (int i = 0; i < chunks.length; i++) {
            Hit hit = Hit.builder(i, chunks[i]).bm25(i + 1, 10f - i).vectorRank(i + 1).similarity(0.8f).keywordCoverage(0.7f)
                    .score(1.0 / (61 + i)).build();
            hits.add(hit);
            sources.add(new Source(i + 1, chunks[i].url(), chunks[i].title(), chunks[i].heading(), chunks[i].source(),
                    List.of(hit)));
        }
        return Retrieval.builder("q").answerable(true).mode(mode).bestSimilarity(0.8f).bestCoverage(0.7f).sources(sources)
                .hits(hits).micros(1200).build();
    }

    static Retrieval of(Chunk... chunks) {
        return of(Retrieval.Mode.HYBRID, chunks);
    }

    /** Nothing passed the gate. */
    static Retrieval nothing() {
        return Retrieval.builder("q").bestSimilarity(0.1f).bestCoverage(0.1f).micros(900).build();
    }
}
